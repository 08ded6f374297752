package dev.signaltty.pane.internal.vt;

public record RingLimits(int maxLines, long maxBytes) {
    public static RingLimits defaults() {
        return new RingLimits(10_000, 8L * 1024 * 1024);
    }
}
