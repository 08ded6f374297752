package dev.signaltty.pane.internal;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.SmartLifecycle;
import org.springframework.stereotype.Component;

import dev.signaltty.transport.SignalttyPaths;
import dev.signaltty.vt.Transcript;

/**
 * Keeps each pane's screen and scrollback across restarts and crashes (issue 17 item 1, ADR 0132): every
 * {@value #PERIOD_MS} ms, each pane whose output moved since its last write has its transcript (history
 * and visible screen as styled lines, at most {@code signaltty.pane.transcript-bytes}, default 1 MiB)
 * rewritten to {@code <state>/transcripts/<pane_id>.txt} (synced temporary file, rename; 0600). At start a
 * restored pane's terminal is fed its transcript, so pane.read returns the text from before the restart
 * (marked {@code restored}). Files of panes that no longer exist are deleted.
 */
@Component
class PaneTranscripts implements SmartLifecycle {

    private static final Logger log = LoggerFactory.getLogger(PaneTranscripts.class);
    static final long PERIOD_MS = 2_000;
    private static final Pattern FILE = Pattern.compile("pane_[a-z0-9]+\\.txt");

    private final PaneRegistry registry;
    private final Path dir;
    private final int maxBytes;
    /** Output offset at each pane's last write (by the timer thread only). */
    private final Map<String, Long> written = new HashMap<>();
    private @Nullable ScheduledExecutorService timer;
    private volatile boolean running;

    PaneTranscripts(PaneRegistry registry, SignalttyPaths paths,
                    @Value("${signaltty.pane.transcript-bytes:1048576}") int maxBytes) {
        this.registry = registry;
        this.dir = paths.stateDir().resolve("transcripts");
        this.maxBytes = maxBytes;
    }

    private void restore() {
        int restored = 0;
        for (Pane pane : registry.all()) {
            Path file = dir.resolve(pane.id + ".txt");
            if (pane.restored && Files.isRegularFile(file)) {
                try {
                    Transcript.restore(pane.terminal, Files.readAllBytes(file));
                    restored++;
                } catch (IOException | RuntimeException e) {
                    log.warn("pane {}: transcript {} not restored: {}", pane.id, file, e.toString());
                }
            }
        }
        log.info("restored the screen and scrollback of {} panes", restored);
    }

    synchronized void saveChanged() {
        for (Pane pane : registry.all()) {
            long offset;
            synchronized (pane.terminal) {
                offset = pane.outputOffset;
            }
            Long last = written.get(pane.id);
            if (last != null && last == offset) {
                continue;
            }
            try {
                write(dir.resolve(pane.id + ".txt"), Transcript.export(pane.terminal, maxBytes));
                written.put(pane.id, offset);
            } catch (IOException e) {
                log.warn("pane {}: transcript not saved (will retry): {}", pane.id, e.toString());
            }
        }
        deleteGone();
    }

    private void deleteGone() {
        if (!Files.isDirectory(dir)) {
            return;
        }
        Set<String> live = registry.all().stream().map(p -> p.id + ".txt").collect(Collectors.toSet());
        written.keySet().removeIf(id -> !live.contains(id + ".txt"));
        try (Stream<Path> files = Files.list(dir)) {
            for (Path file : files.toList()) {
                String name = file.getFileName().toString();
                if (FILE.matcher(name).matches() && !live.contains(name)) {
                    Files.deleteIfExists(file);
                }
            }
        } catch (IOException e) {
            log.warn("cannot clean transcripts in {}: {}", dir, e.toString());
        }
    }

    private void write(Path target, byte[] bytes) throws IOException {
        if (!Files.isDirectory(dir)) {
            Files.createDirectories(dir, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        }
        Path temp = dir.resolve(target.getFileName() + ".tmp");
        try (FileChannel channel = FileChannel.open(temp, Set.of(StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING), PosixFilePermissions.asFileAttribute(
                        PosixFilePermissions.fromString("rw-------")))) {
            ByteBuffer buffer = ByteBuffer.wrap(bytes);
            while (buffer.hasRemaining()) {
                channel.write(buffer);
            }
            channel.force(true);
        }
        Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    }

    private void saveQuietly() {
        try {
            saveChanged();
        } catch (RuntimeException e) {
            log.warn("transcripts not saved (will retry)", e);
        }
    }

    @Override
    public void start() {
        restore();
        // what was just restored is on disk already: count it as written
        registry.all().forEach(p -> written.put(p.id, 0L));
        running = true;
        ScheduledExecutorService executor = Executors.newSingleThreadScheduledExecutor(
                Thread.ofPlatform().daemon().name("snapshot-transcripts").factory());
        executor.scheduleWithFixedDelay(this::saveQuietly, PERIOD_MS, PERIOD_MS, TimeUnit.MILLISECONDS);
        timer = executor;
    }

    @Override
    public void stop() {
        running = false;
        if (timer != null) {
            timer.shutdownNow();
        }
        saveQuietly();
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
