package dev.signaltty.decision.internal;

import java.util.List;
import java.util.Set;

import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Component;

import dev.signaltty.transport.CallContext;
import dev.signaltty.transport.MethodHandler;
import dev.signaltty.transport.ProtocolException;

/** decision.list: retained decisions, oldest first, optionally for one pane or one status. */
@Component
class DecisionListHandler implements MethodHandler<DecisionListHandler.Params, DecisionListHandler.Result> {

    static final Set<String> STATUSES = Set.of("pending", "answered", "cleared", "superseded");

    record Params(@Nullable String paneId, @Nullable String status) {
        Params {
            if (status != null && !STATUSES.contains(status)) {
                throw ProtocolException.badParams("status", "must be pending, answered, cleared or superseded");
            }
        }
    }

    record Result(List<Decision.View> decisions) {
    }

    private final DecisionStore store;

    DecisionListHandler(DecisionStore store) {
        this.store = store;
    }

    @Override
    public String method() {
        return "decision.list";
    }

    @Override
    public String summary() {
        return "Decisions (pending and recently resolved), optionally filtered by pane_id and status.";
    }

    @Override
    public DecisionListHandler.Result handle(Params params, CallContext context) {
        return new Result(store.list(params.paneId(), params.status()));
    }
}
