package dev.signaltty.workspace;

import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Supplier;

import org.springframework.stereotype.Component;

import dev.signaltty.journal.EventLog;

/**
 * The guard over workspaces, tabs, layouts and pane placement. Holding it across validate → launch →
 * publish is what makes the seed's rule hold: "ownership validation, process launch and pane
 * publication complete before a concurrent close can remove the target tab or workspace". Events are
 * appended while it is held, so seq order is structure order.
 *
 * <p>Appends under it are deferred ({@link EventLog#defer}): they take their seq under the guard and
 * are awaited after it is released, so concurrent transitions share one sync (ADR 0131) while each
 * call still returns only once its events are durable and published.
 */
@Component
public class StructureLock {

    private final ReentrantLock lock = new ReentrantLock();
    private final EventLog events;

    public StructureLock(EventLog events) {
        this.events = events;
    }

    public <T> T call(Supplier<T> body) {
        try (EventLog.Deferred appended = events.defer()) {
            lock.lock();
            try {
                return body.get();
            } finally {
                lock.unlock();
            }
        }
    }

    public void run(Runnable body) {
        call(() -> {
            body.run();
            return null;
        });
    }
}
