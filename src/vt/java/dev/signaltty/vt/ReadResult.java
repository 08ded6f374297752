package dev.signaltty.vt;

/** A tail read: the lines joined by '\n', and whether older lines were left out. */
public record ReadResult(String text, boolean truncated) {
}
