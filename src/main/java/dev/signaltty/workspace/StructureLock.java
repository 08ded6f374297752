package dev.signaltty.workspace;

import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Supplier;

import org.springframework.stereotype.Component;

/**
 * The guard over workspaces, tabs, layouts and pane placement. Holding it across validate → launch →
 * publish is what makes the seed's rule hold: "ownership validation, process launch and pane
 * publication complete before a concurrent close can remove the target tab or workspace". Events are
 * appended while it is held, so seq order is structure order.
 */
@Component
public class StructureLock {

    private final ReentrantLock lock = new ReentrantLock();

    public <T> T call(Supplier<T> body) {
        lock.lock();
        try {
            return body.get();
        } finally {
            lock.unlock();
        }
    }

    public void run(Runnable body) {
        call(() -> {
            body.run();
            return null;
        });
    }
}
