package dev.signaltty.vt.internal;

import java.util.Arrays;

/**
 * Encodes a row into the compact form every line read goes through: its trimmed text as UTF-8 (a
 * wide character is one code point, combining marks follow their base; a soft-wrapped row keeps its
 * written trailing spaces, see {@link HistoryLine}) and its attributes as runs
 * {@code [byteOffset0, attr0, byteOffset1, attr1, ...]}, a run starting wherever the attribute of a
 * shown cell changes. The result stays in scratch arrays reused from row to row: the scroll path
 * copies it straight into history's pages ({@link History#add}), so encoding allocates nothing.
 * This runs for every row that scrolls off, so it is the flood's hot path. Not thread-safe: one per
 * terminal, used under its monitor.
 */
final class RowEncoder {

    /** The last encoded row's text: bytes {@code [0, textLength)}. */
    byte[] text = new byte[256];
    int textLength;
    /** The last encoded row's runs: longs {@code [0, runsLength)}, an even count. */
    long[] runs = new long[16];
    int runsLength;
    boolean wrapped;

    void encode(Row row) {
        // trailing blanks are trimmed, with any runs starting there; a wrapped row was written up to its
        // last column, so its written spaces are text its next row continues (ADR 0830)
        int last = row.wrapped ? lastWrittenCell(row) : lastNonBlankCell(row);
        int need = 4 * row.cols(); // the most one row's characters can take, combining marks aside
        if (text.length < need) {
            text = new byte[need];
        }
        if (row.combining == null) {
            encodePlain(row, last);
        } else {
            encodeWithMarks(row, last);
        }
        wrapped = row.wrapped;
    }

    /** The last encoded row as a line of its own (screen reads; the scroll path never calls this). */
    HistoryLine line(long seq) {
        return new HistoryLine(seq, Arrays.copyOf(text, textLength),
            runsLength == 0 ? null : Arrays.copyOf(runs, runsLength), wrapped);
    }

    /**
     * Rows without combining marks (nearly all): the cells are taken a run of equal attributes at a
     * time, and within a run ASCII is copied in a tight loop. A wide character's tail is skipped
     * before its attribute is looked at, so it never starts a run.
     */
    private void encodePlain(Row row, int last) {
        int[] cps = row.cps();
        long[] attrs = row.attrs();
        byte[] out = text;
        int at = 0;
        int r = 0;
        long current = Sgr.DEFAULT;
        int x = 0;
        while (x <= last) {
            long attr = attrs[x];
            if (attr != current && cps[x] != Row.WIDE_TAIL) {
                r = addRun(r, at, attr);
                current = attr;
            }
            int end = runEnd(cps, attrs, x + 1, last + 1, current);
            for (; x < end; x++) {
                int cp = cps[x];
                if (cp > 0 && cp < 0x80) {
                    out[at++] = (byte) cp;
                } else if (cp == Row.EMPTY) {
                    out[at++] = ' ';
                } else if (cp != Row.WIDE_TAIL) {
                    at = Utf8.encode(cp, out, at);
                }
            }
        }
        textLength = at;
        runsLength = r;
    }

    /**
     * The first cell in {@code [from, limit)} that starts a run other than {@code current} (a wide
     * character's tail never does), or {@code limit}. A loop of its own with an exclusive limit: the
     * {@code end <= last} loop it replaces took a C2 trap (loop_limit_check) partway through every cold
     * flood, discarding the compiled encoder (ADR 0585).
     */
    private static int runEnd(int[] cps, long[] attrs, int from, int limit, long current) {
        for (int end = from; end < limit; end++) {
            if (attrs[end] != current && cps[end] != Row.WIDE_TAIL) {
                return end;
            }
        }
        return limit;
    }

    /** The general loop, cell by cell, for rows holding combining marks. */
    private void encodeWithMarks(Row row, int last) {
        int[] cps = row.cps();
        long[] attrs = row.attrs();
        String[] combining = row.combining;
        int cols = cps.length;
        byte[] out = text;
        int at = 0;
        int r = 0;
        long current = Sgr.DEFAULT;
        for (int x = 0; x <= last; x++) {
            int cp = cps[x];
            if (cp == Row.WIDE_TAIL) {
                continue;
            }
            long attr = attrs[x];
            if (attr != current) {
                r = addRun(r, at, attr);
                current = attr;
            }
            if (cp < 0x80) {
                out[at++] = cp == Row.EMPTY ? (byte) ' ' : (byte) cp;
            } else {
                at = Utf8.encode(cp, out, at);
            }
            String marks = combining[x];
            if (marks != null) {
                if (out.length - at < 4 * marks.length() + 4 * (last - x)) {
                    out = text = Arrays.copyOf(out, out.length + 4 * marks.length() + 4 * cols);
                }
                for (int i = 0; i < marks.length(); ) {
                    int m = marks.codePointAt(i);
                    at = Utf8.encode(m, out, at);
                    i += Character.charCount(m);
                }
            }
        }
        textLength = at;
        runsLength = r;
    }

    private int addRun(int r, int at, long attr) {
        if (r == runs.length) {
            runs = Arrays.copyOf(runs, 2 * r); // most rows change attributes a few times
        }
        runs[r] = at;
        runs[r + 1] = attr;
        return r + 2;
    }

    /**
     * Index of the last written cell (a space written counts; never-written and erased cells, such as
     * the gap a wide character that did not fit leaves, do not), or -1: as {@link Reflow#contentLength}.
     */
    private static int lastWrittenCell(Row row) {
        int[] cps = row.cps();
        String[] combining = row.combining;
        for (int x = row.used - 1; x >= 0; x--) {
            if (cps[x] != Row.EMPTY || combining != null && combining[x] != null) {
                return x;
            }
        }
        return -1;
    }

    /** Index of the last cell that shows something (a character or a combining mark), or -1. */
    private static int lastNonBlankCell(Row row) {
        int[] cps = row.cps();
        String[] combining = row.combining;
        for (int x = row.used - 1; x >= 0; x--) {
            int cp = cps[x];
            if (cp != Row.EMPTY && cp != ' ' && cp != Row.WIDE_TAIL
                    || combining != null && combining[x] != null) {
                return x;
            }
        }
        return -1;
    }
}
