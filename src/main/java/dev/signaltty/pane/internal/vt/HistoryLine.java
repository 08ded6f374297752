package dev.signaltty.pane.internal.vt;

/**
 * A row that left the screen, stored compactly: its trimmed text (one Java string, so mostly-ASCII
 * lines take one byte per character) and, only when it is not all default, its attributes as runs
 * {@code [charIndex0, attr0, charIndex1, attr1, ...]} where each run starts at a char index of
 * {@code text}. About 116 bytes for a 40-character plain line, against tmux's ~340.
 */
record HistoryLine(long seq, String text, long @org.jspecify.annotations.Nullable [] runs, boolean wrapped) {

    /**
     * Bytes charged against the ring's byte cap: what a 64-bit JVM with compressed oops holds for it
     * (record 32, String 24, array header 16, ring slot 4) plus the characters and runs.
     */
    long cost() {
        return 76 + (long) text.length() * (isLatin1(text) ? 1 : 2) + (runs == null ? 0 : 16 + 8L * runs.length);
    }

    private static boolean isLatin1(String s) {
        for (int i = 0; i < s.length(); i++) {
            if (s.charAt(i) > 0xFF) {
                return false;
            }
        }
        return true;
    }

    HistoryLine withSeq(long newSeq) {
        return new HistoryLine(newSeq, text, runs, wrapped);
    }
}
