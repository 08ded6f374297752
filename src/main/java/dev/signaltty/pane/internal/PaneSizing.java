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
        boolean changed;
        synchronized (pane.terminal) {
            if (pane.viewers.containsKey(connection.id())) {
                pane.sizes.asked(connection.id(), wanted);
                target = pane.sizes.effective(policy);
            } else {
                target = wanted;
            }
            changed = apply(pane, target);
        }
        if (changed) {
            tellUpdated(pane);
        }
        return target;
    }

    /** The viewer detached or disconnected: it stops sizing; the others' sizes decide again. */
    void viewerLeft(Pane pane, long connectionId) {
        boolean changed;
        synchronized (pane.terminal) {
            if (!pane.sizes.left(connectionId)) {
                return;
            }
            ViewerSizes.Size target = pane.sizes.effective(policy);
            if (target == null || pane.closed) {
                return;
            }
            changed = apply(pane, target);
        }
        if (changed) {
            tellUpdated(pane);
        }
    }

    /**
     * Sets {@code size} on the PTY first (the kernel then sends the program SIGWINCH), then on the emulator,
     * whose size is the pane's record; the caller holds the terminal's monitor, so the size the policy chose
     * and the two settings are one step that a concurrent resize cannot split (docs/concurrency.md, "Lock
     * order"). Whoever reads the record's size then finds the PTY, and the program's own {@code tput} or
     * {@code stty size} asked afterwards, at it already. True when the size changed.
     */
    private static boolean apply(Pane pane, ViewerSizes.Size size) {
        boolean changed = pane.terminal.cols() != size.cols() || pane.terminal.rows() != size.rows();
        PtySession session = pane.session;
        if (session != null && pane.alive()) {
            session.resize(size.cols(), size.rows());
        }
        pane.terminal.resize(size.cols(), size.rows());
        return changed;
    }

    /** pane.updated with the new size, after the terminal's monitor is released (the structure lock comes first). */
    private void tellUpdated(Pane pane) {
        try {
            lock.run(() -> events.append(new PaneEvents.Updated(pane.view())));
        } catch (RuntimeException e) {
            // the journal refuses appends while the server stops; the size itself is set
        }
    }
}
