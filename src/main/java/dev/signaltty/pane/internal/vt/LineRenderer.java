package dev.signaltty.pane.internal.vt;

import java.nio.charset.StandardCharsets;

/**
 * Turns rows into text. Every line read goes through the compact form ({@link HistoryLine}): trailing
 * blanks are trimmed, a wide character is one code point, combining marks follow their base. ANSI text
 * carries a full SGR sequence at each attribute change and a reset at the end when needed, so each
 * line stands alone.
 */
final class LineRenderer {

    private LineRenderer() {
    }

    /**
     * Encodes the row's cells straight into the line's exact UTF-8 bytes and runs (byte offsets), in
     * two passes over the cells: the first sizes both arrays, the second fills them. No String or
     * builder is made: this runs for every row that scrolls off, so it is the flood's hot path.
     */
    static HistoryLine compact(Row row, long seq) {
        int[] cps = row.cps;
        long[] attrs = row.attrs;
        String[] combining = row.combining;
        int last = lastNonBlankCell(row); // trailing blanks are trimmed, with any runs starting there
        int bytes = 0;
        int nRuns = 0;
        long current = Sgr.DEFAULT;
        for (int x = 0; x <= last; x++) {
            int cp = cps[x];
            if (cp == Row.WIDE_TAIL) {
                continue;
            }
            if (attrs[x] != current) {
                current = attrs[x];
                nRuns++;
            }
            bytes += cp < 0x80 ? 1 : utf8Length(cp);
            if (combining != null && combining[x] != null) {
                bytes += utf8Length(combining[x]);
            }
        }
        byte[] utf8 = new byte[bytes];
        long[] runs = nRuns == 0 ? null : new long[2 * nRuns];
        int at = 0;
        int r = 0;
        current = Sgr.DEFAULT;
        for (int x = 0; x <= last; x++) {
            int cp = cps[x];
            if (cp == Row.WIDE_TAIL) {
                continue;
            }
            long attr = attrs[x];
            if (attr != current) {
                runs[r++] = at;
                runs[r++] = attr;
                current = attr;
            }
            if (cp < 0x80) {
                utf8[at++] = cp == Row.EMPTY ? (byte) ' ' : (byte) cp;
            } else {
                at = encode(cp, utf8, at);
            }
            if (combining != null && combining[x] != null) {
                String marks = combining[x];
                for (int i = 0; i < marks.length(); ) {
                    int m = marks.codePointAt(i);
                    at = encode(m, utf8, at);
                    i += Character.charCount(m);
                }
            }
        }
        return new HistoryLine(seq, utf8, runs, row.wrapped);
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

    private static int utf8Length(int cp) {
        return cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
    }

    private static int utf8Length(String s) {
        int n = 0;
        for (int i = 0; i < s.length(); ) {
            int cp = s.codePointAt(i);
            n += utf8Length(cp);
            i += Character.charCount(cp);
        }
        return n;
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
