package dev.signaltty.vt.internal;

import java.util.Arrays;

/**
 * The main and alternate {@link Grid}s, which one is active, and the scroll region (DECSTBM margins):
 * the region-wide edits, in screen coordinates. It knows nothing of the cursor; {@link Emulator}
 * passes the row or column an edit starts from.
 * <ul>
 *   <li>Any region scrolling up on the main screen feeds history with the rows leaving its top (tmux's
 *       {@code grid_scroll_history_region}); nothing does while the alternate screen is active.</li>
 *   <li>Entering the alternate screen always starts from a blank grid.</li>
 * </ul>
 */
final class Screens {

    private final Grid.ScrollSink historySink;
    private final Renumbering renumbering;
    private final Grid main;
    private final Grid alt;
    private Grid active;
    private int cols;
    private int rows;
    private int top;
    private int bottom;

    /**
     * Runs a change after which every main screen row gets a new number (the terminal numbers rows;
     * it keeps the OSC 133 commands' boundaries on their rows across it, ADR 0830).
     */
    interface Renumbering {
        void around(Runnable change);
    }

    Screens(int cols, int rows, Grid.ScrollSink historySink, Renumbering renumbering) {
        this.cols = cols;
        this.rows = rows;
        this.historySink = historySink;
        this.renumbering = renumbering;
        main = new Grid(cols, rows, true);
        alt = new Grid(cols, rows, false);
        active = main;
        bottom = rows - 1;
    }

    Grid active() {
        return active;
    }

    Grid main() {
        return main;
    }

    Grid alt() {
        return alt;
    }

    boolean altActive() {
        return active == alt;
    }

    int cols() {
        return cols;
    }

    int rows() {
        return rows;
    }

    int top() {
        return top;
    }

    int bottom() {
        return bottom;
    }

    boolean insideRegion(int y) {
        return y >= top && y <= bottom;
    }

    /** DECSTBM with 0-based rows; false (nothing changed) when top ≥ bottom. */
    boolean setRegion(int newTop, int newBottom) {
        newBottom = Math.min(newBottom, rows - 1);
        if (newTop < 0 || newTop >= newBottom) {
            return false;
        }
        top = newTop;
        bottom = newBottom;
        return true;
    }

    void resetRegion() {
        top = 0;
        bottom = rows - 1;
    }

    /**
     * Scrolls the region up. On the main screen the rows leaving the region's top go to history even
     * when the region does not start at the top of the screen: tmux 3.3a does so, and its scrollback is
     * our reference.
     */
    void scrollUp(int n, long fill) {
        active.scrollUp(top, bottom, n, fill, active == main ? historySink : null);
    }

    void scrollDown(int n, long fill) {
        active.scrollDown(top, bottom, n, fill);
    }

    /** IL at row y: the rows from y to the region's bottom move down. */
    void insertLines(int y, int n, long fill) {
        active.scrollDown(y, bottom, n, fill);
    }

    /** DL at row y: nothing of it reaches history. */
    void deleteLines(int y, int n, long fill) {
        active.scrollUp(y, bottom, n, fill, null);
    }

    /** DECIC (n > 0 inserts) and DECDC, or SL/SR at column 0: every row of the region. */
    void insertColumns(int x, int n, long fill) {
        for (int y = top; y <= bottom; y++) {
            active.insertChars(y, x, n, fill);
        }
    }

    void deleteColumns(int x, int n, long fill) {
        for (int y = top; y <= bottom; y++) {
            active.deleteChars(y, x, n, fill);
        }
    }

    /**
     * ED 2. On the main screen the used rows scroll into history first (tmux 3.3a's default
     * {@code scroll-on-clear}), so output a program clears away stays readable with {@code tail};
     * {@code ESC[3J} then drops it. The alternate screen is just erased.
     */
    void clear(long fill) {
        int last = active.lastNonBlankRow() + 1;
        if (active == main && last > 0) {
            main.scrollUp(0, rows - 1, last, fill, historySink);
        }
        active.eraseRows(0, rows, fill);
    }

    /** ED 0 from (x, y); from the home position it clears everything, as ED 2 (tmux does so). */
    void eraseBelow(int x, int y, long fill) {
        if (x == 0 && y == 0) {
            clear(fill);
            return;
        }
        active.erase(y, x, cols, fill);
        active.eraseRows(y + 1, rows, fill);
    }

    /** ED 1: up to (x, y) inclusive. */
    void eraseAbove(int x, int y, long fill) {
        active.eraseRows(0, y, fill);
        active.erase(y, 0, x + 1, fill);
    }

    /** EL: 0 from x to the end, 1 up to x inclusive, 2 the whole row. */
    void eraseInLine(int mode, int x, int y, long fill) {
        switch (mode) {
            case 0 -> active.erase(y, x, cols, fill);
            case 1 -> active.erase(y, 0, x + 1, fill);
            case 2 -> active.erase(y, 0, cols, fill);
            default -> {
            }
        }
    }

    /** DECALN: every cell an 'E', margins reset. */
    void fillWithE() {
        for (int y = 0; y < rows; y++) {
            Row r = active.row(y);
            r.reset(Sgr.DEFAULT);
            Arrays.fill(r.cps(), 'E');
            r.touch(r.cols());
            r.stale();
        }
        resetRegion();
    }

    /** Switches to a blank alternate screen (nothing when already there). */
    void enterAlt() {
        if (active != alt) {
            active = alt;
            alt.eraseRows(0, rows, Sgr.DEFAULT);
        }
    }

    void leaveAlt() {
        if (active == alt) {
            renumbering.around(() -> {
                active = main;
                main.markAllDirty(); // the main screen's text reappears: readers see it as new
            });
        }
    }

    /**
     * A resize that changes the width (docs/05-rendered-ring.md, "Resize"; ADR 0800): the main screen is
     * rewrapped by a {@link Reflow} with its spots ({@code mainSpots[0]}, the main screen's cursor, keeps
     * the blank rows above it), rows it pushes off the top going to history even while the alternate
     * screen is shown (tmux reflows the main screen when the alternate one is left, and its history
     * takes them then). The alternate screen is cut or padded, never rewrapped: full-screen programs
     * redraw on SIGWINCH, and tmux and xterm cut it too. Returns how many rows left the alternate
     * screen's top ({@link #resize}'s figure for its cursor; 0 when it is not shown) and the main
     * screen's {@link Reflow#rewrap} map.
     */
    Reflowed reflow(int newCols, int newRows, int altCursorY, Reflow.Spot... mainSpots) {
        int altFromTop = 0;
        if (active == alt && newRows < rows) {
            int blankBelow = 0;
            for (int y = rows - 1; y > altCursorY && alt.row(y).isBlank(); y--) {
                blankBelow++;
            }
            altFromTop = Math.max(0, rows - newRows - blankBelow);
        }
        alt.resize(newCols, newRows, altFromTop, null);
        Row[] mainEnds = Reflow.rewrap(main, newCols, newRows, historySink, mainSpots);
        cols = newCols;
        rows = newRows;
        resetRegion();
        main.markAllDirty();
        alt.markAllDirty();
        return new Reflowed(altFromTop, mainEnds);
    }

    /** What {@link #reflow} did: rows that left the alternate screen's top, and where each main row's end went. */
    record Reflowed(int altFromTop, Row[] mainEnds) {
    }

    /**
     * Resize when only the rows change (docs/05-rendered-ring.md, "Resize"); returns how many rows left the top.
     * Shrinking rows: like tmux, drop blank rows below the cursor's row first, then push rows off the
     * top (into history on the main screen). Growing rows adds blank rows at the bottom (tmux instead
     * pulls history back; we keep history untouched so rendered cursors stay valid).
     */
    int resize(int newCols, int newRows, int cursorY) {
        int fromTop = 0;
        if (newRows < rows) {
            int blankBelow = 0;
            for (int y = rows - 1; y > cursorY && active.row(y).isBlank(); y--) {
                blankBelow++;
            }
            fromTop = Math.max(0, rows - newRows - blankBelow);
            main.resize(newCols, newRows, active == main ? fromTop : 0, active == main ? historySink : null);
            alt.resize(newCols, newRows, active == alt ? fromTop : 0, null);
        } else {
            main.resize(newCols, newRows, 0, null);
            alt.resize(newCols, newRows, 0, null);
        }
        cols = newCols;
        rows = newRows;
        resetRegion();
        main.markAllDirty();
        alt.markAllDirty();
        return fromTop;
    }
}
