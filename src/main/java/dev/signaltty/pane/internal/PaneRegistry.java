package dev.signaltty.pane.internal;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;

import org.springframework.stereotype.Component;

import dev.signaltty.transport.ErrorCode;
import dev.signaltty.transport.ProtocolException;

/** Live panes by id; names resolve too, but a real id always wins over a name (seed). */
@Component
class PaneRegistry implements MeterBinder {

    private final Map<String, Pane> panes = new ConcurrentHashMap<>();

    void add(Pane pane) {
        panes.put(pane.id, pane);
    }

    void remove(Pane pane) {
        panes.remove(pane.id);
    }

    /** An id or a name; NO_SUCH_PANE naming the field otherwise. */
    Pane resolve(String idOrName) {
        Pane byId = panes.get(idOrName);
        if (byId != null) {
            return byId;
        }
        for (Pane pane : panes.values()) {
            if (idOrName.equals(pane.name)) {
                return pane;
            }
        }
        throw new ProtocolException(ErrorCode.NO_SUCH_PANE, "no pane " + idOrName, Map.of("pane_id", idOrName));
    }

    Collection<Pane> all() {
        return panes.values();
    }

    List<Pane> inTab(String tabId) {
        List<Pane> out = new ArrayList<>();
        for (Pane pane : panes.values()) {
            if (pane.tabId.equals(tabId)) {
                out.add(pane);
            }
        }
        return out;
    }

    List<Pane> inWorkspace(String workspaceId) {
        List<Pane> out = new ArrayList<>();
        for (Pane pane : panes.values()) {
            if (pane.workspaceId.equals(workspaceId)) {
                out.add(pane);
            }
        }
        return out;
    }

    private long count(boolean running) {
        long n = 0;
        for (Pane pane : panes.values()) {
            // the state pane.list shows: a pane restored after a restart has no process until resumed
            if (pane.alive() == running) {
                n++;
            }
        }
        return n;
    }

    @Override
    public void bindTo(MeterRegistry meters) {
        // process state; the agent lifecycle state (idle/working/...) belongs to the agent module's binder
        Gauge.builder("signaltty.panes", this, r -> r.count(true)).tag("state", "running")
                .description("Live panes by process state").register(meters);
        Gauge.builder("signaltty.panes", this, r -> r.count(false)).tag("state", "exited")
                .description("Live panes by process state").register(meters);
    }
}
