package dev.signaltty.pane.internal;


import org.springframework.stereotype.Component;

import dev.signaltty.transport.CallContext;
import dev.signaltty.transport.MethodHandler;

/**
 * pane.resume: relaunches an exited pane (or one restored after a restart) in place. A live pane is
 * BAD_PARAMS. Viewers stay registered and output offsets keep counting.
 */
@Component
class PaneResumeHandler implements MethodHandler<PaneResumeHandler.Params, PaneResumeHandler.Result> {

    record Params(String paneId) {
    }

    record Result(Pane.PaneView pane) {
    }

    private final PaneRegistry registry;
    private final PaneLifecycle lifecycle;

    PaneResumeHandler(PaneRegistry registry, PaneLifecycle lifecycle) {
        this.registry = registry;
        this.lifecycle = lifecycle;
    }

    @Override
    public String method() {
        return "pane.resume";
    }

    @Override
    public String summary() {
        return "Relaunches an exited or restored pane, keeping its id and place: an agent with a known session "
                + "through its adapter's resume command (claude --resume ID, codex resume ID), anything else "
                + "with its stored command.";
    }

    @Override
    public PaneResumeHandler.Result handle(Params params, CallContext context) {
        return new Result(lifecycle.resume(registry.resolve(params.paneId())).view());
    }
}
