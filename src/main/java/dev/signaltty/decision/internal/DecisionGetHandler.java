package dev.signaltty.decision.internal;

import org.springframework.stereotype.Component;

import dev.signaltty.transport.CallContext;
import dev.signaltty.transport.MethodHandler;

/** decision.get: one decision; NO_SUCH_DECISION for an id never issued (or long forgotten). */
@Component
class DecisionGetHandler implements MethodHandler<DecisionGetHandler.Params, Decision.View> {

    record Params(String decisionId) {
    }

    private final DecisionStore store;

    DecisionGetHandler(DecisionStore store) {
        this.store = store;
    }

    @Override
    public String method() {
        return "decision.get";
    }

    @Override
    public String summary() {
        return "One decision with its question, options and status.";
    }

    @Override
    public Decision.View handle(Params params, CallContext context) {
        return store.get(params.decisionId());
    }
}
