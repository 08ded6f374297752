package dev.signaltty.vt.internal;

import java.util.Arrays;

/**
 * A main-screen row's compact form (what {@link RowEncoder} would make of it), built while the row is
 * only written left to right from its start — a program printing lines, nearly every row of a flood.
 * When the row scrolls off, history copies these bytes instead of encoding the cells again (ADR 0112).
 * Any other change to the row (an overwrite, a gap, an insert, a combining mark) marks it stale, and
 * {@link RowEncoder} encodes the cells when the row scrolls off.
 *
 * <p>While {@link #valid}: cells {@code [0, cells)} encode to {@code text[0, length)} with runs
 * {@code runs[0, runsLength)}; cells at and beyond {@code cells} are empty with no combining marks; the
 * row's trimmed form is {@code text[0, trimmedLength)} with runs {@code [0, trimmedRuns)} (trailing
 * blanks, and the runs starting among them, are cut as the encoder cuts them). A row that wrapped keeps
 * its trailing spaces ({@code text[0, length)}, ADR 0830): it was written to its last column.
 */
final class RowUtf8 {

    boolean valid = true;
    int cells;
    byte[] text = new byte[0];
    int length;
    long[] runs = new long[4];
    int runsLength;
    int trimmedLength;
    int trimmedRuns;
    /** The attribute the last run set (the encoder starts from the default). */
    private long current = Sgr.DEFAULT;

    /** The row is blank again: nothing encoded, everything still to come. */
    void reset() {
        valid = true;
        cells = 0;
        length = 0;
        runsLength = 0;
        trimmedLength = 0;
        trimmedRuns = 0;
        current = Sgr.DEFAULT;
    }

    /** Printable ASCII {@code src[off, off + n)} written with {@code attr} at column {@link #cells}. */
    void appendAscii(byte[] src, int off, int n, long attr) {
        appendText(src, off, n, n, attr);
    }

    /**
     * Valid UTF-8 text {@code src[off, off + n)} taking {@code width} columns, written unmapped with
     * {@code attr} at column {@link #cells}: those bytes are exactly what encoding the cells gives.
     */
    void appendText(byte[] src, int off, int n, int width, long attr) {
        ensure(n);
        if (attr != current) {
            addRun(attr);
        }
        System.arraycopy(src, off, text, length, n);
        if (n > 0 && src[off + n - 1] != ' ') {
            trimmedLength = length + n;
            trimmedRuns = runsLength;
        } else {
            trimTrailingSpaces(src, off, n);
        }
        length += n;
        cells += width;
    }

    /**
     * The text just appended ends in spaces: the trimmed form ends at its last other byte, if any. Out of
     * line behind a one-compare fast path: the loop inline in {@link #appendText} took a C2 trap
     * (loop_limit_check) partway through every cold flood, discarding the compiled flood path (ADR 0585).
     */
    private void trimTrailingSpaces(byte[] src, int off, int n) {
        for (int last = n - 2; last >= 0; last--) {
            if (src[off + last] != ' ') { // no byte of a multi-byte character is a space
                trimmedLength = length + last + 1;
                trimmedRuns = runsLength;
                return;
            }
        }
    }

    /** One character taking {@code width} columns (1 or 2) written with {@code attr} at {@link #cells}. */
    void appendCodePoint(int cp, int width, long attr) {
        ensure(4);
        if (attr != current) {
            addRun(attr);
        }
        length = Utf8.encode(cp, text, length);
        if (cp != ' ') {
            trimmedLength = length;
            trimmedRuns = runsLength;
        }
        cells += width;
    }

    private void addRun(long attr) {
        if (runsLength == runs.length) {
            runs = Arrays.copyOf(runs, 2 * runsLength);
        }
        runs[runsLength] = length;
        runs[runsLength + 1] = attr;
        runsLength += 2;
        current = attr;
    }

    private void ensure(int n) {
        if (text.length - length < n) {
            text = Arrays.copyOf(text, Math.max(2 * text.length, Math.max(64, length + n)));
        }
    }
}
