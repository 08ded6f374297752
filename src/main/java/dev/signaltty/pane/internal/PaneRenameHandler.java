package dev.signaltty.pane.internal;

import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Component;

import dev.signaltty.transport.CallContext;
import dev.signaltty.transport.MethodHandler;
import dev.signaltty.transport.Shape;

/** pane.rename: a unique lowercase slug that every pane_id field then accepts; no name clears it. */
@Component
class PaneRenameHandler implements MethodHandler<PaneRenameHandler.Params, Pane.PaneView> {

    record Params(String paneId, @Nullable @Shape(Shape.Kind.NAME) String name) {
        Params {
            if (name != null) {
                PaneArrangement.checkName("name", name);
            }
        }
    }

    private final PaneArrangement arrangement;

    PaneRenameHandler(PaneArrangement arrangement) {
        this.arrangement = arrangement;
    }

    @Override
    public String method() {
        return "pane.rename";
    }

    @Override
    public String summary() {
        return "Names a pane ([a-z][a-z0-9_-]*, at most 32 bytes, unique); without name, clears it.";
    }

    @Override
    public Pane.PaneView handle(Params params, CallContext context) {
        return arrangement.rename(params.paneId(), params.name());
    }
}
