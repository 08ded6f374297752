package dev.signaltty.vt;

/**
 * CSI dispatch: one switch on the final byte (with intermediates), as tmux's {@code input_csi_dispatch}.
 * Unknown or malformed sequences are dropped, as terminals do.
 */
final class CsiHandler {

    private CsiHandler() {
    }

    static void dispatch(Emulator e, VtParams p, int intermediates, int f) {
        if (intermediates == '?') {
            privateSequence(e, p, f);
            return;
        }
        if (intermediates == '>') {
            if (f == 'c' && p.get(0, 0) == 0) {
                e.reply("\u001b[>84;0;0c"); // DA2, the answer tmux gives
            }
            return;
        }
        if (intermediates == '!' && f == 'p') {
            softReset(e);
            return;
        }
        if (intermediates != 0) {
            return; // DECSCUSR and friends: not screen content
        }
        Grid g = e.grid;
        long fill = Sgr.erased(e.attr);
        switch (f) {
            case '@' -> g.insertChars(e.cy, e.cx, p.get(0, 1), fill);
            case 'A' -> cursorUp(e, p.get(0, 1));
            case 'B', 'e' -> cursorDown(e, p.get(0, 1));
            case 'C', 'a' -> e.cx = Math.min(e.cols - 1, e.clampedX() + p.get(0, 1));
            case 'D' -> e.cx = Math.max(0, e.cx - p.get(0, 1)); // from tmux's pending-wrap column too
            case 'E' -> {
                cursorDown(e, p.get(0, 1));
                e.cx = 0;
            }
            case 'F' -> {
                cursorUp(e, p.get(0, 1));
                e.cx = 0;
            }
            case 'G', '`' -> e.cx = Math.min(e.cols - 1, p.get(0, 1) - 1);
            case 'H', 'f' -> moveTo(e, p.get(1, 1) - 1, p.get(0, 1) - 1);
            case 'I' -> e.tab(p.get(0, 1));
            case 'J' -> eraseDisplay(e, p.get(0, 0), fill);
            case 'K' -> eraseLine(e, p.get(0, 0), fill);
            case 'L' -> g.scrollDown(e.cy, lineOpBottom(e), p.get(0, 1), fill); // cursor column stays
            case 'M' -> g.scrollUp(e.cy, lineOpBottom(e), p.get(0, 1), fill, null);
            case 'P' -> g.deleteChars(e.cy, e.cx, p.get(0, 1), fill);
            case 'S' -> e.scrollUp(p.get(0, 1));
            case 'T' -> g.scrollDown(e.top, e.bottom, p.get(0, 1), fill);
            case 'X' -> g.erase(e.cy, e.cx, e.cx + p.get(0, 1), fill);
            case 'Z' -> e.backTab(p.get(0, 1));
            case 'b' -> repeat(e, p.get(0, 1));
            case 'c' -> {
                if (p.get(0, 0) == 0) {
                    e.reply("\u001b[?1;2c"); // DA1: VT100 with advanced video, as tmux answers
                }
            }
            case 'd' -> moveTo(e, e.clampedX(), p.get(0, 1) - 1);
            case 'g' -> {
                int mode = p.get(0, 0);
                if (mode == 0 && e.cx < e.cols) {
                    e.tabs[e.cx] = false;
                } else if (mode == 3) {
                    java.util.Arrays.fill(e.tabs, false);
                }
            }
            case 'h', 'l' -> {
                for (int i = 0; i < Math.max(1, p.size()); i++) {
                    if (p.raw(i) == 4) {
                        e.modes.insert = f == 'h';
                    }
                }
            }
            case 'm' -> e.attr = Sgr.apply(e.attr, p);
            case 'n' -> statusReport(e, p.get(0, 0));
            case 'r' -> setScrollRegion(e, p.get(0, 1) - 1, p.get(1, e.rows) - 1);
            case 's' -> e.saveCursor();
            case 'u' -> e.restoreCursor();
            default -> {
            }
        }
    }

    private static void privateSequence(Emulator e, VtParams p, int f) {
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

    /** IL/DL act down to the region's bottom, or (tmux) to the screen's when the cursor is outside it. */
    private static int lineOpBottom(Emulator e) {
        return e.cy >= e.top && e.cy <= e.bottom ? e.bottom : e.rows - 1;
    }

    private static void cursorUp(Emulator e, int n) {
        int limit = e.cy >= e.top ? e.top : 0;
        e.cx = e.clampedX();
        e.cy = Math.max(limit, e.cy - n);
    }

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

    private static void eraseDisplay(Emulator e, int mode, long fill) {
        Grid g = e.grid;
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

    private static void eraseLine(Emulator e, int mode, long fill) {
        switch (mode) {
            case 0 -> e.grid.erase(e.cy, e.cx, e.cols, fill);
            case 1 -> e.grid.erase(e.cy, 0, e.cx + 1, fill);
            case 2 -> e.grid.erase(e.cy, 0, e.cols, fill);
            default -> {
            }
        }
    }

    private static void repeat(Emulator e, int n) {
        int cp = e.lastPrinted();
        if (cp < 0 || cp > 0x7E) {
            return; // tmux repeats only an ASCII character printed just before
        }
        n = Math.min(n, e.cols - e.clampedX());
        for (int i = 0; i < n; i++) {
            e.print(cp);
        }
    }

    private static void statusReport(Emulator e, int mode) {
        if (mode == 5) {
            e.reply("\u001b[0n");
        } else if (mode == 6) {
            int y = e.modes.origin ? e.cy - e.top : e.cy;
            e.reply("\u001b[" + (y + 1) + ";" + (e.clampedX() + 1) + "R");
        }
    }

    private static void setScrollRegion(Emulator e, int top, int bottom) {
        bottom = Math.min(bottom, e.rows - 1);
        if (top < 0 || top >= bottom) {
            return;
        }
        e.top = top;
        e.bottom = bottom;
        e.cx = 0;
        e.cy = 0; // tmux homes to the screen's top left, even in origin mode
    }

    private static void softReset(Emulator e) {
        e.modes.reset();
        e.attr = Sgr.DEFAULT;
        e.top = 0;
        e.bottom = e.rows - 1;
    }
}
