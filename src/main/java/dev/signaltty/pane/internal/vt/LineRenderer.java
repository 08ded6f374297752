package dev.signaltty.pane.internal.vt;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Turns rows into text. Every line read goes through the compact form ({@link HistoryLine}): trailing
 * blanks are trimmed, a wide character is one code point, combining marks follow their base. ANSI text
 * carries a full SGR sequence at each attribute change and a reset at the end when needed, so each
 * line stands alone.
 */
final class LineRenderer {

    private LineRenderer() {
    }

    /** Compacts a row once (screen reads); the scroll path keeps an {@link Encoder} per terminal. */
    static HistoryLine compact(Row row, long seq) {
        return new Encoder().compact(row, seq);
    }

    /**
     * Encodes rows into {@link HistoryLine}s in one pass over the cells, into scratch arrays that are
     * reused between rows and then copied to their exact length: no String or builder per row. This
     * runs for every row that scrolls off, so it is the flood's hot path. Not thread-safe: one per
     * terminal, used under its monitor.
     */
    static final class Encoder {

        private byte[] bytes = new byte[256];
        private long[] runs = new long[16];

        HistoryLine compact(Row row, long seq) {
            int last = lastNonBlankCell(row); // trailing blanks are trimmed, with any runs starting there
            int cols = row.cps.length;
            int need = 4 * cols; // the most one row's characters can take, combining marks aside
            if (bytes.length < need) {
                bytes = new byte[need];
            }
            int[] cps = row.cps;
            long[] attrs = row.attrs;
            String[] combining = row.combining;
            byte[] out = bytes;
            long[] rs = runs;
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
                    if (r == rs.length) {
                        rs = runs = Arrays.copyOf(rs, 2 * r); // most rows change attributes a few times
                    }
                    rs[r++] = at;
                    rs[r++] = attr;
                    current = attr;
                }
                if (cp < 0x80) {
                    out[at++] = cp == Row.EMPTY ? (byte) ' ' : (byte) cp;
                } else {
                    at = encode(cp, out, at);
                }
                if (combining != null && combining[x] != null) {
                    String marks = combining[x];
                    if (out.length - at < 4 * marks.length() + 4 * (last - x)) {
                        out = bytes = Arrays.copyOf(out, out.length + 4 * marks.length() + 4 * cols);
                    }
                    for (int i = 0; i < marks.length(); ) {
                        int m = marks.codePointAt(i);
                        at = encode(m, out, at);
                        i += Character.charCount(m);
                    }
                }
            }
            return new HistoryLine(seq, Arrays.copyOf(out, at),
                r == 0 ? null : Arrays.copyOf(rs, r), row.wrapped);
        }
    }

    /** Index of the last cell that shows something (a character or a combining mark), or -1. */
    private static int lastNonBlankCell(Row row) {
        int[] cps = row.cps;
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

    private static int encode(int cp, byte[] out, int at) {
        if (cp < 0x80) {
            out[at++] = (byte) cp;
        } else if (cp < 0x800) {
            out[at++] = (byte) (0xC0 | cp >> 6);
            out[at++] = (byte) (0x80 | cp & 0x3F);
        } else if (cp < 0x10000) {
            out[at++] = (byte) (0xE0 | cp >> 12);
            out[at++] = (byte) (0x80 | cp >> 6 & 0x3F);
            out[at++] = (byte) (0x80 | cp & 0x3F);
        } else {
            out[at++] = (byte) (0xF0 | cp >> 18);
            out[at++] = (byte) (0x80 | cp >> 12 & 0x3F);
            out[at++] = (byte) (0x80 | cp >> 6 & 0x3F);
            out[at++] = (byte) (0x80 | cp & 0x3F);
        }
        return at;
    }

    static String render(HistoryLine line, boolean ansi) {
        long[] runs = line.runs();
        if (!ansi || runs == null) {
            return line.text();
        }
        byte[] utf8 = line.utf8();
        StringBuilder sb = new StringBuilder(utf8.length + 16 * runs.length / 2 + 4);
        int pos = 0;
        long attr = Sgr.DEFAULT;
        for (int r = 0; r < runs.length; r += 2) {
            int start = (int) runs[r];
            sb.append(new String(utf8, pos, start - pos, StandardCharsets.UTF_8));
            attr = runs[r + 1];
            Sgr.appendSgr(sb, attr);
            pos = start;
        }
        sb.append(new String(utf8, pos, utf8.length - pos, StandardCharsets.UTF_8));
        if (attr != Sgr.DEFAULT) {
            sb.append("\u001b[0m");
        }
        return sb.toString();
    }
}
