package dev.signaltty.pane.internal;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;

import jakarta.annotation.PreDestroy;

import dev.signaltty.transport.SignalttyPaths;
import dev.signaltty.vt.RingLimits;
import dev.signaltty.vt.Terminal;
import dev.signaltty.vt.TerminalListener;

/**
 * Runs a few MiB of synthetic output through the output path once, after the socket listens, so the JIT
 * has compiled it before a pane's first flood (issue 24 item 1): the pipe's turns, the transcript's
 * append and checkpoints, and the emulator, as {@link PaneEmulation} and {@link PaneOutput#emit} drive
 * them, in two sizes and both kinds of output {@link SyntheticOutput} makes. Nothing of it is visible:
 * no pane, no event, its transcript in a temporary directory beside the socket deleted at the end, and
 * every object dropped. On a thread of its own with a raised nice value, and it pauses while any pane's output
 * flows, so it never takes a core a real pane's output could use.
 * {@code signaltty.pane.output-warmup=false} turns it off.
 */
@Component
class OutputWarmup {

    private static final Logger log = LoggerFactory.getLogger(OutputWarmup.class);
    /** Each kind's block, fed again and again: enough distinct lines that history and checkpoints see real text. */
    private static final int BLOCK = 256 * 1024;
    /** How long real output must have stopped before the warm-up goes on. */
    static final long QUIET_MS = 100;
    private static final int[][] SIZES = {{200, 50}, {80, 24}};
    private static final TerminalListener NO_REPLIES = new TerminalListener() {
    };

    private final PaneOutput output;
    /** Where its transcript goes: the socket's private directory, not the state dir a restart restores from. */
    private final Path runtimeDir;
    private final boolean enabled;
    private final long delayMs;
    private final long bytes;
    private final int nice;
    private final RingLimits ringLimits;
    private final int transcriptBytes;
    private final int tailBytes;
    private final CountDownLatch finished = new CountDownLatch(1);
    private volatile boolean stopped;
    private volatile @Nullable Thread thread;
    private volatile long fed;
    private volatile int pauses;

    OutputWarmup(PaneOutput output, SignalttyPaths paths,
                 @Value("${signaltty.pane.output-warmup:true}") boolean enabled,
                 @Value("${signaltty.pane.output-warmup-delay-ms:2000}") long delayMs,
                 @Value("${signaltty.pane.output-warmup-bytes:8388608}") long bytes,
                 @Value("${signaltty.pane.output-warmup-nice:10}") int nice,
                 @Value("${signaltty.pane.scrollback-lines:10000}") int scrollbackLines,
                 @Value("${signaltty.pane.scrollback-bytes:8388608}") long scrollbackBytes,
                 @Value("${signaltty.pane.transcript-bytes:1048576}") int transcriptBytes,
                 @Value("${signaltty.pane.transcript-tail-bytes:1048576}") int tailBytes) {
        this.output = output;
        this.runtimeDir = paths.socket().toAbsolutePath().getParent();
        this.enabled = enabled;
        this.delayMs = delayMs;
        this.bytes = bytes;
        this.nice = nice;
        this.ringLimits = new RingLimits(scrollbackLines, scrollbackBytes);
        this.transcriptBytes = transcriptBytes;
        this.tailBytes = tailBytes;
    }

    @EventListener(ApplicationReadyEvent.class)
    void start() {
        if (!enabled || bytes <= 0) {
            finished.countDown();
            return;
        }
        thread = Thread.ofPlatform().daemon().name("output-warmup").start(this::run);
    }

    @PreDestroy
    void stop() {
        stopped = true;
        Thread t = thread;
        if (t != null) {
            t.interrupt();
        }
    }

    /** Waits for the warm-up to end (done, stopped, or never started); false on the deadline. */
    boolean awaitFinished(long timeoutMs) throws InterruptedException {
        return finished.await(timeoutMs, TimeUnit.MILLISECONDS);
    }

    /** Synthetic bytes emulated so far. */
    long fed() {
        return fed;
    }

    /** How many times it waited for real output to stop. */
    int pauses() {
        return pauses;
    }

    private void run() {
        Path dir = null;
        try {
            lowerPriority();
            Thread.sleep(delayMs);
            awaitQuiet(); // not even its set-up while a pane floods
            byte[][] kinds = {SyntheticOutput.escapeHeavy(BLOCK), SyntheticOutput.plain(BLOCK)};
            dir = Files.createTempDirectory(runtimeDir, "output-warmup"); // owner-only; deleted below
            long each = bytes / SIZES.length;
            for (int i = 0; i < SIZES.length && !stopped; i++) {
                feed(new Terminal(SIZES[i][0], SIZES[i][1], NO_REPLIES, ringLimits, 0), dir, "warmup-" + i, kinds, each);
            }
            kinds = null;
            awaitQuiet(); // a full GC's pause is not for a pane's output either
            if (!stopped) {
                // the heap the warm-up grew is given back now (G1 uncommits after a full GC, MaxHeapFreeRatio),
                // not at some later collection: an idle daemon's RSS is as without it
                System.gc();
            }
        } catch (InterruptedException e) {
            // the daemon stops
        } catch (IOException | RuntimeException e) {
            log.debug("output warm-up ended early", e);
        } finally {
            if (dir != null) {
                deleteQuietly(dir);
            }
            thread = null;
            finished.countDown();
        }
    }

    /** One terminal's share, through a pipe and a transcript as a pane's output goes; the two kinds alternate per block. */
    private void feed(Terminal terminal, Path dir, String id, byte[][] kinds, long total) throws IOException,
            InterruptedException {
        PaneTranscript transcript = PaneTranscript.fresh(dir, id, transcriptBytes, tailBytes, terminal);
        try {
            OutputPipe pipe = new OutputPipe(() -> { }); // its turns run right here, after each write
            OutputPipe.Consumer emit = (buffer, offset, length) -> {
                synchronized (terminal) {
                    try {
                        transcript.append(terminal, buffer, offset, length);
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                    terminal.feed(buffer, offset, length);
                }
            };
            byte[] chunk = new byte[PtyOutputReader.CHUNK];
            long seen = output.bytesOut();
            int kind = 0;
            int at = 0;
            for (long done = 0; done < total && !stopped; ) {
                if (output.bytesOut() != seen) {
                    seen = awaitQuiet();
                }
                byte[] block = kinds[kind];
                int n = Math.min(chunk.length, block.length - at);
                System.arraycopy(block, at, chunk, 0, n);
                pipe.write(chunk, n);
                while (pipe.turn(emit, PaneEmulation.TURN_BYTES) == OutputPipe.Turn.MORE) {
                    // drained here: the pipe never fills, so write never waits
                }
                at += n;
                if (at == block.length) {
                    at = 0;
                    kind = (kind + 1) % kinds.length;
                }
                done += n;
                fed += n;
            }
        } finally {
            transcript.delete();
        }
    }

    /** Waits until no pane has had output for {@link #QUIET_MS}; returns the output counter then. */
    private long awaitQuiet() throws InterruptedException {
        long seen = output.bytesOut();
        Thread.sleep(QUIET_MS);
        if (output.bytesOut() == seen) {
            return seen;
        }
        pauses++;
        do {
            seen = output.bytesOut();
            Thread.sleep(QUIET_MS);
        } while (output.bytesOut() != seen && !stopped);
        return seen;
    }

    /** Linux keeps a nice value per thread: this one yields a core to the panes' readers and emulators. */
    private void lowerPriority() {
        if (nice <= 0) {
            return;
        }
        try {
            String self = Files.readSymbolicLink(Path.of("/proc/thread-self")).getFileName().toString();
            Posix.setpriority(0, Integer.parseInt(self), nice);
        } catch (IOException | RuntimeException | LinkageError e) {
            log.debug("output warm-up runs at normal priority: {}", e.toString()); // not Linux: still correct
        }
    }

    private static void deleteQuietly(Path dir) {
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(file);
            }
        } catch (IOException | UncheckedIOException e) {
            log.debug("output warm-up's directory {} not deleted: {}", dir, e.toString());
        }
    }
}
