package dev.signaltty.pane.internal;

import java.util.Objects;

import org.springframework.stereotype.Component;

import dev.signaltty.journal.EventLog;
import dev.signaltty.transport.CallContext;
import dev.signaltty.transport.MethodHandler;
import dev.signaltty.transport.ProtocolException;
import dev.signaltty.workspace.StructureLock;

/** pane.set_restart: the pane's relaunch policy after a daemon restart (never, resume, rerun). */
@Component
class PaneSetRestartHandler implements MethodHandler<PaneSetRestartHandler.Params, Pane.PaneView> {

    record Params(String paneId, String restart) {
        Params {
            if (restart == null) {
                throw ProtocolException.badParams("restart", "is required");
            }
            RestartPolicy.check(restart);
        }
    }

    private final PaneRegistry registry;
    private final StructureLock lock;
    private final EventLog events;

    PaneSetRestartHandler(PaneRegistry registry, StructureLock lock, EventLog events) {
        this.registry = registry;
        this.lock = lock;
        this.events = events;
    }

    @Override
    public String method() {
        return "pane.set_restart";
    }

    @Override
    public String summary() {
        return "Sets what a pane does after a daemon restart: never (default), resume (through its agent), rerun.";
    }

    @Override
    public Pane.PaneView handle(Params params, CallContext context) {
        return lock.call(() -> {
            Pane pane = registry.resolve(params.paneId());
            if (!Objects.equals(pane.restart, params.restart())) {
                pane.restart = params.restart();
                events.append(new PaneEvents.Updated(pane.view()));
            }
            return pane.view();
        });
    }
}
