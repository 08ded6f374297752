package dev.signaltty.pane.internal;

import java.util.Locale;
import java.util.concurrent.atomic.AtomicBoolean;

import com.sun.jna.Memory;
import com.sun.jna.Native;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Asks the kernel for the calling thread's EEVDF slice: {@code sched_setattr} with the thread's own policy
 * and nice and {@code sched_runtime} set (Linux ≥ 6.12, clamped there to 0.1–100 ms; no privilege needed as
 * long as the nice value is not lowered). A shorter slice gives the thread an earlier virtual deadline
 * each time it wakes, so it preempts a thread that has been running for a while sooner; a longer one lets
 * a thread keep its core longer before it is preempted. The thread's share of the CPU stays what its nice
 * value gives it.
 *
 * <p>Best effort: an older kernel, another system or a refusal leaves the thread as it was, said once in
 * the log, and never fails the caller. The request carries {@code SCHED_FLAG_RESET_ON_FORK}, so a thread
 * started from this one (the reader starts the emulator threads and the idle watcher) begins with the
 * default slice instead of inheriting it.
 */
final class ThreadSlice {

    private static final Logger log = LoggerFactory.getLogger(ThreadSlice.class);

    /** {@code struct sched_attr} up to {@code sched_period} (SCHED_ATTR_SIZE_VER0). */
    private static final int ATTR_SIZE = 48;
    private static final int SCHED_OTHER = 0;
    private static final int SCHED_BATCH = 3;
    private static final long SCHED_FLAG_RESET_ON_FORK = 0x01;
    static final long MIN_NANOS = 100_000;
    static final long MAX_NANOS = 100_000_000;

    /** What each pane thread kind asks for (0: nothing, the kernel's default slice). */
    static final long READ = nanos("signaltty.pane.read-slice-us");
    static final long WRITE = nanos("signaltty.pane.write-slice-us");
    static final long EMULATE = nanos("signaltty.pane.emulate-slice-us");

    private static final int @Nullable [] CALLS = syscalls();
    private static final AtomicBoolean told = new AtomicBoolean();
    private static volatile boolean unavailable = CALLS == null;

    private ThreadSlice() {
    }

    /** Requests {@code nanos} as the calling thread's slice; true when the kernel reports it set. 0 asks nothing. */
    static boolean request(long nanos) {
        if (nanos <= 0) {
            return false;
        }
        if (unavailable) {
            tell("this system has no per-thread scheduler slice (Linux 6.12 or later on x86_64, aarch64 or riscv64)");
            return false;
        }
        try (Memory attr = new Memory(ATTR_SIZE)) {
            if (!get(attr)) {
                return refused("sched_getattr");
            }
            int policy = attr.getInt(4);
            if (policy != SCHED_OTHER && policy != SCHED_BATCH) {
                return false; // real-time or idle by the operator's choice: not ours to change
            }
            attr.setInt(0, ATTR_SIZE);
            attr.setLong(8, attr.getLong(8) | SCHED_FLAG_RESET_ON_FORK);
            attr.setLong(24, nanos); // sched_runtime; the nice value at 16 stays the thread's own
            if (Posix.syscall(CALLS[0], 0, attr, 0, 0) != 0) {
                return refused("sched_setattr");
            }
            long now = current();
            if (now != Math.clamp(nanos, MIN_NANOS, MAX_NANOS)) {
                // kernels before 6.12 accept the call and ignore the runtime of a fair thread
                unavailable = true;
                tell("the kernel ignores a thread's requested scheduler slice (needs Linux 6.12 or later)");
                return false;
            }
            return true;
        } catch (RuntimeException | UnsatisfiedLinkError e) {
            unavailable = true;
            tell("no scheduler slice for the pane threads: " + e);
            return false;
        }
    }

    /** The calling thread's slice in nanoseconds as the kernel reports it, or -1 where it cannot be read. */
    static long current() {
        if (CALLS == null) {
            return -1;
        }
        try (Memory attr = new Memory(ATTR_SIZE)) {
            return get(attr) ? attr.getLong(24) : -1;
        }
    }

    private static boolean get(Memory attr) {
        attr.clear();
        return Posix.syscall(CALLS[1], 0, attr, ATTR_SIZE, 0) == 0;
    }

    private static boolean refused(String call) {
        int errno = Native.getLastError();
        unavailable = true;
        tell(call + " failed (errno " + errno + "): the pane threads keep the default scheduler slice");
        return false;
    }

    private static void tell(String why) {
        if (told.compareAndSet(false, true)) {
            log.info("{}", why);
        }
    }

    private static long nanos(String property) {
        return Long.getLong(property, 0) * 1000;
    }

    /** {sched_setattr, sched_getattr} for this machine, or null. */
    private static int @Nullable [] syscalls() {
        if (!System.getProperty("os.name", "").toLowerCase(Locale.ROOT).startsWith("linux")) {
            return null;
        }
        return switch (System.getProperty("os.arch", "")) {
            case "amd64", "x86_64" -> new int[] {314, 315};
            case "aarch64", "riscv64" -> new int[] {274, 275};
            default -> null;
        };
    }
}
