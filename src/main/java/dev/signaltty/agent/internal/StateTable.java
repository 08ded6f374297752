package dev.signaltty.agent.internal;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;
import java.util.function.Function;

import org.jspecify.annotations.Nullable;

import org.springframework.stereotype.Component;

/**
 * The per-pane {@link AgentState}s behind one lock and one condition. Every reader and writer goes
 * through these few methods, so the lock, the condition and the map never leave this class: a change
 * wakes every waiter, a wait re-checks its condition under the lock, and work that must not run inside
 * it (publications) is returned by the change and run after the lock is released.
 */
@Component
class StateTable {

    /** A wait wakes at least this often to look at its cancellation and deadline. */
    private static final long MAX_PARK_NANOS = TimeUnit.SECONDS.toNanos(1);

    /** The run identity in every process instance: a baseline from before a restart never matches. */
    private final String runId = Long.toString(System.currentTimeMillis(), 36);
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition changed = lock.newCondition();
    private final Map<String, AgentState> states = new ConcurrentHashMap<>();
    private final AtomicInteger waiters = new AtomicInteger();

    /** Set once the agents snapshot is restored at start (ADR 1311). */
    private volatile boolean restored;

    void restored() {
        restored = true;
    }

    boolean isRestored() {
        return restored;
    }

    String runId() {
        return runId;
    }

    /** Reads one pane's state under the lock (a pane not seen yet reads as a fresh state). */
    <T> T read(String paneId, Function<AgentState, T> reader) {
        lock.lock();
        try {
            return reader.apply(stateLocked(paneId));
        } finally {
            lock.unlock();
        }
    }

    /** Reads every live state under the lock (snapshots, gauges, attention.pending). */
    <T> T readAll(Function<Collection<AgentState>, T> reader) {
        lock.lock();
        try {
            return reader.apply(states.values());
        } finally {
            lock.unlock();
        }
    }

    /**
     * Changes one pane's state under the lock and wakes the waiters, then runs what the change returned
     * (publications) after the lock is released.
     */
    void mutate(String paneId, Function<AgentState, List<Runnable>> change) {
        List<Runnable> after;
        lock.lock();
        try {
            after = change.apply(stateLocked(paneId));
            changed.signalAll();
        } finally {
            lock.unlock();
        }
        after.forEach(Runnable::run);
    }

    /** A change with nothing to publish. */
    void update(String paneId, Consumer<AgentState> change) {
        mutate(paneId, s -> {
            change.accept(s);
            return List.of();
        });
    }

    /** Forgets a closed pane; a wait on it sees {@link AgentState#removed} and ends. */
    void remove(String paneId) {
        lock.lock();
        try {
            AgentState s = states.remove(paneId);
            if (s != null) {
                s.removed = true;
            }
            changed.signalAll();
        } finally {
            lock.unlock();
        }
    }

    /**
     * Calls {@code check} under the lock until it returns non-null, waking on every change, at the
     * deadline and at least once a second; {@code check} ends the wait itself (a result or an exception)
     * once {@code deadlineNanos} has passed or its caller is cancelled ({@link #wakeAll}).
     */
    <T> T await(String paneId, long deadlineNanos, Function<AgentState, @Nullable T> check)
            throws InterruptedException {
        waiters.incrementAndGet();
        lock.lock();
        try {
            AgentState s = stateLocked(paneId);
            while (true) {
                T result = check.apply(s);
                if (result != null) {
                    return result;
                }
                long left = deadlineNanos - System.nanoTime();
                changed.awaitNanos(left > 0 ? Math.min(left, MAX_PARK_NANOS) : MAX_PARK_NANOS);
            }
        } finally {
            lock.unlock();
            waiters.decrementAndGet();
        }
    }

    /** Wakes every wait so it re-checks at once (a cancelled connection). */
    void wakeAll() {
        lock.lock();
        try {
            changed.signalAll();
        } finally {
            lock.unlock();
        }
    }

    /** How many callers wait on agent state right now (wait, pane.submit's activity gate). */
    int activeWaiters() {
        return waiters.get();
    }

    private AgentState stateLocked(String paneId) {
        return states.computeIfAbsent(paneId, id -> new AgentState(id, runId));
    }
}
