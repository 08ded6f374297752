package dev.signaltty.pane.internal;

import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Component;

import dev.signaltty.transport.CallContext;
import dev.signaltty.transport.MethodHandler;
import dev.signaltty.transport.ProtocolException;
import dev.signaltty.transport.Shape;

/**
 * pane.break: tmux's break-pane. The pane leaves its tab for a new tab of its own, in one step under the structure
 * lock, so no client sees the new tab empty and a refusal leaves nothing behind; the process is untouched.
 */
@Component
class PaneBreakHandler implements MethodHandler<PaneBreakHandler.Params, PaneArrangement.BrokenOut> {

    record Params(String paneId, @Nullable @Shape(Shape.Kind.NAME) String name) {
        Params {
            if (name != null && name.isBlank()) {
                throw ProtocolException.badParams("name", "must not be blank");
            }
        }
    }

    private final PaneArrangement arrangement;

    PaneBreakHandler(PaneArrangement arrangement) {
        this.arrangement = arrangement;
    }

    @Override
    public String method() {
        return "pane.break";
    }

    @Override
    public String summary() {
        return "Moves a pane out of its tab into a new tab of its own (name optional), as tmux's break-pane.";
    }

    @Override
    public PaneArrangement.BrokenOut handle(Params params, CallContext context) {
        return arrangement.breakOut(params.paneId(), params.name());
    }
}
