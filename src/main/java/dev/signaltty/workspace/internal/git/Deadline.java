package dev.signaltty.workspace.internal.git;

import java.time.Duration;

import dev.signaltty.transport.ErrorCode;
import dev.signaltty.transport.ProtocolException;

/**
 * One total deadline shared by every git process of a single read or operation (the seed: "the
 * total server read deadline is eight seconds"), measured on the monotonic clock.
 */
public record Deadline(long endNanos, Duration total) {

    public static Deadline in(Duration total) {
        return new Deadline(System.nanoTime() + total.toNanos(), total);
    }

    public Duration remaining() {
        return Duration.ofNanos(Math.max(0, endNanos - System.nanoTime()));
    }

    public boolean expired() {
        return endNanos - System.nanoTime() <= 0;
    }

    /** Throws TIMEOUT if the deadline has passed; called between git processes. */
    public void check(String what) {
        if (expired()) {
            throw timeout(what);
        }
    }

    ProtocolException timeout(String what) {
        return new ProtocolException(ErrorCode.TIMEOUT,
                what + " did not finish within " + total.toMillis() + " ms");
    }
}
