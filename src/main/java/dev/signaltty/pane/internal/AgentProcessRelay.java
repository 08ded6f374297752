package dev.signaltty.pane.internal;

import java.util.List;

import org.springframework.context.event.EventListener;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.stereotype.Component;

import dev.signaltty.agent.PaneProcessListener;
import dev.signaltty.pane.PaneClosed;
import dev.signaltty.pane.PaneExited;

/**
 * Tells agent state that a pane's process exited or the pane closed: agent does not depend on pane, so
 * it cannot listen to these events itself. A listener like any other, so it runs where the agent-state
 * listeners ran while they lived in this module: synchronously, inside the structure-lock hold that
 * publishes the event, and last of that event's listeners: the decision store's listener, ordered first,
 * must end a pending decision as {@code pane_exited} before the exit transition would end it as
 * {@code moved_on}.
 */
@Component
class AgentProcessRelay {

    private final List<PaneProcessListener> listeners;

    AgentProcessRelay(List<PaneProcessListener> listeners) {
        this.listeners = List.copyOf(listeners);
    }

    @EventListener
    @Order(Ordered.LOWEST_PRECEDENCE)
    void on(PaneExited exited) {
        listeners.forEach(l -> l.exited(exited.paneId(), exited.workspaceId()));
    }

    @EventListener
    @Order(Ordered.LOWEST_PRECEDENCE)
    void on(PaneClosed closed) {
        listeners.forEach(l -> l.closed(closed.paneId()));
    }
}
