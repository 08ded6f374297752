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
 */
record HistoryLine(long seq, byte[] utf8, long @Nullable [] runs, boolean wrapped) {

    String text() {
        return new String(utf8, StandardCharsets.UTF_8);
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
