package dev.signaltty.pane.internal;

import java.util.Map;

import org.springframework.stereotype.Component;

import dev.signaltty.transport.CallContext;
import dev.signaltty.transport.MethodHandler;

/**
 * pane.resume: relaunches an exited pane (or one restored after a restart) in place. A live pane is
 * BAD_PARAMS. Viewers stay registered and output offsets keep counting.
 */
@Component
class PaneResumeHandler implements MethodHandler<PaneResumeHandler.Params, Map<String, Object>> {

    record Params(String paneId) {
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
    public Class<Params> paramsType() {
        return Params.class;
    }

    @Override
    public Map<String, Object> handle(Params params, CallContext context) {
        return Map.of("pane", lifecycle.resume(registry.resolve(params.paneId())).view());
    }
}
