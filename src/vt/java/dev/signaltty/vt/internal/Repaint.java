package dev.signaltty.vt.internal;

/**
 * Builds the attach snapshot: ANSI that turns a fresh terminal of the same size into what the pane
 * shows. The main screen is drawn first so that, when a TUI holds the alternate screen, its later
 * {@code ESC[?1049l} reveals the right text on the viewer too.
 */
final class Repaint {

    private Repaint() {
    }

    static String of(Screens s, Modes modes, Charsets charsets, int cursorX, int cursorY, long attr) {
        StringBuilder sb = new StringBuilder(s.cols() * s.rows() + 256);
        sb.append("\u001b[?1049l\u001b[0m\u001b[r\u001b[H\u001b[2J");
        drawGrid(sb, s.main());
        if (s.altActive()) {
            sb.append("\u001b[?1049h\u001b[0m\u001b[H\u001b[2J");
            drawGrid(sb, s.alt());
        }
        if (s.top() != 0 || s.bottom() != s.rows() - 1) {
            sb.append("\u001b[").append(s.top() + 1).append(';').append(s.bottom() + 1).append('r');
        }
        modes.appendReplay(sb);
        charsets.appendReplay(sb);
        // the cursor last: DECSTBM and DECOM both home it; in origin mode CUP counts from the region top
        int y = cursorY;
        if (modes.origin) {
            sb.append("\u001b[?6h");
            y -= s.top();
        }
        sb.append("\u001b[").append(y + 1).append(';').append(cursorX + 1).append('H');
        Sgr.appendSgr(sb, attr);
        return sb.toString();
    }

    private static void drawGrid(StringBuilder sb, Grid g) {
        int last = g.lastNonBlankRow();
        RowEncoder encoder = new RowEncoder();
        for (int y = 0; y <= last; y++) {
            encoder.encode(g.row(y));
            String line = LineRenderer.render(encoder.line(0), true);
            if (line.isEmpty()) {
                continue;
            }
            sb.append("\u001b[").append(y + 1).append(";1H").append(line);
        }
        sb.append("\u001b[0m");
    }
}
