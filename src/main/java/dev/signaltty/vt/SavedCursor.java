package dev.signaltty.vt;

/** A saved cursor: DECSC/CSI s, or the one 1049 keeps. */
final class SavedCursor {
    int x;
    int y;
    long attr;
    boolean origin;
    int charsets;
    boolean valid;

    void reset() {
        valid = false;
        x = 0;
        y = 0;
        attr = Sgr.DEFAULT;
        origin = false;
        charsets = 0;
    }
}
