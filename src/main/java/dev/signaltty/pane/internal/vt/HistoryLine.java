package dev.signaltty.pane.internal.vt;

import java.nio.charset.StandardCharsets;
import org.jspecify.annotations.Nullable;

/**
 * A row that left the screen, stored compactly: its trimmed text as UTF-8 bytes (one byte per ASCII
 * character, no String wrapper) and, only when it is not all default, its attributes as runs
 * {@code [byteOffset0, attr0, byteOffset1, attr1, ...]}, each run starting at a byte offset of the
 * text. About 92 bytes for a 40-character plain line; tmux 3.3a holds over twice that.
 */
record HistoryLine(long seq, byte[] utf8, long @Nullable [] runs, boolean wrapped) {

    String text() {
        return new String(utf8, StandardCharsets.UTF_8);
    }

    /**
     * Bytes charged against the ring's byte cap: what a 64-bit JVM with compressed oops holds for it
     * (record 32, array header 16, ring slot 4) plus the text and runs.
     */
    long cost() {
        return 52 + (long) utf8.length + (runs == null ? 0 : 16 + 8L * runs.length);
    }
}
