package dev.signaltty.pane.internal;

import java.util.List;
import java.util.Map;

import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Component;

import dev.signaltty.transport.CallContext;
import dev.signaltty.transport.MethodHandler;
import dev.signaltty.transport.ProtocolException;
import dev.signaltty.transport.Shape;

/** pane.spawn: a process on a real PTY in a workspace's tab. */
@Component
class PaneSpawnHandler implements MethodHandler<PaneSpawnHandler.Params, Pane.PaneView> {

    record Params(String workspaceId, @Nullable String tabId, @Nullable List<@Shape(Shape.Kind.ARG) String> argv,
                  @Nullable @Shape(Shape.Kind.PATH) String cwd,
                  @Nullable Map<String, @Shape(Shape.Kind.ARG) String> env, @Nullable Integer cols, @Nullable Integer rows,
                  @Nullable @Shape(Shape.Kind.LABEL) String label, @Nullable String parentPaneId, @Nullable String relationship,
                  @Nullable Map<String, String> clientEnv, @Nullable String restart) {
        Params {
            RestartPolicy.check(restart);
            cols = Sizes.dimension("cols", cols, 80);
            rows = Sizes.dimension("rows", rows, 24);
            if (argv != null && !argv.isEmpty() && argv.getFirst().isEmpty()) {
                throw ProtocolException.badParams("argv", "argv[0] must not be empty");
            }
        }
    }

    private final PaneLifecycle lifecycle;
    private final ClientEnvironment clientEnvironment;

    PaneSpawnHandler(PaneLifecycle lifecycle, ClientEnvironment clientEnvironment) {
        this.lifecycle = lifecycle;
        this.clientEnvironment = clientEnvironment;
    }

    @Override
    public String method() {
        return "pane.spawn";
    }

    @Override
    public String summary() {
        return "Runs argv (default: the user's shell) on a new PTY in a workspace; returns the pane.";
    }

    @Override
    public Pane.PaneView handle(Params p, CallContext context) {
        clientEnvironment.refresh(p.clientEnv()); // tmux update-environment: the spawning client's values
        return lifecycle.spawn(SpawnSpec.in(p.workspaceId(), p.tabId()).command(p.argv(), p.cwd(), p.env())
                .size(p.cols(), p.rows()).label(p.label()).parent(p.parentPaneId(), p.relationship())
                .restart(p.restart()).build()).view();
    }
}
