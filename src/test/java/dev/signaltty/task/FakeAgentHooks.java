package dev.signaltty.task;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import org.jspecify.annotations.Nullable;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.context.annotation.Bean;

import dev.signaltty.decision.DecisionAnswered;
import dev.signaltty.journal.EventLog;
import dev.signaltty.pane.AgentStateChanged;
import dev.signaltty.transport.CallContext;
import dev.signaltty.transport.MethodHandler;

/**
 * Stands in for the agent-state module's {@code hook-event} until it is merged: a test-only method
 * {@code test.agent_state {pane_id, task_id?, lifecycle?, attention?}} that journals the transition
 * like the agent module does and publishes {@link AgentStateChanged} with its seq. The fake worker
 * posts it over the socket, as a real agent's hooks would post {@code hook-event}.
 */
@TestConfiguration
public class FakeAgentHooks {

    record Params(String paneId, @Nullable String taskId, @Nullable String lifecycle, @Nullable String attention) {
    }

    record AnswerParams(String paneId, String decisionId, String optionId) {
    }

    /** Stands in for decision.answer's delivery until the decision module is merged. */
    @Bean
    MethodHandler<AnswerParams, Map<String, Object>> fakeDecisionAnsweredHandler(ApplicationEventPublisher publisher) {
        return new MethodHandler<>() {
            @Override
            public String method() {
                return "test.decision_answered";
            }

            @Override
            public Class<AnswerParams> paramsType() {
                return AnswerParams.class;
            }

            @Override
            public Map<String, Object> handle(AnswerParams p, CallContext context) {
                publisher.publishEvent(new DecisionAnswered(p.decisionId(), p.paneId(), "", null, p.optionId()));
                return Map.of("answered", true);
            }
        };
    }

    @Bean
    MethodHandler<Params, Map<String, Object>> fakeAgentStateHandler(EventLog events, ApplicationEventPublisher publisher) {
        Map<String, String[]> states = new ConcurrentHashMap<>();
        return new MethodHandler<>() {
            @Override
            public String method() {
                return "test.agent_state";
            }

            @Override
            public Class<Params> paramsType() {
                return Params.class;
            }

            @Override
            public synchronized Map<String, Object> handle(Params p, CallContext context) {
                String[] now = states.computeIfAbsent(p.paneId(), id -> new String[] {"unknown", "none"});
                Map<String, Object> out = new LinkedHashMap<>();
                if (p.lifecycle() != null && !p.lifecycle().equals(now[0])) {
                    out.put("lifecycle_seq", move(p, "lifecycle", now[0], p.lifecycle(), "agent." + p.lifecycle()));
                    now[0] = p.lifecycle();
                }
                if (p.attention() != null && !p.attention().equals(now[1])) {
                    out.put("attention_seq", move(p, "attention", now[1], p.attention(),
                            "none".equals(p.attention()) ? "attention.cleared" : "attention.changed"));
                    now[1] = p.attention();
                }
                return out;
            }

            private long move(Params p, String axis, String from, String to, String event) {
                Map<String, Object> payload = new LinkedHashMap<>();
                payload.put("pane_id", p.paneId());
                if (p.taskId() != null) {
                    payload.put("task_id", p.taskId());
                }
                payload.put(axis, to);
                payload.put("previous", from);
                long seq = events.append(event, payload);
                publisher.publishEvent(new AgentStateChanged(p.paneId(), "", p.taskId(), axis, from, to, seq, "test"));
                return seq;
            }
        };
    }
}
