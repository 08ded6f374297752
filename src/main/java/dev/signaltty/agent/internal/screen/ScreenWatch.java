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
    private final AtomicBoolean pending = new AtomicBoolean();
    private volatile boolean stopped;
    /** Guarded by this: written by the one scan that runs at a time, read by explain. */
    private long lastScanNanos;
    private long scans;
    private @Nullable Instant lastScanAt;
    private @Nullable ScreenReport winner;
    private String status = "watching";

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

    void stop() {
        stopped = true;
        synchronized (this) {
            if (!status.startsWith("suspended")) {
                status = "stopped";
            }
        }
    }

    private void scan() {
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
                winner = previous; // the pane is not registered yet: the next scan tries again
            }
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
