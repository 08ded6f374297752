package dev.signaltty.vt;

import java.util.Arrays;

/** ESC dispatch (after {@code ESC}, optional intermediates, a final byte), as tmux's {@code input_esc_dispatch}. */
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
                case 'H' -> {
                    if (e.cx < e.cols) {
                        e.tabs[e.cx] = true;
                    }
                }
                case 'M' -> e.reverseIndex();
                case 'c' -> e.fullReset();
                case '=' -> e.modes.keypad = true;
                case '>' -> e.modes.keypad = false;
                default -> {
                }
            }
        } else if (intermediates == '#' && b == '8') {
            alignmentTest(e);
        } else if (intermediates == '(' || intermediates == ')') {
            e.charsets().designate(intermediates == '(' ? 0 : 1, b);
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
