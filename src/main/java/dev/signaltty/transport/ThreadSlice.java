package dev.signaltty.transport;

import java.util.Locale;
import java.util.concurrent.atomic.AtomicBoolean;

import com.sun.jna.Memory;
import com.sun.jna.Native;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A short EEVDF scheduler slice for the threads a keystroke's echo passes through (ADR 0890): the
 * connection's reader and writer, the pane's PTY reader and writer. Each calls {@link #requestForLatency()}
 * first thing on itself. Linux 6.12 and later let an unprivileged thread set its own slice with
 * {@code sched_setattr} ({@code SCHED_OTHER}, its own nice value, {@code sched_runtime}); a shorter slice gives
 * the thread an earlier virtual deadline each time it wakes, so it runs sooner after a wake-up behind 20
 * flooding panes. Its share of the CPU stays what its nice value gives it.
 *
 * <p>Best effort: an older kernel, another architecture or a refusal is said once in the log and leaves the
 * thread as it was; nothing here ever fails a caller. {@code -Dsignaltty.thread-slice-us=0} turns it off
 * (no system call at all). The request carries {@code SCHED_FLAG_RESET_ON_FORK}, so a thread started from one
 * of these (the PTY reader starts the emulator threads, which must keep the default slice: ADR 0730) does not
 * inherit it. Bound through JNA's direct mapping of libc's {@code syscall(2)} (glibc has no wrapper for either
 * call; the FFM API is a preview in the Java 21 this project compiles for).
 */
public final class ThreadSlice {

    /** What a call did. */
    public enum Outcome {
        /** The kernel reports the slice set. */
        SET,
        /** Turned off by the system property: no system call was made. */
        DISABLED,
        /** Not Linux on x86-64 or arm64, a kernel before 6.12, or the call was refused: the thread is as it was. */
        UNAVAILABLE,
        /** The thread runs under a real-time or idle policy someone chose: not ours to change. */
        NOT_FAIR
    }

    /** The system property, in microseconds; 0 turns the slice off. */
    public static final String PROPERTY = "signaltty.thread-slice-us";
    static final long DEFAULT_MICROS = 100;
    /** The kernel clamps a requested slice to this range. */
    static final long MIN_NANOS = 100_000;
    static final long MAX_NANOS = 100_000_000;

    private static final Logger log = LoggerFactory.getLogger(ThreadSlice.class);

    /** {@code struct sched_attr} up to {@code sched_period} (SCHED_ATTR_SIZE_VER0): size, policy, flags, nice, ... */
    private static final int ATTR_SIZE = 48;
    private static final int POLICY = 4;
    private static final int FLAGS = 8;
    private static final int RUNTIME = 24;
    private static final int SCHED_OTHER = 0;
    private static final int SCHED_BATCH = 3;
    private static final long SCHED_FLAG_RESET_ON_FORK = 0x01;

    private static final AtomicBoolean told = new AtomicBoolean();
    private static volatile @Nullable Calls calls = Calls.find();

    private ThreadSlice() {
    }

    /** Asks for the configured slice (default 100 µs) for the calling thread. Never throws. */
    public static Outcome requestForLatency() {
        return requestMicros(Long.getLong(PROPERTY, DEFAULT_MICROS));
    }

    /** Asks for {@code micros} µs as the calling thread's slice; 0 or less is off: no system call. */
    static Outcome requestMicros(long micros) {
        return micros <= 0 ? Outcome.DISABLED : request(micros * 1000);
    }

    /** Asks for {@code nanos} as the calling thread's slice. Never throws. */
    static Outcome request(long nanos) {
        Calls c = calls;
        if (c == null) {
            tell("no per-thread scheduler slice on this system (needs Linux 6.12+ on x86-64 or arm64)");
            return Outcome.UNAVAILABLE;
        }
        try (Memory attr = new Memory(ATTR_SIZE)) {
            if (!c.get(attr)) {
                return refused("sched_getattr");
            }
            int policy = attr.getInt(POLICY);
            if (policy != SCHED_OTHER && policy != SCHED_BATCH) {
                return Outcome.NOT_FAIR;
            }
            attr.setInt(0, ATTR_SIZE);
            attr.setLong(FLAGS, attr.getLong(FLAGS) | SCHED_FLAG_RESET_ON_FORK);
            attr.setLong(RUNTIME, nanos); // the nice value read above stays: lowering it would need privilege
            if (Libc.syscall(c.setattr(), 0, attr, 0, 0) != 0) {
                return refused("sched_setattr");
            }
            if (!c.get(attr) || attr.getLong(RUNTIME) != Math.clamp(nanos, MIN_NANOS, MAX_NANOS)) {
                // kernels before 6.12 accept the call and ignore a fair thread's runtime
                calls = null;
                tell("the kernel ignores a thread's scheduler slice (needs Linux 6.12+): threads keep the default");
                return Outcome.UNAVAILABLE;
            }
            return Outcome.SET;
        } catch (RuntimeException | LinkageError e) {
            calls = null;
            tell("no per-thread scheduler slice: " + e);
            return Outcome.UNAVAILABLE;
        }
    }

    private static Outcome refused(String call) {
        int errno = Native.getLastError();
        calls = null;
        tell(call + " failed (errno " + errno + "): threads keep the default scheduler slice");
        return Outcome.UNAVAILABLE;
    }

    private static void tell(String why) {
        if (told.compareAndSet(false, true)) {
            log.info("{}", why);
        }
    }

    /** The {@code sched_setattr} and {@code sched_getattr} numbers of this architecture. */
    private record Calls(long setattr, long getattr) {

        static @Nullable Calls find() {
            if (!System.getProperty("os.name", "").toLowerCase(Locale.ROOT).startsWith("linux")) {
                return null;
            }
            return switch (System.getProperty("os.arch", "")) {
                case "amd64", "x86_64" -> new Calls(314, 315);
                case "aarch64" -> new Calls(274, 275);
                default -> null;
            };
        }

        /** {@code sched_getattr(0, attr, size, 0)}: the calling thread. */
        boolean get(Memory attr) {
            attr.clear();
            return Libc.syscall(getattr, 0, attr, ATTR_SIZE, 0) == 0;
        }
    }

    /** libc's {@code syscall}, registered on first use (a class of its own, so a non-Linux JVM never loads it). */
    private static final class Libc {

        static {
            Native.register(Libc.class, "c");
        }

        private Libc() {
        }

        /** -1 on failure, with the error in {@link Native#getLastError()}; a call ignores the arguments it lacks. */
        static native long syscall(long number, long a, Memory b, long c, long d);
    }
}
