package dev.signaltty.pane.internal;

import java.util.List;
import java.util.Map;

import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Component;

import dev.signaltty.transport.CallContext;
import dev.signaltty.transport.MethodHandler;
import dev.signaltty.transport.ProtocolException;
import dev.signaltty.transport.Shape;
import dev.signaltty.workspace.StructureLock;
import dev.signaltty.workspace.SplitSide;

/**
 * pane.split: spawns a pane beside {@code pane_id} (in its workspace and tab; direction right, the
 * default, or down, or left or up to put the new pane before it: ADR 1121) exactly as pane.spawn launches one. Without a ratio the same-direction run is
 * evened out; with one, it is the target's share of the new split (the tree's meaning of ratio: the
 * first child's share), clamped to 0.05–0.95. The new pane gets the tab's focus.
 */
@Component
class PaneSplitHandler implements MethodHandler<PaneSplitHandler.Params, Pane.PaneView> {

    record Params(String paneId, @Nullable SplitSide direction, @Nullable Double ratio, @Nullable List<@Shape(Shape.Kind.ARG) String> argv,
                  @Nullable @Shape(Shape.Kind.PATH) String cwd,
                  @Nullable Map<String, @Shape(Shape.Kind.ARG) String> env, @Nullable Integer cols,
                  @Nullable Integer rows, @Nullable @Shape(Shape.Kind.LABEL) String label, @Nullable String parentPaneId,
                  @Nullable String relationship, @Nullable Map<String, String> clientEnv) {
        Params {
            direction = direction == null ? SplitSide.RIGHT : direction;
            if (ratio != null && !Double.isFinite(ratio)) {
                throw ProtocolException.badParams("ratio", "must be a finite number");
            }
            cols = Sizes.dimension("cols", cols, 80);
            rows = Sizes.dimension("rows", rows, 24);
            if (argv != null && !argv.isEmpty() && argv.getFirst().isEmpty()) {
                throw ProtocolException.badParams("argv", "argv[0] must not be empty");
            }
        }
    }

    private final PaneRegistry registry;
    private final PaneLifecycle lifecycle;
    private final StructureLock lock;
    private final ClientEnvironment clientEnvironment;

    PaneSplitHandler(PaneRegistry registry, PaneLifecycle lifecycle, StructureLock lock,
                     ClientEnvironment clientEnvironment) {
        this.clientEnvironment = clientEnvironment;
        this.registry = registry;
        this.lifecycle = lifecycle;
        this.lock = lock;
    }

    @Override
    public String method() {
        return "pane.split";
    }

    @Override
    public String summary() {
        return "Runs argv (default: the user's shell) on a new PTY beside pane_id, splitting it right, down, left or up.";
    }

    @Override
    public Pane.PaneView handle(Params p, CallContext context) {
        // the target is resolved under the same (reentrant) lock as the launch, so it cannot close or
        // move between being found and being split
        clientEnvironment.refresh(p.clientEnv()); // tmux update-environment: the spawning client's values
        return lock.call(() -> {
            Pane target = registry.resolve(p.paneId());
            return lifecycle.spawn(SpawnSpec.in(target.workspaceId, target.tabId)
                    .command(p.argv(), p.cwd(), p.env()).size(p.cols(), p.rows()).label(p.label())
                    .parent(p.parentPaneId(), p.relationship()).beside(target.id, p.direction(), p.ratio())
                    .build()).view();
        });
    }
}
