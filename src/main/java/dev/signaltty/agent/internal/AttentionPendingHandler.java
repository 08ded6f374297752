package dev.signaltty.agent.internal;

import java.util.List;

import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Component;

import dev.signaltty.agent.AgentDecisions;
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

    record Result(List<AgentStates.Pending> panes) {
    }

    private final AgentStates states;
    private final AgentDecisions decisions;

    AttentionPendingHandler(AgentStates states, AgentDecisions decisions) {
        this.states = states;
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
        return new Result(states.pending(params.limit(), decisions::pendingDecision));
    }
}
