package dev.signaltty.pane.internal;

import java.io.IOException;

import com.sun.jna.LastErrorException;
import com.sun.jna.Memory;
import com.sun.jna.Native;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads a pane's program output straight from the PTY master, on the pane's reader thread.
 *
 * <p>Why not pty4j's stream: every {@code read} there builds a fresh JNA {@code pollfd} structure
 * (reflection), allocates a scratch array of the requested length and copies through it: about 40 % of
 * the reader's time in a flood (docs/benchmarks.md, "Flood path"). Here the {@code pollfd} pair and the
 * read buffer are native memory allocated once, and the functions are JNA direct-mapped.
 *
 * <p>Why a private duplicate of the master: pty4j closes its own descriptor when the pane ends, and a
 * descriptor number closed under a blocked {@code read} can be reused by an unrelated file. Our
 * duplicate is closed only by this reader, after its last read. Why a wake pipe: {@code close} does
 * not wake a blocked {@code read} on Linux, and a descendant that outlives the pane's leader can hold
 * the slave open forever; {@link #stop()} makes the reader drain what is readable now and end.
 */
final class PtyOutputReader implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(PtyOutputReader.class);

    /** Receives each chunk; the array is reused, so a sink copies what it keeps. */
    @FunctionalInterface
    interface Sink {
        void accept(byte[] chunk, int length);

        /** The PTY has been quiet for {@link #IDLE_MS}: a moment to give back buffers sized for floods. */
        default void idle() {
        }
    }

    /** One hand-over to the emulator: up to four PTY reads taken back to back while more is readable. */
    static final int CHUNK = 16 * 1024;
    /** What one PTY read returns at most in practice (the line discipline's buffer). */
    private static final int PTY_READ = 4 * 1024;
    /**
     * Quiet this long, the reader gives its buffers back (ADR 0491): an idle pane holds none of the
     * 32 KiB a flood reads through, and the first read after the pause allocates them again.
     */
    static final int IDLE_MS = 1_000;
    /**
     * Quiet this much longer with its buffers given back, {@link #pump} returns {@code false} so the pane's
     * reader can hand the master to the shared idle watcher and end (ADR 0547): an idle pane keeps no
     * thread of ours. A flood never sees it.
     */
    static final int HANDOFF_MS = 4_000;
    /** Bounds the drain after {@link #stop()}, against a descendant that never stops writing. */
    private static final int MAX_DRAIN_READS = 256;

    private final int master;
    private final int wakeRead;
    private final int wakeWrite;
    private final Memory pollFds = new Memory(16);
    /** The read buffers, null while idle (allocated by {@link #buffers} before a read). */
    private @Nullable Memory native_;
    private byte @Nullable [] chunk;
    private boolean closed;

    private PtyOutputReader(int master, int wakeRead, int wakeWrite) {
        this.master = master;
        this.wakeRead = wakeRead;
        this.wakeWrite = wakeWrite;
        pollFds.clear();
        pollFds.setInt(0, master);
        pollFds.setShort(4, Posix.POLLIN);
        pollFds.setInt(8, wakeRead);
        pollFds.setShort(12, Posix.POLLIN);
    }

    /** Opens a reader on a private duplicate of {@code masterFd}; the caller keeps its own descriptor. */
    static PtyOutputReader open(int masterFd) throws IOException {
        int[] fds = {-1, -1, -1};
        try {
            fds[0] = Posix.dup(masterFd);
            int[] wake = new int[2];
            Posix.pipe(wake);
            fds[1] = wake[0];
            fds[2] = wake[1];
            for (int fd : fds) {
                Posix.fcntl(fd, Posix.F_SETFD, Posix.FD_CLOEXEC);
            }
            // a flag of the open file, shared with PtyInputWriter's duplicate (which sets it too)
            Posix.fcntl(fds[0], Posix.F_SETFL, Posix.fcntl(fds[0], Posix.F_GETFL, 0) | Posix.O_NONBLOCK);
            return new PtyOutputReader(fds[0], fds[1], fds[2]);
        } catch (LastErrorException e) {
            for (int fd : fds) {
                quietClose(fd);
            }
            throw new IOException("cannot open the PTY reader: errno " + e.getErrorCode(), e);
        }
    }

    /**
     * Reads until the PTY ends (every slave descriptor closed: EOF or EIO) or {@link #stop()} is
     * called, handing each chunk to {@code sink} in order, and returns {@code true}; or returns
     * {@code false} once it has been quiet for {@link #HANDOFF_MS} with its buffers given back. A later
     * call goes on where this one stopped.
     *
     * <p>While output flows, it only reads: the master is non-blocking, and a read that finds nothing
     * fails with {@code EAGAIN} after the same wait for the PTY's flush worker that a zero-timeout poll
     * makes. So a flood costs one system call per 4 KiB, and poll runs only when the PTY has run dry
     * (ADR 0680).
     */
    boolean pump(Sink sink) throws IOException {
        while (true) {
            if (chunk != null) {
                int n = readBurst(sink);
                if (n > 0) {
                    continue;
                }
                if (n == 0) {
                    return true; // EOF or EIO: no slave is open any more
                }
            }
            pollFds.setShort(6, (short) 0);
            pollFds.setShort(14, (short) 0);
            int ready;
            try {
                ready = Posix.poll(pollFds, 2, chunk == null ? HANDOFF_MS : IDLE_MS);
            } catch (LastErrorException e) {
                if (e.getErrorCode() == Posix.EINTR) {
                    continue;
                }
                throw new IOException("poll on the PTY failed: errno " + e.getErrorCode(), e);
            }
            if (ready == 0) {
                if (chunk == null) {
                    return false;
                }
                releaseBuffers();
                sink.idle();
                continue;
            }
            if (pollFds.getShort(6) != 0) {
                if (readBurst(sink) == 0) {
                    return true;
                }
                continue; // read, or nothing after all: read or poll again
            }
            if (pollFds.getShort(14) != 0) {
                drain(sink);
                return true;
            }
        }
    }

    /**
     * One read, and what follows it at once, handed to {@code sink} as one chunk: the bytes read (&gt; 0),
     * 0 at the end of the PTY, -1 when nothing was readable.
     */
    private int readBurst(Sink sink) {
        int n = readOnce(0);
        if (n > 0) {
            sink.accept(chunk, n + readMore(n));
        }
        return n;
    }

    /** Our duplicate of the master, for the idle watcher's poll while no {@link #pump} runs. */
    int master() {
        return master;
    }

    /** The read end of the wake pipe: readable once {@link #stop()} was called. */
    int wakeFd() {
        return wakeRead;
    }

    /** Wakes {@link #pump} so it reads what is already there and returns. Safe from any thread. */
    synchronized void stop() {
        // synchronized with close: a write after close could hit a reused descriptor number
        if (!closed) {
            try {
                Posix.write(wakeWrite, new byte[] {1}, 1);
            } catch (LastErrorException ignored) {
                // the pipe is full (already woken) or closed (already ended): either way the reader ends
            }
        }
    }

    private void drain(Sink sink) {
        pollFds.setShort(14, (short) 0);
        for (int i = 0; i < MAX_DRAIN_READS; i++) {
            int n = readOnce(0);
            if (n <= 0) {
                return; // the end, or nothing more readable now
            }
            sink.accept(chunk, n);
        }
    }

    /**
     * While there is room for a whole PTY read, reads more behind the {@code filled} bytes already in
     * {@link #chunk} until the PTY has nothing at once: one hand-over per burst instead of one per 4 KiB
     * read, and each hand-over may wake the emulator thread. Returns the bytes added.
     */
    private int readMore(int filled) {
        int added = 0;
        while (filled + added + PTY_READ <= CHUNK) {
            int n = readOnce(filled + added);
            if (n <= 0) {
                break; // nothing now, or the end: the next read or poll sees it again
            }
            added += n;
        }
        return added;
    }

    /**
     * Bytes read into {@link #chunk} at {@code at}; 0 at the end of the PTY; -1 when nothing is readable
     * now. No exception for {@code EAGAIN}: in a flood every burst ends with one.
     */
    private int readOnce(int at) {
        if (chunk == null) {
            native_ = new Memory(CHUNK);
            chunk = new byte[CHUNK];
        }
        while (true) {
            long n = Posix.read(master, native_, CHUNK - at);
            if (n > 0) {
                native_.read(0, chunk, at, (int) n);
                return (int) n;
            }
            if (n == 0) {
                return 0;
            }
            int errno = Native.getLastError();
            if (errno == Posix.EAGAIN) {
                return -1;
            }
            if (errno != Posix.EINTR) {
                if (errno != Posix.EIO) {
                    // EIO is the hang-up (no slave open); anything else ends a pane's output that may not be over
                    log.warn("PTY master descriptor {}: read failed with errno {}; taken as the end of the output",
                            master, errno);
                }
                return 0;
            }
        }
    }

    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        quietClose(master);
        quietClose(wakeRead);
        quietClose(wakeWrite);
        releaseBuffers();
        pollFds.close();
    }

    private void releaseBuffers() {
        if (native_ != null) {
            native_.close();
        }
        native_ = null;
        chunk = null;
    }

    private static void quietClose(int fd) {
        if (fd >= 0) {
            try {
                Posix.close(fd);
            } catch (LastErrorException ignored) {
                // nothing to do: the descriptor is gone either way
            }
        }
    }
}
