package dev.signaltty.vt;

/**
 * Retention caps of a terminal's history (the rendered ring, beyond the visible rows). When either is
 * exceeded the oldest lines are evicted. Bytes are the terminal's own estimate of what a line holds.
 */
public record RingLimits(int maxLines, long maxBytes) {

    public RingLimits {
        if (maxLines < 0 || maxBytes < 0) {
            throw new IllegalArgumentException("limits must be >= 0: " + maxLines + ", " + maxBytes);
        }
    }

    /** 10,000 lines and 8 MiB. */
    public static RingLimits defaults() {
        return new RingLimits(10_000, 8L << 20);
    }
}
