package dev.signaltty.vt.internal;

/** Terminal modes that change behaviour or that an attach snapshot must replay. */
final class Modes {

    boolean autowrap = true;
    boolean origin;
    boolean insert;
    boolean cursorVisible = true;
    boolean appCursor;
    boolean keypad;
    boolean bracketedPaste;
    boolean focusEvents;
    /** ?12 (att610 blinking cursor): only reported (DECRQM), the viewer's terminal draws the cursor. */
    boolean cursorBlink;
    /** DECSCUSR's Ps (0: the default); only reported (DECRQSS). */
    int cursorStyle;
    /** 0, 9 (X10: presses only), 1000, 1002 or 1003. */
    int mouse;
    /** 0, 1005, 1006 or 1015. */
    int mouseEncoding;
    /**
     * ?1007 (alternateScroll): the wheel over the alternate screen is arrow keys for a program that did
     * not ask for mouse reports; on unless the program resets it (codex does), as most terminals have it.
     */
    boolean alternateScroll = true;
    /**
     * ?2026 (synchronized output): while set, readers of the screen see the frame from when it was set
     * ({@link SynchronizedFrame}); the bytes are emulated as they come.
     */
    boolean synchronizedOutput;

    void reset() {
        autowrap = true;
        origin = false;
        insert = false;
        cursorVisible = true;
        appCursor = false;
        keypad = false;
        bracketedPaste = false;
        focusEvents = false;
        cursorBlink = false;
        cursorStyle = 0;
        mouse = 0;
        mouseEncoding = 0;
        alternateScroll = true;
        synchronizedOutput = false;
    }

    /** DECSET/DECRST private modes other than the screen switches (handled by the emulator). */
    void setPrivate(int mode, boolean on) {
        switch (mode) {
            case 1 -> appCursor = on;
            case 7 -> autowrap = on;
            case 12 -> cursorBlink = on;
            case 25 -> cursorVisible = on;
            case 66 -> keypad = on; // DECNKM: the same application keypad as ESC = / ESC >
            case 9, 1000, 1002, 1003 -> mouse = on ? mode : 0;
            case 1004 -> focusEvents = on;
            case 1005, 1006, 1015 -> mouseEncoding = on ? mode : 0;
            case 1007 -> alternateScroll = on;
            case 2004 -> bracketedPaste = on;
            case 2026 -> synchronizedOutput = on;
            default -> {
            }
        }
    }

    /** The DECSET sequences that reproduce these modes on a fresh terminal (for attach snapshots). */
    void appendReplay(StringBuilder sb) {
        if (!autowrap) {
            sb.append("\u001b[?7l");
        }
        if (insert) {
            sb.append("\u001b[4h");
        }
        if (appCursor) {
            sb.append("\u001b[?1h");
        }
        if (keypad) {
            sb.append("\u001b=");
        }
        if (mouse != 0) {
            sb.append("\u001b[?").append(mouse).append('h');
        }
        if (mouseEncoding != 0) {
            sb.append("\u001b[?").append(mouseEncoding).append('h');
        }
        if (!alternateScroll) {
            sb.append("\u001b[?1007l");
        }
        if (focusEvents) {
            sb.append("\u001b[?1004h");
        }
        if (bracketedPaste) {
            sb.append("\u001b[?2004h");
        }
        sb.append(cursorVisible ? "\u001b[?25h" : "\u001b[?25l");
    }
}
