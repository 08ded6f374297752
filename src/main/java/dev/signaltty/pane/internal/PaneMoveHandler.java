package dev.signaltty.pane.internal;


import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Component;

import dev.signaltty.transport.CallContext;
import dev.signaltty.transport.MethodHandler;
import dev.signaltty.workspace.SplitSide;

/** pane.move: takes a pane out of its place and splits another pane with it; the process is untouched. */
@Component
class PaneMoveHandler implements MethodHandler<PaneMoveHandler.Params, PaneArrangement.Arranged> {

    record Params(String paneId, String targetPaneId, @Nullable SplitSide direction) {
        Params {
            direction = direction == null ? SplitSide.RIGHT : direction;
        }
    }

    private final PaneArrangement arrangement;

    PaneMoveHandler(PaneArrangement arrangement) {
        this.arrangement = arrangement;
    }

    @Override
    public String method() {
        return "pane.move";
    }

    @Override
    public String summary() {
        return "Moves a pane beside target_pane_id (direction right|down|left|up, default right; left and up put it before the target), evening out the run.";
    }

    @Override
    public PaneArrangement.Arranged handle(Params params, CallContext context) {
        return arrangement.move(params.paneId(), params.targetPaneId(), params.direction());
    }
}
