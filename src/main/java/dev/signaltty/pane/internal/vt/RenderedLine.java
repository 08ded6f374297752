package dev.signaltty.pane.internal.vt;

public record RenderedLine(long seq, String text) {
}
