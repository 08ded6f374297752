package dev.signaltty.pane.internal;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.LongSupplier;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;

/**
 * Keystrokes ahead of floods (issue 24 item 3, ADR 0910): while a keystroke written to a pane waits for its
 * echo, the readers of flooding panes stop at their next chunk boundary and the emulator threads run no
 * flood's turn, so the cores go to the echo's path. A flooding program then fills its PTY and blocks in its
 * write; nothing is dropped or reordered, only delayed, and {@code output_offset} stays exact.
 *
 * <p>A hold opens when a small {@code pane.write} (at most {@link #KEY_BYTES}) goes to a pane. Once that pane's
 * reader has read output after it (the echo), the hold goes on for a linger (8 ms by default): long enough for
 * the echo's event to reach the socket, and for the next key of a program typing every few ms (the keystroke
 * benchmark types every 5 ms after the echo). It ends at its deadline
 * ({@code cap}, 20 ms) if no echo comes. Holds are bounded by a duty cap: a token bucket pays for every hold.
 * It fills at {@code duty} percent of real time (90), up to {@link #BUCKET_NANOS} or one cap, if that is
 * longer. So someone typing without pause still leaves the floods at least {@code 100 - duty} percent of the
 * time in the long run; a person typing ten keys a second holds them about a tenth of it. Nobody typing,
 * nothing is ever held: a flood's reader and the emulator threads only read one volatile field per chunk and
 * per turn. The figures, and the price floods pay while machine-speed typing goes on, are in ADR 0910.
 *
 * <p>Holders (panes whose keystroke is in flight) are never held themselves. Every wait here has the hold's
 * deadline as its own.
 */
@Component
class KeystrokeHold implements MeterBinder {

    /** A write of at most this many bytes is a keystroke (a key, an escape sequence, a short marker). */
    static final int KEY_BYTES = 32;
    /** A chunk at least this long means the PTY had a full read waiting: the pane is flooding. */
    static final int FLOOD_CHUNK = 2048;
    /** The duty bucket's size: the longest stretch of back-to-back holds after a quiet spell. */
    static final long BUCKET_NANOS = 20_000_000;
    /** A hold shorter than this is not worth opening: the bucket is (nearly) empty. */
    private static final long MIN_HOLD_NANOS = 200_000;

    /** Figures for tests and the metrics endpoint. */
    record Stats(long opened, long refused, long endedByEcho, long readerPauses, long turnPauses) {
    }

    private final boolean enabled;
    private final long capNanos;
    /** How long a hold goes on after its echo was read: the echo's event still has to reach the socket. */
    private final long lingerNanos;
    private final int dutyPercent;
    private final LongSupplier clock;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition ended = lock.newCondition();
    /** Pane id → the deadline of its hold ({@link System#nanoTime}). */
    private final Map<String, Long> holders = new ConcurrentHashMap<>();
    private final List<Runnable> endListeners = new CopyOnWriteArrayList<>();
    /** True while any hold may be open; the floods' fast path reads only this. */
    private volatile boolean open;
    /** The latest deadline of the open holds. */
    private volatile long until;
    /** Bumped at every open and every end: a test sees whether one hold lasted across its two looks. */
    private volatile long epoch;
    /** The bucket's size: {@link #BUCKET_NANOS}, or one whole hold when the cap is set longer. */
    private final long bucketNanos;
    private long tokens;
    private long refilledAt;
    private final LongAdder opened = new LongAdder();
    private final LongAdder refused = new LongAdder();
    private final LongAdder endedByEcho = new LongAdder();
    private final LongAdder readerPauses = new LongAdder();
    private final LongAdder turnPauses = new LongAdder();
    /** Threads waiting for a hold's end right now (readers and emulator threads), for tests. */
    private final AtomicInteger waiting = new AtomicInteger();

    @Autowired
    KeystrokeHold(@Value("${signaltty.keystroke-hold:on}") String mode,
                  @Value("${signaltty.keystroke-hold-cap-us:20000}") long capMicros,
                  @Value("${signaltty.keystroke-hold-duty-percent:90}") int dutyPercent,
                  @Value("${signaltty.keystroke-hold-linger-us:8000}") long lingerMicros) {
        // YAML reads a bare off as the boolean false
        this(!List.of("off", "false").contains(mode.strip().toLowerCase(java.util.Locale.ROOT)), capMicros * 1_000,
                dutyPercent, lingerMicros * 1_000, System::nanoTime);
    }

    KeystrokeHold(boolean enabled, long capNanos, int dutyPercent, LongSupplier clock) {
        this(enabled, capNanos, dutyPercent, 0, clock);
    }

    KeystrokeHold(boolean enabled, long capNanos, int dutyPercent, long lingerNanos, LongSupplier clock) {
        this.enabled = enabled && capNanos > 0 && dutyPercent > 0;
        this.capNanos = capNanos;
        this.lingerNanos = Math.max(0, lingerNanos);
        this.dutyPercent = Math.min(100, Math.max(0, dutyPercent));
        this.clock = clock;
        this.bucketNanos = Math.max(BUCKET_NANOS, capNanos);
        this.tokens = bucketNanos;
        this.refilledAt = clock.getAsLong();
    }

    /** Never holds anything (tests of the scheduler alone). */
    static KeystrokeHold off() {
        return new KeystrokeHold(false, 0, 0, System::nanoTime);
    }

    /** Runs {@code listener} (outside any lock of this class) each time the holds end, or will end sooner. */
    void onEnd(Runnable listener) {
        endListeners.add(listener);
    }

    /**
     * A keystroke is about to be written to {@code paneId}: holds the floods until the linger after its echo, or
     * the cap, has passed, as far as the duty bucket pays for it. Returns whether a hold is open for it.
     */
    boolean open(String paneId) {
        if (!enabled) {
            return false;
        }
        lock.lock();
        try {
            long now = clock.getAsLong();
            expireLocked(now);
            refillLocked(now);
            long deadline = now + Math.min(capNanos, tokens);
            long from = open ? Math.max(until, now) : now;
            long extra = Math.max(0, deadline - from);
            if (deadline - now < MIN_HOLD_NANOS) {
                refused.increment();
                return false;
            }
            tokens -= extra;
            holders.merge(paneId, deadline, Math::max);
            if (!open || deadline - until > 0) {
                until = deadline;
            }
            open = true;
            epoch++;
            opened.increment();
            return true;
        } finally {
            lock.unlock();
        }
    }

    /**
     * {@code paneId}'s reader has read output (an echo, or anything else): its hold, if any, ends now, or after
     * the linger when one is set.
     */
    void outputRead(String paneId) {
        if (!open || !holders.containsKey(paneId)) {
            return;
        }
        boolean moved;
        lock.lock();
        try {
            long now = clock.getAsLong();
            Long deadline = holders.get(paneId);
            if (deadline == null) {
                return;
            }
            endedByEcho.increment();
            if (lingerNanos > 0 && deadline - (now + lingerNanos) > 0) {
                holders.put(paneId, now + lingerNanos);
            } else if (lingerNanos == 0) {
                holders.remove(paneId);
            }
            if (holders.isEmpty()) {
                endLocked(now);
                moved = true;
            } else {
                moved = shortenLocked();
            }
        } finally {
            lock.unlock();
        }
        if (moved) {
            endListeners.forEach(Runnable::run);
        }
    }

    /** The open holds end sooner than {@link #until} now: the rest goes back into the bucket, waiters look again. */
    private boolean shortenLocked() {
        long latest = holders.values().stream().reduce((a, b) -> a - b > 0 ? a : b).orElse(until);
        if (until - latest <= 0) {
            return false;
        }
        tokens = Math.min(bucketNanos, tokens + (until - latest));
        until = latest;
        ended.signalAll();
        return true;
    }

    /**
     * Called by a pane's reader after it handed a chunk of {@code length} bytes over: a flooding pane waits here
     * while a hold it is not part of is open, until its end or deadline.
     */
    void pauseIfFlooding(String paneId, int length) {
        if (!open || length < FLOOD_CHUNK || holders.containsKey(paneId)) {
            return;
        }
        readerPauses.increment();
        awaitEnd(paneId);
    }

    /** Nanoseconds left of the open hold, 0 when none is open (the emulator scheduler's look; lock-free). */
    long remainingNanos() {
        if (!open) {
            return 0;
        }
        return Math.max(0, until - clock.getAsLong());
    }

    /** Whether {@code paneId} has a keystroke in flight (its work is never held). */
    boolean holds(String paneId) {
        return holders.containsKey(paneId);
    }

    /** The scheduler held a flood's turn back (counted once per wait). */
    void countTurnPause() {
        turnPauses.increment();
    }

    /** The scheduler's threads wait in their own condition; this counts them with the readers. */
    void countWaiting(int delta) {
        waiting.addAndGet(delta);
    }

    private void awaitEnd(String paneId) {
        lock.lock();
        try {
            waiting.incrementAndGet();
            try {
                while (open && !holders.containsKey(paneId)) {
                    long left = until - clock.getAsLong();
                    if (left <= 0) {
                        expireLocked(clock.getAsLong());
                        break;
                    }
                    ended.awaitNanos(left);
                }
            } finally {
                waiting.decrementAndGet();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt(); // the reader's own stop path sees it
        } finally {
            lock.unlock();
        }
    }

    /** Drops holds past their deadline; ends the whole hold when none is left. */
    private void expireLocked(long now) {
        if (!open) {
            return;
        }
        holders.values().removeIf(deadline -> deadline - now <= 0);
        if (holders.isEmpty()) {
            endLocked(now);
        }
    }

    /** Every hold is over: what was paid for beyond now goes back into the bucket; the waiters go on. */
    private void endLocked(long now) {
        if (!open) {
            return;
        }
        long unused = until - now;
        if (unused > 0) {
            tokens = Math.min(bucketNanos, tokens + unused);
        }
        open = false;
        epoch++;
        ended.signalAll();
    }

    private void refillLocked(long now) {
        long elapsed = now - refilledAt;
        refilledAt = now;
        if (elapsed > 0) {
            tokens = Math.min(bucketNanos, tokens + elapsed / 100 * dutyPercent);
        }
    }

    boolean enabled() {
        return enabled;
    }

    long epoch() {
        return epoch;
    }

    /** Whether a hold is open now (its deadline not passed). */
    boolean isOpen() {
        return remainingNanos() > 0;
    }

    int waitingThreads() {
        return waiting.get();
    }

    Stats stats() {
        return new Stats(opened.sum(), refused.sum(), endedByEcho.sum(), readerPauses.sum(), turnPauses.sum());
    }

    @Override
    public void bindTo(MeterRegistry meters) {
        FunctionCounter.builder("signaltty.keystroke.holds", opened, LongAdder::sum).tag("outcome", "opened")
                .description("Holds of flooding panes while a keystroke's echo was in flight (ADR 0910)").register(meters);
        FunctionCounter.builder("signaltty.keystroke.holds", refused, LongAdder::sum).tag("outcome", "refused")
                .description("Keystrokes that opened no hold: the duty cap was used up (ADR 0910)").register(meters);
        FunctionCounter.builder("signaltty.keystroke.hold.pauses", readerPauses, LongAdder::sum).tag("thread", "reader")
                .description("Flooding readers that waited for a hold's end (ADR 0910)").register(meters);
        FunctionCounter.builder("signaltty.keystroke.hold.pauses", turnPauses, LongAdder::sum).tag("thread", "emulator")
                .description("Emulator threads that held a flood's turn back for a hold (ADR 0910)").register(meters);
    }
}
