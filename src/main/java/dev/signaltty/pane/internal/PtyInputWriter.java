package dev.signaltty.pane.internal;

import java.io.IOException;
import java.util.Arrays;

import com.sun.jna.LastErrorException;
import com.sun.jna.Memory;

/**
 * Writes a pane's input to the PTY master without ever blocking: a write takes what the PTY has room
 * for now and says how much that was, so a caller can write a keystroke on its own thread and leave
 * the rest (a program that does not read its input) to the pane's writer thread (ADR 0660).
 *
 * <p>Why a private duplicate of the master, non-blocking: pty4j's stream blocks while the PTY is full,
 * and a blocked native write cannot be given a deadline. {@code O_NONBLOCK} is a flag of the open file
 * that every duplicate of the master shares; the output reader only reads what poll said is readable,
 * and counts {@code EAGAIN} as "poll again". The duplicate is closed under this object's monitor, the
 * one every write holds, so no write can reach a descriptor number reused by an unrelated file.
 *
 * <p>Why the terminal's size, its foreground group and the hand-over's duplicate go through here too: they are the
 * other calls that reach the master from any thread, and this monitor is the one guard that the session's end
 * takes before pty4j's descriptors are released. Through pty4j ({@code setWinSize}) a resize read pty4j's master number without a lock,
 * so one racing the end of the pane could set the size of whatever terminal took the number next (ADR 1300).
 */
final class PtyInputWriter implements AutoCloseable {

    private final int master;
    private final Memory pollFd = new Memory(8);
    /** {@link #foregroundGroup}'s answer, used under the monitor only. */
    private final Memory group = new Memory(4);
    private boolean closed;

    private PtyInputWriter(int master) {
        this.master = master;
    }

    /** A writer on a private non-blocking duplicate of {@code masterFd}; the caller keeps its own descriptor. */
    static PtyInputWriter open(int masterFd) throws IOException {
        int fd = -1;
        try {
            fd = Posix.dup(masterFd);
            Posix.fcntl(fd, Posix.F_SETFD, Posix.FD_CLOEXEC);
            Posix.fcntl(fd, Posix.F_SETFL, Posix.fcntl(fd, Posix.F_GETFL, 0) | Posix.O_NONBLOCK);
            return new PtyInputWriter(fd);
        } catch (LastErrorException e) {
            if (fd >= 0) {
                Posix.close(fd);
            }
            throw new IOException("cannot open the PTY writer: errno " + e.getErrorCode(), e);
        }
    }

    /**
     * Writes what the PTY takes now of {@code length} bytes from {@code offset}: that count, 0 when it
     * is full. Fails once closed (the pane's program has gone) or when the write fails.
     */
    synchronized int writeNow(byte[] bytes, int offset, int length) throws IOException {
        if (closed) {
            throw new IOException("pane has exited");
        }
        byte[] from = offset == 0 ? bytes : Arrays.copyOfRange(bytes, offset, offset + length);
        while (true) {
            try {
                return (int) Posix.write(master, from, length);
            } catch (LastErrorException e) {
                if (e.getErrorCode() == Posix.EAGAIN) {
                    return 0;
                }
                if (e.getErrorCode() != Posix.EINTR) {
                    throw new IOException("PTY write failed: errno " + e.getErrorCode(), e);
                }
            }
        }
    }

    /**
     * Waits up to {@code ms} for room in the PTY (only the pane's writer thread calls it). A close
     * meanwhile ends the wait early or not at all; the next {@link #writeNow} tells.
     */
    void awaitRoom(int ms) {
        synchronized (this) {
            if (closed) {
                return;
            }
            pollFd.setInt(0, master);
            pollFd.setShort(4, Posix.POLLOUT);
            pollFd.setShort(6, (short) 0);
        }
        try {
            Posix.poll(pollFd, 1, ms); // outside the monitor: a close must not wait for it
        } catch (LastErrorException e) {
            // EINTR or a descriptor closed under the poll: the caller writes again and finds out
        }
    }

    /**
     * Sets the terminal's size ({@code TIOCSWINSZ}: the kernel sends SIGWINCH to its foreground group). Nothing
     * once closed: the pane's program has gone or is going, and the number may be another file's.
     */
    synchronized void resize(int cols, int rows) {
        if (closed) {
            return;
        }
        try (Memory size = new Memory(8)) {
            size.setShort(0, (short) rows);
            size.setShort(2, (short) cols);
            size.setShort(4, (short) 0);
            size.setShort(6, (short) 0);
            Posix.ioctl(master, Posix.TIOCSWINSZ, size);
        } catch (LastErrorException e) {
            // the terminal is gone: the program has ended or is ending
        }
    }

    /**
     * The terminal's foreground process group ({@code tcgetpgrp} on the master, ADR 1301); -1 once closed or when
     * the terminal has none.
     */
    synchronized int foregroundGroup() {
        if (closed) {
            return -1;
        }
        try {
            Posix.ioctl(master, Posix.TIOCGPGRP, group);
            return group.getInt(0);
        } catch (LastErrorException e) {
            return -1; // the terminal is gone: the program has ended or is ending
        }
    }

    /** A new descriptor of the master, not close-on-exec, for the daemon's next image (ADR 0810). */
    synchronized int duplicateForExec() throws IOException {
        if (closed) {
            throw new IOException("pane has exited");
        }
        try {
            return Posix.dup(master);
        } catch (LastErrorException e) {
            throw new IOException("cannot duplicate the PTY master: errno " + e.getErrorCode(), e);
        }
    }

    @Override
    public synchronized void close() {
        if (!closed) {
            closed = true;
            try {
                Posix.close(master);
            } catch (LastErrorException ignored) {
                // the descriptor is gone either way
            }
        }
    }
}
