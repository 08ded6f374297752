package dev.signaltty.pane.internal.vt;

public record ReadResult(String text, boolean truncated) {
}
