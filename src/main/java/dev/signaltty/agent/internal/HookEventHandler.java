package dev.signaltty.agent.internal;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Component;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonUnwrapped;

import dev.signaltty.agent.AgentDecisions;
import dev.signaltty.agent.AgentPanes;
import dev.signaltty.agent.Attention;
import dev.signaltty.agent.AxisState;
import dev.signaltty.agent.Lifecycle;
import dev.signaltty.transport.CallContext;
import dev.signaltty.transport.MethodHandler;
import dev.signaltty.transport.ProtocolException;
import dev.signaltty.transport.ProtocolJson;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * hook-event: an agent's native hook payload, mapped onto the pane's lifecycle and attention. With
 * {@code wait_for_answer} a PermissionRequest becomes a decision answered from outside, and the reply
 * carries the native verdict the agent expects; otherwise the call returns at once.
 */
@Component
class HookEventHandler implements MethodHandler<HookEventHandler.Params, HookEventHandler.Result> {

    static final int DEFAULT_WAIT_S = 120;

    /**
     * {@code payload} is the agent's own hook JSON, passed through as the agent wrote it: its fields are the
     * agent's (Claude Code's and Codex's differ, and grow with each release), so it stays an open object
     * (ADR 0341); {@link HookMapping#read} picks out what signaltty reads.
     */
    record Params(@Nullable String paneId, @Nullable String agent, ObjectNode payload, @Nullable Boolean waitForAnswer,
                  @Nullable Integer waitTimeoutS) {
        Params {
            if (waitTimeoutS != null && (waitTimeoutS < 1 || waitTimeoutS > 120)) {
                throw ProtocolException.badParams("wait_timeout_s", "must be between 1 and 120");
            }
            if (waitForAnswer == null) {
                waitForAnswer = false;
            }
            if (waitTimeoutS == null) {
                waitTimeoutS = DEFAULT_WAIT_S;
            }
        }
    }

    /**
     * A plain report answers with the pane's states and the transitions it caused; a
     * {@code wait_for_answer} report with {@code answer}'s fields instead.
     */
    record Result(boolean accepted, String paneId, @Nullable Lifecycle lifecycle, @Nullable Attention attention,
                  @Nullable List<Moved> transitions, @JsonUnwrapped @Nullable Answer answer) {
    }

    record Moved(String axis, AxisState from, AxisState to, long seq) {
    }

    /**
     * {@code native_verdict} is the hook output the agent understands as it is (Claude's camelCase
     * keys), written as null after a timeout or cancel: the agent then falls back to its own prompt.
     */
    record Answer(String decisionId, @Nullable String optionId,
                  @JsonInclude(JsonInclude.Include.ALWAYS) @Nullable Map<String, Object> nativeVerdict,
                  @Nullable String reason) {
    }

    private final AgentStates states;
    private final AgentPanes panes;
    private final AgentDecisions decisions;
    private final UsageLedger usage;
    private final TranscriptInterrupts interrupts;

    HookEventHandler(AgentStates states, AgentPanes panes, AgentDecisions decisions, UsageLedger usage,
                     TranscriptInterrupts interrupts) {
        this.states = states;
        this.panes = panes;
        this.decisions = decisions;
        this.usage = usage;
        this.interrupts = interrupts;
    }

    @Override
    public String method() {
        return "hook-event";
    }

    @Override
    public String summary() {
        return "Reports an agent's native hook payload (an open object: the agent's own hook JSON); with "
                + "wait_for_answer, waits for a permission decision.";
    }

    @Override
    public Class<Params> paramsType() {
        return Params.class;
    }

    @Override
    public Class<?> resultType() {
        return HookEventHandler.Result.class;
    }

    @Override
    public boolean singleFlight() {
        return true; // only the waiting mode blocks; an ordinary report answers before any next line
    }

    @Override
    public HookEventHandler.Result handle(Params params, CallContext context) {
        if (params.paneId() == null) {
            throw ProtocolException.badParams("pane_id", "is required (the CLI takes it from $SIGNALTTY_PANE)");
        }
        AgentPanes.PaneRef pane = panes.resolve(params.paneId());
        HookMapping.Report report = HookMapping.read(params.payload());
        if (report == null) {
            throw ProtocolException.badParams("payload", "has neither hook_event_name nor type");
        }
        String agent = params.agent() != null ? params.agent()
                : "agent-turn-complete".equals(report.event()) ? "codex" : "claude";
        if (Boolean.TRUE.equals(params.waitForAnswer())) {
            return awaitAnswer(params, pane, agent, report, context);
        }
        List<Transition> moved;
        if (raisesPermission(report)) {
            // under the decision store's write guard, so a submit's recheck sees it or runs wholly before it
            List<List<Transition>> holder = new java.util.ArrayList<>();
            decisions.exclusive(() -> holder.add(states.applyHook(pane, agent, report)));
            moved = holder.getFirst();
        } else {
            moved = states.applyHook(pane, agent, report);
        }
        usage.observe(pane.paneId(), agent, params.payload()); // after the move: a Stop's reply is not held by a read
        interrupts.reported(pane, agent, report, params.payload());
        AgentStates.AgentView view = states.view(pane.paneId());
        return new Result(true, pane.paneId(), view.lifecycle(), view.attention(),
                moved.stream().map(t -> new Moved(t.to().axis(), t.from(), t.to(), t.seq())).toList(), null);
    }

    private static boolean raisesPermission(HookMapping.Report report) {
        return "PermissionRequest".equals(report.event())
                || ("Notification".equals(report.event()) && "permission_prompt".equals(report.notificationType()));
    }

    private Result awaitAnswer(Params params, AgentPanes.PaneRef pane, String agent,
                                            HookMapping.Report report, CallContext context) {
        JsonNode payload = params.payload();
        if (!"PermissionRequest".equals(report.event())) {
            throw ProtocolException.badParams("payload.hook_event_name", "wait_for_answer needs a PermissionRequest");
        }
        if (report.sessionId() == null) {
            throw ProtocolException.badParams("payload.session_id", "is required to wait for an answer");
        }
        JsonNode tool = payload.get("tool_name");
        if (tool == null || !tool.isString() || tool.asString().isEmpty()) {
            throw ProtocolException.badParams("payload.tool_name", "is required to wait for an answer");
        }
        JsonNode input = payload.get("tool_input");
        if (input == null || !input.isObject()) {
            throw ProtocolException.badParams("payload.tool_input", "must be an object to wait for an answer");
        }
        for (String explicit : List.of("decision", "permission_decision", "behavior")) {
            if (payload.has(explicit) && !payload.get(explicit).isNull()) {
                throw ProtocolException.badParams("payload." + explicit, "an explicit decision needs no answer");
            }
        }
        @SuppressWarnings("unchecked")
        Map<String, Object> toolInput = ProtocolJson.MAPPER.convertValue(input, Map.class);
        AgentDecisions.PermissionAsk ask = new AgentDecisions.PermissionAsk(pane.paneId(), pane.workspaceId(),
                pane.taskId(), agent, report.sessionId(), tool.asString(), toolInput);
        AgentDecisions.PermissionOutcome outcome = decisions.awaitPermission(ask,
                () -> states.applyHook(pane, agent, report), Duration.ofSeconds(params.waitTimeoutS()),
                context.cancellation());
        if (outcome.optionId() == null) {
            // a timeout or a cancelled reporter never means Allow: the agent falls back to its own prompt
            return new Result(true, pane.paneId(), null, null, null,
                    new Answer(outcome.decisionId(), null, null, outcome.reason()));
        }
        Answer answer = new Answer(outcome.decisionId(), outcome.optionId(),
                NativeVerdicts.claudePermission(outcome.optionId()), null);
        // the agent goes on (allow runs the tool, deny returns to the model): it is no longer blocked
        states.apply(pane, Lifecycle.WORKING, Attention.NONE, "decision_answered");
        return new Result(true, pane.paneId(), null, null, null, answer);
    }
}
