package dev.signaltty.agent.internal.screen;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledThreadPoolExecutor;

import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

import dev.signaltty.agent.AgentPanes;
import dev.signaltty.agent.PaneProcessListener;
import dev.signaltty.agent.ScreenWatches;
import dev.signaltty.agent.internal.AgentStates;
import dev.signaltty.agent.internal.ScreenOutcome;
import dev.signaltty.agent.internal.ScreenReport;
import dev.signaltty.vt.Terminal;

/**
 * Watches the panes whose program has a manifest and applies their screen rules. All scans run on one
 * platform thread ({@code screen-scan}, docs/concurrency.md): a scan is a read of the rendered screen
 * and a few RE2 matches, short and CPU-bound, and one thread bounds their cost whatever the number of
 * panes. The queue is bounded by the panes: at most one pending scan per watched pane.
 */
@Component
public class ScreenScanner implements ScreenWatches, PaneProcessListener {

    private static final Logger log = LoggerFactory.getLogger(ScreenScanner.class);
    /** A scan waits this long after the first change, so a burst of repaint settles. */
    static final long DEBOUNCE_MS = 100;
    /** At most one scan per pane in this time, however fast the output. */
    static final long MIN_INTERVAL_MS = 200;

    private final ManifestCatalog catalog;
    private final AgentStates states;
    private final AgentPanes panes;
    private final Map<String, ScreenWatch> watches = new ConcurrentHashMap<>();
    private final ScheduledThreadPoolExecutor executor;

    ScreenScanner(ManifestCatalog catalog, AgentStates states, AgentPanes panes) {
        this.catalog = catalog;
        this.states = states;
        this.panes = panes;
        this.executor = new ScheduledThreadPoolExecutor(1, Thread.ofPlatform().daemon().name("screen-scan").factory());
        executor.setRemoveOnCancelPolicy(true);
        executor.setExecuteExistingDelayedTasksAfterShutdownPolicy(false);
    }

    /**
     * Starts watching a launch of {@code paneId} when a manifest applies to {@code argv}; the pane's
     * output path calls the returned watch's {@link ScreenWatch#changed()}. Null when none applies.
     */
    @Override
    public @Nullable ScreenWatch watch(String paneId, List<String> argv, Terminal terminal) {
        AgentManifest manifest = catalog.forArgv(argv);
        ScreenWatch old = watches.remove(paneId);
        if (old != null) {
            old.stop();
        }
        if (manifest == null) {
            return null;
        }
        ScreenWatch watch = new ScreenWatch(paneId, manifest, terminal, this, executor);
        watches.put(paneId, watch);
        log.info("pane {} state from the screen: manifest {} ({})", paneId, manifest.name(), manifest.file());
        watch.changed(); // the first scan, even if the program prints nothing
        return watch;
    }

    public ScreenWatch.@Nullable View view(String paneId) {
        ScreenWatch watch = watches.get(paneId);
        return watch == null ? null : watch.view();
    }

    /** Null when the pane is not (yet) registered, or the agent states not yet restored: the watch tries again. */
    @Nullable ScreenOutcome apply(String paneId, ScreenReport report) {
        if (!states.restored()) { // a kept pane's verdict waits for its restored agent state (ADR 1311)
            return null;
        }
        AgentPanes.PaneRef pane = panes.find(paneId).orElse(null);
        if (pane == null) {
            return null;
        }
        return states.applyScreen(pane, report);
    }

    @Override
    public void exited(String paneId, String workspaceId) {
        ScreenWatch watch = watches.get(paneId);
        if (watch != null) {
            watch.stop(); // kept for explain until the pane closes or relaunches
        }
    }

    @Override
    public void closed(String paneId) {
        ScreenWatch watch = watches.remove(paneId);
        if (watch != null) {
            watch.stop();
        }
    }

    @jakarta.annotation.PreDestroy
    void shutdown() {
        watches.values().forEach(ScreenWatch::stop);
        executor.shutdownNow();
    }
}
