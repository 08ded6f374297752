package dev.signaltty.transport;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Helpers for handlers that wait: every wait has a deadline and ends at once when its request is
 * cancelled (EOF, a superseding request on a single-flight connection, or shutdown).
 */
public final class Waits {

    private Waits() {
    }

    /**
     * Sleeps up to {@code pause}, returning early on cancellation.
     *
     * @throws ProtocolException TIMEOUT with {@code details.reason = "cancelled"} once cancelled
     */
    public static void pause(Cancellation cancellation, Duration pause) {
        CountDownLatch woken = new CountDownLatch(1);
        cancellation.onCancel(woken::countDown);
        try {
            woken.await(pause.toNanos(), TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw cancelled("interrupted");
        }
        throwIfCancelled(cancellation);
    }

    public static void throwIfCancelled(Cancellation cancellation) {
        if (cancellation.isCancelled()) {
            throw cancelled(cancellation.reason());
        }
    }

    /** The answer of a cancelled wait (ADR-0002). */
    public static ProtocolException cancelled(String cause) {
        return new ProtocolException(ErrorCode.TIMEOUT, "wait cancelled: " + cause,
                Map.of("reason", "cancelled", "cause", cause));
    }

    /** Deadline from a timeout in seconds. */
    public static long deadlineNanos(double timeoutSeconds) {
        return System.nanoTime() + (long) (timeoutSeconds * 1_000_000_000L);
    }
}
