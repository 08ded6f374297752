package dev.signaltty.pane.internal;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;

import org.jspecify.annotations.Nullable;

import com.sun.jna.LastErrorException;

/**
 * A pane's program that the daemon's previous image launched and handed over across a restart in place
 * (ADR 0810): still our child (same pid), its PTY master inherited as a plain descriptor. What pty4j's
 * process object does for a launched child is done here on the pid directly: the exit through
 * {@code waitpid} on a reaper thread of its own. The size is set through the session's writer (ADR 1300).
 */
final class AdoptedChild implements PtySession.Child {

    private final int pid;
    private final int master;
    /**
     * Why an adopted program's exit has no status: {@code waitpid} found it no longer our child. After the restart
     * its one waiter is this class (the JDK reaps only what it started, pty4j only what it launched, and the JDK
     * resets an inherited ignored SIGCHLD at its first launch), so only a reap before the adoption gets here, as
     * an old image's pty4j reaper could do (ADR 0870); the status went with that waiter (ADR 0952).
     */
    static final String STATUS_LOST = "reaped elsewhere (waitpid: ECHILD): its exit status is lost";

    /** The exit status, or null once it is known to be lost. */
    private final CompletableFuture<@Nullable Integer> exit = new CompletableFuture<>();
    private boolean released;

    private AdoptedChild(int pid, int master) {
        this.pid = pid;
        this.master = master;
    }

    /**
     * Starts reaping {@code pid}; the caller has checked it is our running child. A platform thread,
     * as pty4j's reaper is: a blocking native wait would pin a virtual thread's carrier.
     */
    static AdoptedChild reap(int pid, int master) {
        AdoptedChild child = new AdoptedChild(pid, master);
        Thread.ofPlatform().daemon().name("pty-reap-" + pid).start(child::awaitExit);
        return child;
    }

    private void awaitExit() {
        int[] status = new int[1];
        while (true) {
            try {
                Posix.waitpid(pid, status, 0);
                exit.complete(exitCode(status[0]));
                return;
            } catch (LastErrorException e) {
                if (e.getErrorCode() != Posix.EINTR) {
                    // ECHILD (no other errno can come for a pid > 0 and no options): reaped elsewhere; no code
                    // is made up for it, a signal's 129 least of all (ADR 0952)
                    exit.complete(null);
                    return;
                }
            }
        }
    }

    /** The exit status as pty4j reports it: the code, or 128+n for signal n. */
    static int exitCode(int status) {
        int signal = status & 0x7f;
        return signal == 0 ? (status >> 8) & 0xff : 128 + signal;
    }

    @Override
    public long pid() {
        return pid;
    }

    @Override
    public boolean isAlive() {
        return !exit.isDone();
    }

    @Override
    public @Nullable Integer waitFor() throws InterruptedException {
        try {
            return exit.get();
        } catch (ExecutionException e) {
            throw new IllegalStateException(e.getCause());
        }
    }

    @Override
    public synchronized void release() {
        if (!released) {
            released = true;
            try {
                Posix.close(master);
            } catch (LastErrorException ignored) {
                // gone either way
            }
        }
    }
}
