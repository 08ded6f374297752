package dev.signaltty.pane.internal;

import java.util.ArrayDeque;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
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
 */
@Component
class EmulatorScheduler {

    /** One queued unit of work; each {@link #ready} call or {@code true} answer queues it once. */
    interface Task {
        /** Runs one bounded turn; true when more work is left right now (the task is queued again). */
        boolean runTurn();
    }

    static final int FRESH_STREAK = 8;
    static final boolean INLINE = !"false".equals(System.getProperty("signaltty.experiment.inline"));
    private static final Logger log = LoggerFactory.getLogger(EmulatorScheduler.class);

    private final int threads;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition work = lock.newCondition();
    static final boolean LIFO = !"false".equals(System.getProperty("signaltty.experiment.lifo"));
    /** Parked threads, the most recently parked first: a wake-up goes to the one whose caches are warmest. */
    private final ArrayDeque<Condition> idle = new ArrayDeque<>();
    private final ArrayDeque<Task> fresh = new ArrayDeque<>();
    private final ArrayDeque<Task> bulk = new ArrayDeque<>();
    private int streak;
    private int started;
    /** Turns running now: on this scheduler's threads, and inline on the threads that readied them. */
    private int running;

    EmulatorScheduler() {
        this(Math.max(2, Runtime.getRuntime().availableProcessors()));
    }

    EmulatorScheduler(int threads) {
        this.threads = threads;
    }

    /**
     * Runs a task that was idle on the calling thread (its pane's reader) when nothing waits for a turn and
     * fewer turns than threads run, else queues it like {@link #ready}. Inline, a flood alone costs no
     * hand-off to another thread per chunk: on two cores the reader, the emulator, the program and the
     * kernel's PTY work were four threads taking turns on the cores, each hand-off a wake-up; inline the
     * kernel refills the PTY's buffer while the reader emulates what it read (ADR 0600). A turn that
     * leaves more goes to the bulk queue, so a backlog is served as before; and once anything is queued
     * (twenty floods), every task is queued: the order of turns, and an echo's wait, are as before.
     */
    void readyOrRun(Task task) {
        if (!INLINE) {
            ready(task);
            return;
        }
        lock.lock();
        try {
            if (!fresh.isEmpty() || !bulk.isEmpty() || running >= threads) {
                fresh.addLast(task);
                startThreadsLocked();
                wakeOneLocked();
                return;
            }
            running++;
        } finally {
            lock.unlock();
        }
        boolean more = false;
        try {
            more = runTurn(task);
        } finally {
            lock.lock();
            try {
                running--;
                if (more) {
                    bulk.addLast(task);
                    startThreadsLocked();
                    wakeOneLocked();
                }
            } finally {
                lock.unlock();
            }
        }
    }

    /** Queues a task that was idle; it is served before tasks that are only continuing. */
    void ready(Task task) {
        lock.lock();
        try {
            fresh.addLast(task);
            startThreadsLocked();
            wakeOneLocked();
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

    private void wakeOneLocked() {
        if (!LIFO) {
            work.signal();
            return;
        }
        Condition parked = idle.pollFirst();
        if (parked != null) {
            parked.signal();
        }
    }

    private Task nextLocked(Condition mine) throws InterruptedException {
        while (fresh.isEmpty() && bulk.isEmpty()) {
            if (!LIFO) {
                work.await();
                continue;
            }
            idle.addFirst(mine);
            try {
                mine.await();
            } finally {
                idle.removeFirstOccurrence(mine); // already gone when woken by wakeOneLocked
            }
        }
        if (!fresh.isEmpty() && (streak < FRESH_STREAK || bulk.isEmpty())) {
            streak++;
            return fresh.pollFirst();
        }
        streak = 0;
        return bulk.pollFirst();
    }

    private void serve() {
        @Nullable Task again = null; // used its whole turn and has more: it goes to the back of the bulk queue
        boolean ran = false;
        Condition mine = lock.newCondition();
        while (true) {
            Task task;
            lock.lock();
            try {
                if (ran) {
                    running--;
                }
                if (again != null) {
                    // queued and taken under one hold: no other thread is woken for a turn this one takes
                    // itself (a flood alone would otherwise wake the second thread on every turn, for nothing)
                    bulk.addLast(again);
                }
                ran = false;
                task = nextLocked(mine);
                running++;
                ran = true;
                if (!fresh.isEmpty() || !bulk.isEmpty()) {
                    wakeOneLocked(); // more is queued than this thread takes: an idle thread serves it meanwhile
                }
            } catch (InterruptedException e) {
                return; // daemon threads: only an interrupt from outside ends one
            } finally {
                lock.unlock();
            }
            again = runTurn(task) ? task : null;
        }
    }

    private static boolean runTurn(Task task) {
        try {
            return task.runTurn();
        } catch (RuntimeException e) {
            // a task handles its own failures; this keeps the shared thread alive if one does not
            log.error("emulator task failed", e);
            return false;
        }
    }
}
