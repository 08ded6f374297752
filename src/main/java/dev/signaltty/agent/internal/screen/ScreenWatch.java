package dev.signaltty.agent.internal.screen;

import java.time.Instant;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import org.jspecify.annotations.Nullable;

import dev.signaltty.agent.ScreenWatches;
import dev.signaltty.agent.internal.ScreenOutcome;
import dev.signaltty.agent.internal.ScreenReport;
import dev.signaltty.vt.Terminal;

/**
 * One watched pane: its manifest and terminal, and the one scan that may be pending. The pane's output
 * path calls {@link #changed()} once per chunk handed to the emulator (never per byte); it only
 * schedules a scan when none is pending, no sooner than {@link ScreenScanner#DEBOUNCE_MS} from now
 * and {@link ScreenScanner#MIN_INTERVAL_MS} after the last scan began (so scans of a pane start at least
 * that far apart). A rule's report is applied when
 * the winning rule or its matched text changes (so a state moved by someone else — a mark_seen, a
 * notify — is not set back by a screen that did not change its verdict).
 *
 * <p>Input written to the program makes the verdict stale (ADR 1310): the key may have answered the question the
 * screen shows. {@link #input()} asks for a scan {@link #SETTLE_MS} after it (as output does, so scans keep their
 * interval), and {@link #awaitReadAfterInput} lets a submit wait for a scan that read the program's redraw.
 */
public final class ScreenWatch implements ScreenWatches.Watch {

    /** What explain shows of the watch. */
    public record View(String manifest, String file, String status, long scans, @Nullable String lastScanAt,
                       @Nullable String rule, @Nullable String region, @Nullable String matched) {
    }

    private final String paneId;
    private final AgentManifest manifest;
    private final Terminal terminal;
    private final ScreenScanner scanner;
    private final ScheduledExecutorService executor;
    /** Long enough for a program to redraw after a key, on a loaded machine (Codex: tens of ms; this is the wait of a key it ignored). */
    static final long SETTLE_MS = 500;

    private final AtomicBoolean pending = new AtomicBoolean();
    /** The scan {@link #input()} scheduled (at most one pending per pane). */
    private final AtomicBoolean inputScanPending = new AtomicBoolean();
    private volatile boolean stopped;
    /** Guarded by this: written by the one scan that runs at a time, read by explain. */
    private long lastScanNanos;
    private long scans;
    private @Nullable Instant lastScanAt;
    private @Nullable ScreenReport winner;
    private String status = "watching";
    /** When input was last written to the program (System.nanoTime), 0 before any. */
    private long inputNanos;
    /** When the last finished scan began, and whether its verdict blocks a submit (blocked or a permission). */
    private long readNanos;
    private boolean readBlocks;

    ScreenWatch(String paneId, AgentManifest manifest, Terminal terminal, ScreenScanner scanner,
                ScheduledExecutorService executor) {
        this.paneId = paneId;
        this.manifest = manifest;
        this.terminal = terminal;
        this.scanner = scanner;
        this.executor = executor;
    }

    /** The screen changed: schedule one scan unless one is pending. Non-blocking (called under the terminal's monitor). */
    @Override
    public void changed() {
        if (stopped || !pending.compareAndSet(false, true)) {
            return;
        }
        long sinceLast;
        synchronized (this) {
            sinceLast = lastScanNanos == 0 ? Long.MAX_VALUE : System.nanoTime() - lastScanNanos;
        }
        long delayMs = Math.max(ScreenScanner.DEBOUNCE_MS,
                ScreenScanner.MIN_INTERVAL_MS - TimeUnit.NANOSECONDS.toMillis(Math.min(sinceLast, Long.MAX_VALUE / 2)));
        try {
            executor.schedule(this::scan, delayMs, TimeUnit.MILLISECONDS);
        } catch (java.util.concurrent.RejectedExecutionException e) {
            pending.set(false); // the daemon is stopping
        }
    }

    @Override
    public void input() {
        if (stopped) {
            return;
        }
        synchronized (this) {
            inputNanos = System.nanoTime();
        }
        if (inputScanPending.compareAndSet(false, true)) {
            schedule(this::inputScan, SETTLE_MS);
        }
    }

    /** Asks for a scan {@link #SETTLE_MS} after the last input (a later key moves it on). */
    private void inputScan() {
        long dueInMs;
        synchronized (this) {
            dueInMs = TimeUnit.NANOSECONDS.toMillis(inputNanos + TimeUnit.MILLISECONDS.toNanos(SETTLE_MS) - System.nanoTime());
        }
        if (dueInMs > 0 && !stopped) {
            schedule(this::inputScan, dueInMs);
            return;
        }
        inputScanPending.set(false);
        changed(); // through the output's own scheduling: still at most one scan per MIN_INTERVAL_MS
    }

    private void schedule(Runnable task, long delayMs) {
        try {
            executor.schedule(task, delayMs, TimeUnit.MILLISECONDS);
        } catch (java.util.concurrent.RejectedExecutionException e) {
            inputScanPending.set(false); // the daemon is stopping
        }
    }

    @Override
    public synchronized boolean awaitReadAfterInput(long deadlineNanos) throws InterruptedException {
        while (!readAfterInput()) {
            long left = deadlineNanos - System.nanoTime();
            if (left <= 0) {
                return false;
            }
            TimeUnit.NANOSECONDS.timedWait(this, left);
        }
        return true;
    }

    /**
     * Guarded by this. Read after the input when a scan that began after it reads a verdict that does not block, or
     * one that began {@link #SETTLE_MS} after it with no scan pending (a redraw since would have scheduled one).
     */
    private boolean readAfterInput() {
        if (stopped || inputNanos == 0 || status.startsWith("suspended")) {
            return true; // nothing to read, or the screen moves nothing of this process
        }
        long sinceInput = readNanos - inputNanos;
        if (sinceInput <= 0) {
            return false;
        }
        return !readBlocks || sinceInput >= TimeUnit.MILLISECONDS.toNanos(SETTLE_MS) && !pending.get()
                && !inputScanPending.get();
    }

    void stop() {
        stopped = true;
        synchronized (this) {
            if (!status.startsWith("suspended")) {
                status = "stopped";
            }
            notifyAll();
        }
    }

    private void scan() {
        long began;
        synchronized (this) {
            began = System.nanoTime();
        }
        try {
            scanOnce();
        } finally {
            synchronized (this) {
                readNanos = began;
                readBlocks = winner == null || blocks(winner);
                notifyAll();
            }
        }
    }

    /** A verdict a submit is refused for: blocked, or a permission asked (PaneAgents.permissionRequired). */
    private static boolean blocks(ScreenReport report) {
        return report.lifecycle() == dev.signaltty.agent.Lifecycle.BLOCKED
                || report.attention() == dev.signaltty.agent.Attention.PERMISSION_REQUIRED;
    }

    private void scanOnce() {
        synchronized (this) {
            // the start, before pending is cleared: a change during this scan schedules the next one
            // MIN_INTERVAL_MS after this start, never sooner
            lastScanNanos = System.nanoTime();
        }
        pending.set(false); // output after this point schedules the next scan
        if (stopped) {
            return;
        }
        ScreenSnapshot snapshot = ScreenSnapshot.of(terminal);
        ScreenReport report = evaluate(manifest, snapshot);
        ScreenReport previous;
        synchronized (this) {
            lastScanAt = Instant.now();
            scans++;
            previous = winner;
            winner = report;
        }
        if (report == null || sameVerdict(previous, report)) {
            return;
        }
        ScreenOutcome outcome = scanner.apply(paneId, report);
        if (outcome == null) {
            synchronized (this) {
                winner = previous;
            }
            // the pane is not registered yet, or the agent states not restored (ADR 1311): scan again, since a screen
            // that stays as it is (a question waiting) schedules no scan of its own
            changed();
            return;
        }
        if (outcome == ScreenOutcome.HOOKS_AUTHORITATIVE) {
            // scans go on (explain shows what the screen says) but never move the state of this process
            synchronized (this) {
                status = "suspended: the pane's process reports hooks, which are authoritative";
            }
        }
    }

    /** The highest-priority rule that matches, or null. */
    static @Nullable ScreenReport evaluate(AgentManifest manifest, ScreenSnapshot snapshot) {
        java.util.Map<Region, String> texts = new java.util.HashMap<>();
        for (ScreenRule rule : manifest.rules()) {
            String text = texts.computeIfAbsent(rule.region(), r -> r.text(snapshot));
            String matched = rule.match(text);
            if (matched != null) {
                return new ScreenReport(manifest.name(), manifest.file(), rule.id(), rule.priority(),
                        rule.region().label(), matched, rule.lifecycle(), rule.attention());
            }
        }
        return null;
    }

    private static boolean sameVerdict(@Nullable ScreenReport a, ScreenReport b) {
        return a != null && a.rule().equals(b.rule()) && a.matched().equals(b.matched());
    }

    public synchronized View view() {
        ScreenReport w = winner;
        return new View(manifest.name(), manifest.file(), status, scans, lastScanAt == null ? null : lastScanAt.toString(),
                w == null ? null : w.rule(), w == null ? null : w.region(), w == null ? null : w.matched());
    }
}
