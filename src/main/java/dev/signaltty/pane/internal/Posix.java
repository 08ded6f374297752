package dev.signaltty.pane.internal;

import com.sun.jna.LastErrorException;
import com.sun.jna.Memory;
import com.sun.jna.Native;
import com.sun.jna.Pointer;

/**
 * The libc calls the pane module makes directly (JNA direct mapping): pty4j's streams offer no poll, and
 * a reader must wait on its master and its wake pipe at once; the JVM offers no way to set a signal's
 * disposition to its default ({@link ChildSignals}).
 */
final class Posix {

    static {
        Native.register(Posix.class, "c");
    }

    static final short POLLIN = 0x1;
    static final short POLLOUT = 0x4;
    static final int EINTR = 4;
    static final int EAGAIN = 11;
    static final int EIO = 5;
    static final int F_SETFD = 2;
    static final int F_GETFL = 3;
    static final int F_SETFL = 4;
    static final int FD_CLOEXEC = 1;
    static final int O_NONBLOCK = 0x800;
    static final int F_GETFD = 1;
    static final int WNOHANG = 1;
    static final int ECHILD = 10;
    /** Linux's TIOCSWINSZ (x86-64 and arm64 alike). */
    static final long TIOCSWINSZ = 0x5414;
    /** Linux's TIOCGPGRP: on a master, the foreground process group of its terminal. */
    static final long TIOCGPGRP = 0x540F;

    private Posix() {
    }

    static native int poll(Memory fds, long nfds, int timeoutMs) throws LastErrorException;

    /** -1 on failure, with the error in {@link Native#getLastError()}: no exception for an expected {@code EAGAIN}. */
    static native long read(int fd, Memory buffer, long count);

    static native long write(int fd, byte[] buffer, long count) throws LastErrorException;

    static native int dup(int fd) throws LastErrorException;

    static native int pipe(int[] fds) throws LastErrorException;

    static native int fcntl(int fd, int command, int argument) throws LastErrorException;

    static native int close(int fd) throws LastErrorException;

    /** {@code status} receives the wait status; 0 with {@link #WNOHANG} while the child runs. */
    static native int waitpid(int pid, int[] status, int options) throws LastErrorException;

    /** {@code argument} points at a {@code struct winsize} for {@link #TIOCSWINSZ}, an {@code int} for {@link #TIOCGPGRP}. */
    static native int ioctl(int fd, long request, Memory argument) throws LastErrorException;

    /** {@code handler} {@link Pointer#NULL} is SIG_DFL. */
    static native Pointer signal(int signal, Pointer handler);
}
