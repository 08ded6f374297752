package dev.signaltty.vt.internal;

/**
 * The cursor: position, the attribute text is written with, and the saved cursors (DECSC/DECRC).
 * Pending wrap (xterm's last-column flag) is encoded as {@code x == cols}: the cursor is in the last
 * column with the flag set, so the next printable character wraps first. Motions that clear the flag
 * start from the last column ({@link #column()}); the few controls that keep it (HT, SU/SD, SL/SR,
 * DECIC/DECDC, HTS/TBC, SGR, modes) leave {@code x} alone, and DECSC/DECRC save it.
 */
final class Cursor {

    private final Screens screens;
    private final Modes modes;
    private final Charsets charsets;
    /**
     * DECSC/DECRC and CSI s/u: one slot per screen, as in xterm. Entering 1049 saves into the main
     * screen's slot and leaving it restores from there (even when not in the alternate screen).
     */
    private final SavedCursor mainSaved = new SavedCursor();
    private final SavedCursor altSaved = new SavedCursor();
    private int x;
    private int y;
    private long attr = Sgr.DEFAULT;

    Cursor(Screens screens, Modes modes, Charsets charsets) {
        this.screens = screens;
        this.modes = modes;
        this.charsets = charsets;
    }

    /** The column, {@code cols} when a wrap is pending. */
    int x() {
        return x;
    }

    int y() {
        return y;
    }

    long attr() {
        return attr;
    }

    /** What erased cells get: the current background (xterm's back-colour erase). */
    long erased() {
        return Sgr.erased(attr);
    }

    void setAttr(long a) {
        attr = a;
    }

    /** For text written at the cursor: the column after it ({@code cols} leaves a wrap pending). */
    void setX(int column) {
        x = column;
    }

    /** The column clamped to the grid (leaves the pending-wrap column). */
    int column() {
        return Math.min(x, screens.cols() - 1);
    }

    /** The operations that clear a pending wrap act on the last column. */
    int clearPendingWrap() {
        x = column();
        return x;
    }

    void home() {
        x = 0;
        y = 0;
    }

    void carriageReturn() {
        x = 0;
    }

    /** From the last column when a wrap is pending; no reverse wrap at column 0 (xterm's default). */
    void backspace() {
        if (clearPendingWrap() > 0) {
            x--;
        }
    }

    /** LF, VT, FF, IND: clear a pending wrap, keep the column; at the region's bottom, scroll it. */
    void lineFeed() {
        if (x >= screens.cols()) {
            x = screens.cols() - 1;
        }
        if (y == screens.bottom()) {
            screens.scrollUp(1, erased());
        } else if (y < screens.rows() - 1) {
            y++;
        }
    }

    /** A printable character did not fit: this row continues on the next. */
    void wrap() {
        screens.active().row(y).wrapped = true;
        lineFeed();
        x = 0;
    }

    void reverseIndex() {
        clearPendingWrap();
        if (y == screens.top()) {
            screens.scrollDown(1, erased());
        } else if (y > 0) {
            y--;
        }
    }

    /** CUU/CPL stop at the top margin from inside the region, at the screen's top from above it. */
    void up(int n) {
        int limit = y >= screens.top() ? screens.top() : 0;
        clearPendingWrap();
        y = Math.max(limit, y - n);
    }

    /** CUD/VPR/CNL stop at the bottom margin, or at the screen's bottom from below the region. */
    void down(int n) {
        int limit = y <= screens.bottom() ? screens.bottom() : screens.rows() - 1;
        clearPendingWrap();
        y = Math.min(limit, y + n);
    }

    void forward(int n) {
        x = Math.min(screens.cols() - 1, column() + n);
    }

    void backward(int n) {
        x = Math.max(0, column() - n);
    }

    /** CHA, HPA: 0-based. */
    void toColumn(int column) {
        x = Math.min(screens.cols() - 1, column);
    }

    /** CUP/HVP/VPA: x and y 0-based; relative to the scroll region in origin mode. */
    void moveTo(int toX, int toY) {
        int minY = 0;
        int maxY = screens.rows() - 1;
        if (modes.origin) {
            toY += screens.top();
            minY = screens.top();
            maxY = screens.bottom();
        }
        x = Math.max(0, Math.min(screens.cols() - 1, toX));
        y = Math.max(minY, Math.min(maxY, toY));
    }

    /** DECSC into the active screen's slot. */
    void save() {
        save(screens.altActive() ? altSaved : mainSaved);
    }

    void restore() {
        restore(screens.altActive() ? altSaved : mainSaved);
    }

    /** 1049 saves into, and restores from, the main screen's slot. */
    void saveMain() {
        save(mainSaved);
    }

    void restoreMain() {
        restore(mainSaved);
    }

    /** DECSC: position, pending wrap, attributes, origin mode, charsets (xterm's CursorSave). */
    private void save(SavedCursor s) {
        s.x = column();
        s.y = y;
        s.pendingWrap = x >= screens.cols();
        s.attr = attr;
        s.origin = modes.origin;
        s.charsets = charsets.save();
    }

    /** DECRC; a slot never saved restores home, default attributes and charsets, origin off (DEC). */
    private void restore(SavedCursor s) {
        int cols = screens.cols();
        x = Math.min(s.x, cols - 1);
        y = Math.min(s.y, screens.rows() - 1);
        if (s.pendingWrap && x == cols - 1 && modes.autowrap) {
            x = cols;
        }
        attr = s.attr;
        modes.origin = s.origin;
        charsets.restore(s.charsets);
    }

    /** DECSTR and RIS: default attributes, saved cursors forgotten. */
    void softReset() {
        attr = Sgr.DEFAULT;
        mainSaved.reset();
        altSaved.reset();
    }

    /** The main screen's saved cursor (DECSC, 1049) as a reflow spot: {@code cols} for a saved pending wrap. */
    Reflow.Spot savedMainSpot() {
        return new Reflow.Spot(mainSaved.pendingWrap ? screens.cols() : mainSaved.x, mainSaved.y);
    }

    /** Puts the main screen's saved cursor where a reflow moved it (after the screens took the new size). */
    void savedMainMoved(Reflow.Spot s) {
        int cols = screens.cols();
        mainSaved.pendingWrap = s.x >= cols;
        mainSaved.x = Math.min(s.x, cols - 1);
        mainSaved.y = s.y;
    }

    /** Where a reflow moved the cursor on the main screen ({@code cols}: a pending wrap). */
    void reflowed(Reflow.Spot s) {
        x = Math.min(s.x, screens.cols());
        y = Math.min(s.y, screens.rows() - 1);
    }

    /** After a resize that moved {@code fromTop} rows off the top. */
    void resized(int fromTop) {
        y = Math.max(0, y - fromTop);
        x = Math.min(x, screens.cols());
        y = Math.min(y, screens.rows() - 1);
    }
}
