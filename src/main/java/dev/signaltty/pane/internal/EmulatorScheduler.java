package dev.signaltty.pane.internal;

import java.util.ArrayDeque;
import java.util.Iterator;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.stereotype.Component;

/**
 * Runs every pane's emulation on a few shared threads (one per core), one bounded turn at a time, so
 * twenty flooding panes cannot starve an interactive one (issue 24 item 3, ADR 0235).
 *
 * <p>With a thread per pane, twenty floods were twenty runnable threads the kernel shared the cores
 * between, and a keystroke's echo waited for its pane's thread to come round. Here a task that becomes
 * ready after being idle (a keystroke's echo, a prompt) joins the <em>fresh</em> queue, which is served
 * first; a task that used its whole turn and still has bytes joins the back of the <em>bulk</em> queue.
 * So an echo waits at most for the turns already running (each bounded by the task, 16 KiB of output
 * for a pane) and floods share what is left in round robin. Against starvation of the bulk queue by a
 * stream of fresh arrivals, every {@link #FRESH_STREAK}th turn goes to the bulk queue when it is
 * waiting.
 *
 * <p>While a keystroke's echo is in flight ({@link KeystrokeHold}), only the work of the panes it was typed
 * into runs; every other turn waits for the hold's end or its deadline, so the emulator threads leave the
 * cores to the echo's path (ADR 0910). A turn already running is not cut short.
 */
@Component
class EmulatorScheduler {

    /** One queued unit of work; each {@link #ready} call or {@code true} answer queues it once. */
    interface Task {
        /** Runs one bounded turn; true when more work is left right now (the task is queued again). */
        boolean runTurn();

        /** The pane this work is for, so a keystroke's own pane is never held back; null for none. */
        default @Nullable String paneId() {
            return null;
        }
    }

    static final int FRESH_STREAK = 8;
    private static final Logger log = LoggerFactory.getLogger(EmulatorScheduler.class);

    private final int threads;
    private final KeystrokeHold hold;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition work = lock.newCondition();
    private final ArrayDeque<Task> fresh = new ArrayDeque<>();
    private final ArrayDeque<Task> bulk = new ArrayDeque<>();
    private int streak;
    private int started;

    @Autowired
    EmulatorScheduler(KeystrokeHold hold) {
        this(Math.max(2, Runtime.getRuntime().availableProcessors()), hold);
    }

    EmulatorScheduler(int threads, KeystrokeHold hold) {
        this.threads = threads;
        this.hold = hold;
        hold.onEnd(this::holdEnded);
    }

    /** The hold the readers of this scheduler's panes pause for. */
    KeystrokeHold hold() {
        return hold;
    }

    private void holdEnded() {
        lock.lock();
        try {
            work.signalAll(); // turns held back for it may run now
        } finally {
            lock.unlock();
        }
    }

    /** Queues a task that was idle; it is served before tasks that are only continuing. */
    void ready(Task task) {
        lock.lock();
        try {
            fresh.addLast(task);
            startThreadsLocked();
            work.signal();
        } finally {
            lock.unlock();
        }
    }

    private void continueLater(Task task) {
        lock.lock();
        try {
            bulk.addLast(task);
            work.signal();
        } finally {
            lock.unlock();
        }
    }

    /** Platform threads (a turn may hold a terminal's monitor and write a recording), started on first use. */
    private void startThreadsLocked() {
        while (started < threads) {
            started++;
            Thread.ofPlatform().daemon().name("pty-emulate-" + started).start(this::serve);
        }
    }

    private Task nextLocked() throws InterruptedException {
        while (true) {
            while (fresh.isEmpty() && bulk.isEmpty()) {
                work.await();
            }
            long held = hold.remainingNanos();
            if (held == 0) {
                break;
            }
            Task holder = takeHolderLocked();
            if (holder != null) {
                return holder;
            }
            hold.countTurnPause();
            hold.countWaiting(1);
            try {
                work.awaitNanos(held); // until the hold ends (holdEnded) or its deadline
            } finally {
                hold.countWaiting(-1);
            }
        }
        if (!fresh.isEmpty() && (streak < FRESH_STREAK || bulk.isEmpty())) {
            streak++;
            return fresh.pollFirst();
        }
        streak = 0;
        return bulk.pollFirst();
    }

    /** A queued task of a pane with a keystroke in flight, taken out of its queue; null when there is none. */
    private @Nullable Task takeHolderLocked() {
        for (ArrayDeque<Task> queue : java.util.List.of(fresh, bulk)) {
            for (Iterator<Task> it = queue.iterator(); it.hasNext(); ) {
                Task task = it.next();
                String pane = task.paneId();
                if (pane != null && hold.holds(pane)) {
                    it.remove();
                    return task;
                }
            }
        }
        return null;
    }

    private void serve() {
        while (true) {
            Task task;
            lock.lock();
            try {
                task = nextLocked();
            } catch (InterruptedException e) {
                return; // daemon threads: only an interrupt from outside ends one
            } finally {
                lock.unlock();
            }
            boolean more;
            try {
                more = task.runTurn();
            } catch (RuntimeException e) {
                // a task handles its own failures; this keeps the shared thread alive if one does not
                log.error("emulator task failed", e);
                more = false;
            }
            if (more) {
                continueLater(task);
            }
        }
    }
}
