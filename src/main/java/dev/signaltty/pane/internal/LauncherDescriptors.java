package dev.signaltty.pane.internal;

import java.io.IOException;
import java.lang.reflect.Field;

import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import com.pty4j.unix.Pty;
import com.pty4j.unix.UnixPtyProcess;
import com.sun.jna.LastErrorException;
import com.sun.jna.Memory;

/**
 * Lets go of pty4j's own descriptors of a launched program (its master, and the wake pipe of the reader we never
 * use) only once pty4j's reaper thread can no longer write to them (ADR 1200).
 *
 * <p>Why: once {@code waitpid} returns, the reaper sets the process done under the process's monitor, leaves the
 * monitor, and then writes one byte to the wake pipe, reading the pipe's descriptor number from a plain field
 * just before. Closing the pipe sets that field to -1, but a reaper that read the number first and was then
 * preempted writes after the close, to whatever file has that number by then. On a busy daemon that was a fresh
 * pane's reader's wake pipe: the reader drained and ended, its master was closed, and the new program got SIGHUP
 * before any of its output was read (ADR 1200 has the sightings).
 *
 * <p>So: while the program has not been reaped (the reaper is not past the monitor), the descriptors are closed
 * under that monitor, and the reaper, which takes the monitor before it reads the number, finds -1 and writes
 * nowhere. Once it has been reaped, its byte is waited for in the pipe before anything is closed.
 */
final class LauncherDescriptors {

    private static final Logger log = LoggerFactory.getLogger(LauncherDescriptors.class);

    /** How long a reaper past the monitor may take to write its byte; it has nothing else to do first. */
    static final int REAPER_BYTE_MS = 5_000;
    private static final int AWAIT_STEP_MS = 2;

    /** pty4j's {@code int[] {read end, write end}} of the reader wake pipe; null if this pty4j has none. */
    private static final @Nullable Field WAKE_PIPE = wakePipeField();

    private LauncherDescriptors() {
    }

    /**
     * Closes pty4j's descriptors of {@code process} (through its stream, which is how pty4j releases them) once
     * its reaper can no longer write to them. Blocks only when the program has just been reaped: until the
     * reaper's byte is in the pipe, at most {@link #REAPER_BYTE_MS}.
     */
    static void release(UnixPtyProcess process) {
        int[] pipe = wakePipe(process.getPty());
        synchronized (process) {
            if (process.isAlive() || pipe == null) {
                // not reaped: the reaper takes this monitor before it reads the pipe's number, and finds -1 then
                close(process);
                return;
            }
        }
        awaitReaperByte(process, pipe[0]);
        close(process);
    }

    /**
     * Looks without blocking and sleeps between looks (the byte is due within microseconds of the reap, unless
     * the reaper was preempted): a thread asleep here is seen as waiting, which is what the test looks for.
     */
    private static void awaitReaperByte(UnixPtyProcess process, int readEnd) {
        long deadline = System.nanoTime() + REAPER_BYTE_MS * 1_000_000L;
        while (readEnd >= 0 && !readable(readEnd)) {
            if (System.nanoTime() - deadline > 0) {
                log.warn("pid {}: pty4j's reaper wrote no wake byte within {} ms of the reap; its descriptors are"
                        + " closed anyway", process.pid(), REAPER_BYTE_MS);
                return;
            }
            try {
                Thread.sleep(AWAIT_STEP_MS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    private static boolean readable(int fd) {
        try (Memory pollFd = new Memory(8)) {
            pollFd.setInt(0, fd);
            pollFd.setShort(4, Posix.POLLIN);
            pollFd.setShort(6, (short) 0);
            return Posix.poll(pollFd, 1, 0) > 0 && (pollFd.getShort(6) & Posix.POLLIN) != 0;
        } catch (LastErrorException e) {
            return false; // EINTR: the caller looks again
        }
    }

    private static void close(UnixPtyProcess process) {
        try {
            process.getInputStream().close();
        } catch (IOException e) {
            // the descriptors are released by the close attempt either way
        }
    }

    /** pty4j's live {@code {read end, write end}} of {@code pty}'s wake pipe, -1 once closed; null if unknown. */
    static int @Nullable [] wakePipe(Pty pty) {
        if (WAKE_PIPE == null) {
            return null;
        }
        try {
            return (int[]) WAKE_PIPE.get(pty);
        } catch (IllegalAccessException | ClassCastException e) {
            return null;
        }
    }

    private static @Nullable Field wakePipeField() {
        try {
            Field field = Pty.class.getDeclaredField("myPipe");
            field.setAccessible(true);
            return field.getType() == int[].class ? field : null;
        } catch (ReflectiveOperationException | RuntimeException e) {
            log.warn("pty4j's Pty has no wake pipe field (myPipe) to wait on: descriptors are released without"
                    + " waiting for its reaper (ADR 1200): {}", e.toString());
            return null;
        }
    }
}
