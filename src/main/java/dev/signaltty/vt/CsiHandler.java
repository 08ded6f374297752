package dev.signaltty.vt;

import java.util.Arrays;

/**
 * CSI dispatch: the final byte (with its private marker or intermediate) names an operation, and each
 * operation is a method named after the control it implements. Behaviour follows xterm (ADR 0170);
 * unknown or malformed sequences are dropped, as terminals do. The controls handled here are the ones
 * docs/terminal.md lists ({@code TerminalControlsDocTest} keeps the two in step).
 */
final class CsiHandler {

    private CsiHandler() {
    }

    static void dispatch(Emulator e, VtParams p, int intermediates, int f) {
        switch (intermediates) {
            case 0 -> plain(e, p, f);
            case '?' -> privateSequence(e, p, f);
            case '>' -> {
                if (f == 'c') {
                    Reports.secondaryAttributes(e, p);
                }
            }
            case '!' -> {
                if (f == 'p') {
                    softReset(e);
                }
            }
            case ' ' -> {
                switch (f) {
                    case '@' -> scrollLeft(e, p.get(0, 1));
                    case 'A' -> scrollRight(e, p.get(0, 1));
                    case 'q' -> e.modes.cursorStyle = p.get(0, 0); // DECSCUSR: kept for DECRQSS
                    default -> {
                    }
                }
            }
            case '\'' -> {
                switch (f) {
                    case '}' -> insertColumns(e, p.get(0, 1));
                    case '~' -> deleteColumns(e, p.get(0, 1));
                    default -> {
                    }
                }
            }
            case '$' -> {
                if (f == 'p') {
                    Reports.ansiMode(e, p.get(0, 0));
                }
            }
            case 0x3F24 -> { // ? $
                if (f == 'p') {
                    Reports.privateMode(e, p.get(0, 0));
                }
            }
            default -> {
            }
        }
    }

    private static void plain(Emulator e, VtParams p, int f) {
        switch (f) {
            case '@' -> insertChars(e, p.get(0, 1));
            case 'A' -> cursorUp(e, p.get(0, 1));
            case 'B', 'e' -> cursorDown(e, p.get(0, 1)); // CUD, VPR
            case 'C', 'a' -> e.cx = Math.min(e.cols - 1, e.clampedX() + p.get(0, 1)); // CUF, HPR
            case 'D' -> e.cx = Math.max(0, e.clampedX() - p.get(0, 1)); // CUB: from the last column
            case 'E' -> {
                cursorDown(e, p.get(0, 1)); // CNL
                e.cx = 0;
            }
            case 'F' -> {
                cursorUp(e, p.get(0, 1)); // CPL
                e.cx = 0;
            }
            case 'G', '`' -> e.cx = Math.min(e.cols - 1, p.get(0, 1) - 1); // CHA, HPA
            case 'H', 'f' -> moveTo(e, p.get(1, 1) - 1, p.get(0, 1) - 1); // CUP, HVP
            case 'I' -> e.tab(p.get(0, 1)); // CHT: keeps a pending wrap, as HT does
            case 'J' -> eraseDisplay(e, p.get(0, 0));
            case 'K' -> eraseLine(e, p.get(0, 0));
            case 'L' -> insertLines(e, p.get(0, 1));
            case 'M' -> deleteLines(e, p.get(0, 1));
            case 'P' -> deleteChars(e, p.get(0, 1));
            case 'S' -> e.scrollUp(p.get(0, 1)); // SU and SD keep the cursor and its pending wrap
            case 'T' -> e.grid.scrollDown(e.top, e.bottom, p.get(0, 1), Sgr.erased(e.attr));
            case 'X' -> eraseChars(e, p.get(0, 1));
            case 'Z' -> e.backTab(p.get(0, 1));
            case 'b' -> repeat(e, p.get(0, 1));
            case 'c' -> Reports.primaryAttributes(e, p);
            case 'd' -> moveTo(e, e.clampedX(), p.get(0, 1) - 1); // VPA
            case 'g' -> tabClear(e, p.get(0, 0));
            case 'h', 'l' -> {
                for (int i = 0; i < Math.max(1, p.size()); i++) {
                    if (p.raw(i) == 4) {
                        e.modes.insert = f == 'h'; // IRM
                    }
                }
            }
            case 'm' -> e.attr = Sgr.apply(e.attr, p);
            case 'n' -> Reports.statusReport(e, p.get(0, 0));
            case 'r' -> setScrollRegion(e, p.get(0, 1) - 1, p.get(1, e.rows) - 1);
            case 's' -> e.saveCursor();
            case 'u' -> e.restoreCursor();
            default -> {
            }
        }
    }

    private static void privateSequence(Emulator e, VtParams p, int f) {
        if (f == 'n') {
            Reports.privateStatusReport(e, p.get(0, 0));
            return;
        }
        if (f != 'h' && f != 'l') {
            return;
        }
        boolean on = f == 'h';
        for (int i = 0; i < Math.max(1, p.size()); i++) {
            int mode = p.raw(i);
            switch (mode) {
                case 6 -> {
                    e.modes.origin = on;
                    moveTo(e, 0, 0);
                }
                case 47, 1047 -> e.setAltScreen(on, false);
                case 1049 -> e.setAltScreen(on, true);
                case 3 -> {
                    // DECCOLM is not honoured (the PTY size rules); xterm still clears the screen
                    e.grid.eraseRows(0, e.rows, Sgr.DEFAULT);
                    e.top = 0;
                    e.bottom = e.rows - 1;
                    e.cx = 0;
                    e.cy = 0;
                }
                default -> e.modes.setPrivate(mode, on);
            }
        }
    }

    private static boolean insideRegion(Emulator e) {
        return e.cy >= e.top && e.cy <= e.bottom;
    }

    /** IL: only inside the scroll region (else nothing), and the cursor goes to column 0 (xterm). */
    private static void insertLines(Emulator e, int n) {
        if (insideRegion(e)) {
            e.grid.scrollDown(e.cy, e.bottom, n, Sgr.erased(e.attr));
            e.cx = 0;
        }
    }

    /** DL: as IL. */
    private static void deleteLines(Emulator e, int n) {
        if (insideRegion(e)) {
            e.grid.scrollUp(e.cy, e.bottom, n, Sgr.erased(e.attr), null);
            e.cx = 0;
        }
    }

    /** ICH, DCH, ECH clear a pending wrap and act on the last column. */
    private static void insertChars(Emulator e, int n) {
        e.cx = e.clampedX();
        e.grid.insertChars(e.cy, e.cx, n, Sgr.erased(e.attr));
    }

    private static void deleteChars(Emulator e, int n) {
        e.cx = e.clampedX();
        e.grid.deleteChars(e.cy, e.cx, n, Sgr.erased(e.attr));
    }

    private static void eraseChars(Emulator e, int n) {
        e.cx = e.clampedX();
        e.grid.erase(e.cy, e.cx, e.cx + n, Sgr.erased(e.attr));
    }

    /** SL: every row of the scroll region loses n columns at the left; the cursor stays. */
    private static void scrollLeft(Emulator e, int n) {
        long fill = Sgr.erased(e.attr);
        for (int y = e.top; y <= e.bottom; y++) {
            e.grid.deleteChars(y, 0, n, fill);
        }
    }

    /** SR: every row of the scroll region gets n blank columns at the left. */
    private static void scrollRight(Emulator e, int n) {
        long fill = Sgr.erased(e.attr);
        for (int y = e.top; y <= e.bottom; y++) {
            e.grid.insertChars(y, 0, n, fill);
        }
    }

    /** DECIC: n blank columns at the cursor's column in every row of the region; nothing outside it. */
    private static void insertColumns(Emulator e, int n) {
        if (insideRegion(e)) {
            long fill = Sgr.erased(e.attr);
            for (int y = e.top; y <= e.bottom; y++) {
                e.grid.insertChars(y, e.clampedX(), n, fill);
            }
        }
    }

    /** DECDC: as DECIC, deleting. */
    private static void deleteColumns(Emulator e, int n) {
        if (insideRegion(e)) {
            long fill = Sgr.erased(e.attr);
            for (int y = e.top; y <= e.bottom; y++) {
                e.grid.deleteChars(y, e.clampedX(), n, fill);
            }
        }
    }

    /** CUU/CPL stop at the top margin from inside the region, at the screen's top from above it. */
    private static void cursorUp(Emulator e, int n) {
        int limit = e.cy >= e.top ? e.top : 0;
        e.cx = e.clampedX();
        e.cy = Math.max(limit, e.cy - n);
    }

    /** CUD/VPR/CNL stop at the bottom margin, or at the screen's bottom from below the region. */
    private static void cursorDown(Emulator e, int n) {
        int limit = e.cy <= e.bottom ? e.bottom : e.rows - 1;
        e.cx = e.clampedX();
        e.cy = Math.min(limit, e.cy + n);
    }

    /** CUP/HVP/VPA: x and y 0-based; relative to the scroll region in origin mode. */
    static void moveTo(Emulator e, int x, int y) {
        int minY = 0;
        int maxY = e.rows - 1;
        if (e.modes.origin) {
            y += e.top;
            minY = e.top;
            maxY = e.bottom;
        }
        e.cx = Math.max(0, Math.min(e.cols - 1, x));
        e.cy = Math.max(minY, Math.min(maxY, y));
    }

    /** ED; erasing clears a pending wrap and includes the last column. */
    private static void eraseDisplay(Emulator e, int mode) {
        Grid g = e.grid;
        long fill = Sgr.erased(e.attr);
        e.cx = e.clampedX();
        switch (mode) {
            case 0 -> {
                if (e.cx == 0 && e.cy == 0) {
                    e.clearScreen(fill); // from the home position this clears everything: tmux treats it as ED 2
                    return;
                }
                g.erase(e.cy, e.cx, e.cols, fill);
                g.eraseRows(e.cy + 1, e.rows, fill);
            }
            case 1 -> {
                g.eraseRows(0, e.cy, fill);
                g.erase(e.cy, 0, e.cx + 1, fill);
            }
            case 2 -> e.clearScreen(fill);
            case 3 -> e.clearHistory.run();
            default -> {
            }
        }
    }

    private static void eraseLine(Emulator e, int mode) {
        long fill = Sgr.erased(e.attr);
        e.cx = e.clampedX();
        switch (mode) {
            case 0 -> e.grid.erase(e.cy, e.cx, e.cols, fill);
            case 1 -> e.grid.erase(e.cy, 0, e.cx + 1, fill);
            case 2 -> e.grid.erase(e.cy, 0, e.cols, fill);
            default -> {
            }
        }
    }

    /** TBC at the cursor's column (the last one when a wrap is pending, which it keeps). */
    private static void tabClear(Emulator e, int mode) {
        if (mode == 0) {
            e.tabs[e.clampedX()] = false;
        } else if (mode == 3) {
            Arrays.fill(e.tabs, false);
        }
    }

    /**
     * REP: the graphic character printed immediately before (any, wide ones too, the base of a
     * combined one), printed n more times with wrapping, as xterm does.
     */
    private static void repeat(Emulator e, int n) {
        int cp = e.lastPrinted();
        if (cp < 0) {
            return;
        }
        for (int i = 0; i < n; i++) {
            e.print(cp);
        }
    }

    /** DECSTBM: rejects top ≥ bottom; homes the cursor (to the region's top in origin mode). */
    private static void setScrollRegion(Emulator e, int top, int bottom) {
        bottom = Math.min(bottom, e.rows - 1);
        if (top < 0 || top >= bottom) {
            return;
        }
        e.top = top;
        e.bottom = bottom;
        moveTo(e, 0, 0);
    }

    /** DECSTR: modes, attributes, margins, charsets and saved cursors back to their defaults. */
    private static void softReset(Emulator e) {
        e.modes.reset();
        e.attr = Sgr.DEFAULT;
        e.top = 0;
        e.bottom = e.rows - 1;
        e.charsets().reset();
        e.resetSavedCursors();
    }
}
