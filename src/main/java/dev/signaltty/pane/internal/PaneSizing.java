package dev.signaltty.pane.internal;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;

import dev.signaltty.journal.EventLog;
import dev.signaltty.transport.Connection;
import dev.signaltty.workspace.StructureLock;

/**
 * Decides a pane's size from its viewers (ADR-0160): a viewer is a connection attached to the pane;
 * its {@code pane.resize} is remembered until it detaches or disconnects, and the pane takes the size
 * the {@link ViewerSizes.Policy} makes of the remaining requests. A resize from a connection that is
 * not attached (a script, the one-shot CLI) applies once and is not remembered, so the next change
 * among the viewers recomputes from them. When the last sizing viewer leaves, the pane keeps its size.
 * A real change emits {@code pane.updated}, so every viewer learns the size it must draw.
 */
@Component
class PaneSizing {

    private final ViewerSizes.Policy policy;
    private final EventLog events;
    private final StructureLock lock;

    PaneSizing(@Value("${signaltty.pane.size-policy:latest}") String policy, EventLog events, StructureLock lock) {
        this.policy = ViewerSizes.Policy.parse(policy);
        this.events = events;
        this.lock = lock;
    }

    /** pane.resize from {@code connection}: returns the size the pane has afterwards. */
    ViewerSizes.Size resize(Pane pane, Connection connection, int cols, int rows) {
        ViewerSizes.Size wanted = new ViewerSizes.Size(cols, rows);
        ViewerSizes.Size target;
        synchronized (pane.terminal) {
            if (pane.viewers.containsKey(connection.id())) {
                pane.sizes.asked(connection.id(), wanted);
                target = pane.sizes.effective(policy);
            } else {
                target = wanted;
            }
        }
        apply(pane, target);
        return target;
    }

    /** The viewer detached or disconnected: it stops sizing; the others' sizes decide again. */
    void viewerLeft(Pane pane, long connectionId) {
        ViewerSizes.Size target;
        synchronized (pane.terminal) {
            if (!pane.sizes.left(connectionId)) {
                return;
            }
            target = pane.sizes.effective(policy);
        }
        if (target != null && !pane.closed) {
            apply(pane, target);
        }
    }

    private void apply(Pane pane, ViewerSizes.Size size) {
        boolean changed;
        synchronized (pane.terminal) {
            changed = pane.terminal.cols() != size.cols() || pane.terminal.rows() != size.rows();
            pane.terminal.resize(size.cols(), size.rows());
        }
        PtySession session = pane.session;
        if (session != null && pane.alive()) {
            session.resize(size.cols(), size.rows());
        }
        if (changed) {
            try {
                lock.run(() -> events.append(new PaneEvents.Updated(pane.view())));
            } catch (RuntimeException e) {
                // the journal refuses appends while the server stops; the size itself is set
            }
        }
    }
}
