package dev.signaltty.vt;

import java.util.Arrays;

/**
 * ESC dispatch (after {@code ESC}, optional intermediates, a final byte): each final byte names one
 * operation; behaviour follows xterm (ADR 0170, docs/terminal.md).
 */
final class EscHandler {

    private EscHandler() {
    }

    static void dispatch(Emulator e, int intermediates, int b) {
        if (intermediates == 0) {
            switch (b) {
                case '7' -> e.saveCursor();
                case '8' -> e.restoreCursor();
                case 'D' -> e.lineFeed();
                case 'E' -> {
                    e.cx = 0;
                    e.lineFeed();
                }
                case 'H' -> e.tabs[e.clampedX()] = true; // HTS; a pending wrap stays pending
                case 'N' -> e.charsets().singleShift(2);
                case 'O' -> e.charsets().singleShift(3);
                case 'n' -> e.charsets().shift(2);
                case 'o' -> e.charsets().shift(3);
                case 'Z' -> e.reply(Reports.PRIMARY_DA); // DECID
                case 'M' -> e.reverseIndex();
                case 'c' -> e.fullReset();
                case '=' -> e.modes.keypad = true;
                case '>' -> e.modes.keypad = false;
                default -> {
                }
            }
        } else if (intermediates == '#' && b == '8') {
            alignmentTest(e);
        } else if (intermediates >= '(' && intermediates <= '+') {
            e.charsets().designate(intermediates - '(', b); // G0..G3
        }
    }

    /** DECALN: fill the screen with 'E', reset the margins, home the cursor. */
    private static void alignmentTest(Emulator e) {
        for (int y = 0; y < e.rows; y++) {
            Row r = e.grid.row(y);
            r.reset(Sgr.DEFAULT);
            Arrays.fill(r.cps, 'E');
            r.touch(r.cols());
            r.stale();
        }
        e.top = 0;
        e.bottom = e.rows - 1;
        e.cx = 0;
        e.cy = 0;
    }
}
