package dev.signaltty.pane.internal;


import org.springframework.stereotype.Component;

import dev.signaltty.transport.CallContext;
import dev.signaltty.transport.MethodHandler;

/** pane.swap: two panes of one workspace exchange their places; processes are untouched. */
@Component
class PaneSwapHandler implements MethodHandler<PaneSwapHandler.Params, PaneArrangement.Arranged> {

    record Params(String paneId, String targetPaneId) {
    }

    private final PaneArrangement arrangement;

    PaneSwapHandler(PaneArrangement arrangement) {
        this.arrangement = arrangement;
    }

    @Override
    public String method() {
        return "pane.swap";
    }

    @Override
    public String summary() {
        return "Exchanges two panes' places (also across tabs); tree shapes, ratios and processes stay.";
    }

    @Override
    public PaneArrangement.Arranged handle(Params params, CallContext context) {
        return arrangement.swap(params.paneId(), params.targetPaneId());
    }
}
