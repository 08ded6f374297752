package dev.signaltty.decision.internal;

import org.springframework.stereotype.Component;

import dev.signaltty.transport.CallContext;
import dev.signaltty.transport.MethodHandler;

/**
 * decision.answer: delivers allow_once or deny to the waiting hook. A decision that is no longer
 * pending is BAD_PARAMS; an unknown one NO_SUCH_DECISION.
 */
@Component
class DecisionAnswerHandler implements MethodHandler<DecisionAnswerHandler.Params, Decision.View> {

    record Params(String decisionId, String optionId) {
    }

    private final DecisionStore store;

    DecisionAnswerHandler(DecisionStore store) {
        this.store = store;
    }

    @Override
    public String method() {
        return "decision.answer";
    }

    @Override
    public String summary() {
        return "Answers a pending decision with one of its options (allow_once, deny).";
    }

    @Override
    public Decision.View handle(Params params, CallContext context) {
        return store.answer(params.decisionId(), params.optionId());
    }
}
