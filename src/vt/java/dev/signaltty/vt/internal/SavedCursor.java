package dev.signaltty.vt.internal;

/** A saved cursor (DECSC/CSI s, and 1049's): what xterm's {@code CursorSave} keeps. */
final class SavedCursor {
    int x;
    int y;
    /** The last-column flag: DECRC after a save at the right edge still wraps the next character. */
    boolean pendingWrap;
    long attr;
    boolean origin;
    int charsets;

    void reset() {
        x = 0;
        y = 0;
        pendingWrap = false;
        attr = Sgr.DEFAULT;
        origin = false;
        charsets = 0;
    }
}
