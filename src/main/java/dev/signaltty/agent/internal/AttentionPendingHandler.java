package dev.signaltty.agent.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

import org.jspecify.annotations.Nullable;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import org.springframework.stereotype.Component;

import dev.signaltty.agent.AgentDecisions;
import dev.signaltty.agent.AgentPanes;
import dev.signaltty.agent.Attention;
import dev.signaltty.agent.Lifecycle;
import dev.signaltty.transport.CallContext;
import dev.signaltty.transport.MethodHandler;
import dev.signaltty.transport.ProtocolException;

/** attention.pending: the panes that need someone, most urgent first, then waiting longest. */
@Component
class AttentionPendingHandler implements MethodHandler<AttentionPendingHandler.Params, AttentionPendingHandler.Result> {

    record Params(@Nullable Integer limit) {
        Params {
            if (limit == null) {
                limit = 50;
            }
            if (limit < 1) {
                throw ProtocolException.badParams("limit", "must be at least 1");
            }
            limit = Math.min(limit, 1000);
        }
    }

    record Result(List<Pending> panes) {
    }

    /** One row of attention.pending. */
    public record Pending(@JsonUnwrapped AgentStates.Subject subject, Attention attention, Lifecycle lifecycle,
                          String since, @Nullable String message, @Nullable String decisionId) {
    }

    private final StateTable table;
    private final AgentPanes panes;
    private final AgentDecisions decisions;

    AttentionPendingHandler(StateTable table, AgentPanes panes, AgentDecisions decisions) {
        this.table = table;
        this.panes = panes;
        this.decisions = decisions;
    }

    @Override
    public String method() {
        return "attention.pending";
    }

    @Override
    public String summary() {
        return "Panes whose attention is not none, most urgent first (permission, input, unread).";
    }

    @Override
    public Class<Params> paramsType() {
        return Params.class;
    }

    @Override
    public Class<?> resultType() {
        return AttentionPendingHandler.Result.class;
    }

    @Override
    public AttentionPendingHandler.Result handle(Params params, CallContext context) {
        return new Result(pending(params.limit(), decisions::pendingDecision));
    }

    /** Every pane with attention other than none, most urgent first, then waiting longest. */
    private List<Pending> pending(int limit, Function<String, @Nullable String> decisionOf) {
        List<Pending> out = table.readAll(states -> {
            List<Pending> rows = new ArrayList<>();
            List<AgentState> needing = states.stream()
                    .filter(s -> !s.removed && s.attention != Attention.NONE)
                    .sorted((a, b) -> {
                        int byUrgency = Integer.compare(b.attention.urgency(), a.attention.urgency());
                        return byUrgency != 0 ? byUrgency : a.attentionSince.compareTo(b.attentionSince);
                    }).limit(limit).toList();
            for (AgentState s : needing) {
                AgentPanes.PaneRef pane = panes.find(s.paneId).orElse(null);
                if (pane == null) {
                    continue;
                }
                rows.add(new Pending(AgentStates.subject(pane, s), s.attention, s.lifecycle,
                        s.attentionSince.toString(), s.lastNotification, null));
            }
            return rows;
        });
        // outside the table's lock: the decision store's guard is always taken before it, never after
        return out.stream().map(row -> new Pending(row.subject(), row.attention(), row.lifecycle(), row.since(),
                row.message(), decisionOf.apply(row.subject().paneId()))).toList();
    }
}
