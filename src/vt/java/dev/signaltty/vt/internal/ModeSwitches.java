package dev.signaltty.vt.internal;

/**
 * SM/RM and DECSET/DECRST: the modes whose change does more than flip a flag in {@link Modes}
 * (origin mode homes the cursor, the screen switches 47, 1047 and 1049, DECCOLM's clear, the start of a
 * synchronized frame).
 */
final class ModeSwitches {

    private final Modes modes;
    private final Screens screens;
    private final Cursor cursor;
    /** Called when synchronized output (2026) turns on, before the frame's first byte is drawn. */
    private final Runnable frameStarts;

    ModeSwitches(Modes modes, Screens screens, Cursor cursor, Runnable frameStarts) {
        this.modes = modes;
        this.screens = screens;
        this.cursor = cursor;
        this.frameStarts = frameStarts;
    }

    /** ANSI modes: IRM (4) is the one emulated. */
    void setAnsi(int mode, boolean on) {
        if (mode == 4) {
            modes.insert = on;
        }
    }

    void setPrivate(int mode, boolean on) {
        switch (mode) {
            case 6 -> {
                modes.origin = on;
                cursor.moveTo(0, 0);
            }
            case 47, 1047 -> setAltScreen(on, false);
            case 1049 -> setAltScreen(on, true);
            case 2026 -> {
                if (on && !modes.synchronizedOutput) {
                    frameStarts.run();
                }
                modes.synchronizedOutput = on;
            }
            case 3 -> {
                // DECCOLM is not honoured (the PTY size rules); xterm still clears the screen
                screens.active().eraseRows(0, screens.rows(), Sgr.DEFAULT);
                screens.resetRegion();
                cursor.home();
            }
            default -> modes.setPrivate(mode, on);
        }
    }

    /** The alternate screen always starts blank; 1049 also saves and restores the main screen's cursor. */
    private void setAltScreen(boolean on, boolean withCursor) {
        if (on) {
            if (screens.altActive()) {
                return;
            }
            if (withCursor) {
                cursor.saveMain(); // DECSC on the main screen, then the switch: xterm's order
            }
            screens.enterAlt();
        } else {
            screens.leaveAlt();
            if (withCursor) {
                // the whole DECSC state, charsets included, even when not in the alternate screen
                // (xterm): line drawing selected by a TUI does not leak into the shell's screen
                cursor.restoreMain();
            }
        }
    }
}
