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

    static HistoryLine of(long seq, String text, long @Nullable [] charRuns, boolean wrapped) {
        byte[] utf8 = text.getBytes(StandardCharsets.UTF_8);
        long[] runs = charRuns;
        if (runs != null && utf8.length != text.length()) {
            runs = runs.clone();
            for (int r = 0; r < runs.length; r += 2) {
                int chars = (int) runs[r];
                runs[r] = utf8Length(text, chars);
            }
        }
        return new HistoryLine(seq, utf8, runs, wrapped);
    }

    private static int utf8Length(String s, int chars) {
        int n = 0;
        for (int i = 0; i < chars; i++) {
            char c = s.charAt(i);
            if (c < 0x80) {
                n += 1;
            } else if (c < 0x800) {
                n += 2;
            } else if (Character.isHighSurrogate(c)) {
                n += 4;
                i++;
            } else {
                n += 3;
            }
        }
        return n;
    }

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
