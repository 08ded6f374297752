package dev.signaltty.vt.internal;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Comparator;

import org.jspecify.annotations.Nullable;

/**
 * One line as reads see it: its trimmed text as UTF-8 bytes and, only when it is not all default,
 * its attributes as runs {@code [byteOffset0, attr0, byteOffset1, attr1, ...]}, each run starting at a
 * byte offset of the text. History does not hold these: it packs lines into pages ({@link History})
 * and decodes one only when a read asks for it; screen rows are encoded into one per read.
 *
 * <p>A soft-wrapped line ({@code wrapped}) keeps the spaces written at its end: its next row continues
 * it, so a space that fell in the last column is text of the logical line (ADR 0830). Reads of single
 * lines show it {@link #trimmed()}, as every other line; reads that join lines keep them.
 */
record HistoryLine(long seq, byte[] utf8, long @Nullable [] runs, boolean wrapped) {

    /** The text as a line of its own (trailing spaces trimmed). */
    String text() {
        return trimmed().fullText();
    }

    /** The text with a wrapped line's trailing spaces, for joining it to the next. */
    String fullText() {
        return new String(utf8, StandardCharsets.UTF_8);
    }

    /**
     * This line as a line of its own: a wrapped line's trailing spaces cut, with the attribute runs that
     * start among them (what the encoder gives an unwrapped row); any other line is already so.
     */
    HistoryLine trimmed() {
        if (!wrapped) {
            return this;
        }
        int end = utf8.length;
        while (end > 0 && utf8[end - 1] == ' ') { // no byte of a multi-byte character is a space
            end--;
        }
        if (end == utf8.length) {
            return this;
        }
        long[] kept = null;
        if (runs != null) {
            int n = 0;
            while (n < runs.length && runs[n] < end) {
                n += 2;
            }
            kept = n == 0 ? null : Arrays.copyOf(runs, n);
        }
        return new HistoryLine(seq, Arrays.copyOf(utf8, end), kept, true);
    }

    /**
     * Orders the first n picks of lines (their numbers, and where each comes from) by number. History is nearly always in order already (rows leave the
     * screen top first), so the common case is one check; rows numbered out of order (a scroll region
     * below a row numbered earlier) take a general sort.
     */
    static void sortBySeq(long[] seqs, int[] sources, int n) {
        boolean sorted = true;
        for (int k = 1; k < n && sorted; k++) {
            sorted = seqs[k - 1] < seqs[k];
        }
        if (sorted) {
            return;
        }
        Integer[] order = new Integer[n];
        for (int k = 0; k < n; k++) {
            order[k] = k;
        }
        Arrays.sort(order, Comparator.comparingLong(k -> seqs[k]));
        long[] s = Arrays.copyOf(seqs, n);
        int[] src = Arrays.copyOf(sources, n);
        for (int k = 0; k < n; k++) {
            seqs[k] = s[order[k]];
            sources[k] = src[order[k]];
        }
    }
}
