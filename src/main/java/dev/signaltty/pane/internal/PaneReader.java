package dev.signaltty.pane.internal;

import java.io.IOException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import com.sun.jna.LastErrorException;
import com.sun.jna.Memory;

import dev.signaltty.transport.ThreadSlice;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A pane's PTY output, read in stints on a platform thread {@code pty-read-<pane>} (a blocking native
 * poll and read would pin a virtual thread's carrier). A stint ends when the PTY ends, or when it has been
 * quiet for {@link PtyOutputReader#IDLE_MS} + {@link PtyOutputReader#HANDOFF_MS}. In the second case the
 * master goes to {@link IdlePtyWatcher}, and a new stint starts once it has output, hangs up or is stopped
 * (ADR 0547). A flood is one stint from start to end. {@link #awaitEnd} is what the exit path waits on
 * now, since there is no single thread to join.
 */
final class PaneReader {

    private static final Logger log = LoggerFactory.getLogger(PaneReader.class);

    private final String paneId;
    private final PtySession session;
    private final OutputPipe pipe;
    private final PtyOutputReader.Sink sink;
    private final CountDownLatch ended = new CountDownLatch(1);
    private final Runnable onQuiet;
    /** Set before the wake byte of a {@link #stop()}: a wake without it is a stray write (ADR 1200). */
    private volatile boolean stopAsked;

    /** {@code quiet} runs on the reader's thread each time the PTY has gone quiet (its buffers given back). */
    PaneReader(String paneId, PtySession session, OutputPipe pipe, KeystrokeHold hold, Runnable quiet) {
        this.paneId = paneId;
        this.session = session;
        this.pipe = pipe;
        this.onQuiet = quiet;
        this.sink = new PtyOutputReader.Sink() {
            @Override
            public void accept(byte[] chunk, int length) {
                try {
                    // false once the emulator has failed: the output is then read and dropped, so the
                    // program never blocks on a full PTY
                    pipe.write(chunk, length);
                    // a keystroke's echo ends its hold; a flood waits here for another pane's hold (ADR 0910)
                    hold.outputRead(paneId);
                    hold.pauseIfFlooding(paneId, length);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException("interrupted", e);
                }
            }

            @Override
            public void idle() {
                pipe.releaseIfIdle();
                quiet();
            }
        };
    }

    /** Starts the first stint. */
    void start() {
        Thread.ofPlatform().daemon().name("pty-read-" + paneId).start(this::stint);
    }

    /** Called by the watcher: the master has something; a new stint reads it. */
    void resume() {
        try {
            start();
        } catch (RuntimeException | OutOfMemoryError e) {
            // no thread to read with: end the output, so the exit is still told
            log.warn("pane {}: cannot resume its reader, output ends: {}", paneId, e.toString());
            end();
        }
    }

    PtyOutputReader output() {
        return session.output();
    }

    /** Makes the reader read what is readable now and end (the exit's linger, a hand-over). */
    void stop() {
        stopAsked = true;
        session.output().stop();
    }

    /** Waits up to {@code ms} for the output's end (the reader's last stint returned); true once it has. */
    boolean awaitEnd(long ms) throws InterruptedException {
        return ended.await(ms, TimeUnit.MILLISECONDS);
    }

    private void stint() {
        ThreadSlice.requestForLatency(); // the echo's path (ADR 0890)
        while (true) {
            boolean over = true;
            try {
                over = session.output().pump(sink);
            } catch (IOException | RuntimeException e) {
                log.warn("pane {} output ended by a read failure: {}", paneId, e.toString());
            }
            if (over) {
                if (!stopAsked && wokenWithoutStop()) {
                    // nobody asked: a write to a reused descriptor number, as pty4j's reaper once made (ADR 1200);
                    // said here because the pane's program is hung up next, with nothing else in the log
                    log.warn("pane {}: output ended by a byte on its reader's wake pipe that no stop wrote (a stray"
                            + " write to a reused descriptor number); its program is hung up", paneId);
                }
                end();
                return;
            }
            // again at the hand-off: the emulator may still have been catching up on a flood at the first
            // quiet second, and what it wrote since is deflated now (pages already deflated are skipped)
            quiet();
            try {
                IdlePtyWatcher.INSTANCE.watch(this);
                return;
            } catch (RuntimeException e) {
                // no watcher (its pipe or thread could not be made): this thread goes on reading
                log.warn("pane {}: idle watcher unavailable, reading on: {}", paneId, e.toString());
            }
        }
    }

    /** True when the wake pipe holds a byte (the drain at a wake leaves it there). */
    private boolean wokenWithoutStop() {
        try (Memory pollFd = new Memory(8)) {
            pollFd.setInt(0, session.output().wakeFd());
            pollFd.setShort(4, Posix.POLLIN);
            pollFd.setShort(6, (short) 0);
            return Posix.poll(pollFd, 1, 0) > 0 && (pollFd.getShort(6) & Posix.POLLIN) != 0;
        } catch (LastErrorException e) {
            return false;
        }
    }

    private void quiet() {
        try {
            onQuiet.run();
        } catch (RuntimeException e) {
            log.warn("pane {}: giving back idle memory failed: {}", paneId, e.toString());
        }
    }

    private void end() {
        try {
            pipe.end();
        } finally {
            session.closeOutput();
            ended.countDown();
        }
    }
}
