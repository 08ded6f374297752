package dev.signaltty.pane.internal;

import java.util.Collection;
import java.util.concurrent.locks.LockSupport;

import dev.signaltty.transport.HeldChildren;
import dev.signaltty.transport.ProcessStat;

/**
 * The handed-over programs held still across the exec of a restart in place (ADR 0870). pty4j's reaper
 * thread blocks in {@code waitpid} on every child it launched until the exec ends it, so a program that
 * exits in the instant between the old image's last look at it and the {@code execve} is reaped there and
 * its status dies with that image. Stopped (SIGSTOP) before that last look, a program cannot exit until
 * the next image continues it ({@link HeldChildren}, at its JVM's start), and then that image is its only
 * waiter: what the last look sees, running or exited, stays true up to the exec. SIGKILL from elsewhere is the
 * one thing a stop does not hold.
 */
final class HeldPrograms {

    private static final int SIGCONT = 18;
    private static final int SIGSTOP = 19;
    private static final long POLL_NANOS = 200_000;

    /** What a program was once {@linkplain #hold held}. */
    enum Held {
        /** Stopped: it cannot exit before it is continued. */
        STOPPED,
        /** It had exited: a zombie, or reaped already. */
        EXITED,
        /** Not stopped by the deadline (in an uninterruptible wait): it may still exit before the exec. */
        RUNNING
    }

    private HeldPrograms() {
    }

    /** Stops {@code pid} and waits, up to {@code deadlineNanos}, until it is stopped or seen to have exited. */
    static Held hold(long pid, long deadlineNanos) {
        if (PtySession.LibC.INSTANCE.kill((int) pid, SIGSTOP) != 0) {
            return Held.EXITED; // no such process: reaped
        }
        // a stop takes effect once the program is next scheduled; an exit under way goes on to the end
        while (true) {
            ProcessStat stat = ProcessStat.of(pid).orElse(null);
            if (stat == null || stat.state() == 'Z' || stat.state() == 'X') {
                return Held.EXITED;
            }
            if (stat.stopped()) {
                return Held.STOPPED;
            }
            if (System.nanoTime() - deadlineNanos >= 0) {
                return Held.RUNNING;
            }
            LockSupport.parkNanos(POLL_NANOS);
        }
    }

    /** Continues each of {@code pids} (the exec failed); a program not stopped, or gone, is not affected. */
    static void release(Collection<? extends Number> pids) {
        for (Number pid : pids) {
            PtySession.LibC.INSTANCE.kill(pid.intValue(), SIGCONT);
        }
    }
}
