package dev.signaltty.pane.internal;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import org.springframework.stereotype.Component;

import dev.signaltty.transport.ErrorCode;
import dev.signaltty.transport.ProtocolException;

/** Live panes by id; names resolve too, but a real id always wins over a name (seed). */
@Component
class PaneRegistry {

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
}
