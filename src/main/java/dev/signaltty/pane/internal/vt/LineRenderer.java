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

    static HistoryLine compact(Row row, long seq) {
        StringBuilder sb = new StringBuilder(row.cols());
        long[] runs = new long[8];
        int nRuns = 0;
        long current = Sgr.DEFAULT;
        int lastNonBlank = 0; // text length up to the last non-blank cell
        int runsAtLastNonBlank = 0;
        int[] cps = row.cps;
        for (int x = 0, end = row.used; x < end; x++) {
            int cp = cps[x];
            if (cp == Row.WIDE_TAIL) {
                continue;
            }
            long attr = row.attrs[x];
            if (attr != current) {
                if (nRuns + 2 > runs.length) {
                    runs = Arrays.copyOf(runs, runs.length * 2);
                }
                runs[nRuns++] = sb.length();
                runs[nRuns++] = attr;
                current = attr;
            }
            boolean blank = cp == Row.EMPTY || cp == ' ';
            sb.appendCodePoint(blank ? ' ' : cp);
            if (row.combining != null && row.combining[x] != null) {
                sb.append(row.combining[x]);
                blank = false;
            }
            if (!blank) {
                lastNonBlank = sb.length();
                runsAtLastNonBlank = nRuns;
            }
        }
        sb.setLength(lastNonBlank);
        // drop runs that start in the trimmed tail
        long[] kept = runsAtLastNonBlank == 0 ? null : Arrays.copyOf(runs, runsAtLastNonBlank);
        return HistoryLine.of(seq, sb.toString(), kept, row.wrapped);
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
