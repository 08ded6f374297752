package dev.signaltty.vt;

/** One line of the rendered ring with its sequence number. */
public record RenderedLine(long seq, String text) {
}
