package dev.signaltty.pane.internal;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.SmartLifecycle;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;

import dev.signaltty.pane.PaneClosed;
import dev.signaltty.transport.SignalttyPaths;
import dev.signaltty.vt.Terminal;

/**
 * Keeps each pane's screen and scrollback across restarts and crashes (issue 17 item 1, ADR 0230), in
 * {@code <state>/transcripts/}: each chunk of output is copied raw into the pane's memory-mapped tail
 * file before the emulator sees it ({@link PaneOutput#emit}, ADR 0250), and a checkpoint
 * ({@link PaneTranscript}) moves the history lines retired since the last one into the hist file and
 * replaces the screen. So a kill -9 loses no output a client could have read (the page cache holds
 * it); an OS crash loses at most what came after the last sync ({@code signaltty.pane.transcript-sync-ms},
 * default 2 s). Disk per pane: the hist file stays under {@code signaltty.pane.transcript-bytes}
 * (default 1 MiB; compacted to half when it would pass it), the tail under about 4 ×
 * {@code signaltty.pane.transcript-tail-bytes} (default 1 MiB: a flood checkpoints every 3–4 MiB, not every
 * 768 KiB; ADR 0601), the checkpoint one screen. A pane
 * closed by the user has its files deleted at once.
 */
@Component
class PaneTranscripts implements SmartLifecycle {

    private static final Logger log = LoggerFactory.getLogger(PaneTranscripts.class);

    private final PaneRegistry registry;
    private final Path dir;
    private final int maxBytes;
    private final int tailBytes;
    /** The checkpoint-and-sync pass's period: what an OS crash can lose. */
    private final long syncMs;
    /** Each pane's transcript, used under that pane terminal's monitor. */
    private final Map<String, PaneTranscript> transcripts = new ConcurrentHashMap<>();
    private @Nullable ScheduledExecutorService timer;
    private volatile boolean running;

    PaneTranscripts(PaneRegistry registry, SignalttyPaths paths,
                    @Value("${signaltty.pane.transcript-bytes:1048576}") int maxBytes,
                    @Value("${signaltty.pane.transcript-tail-bytes:1048576}") int tailBytes,
                    @Value("${signaltty.pane.transcript-sync-ms:2000}") long syncMs) {
        this.registry = registry;
        this.dir = paths.stateDir().resolve("transcripts");
        this.maxBytes = maxBytes;
        this.tailBytes = tailBytes;
        this.syncMs = syncMs;
    }

    /** Called under the terminal's monitor with each chunk, before the emulator is fed it. */
    void beforeFeed(Pane pane, byte[] buffer, int offset, int length) {
        if (pane.closed) {
            return;
        }
        PaneTranscript t = null;
        try {
            // made in computeIfAbsent's own code, not in a branch of this hot path (ADR 0650)
            t = transcripts.computeIfAbsent(pane.id, id -> start(id, pane.terminal));
            t.append(pane.terminal, buffer, offset, length);
        } catch (IOException | RuntimeException e) { // never the emulator's failure: its output still shows
            log.warn("pane {}: transcript not written, starting it over: {}", pane.id, e.toString());
            transcripts.remove(pane.id);
            if (t != null) {
                dropQuietly(pane.id, t);
            }
        }
    }

    /** A pane's first output: its transcript's files and first checkpoint (they are deleted again if that fails). */
    private PaneTranscript start(String paneId, Terminal terminal) {
        try {
            return PaneTranscript.fresh(dir, paneId, maxBytes, tailBytes, terminal);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @EventListener
    void on(PaneClosed closed) {
        PaneTranscript t = transcripts.remove(closed.paneId());
        if (t != null) {
            dropQuietly(closed.paneId(), t);
        }
    }

    private void dropQuietly(String paneId, PaneTranscript t) {
        try {
            t.delete();
        } catch (IOException e) {
            log.warn("pane {}: transcript files not deleted: {}", paneId, e.toString());
        }
    }

    private void restore() {
        int restored = 0;
        for (Pane pane : registry.all()) {
            if (!pane.restored) {
                continue;
            }
            synchronized (pane.terminal) {
                try {
                    PaneTranscript t = PaneTranscript.restore(dir, pane.id, maxBytes, tailBytes, pane.terminal);
                    if (t != null) {
                        transcripts.put(pane.id, t);
                        restored++;
                    }
                } catch (IOException | RuntimeException e) {
                    log.warn("pane {}: transcript not restored: {}", pane.id, e.toString());
                }
            }
        }
        deleteGone();
        log.info("restored the screen and scrollback of {} panes", restored);
    }

    /**
     * Files of panes that no longer exist (closed while the daemon was down, or the old whole-file form),
     * and ADR 0230 files a start killed mid-conversion left beside the new form (ADR 0331).
     */
    private void deleteGone() {
        if (!Files.isDirectory(dir)) {
            return;
        }
        try (Stream<Path> files = Files.list(dir)) {
            for (Path file : files.toList()) {
                String name = file.getFileName().toString();
                int dot = name.indexOf('.');
                String id = dot < 0 ? name : name.substring(0, dot);
                if (name.endsWith(".txt") || !transcripts.containsKey(id) || LegacyTranscript.isLegacyName(id, name)) {
                    Files.deleteIfExists(file);
                }
            }
        } catch (IOException e) {
            log.warn("cannot clean transcripts in {}: {}", dir, e.toString());
        }
    }

    /** Checkpoints and syncs every pane with output since its last pass. */
    void settleAll() {
        for (Pane pane : registry.all()) {
            PaneTranscript t = transcripts.get(pane.id);
            if (t == null) {
                continue;
            }
            synchronized (pane.terminal) {
                try {
                    if (!pane.closed) {
                        t.settle(pane.terminal);
                    }
                } catch (IOException e) {
                    log.warn("pane {}: transcript checkpoint failed (will retry): {}", pane.id, e.toString());
                }
            }
        }
    }

    private void settleQuietly() {
        try {
            settleAll();
        } catch (RuntimeException e) {
            log.warn("transcripts not settled (will retry)", e);
        }
    }

    @Override
    public void start() {
        restore();
        running = true;
        ScheduledExecutorService executor = Executors.newSingleThreadScheduledExecutor(
                Thread.ofPlatform().daemon().name("snapshot-transcripts").factory());
        executor.scheduleWithFixedDelay(this::settleQuietly, syncMs, syncMs, TimeUnit.MILLISECONDS);
        timer = executor;
    }

    @Override
    public void stop() {
        running = false;
        if (timer != null) {
            timer.shutdownNow();
        }
        settleQuietly();
        for (Pane pane : registry.all()) {
            PaneTranscript t = transcripts.get(pane.id);
            if (t != null) {
                synchronized (pane.terminal) {
                    try {
                        t.close();
                    } catch (IOException e) {
                        log.warn("pane {}: transcript not closed: {}", pane.id, e.toString());
                    }
                }
            }
        }
    }

    @Override
    public boolean isRunning() {
        return running;
    }

    @Override
    public int getPhase() {
        return Integer.MAX_VALUE - 190; // after PaneSnapshots (-200) restored the panes, before the socket (-100)
    }
}
