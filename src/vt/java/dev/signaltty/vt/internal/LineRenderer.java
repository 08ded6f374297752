package dev.signaltty.vt.internal;

import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * Turns lines into text. Every line read goes through the compact form ({@link HistoryLine}, made by
 * {@link RowEncoder}): trailing blanks are trimmed (a wrapped line's only where it is not joined to
 * the next), a wide character is one code point, combining marks follow their base. ANSI text carries
 * a full SGR sequence at each attribute change and a reset at the end when needed, so each line stands
 * alone.
 */
final class LineRenderer {

    private LineRenderer() {
    }

    /** One line on its own, trailing blanks trimmed. */
    static String render(HistoryLine line, boolean ansi) {
        return renderAsIs(line.trimmed(), ansi);
    }

    private static String renderAsIs(HistoryLine line, boolean ansi) {
        long[] runs = line.runs();
        if (!ansi || runs == null) {
            return line.fullText();
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

    /**
     * Lines rendered and joined as the program wrote them: a soft-wrapped line runs on into the next,
     * with the spaces it ended in (a space printed in the last column is between two words, ADR 0830).
     */
    static String joinLogical(List<HistoryLine> lines, boolean ansi) {
        StringBuilder sb = new StringBuilder();
        for (int k = 0; k < lines.size(); k++) {
            HistoryLine line = lines.get(k);
            boolean last = k == lines.size() - 1;
            sb.append(last ? render(line, ansi) : renderAsIs(line, ansi));
            if (!last && !line.wrapped()) {
                sb.append('\n');
            }
        }
        return sb.toString();
    }
}
