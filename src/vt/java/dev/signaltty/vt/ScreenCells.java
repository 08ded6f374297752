package dev.signaltty.vt;

import dev.signaltty.vt.internal.Row;
import dev.signaltty.vt.internal.Sgr;

/**
 * A copy of the visible cells of a terminal's active screen, for clients that compose it into a
 * bigger picture (the CLI's tab view). Arrays are row-major, {@code cols * rows} long: a code point
 * per cell ({@link #EMPTY} never written, {@link #WIDE_TAIL} the second column of a wide character)
 * and an attribute per cell, which {@link #appendSgr} turns into a full SGR sequence. Combining marks
 * are left out (a composing view shows the base character).
 */
public record ScreenCells(int cols, int rows, int[] codePoints, long[] attrs, int cursorX, int cursorY,
        boolean cursorVisible, boolean appCursorKeys, int mouseMode) {

    public static final int EMPTY = Row.EMPTY;
    public static final int WIDE_TAIL = Row.WIDE_TAIL;
    /** The default attribute (no colours, no flags). */
    public static final long DEFAULT_ATTR = Sgr.DEFAULT;

    /** Appends {@code ESC[0;…m} that sets exactly {@code attr}. */
    public static void appendSgr(StringBuilder sb, long attr) {
        Sgr.appendSgr(sb, attr);
    }
}
