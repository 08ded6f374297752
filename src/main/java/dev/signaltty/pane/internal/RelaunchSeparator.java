package dev.signaltty.pane.internal;

import java.nio.charset.StandardCharsets;

import dev.signaltty.vt.ScreenCells;
import dev.signaltty.vt.Terminal;

/**
 * What a relaunched pane's screen gets before its new program writes (ADR 0781): the old program's
 * alternate screen left, its modes reset, and the cursor on a fresh line below everything on the screen,
 * so the new program starts under the old text the way tmux-resurrect's restored panes do, instead of
 * after the old prompt or over a TUI's frame. Written into the output stream (like pane.clear), so the
 * server grid and every viewer move at the same output_offset.
 */
final class RelaunchSeparator {

    /** Leaves the alternate screen (only sent when it is active: on the main screen 1049l moves the cursor). */
    static final String LEAVE_ALT = "\u001b[?1049l";
    /**
     * DECSTR (modes, SGR, margins, charsets; the cursor stays), then the modes DECSTR leaves on in real
     * terminals: mouse reporting, focus events, bracketed paste, so an attached terminal stops sending them.
     */
    static final String RESET = "\u001b[!p\u001b[?1000l\u001b[?1002l\u001b[?1003l\u001b[?1006l\u001b[?1004l\u001b[?2004l";

    private RelaunchSeparator() {
    }

    /** Writes the separator into {@code pane}'s output, before the relaunched program's reader starts. */
    static void write(Pane pane, PaneOutput output) {
        synchronized (pane.terminal) {
            byte[] reset = ((pane.terminal.altScreen() ? LEAVE_ALT : "") + RESET).getBytes(StandardCharsets.US_ASCII);
            output.emit(pane, reset, 0, reset.length);
            byte[] line = freshLine(pane.terminal).getBytes(StandardCharsets.US_ASCII);
            if (line.length > 0) {
                output.emit(pane, line, 0, line.length);
            }
        }
    }

    /** The moves to the first column of a blank line below the screen's last written row ("" when there already). */
    static String freshLine(Terminal terminal) {
        ScreenCells cells = terminal.cells();
        int last = lastWrittenRow(cells);
        if (cells.cursorY() > last) {
            return cells.cursorX() == 0 ? "" : "\r";
        }
        return "\u001b[" + (last + 1) + ";1H\r\n"; // onto the last written row, then down (scrolling at the bottom)
    }

    private static int lastWrittenRow(ScreenCells cells) {
        for (int row = cells.rows() - 1; row >= 0; row--) {
            for (int col = 0; col < cells.cols(); col++) {
                int cp = cells.codePoints()[row * cells.cols() + col];
                if (cp != ScreenCells.EMPTY && cp != ' ') {
                    return row;
                }
            }
        }
        return -1;
    }
}
