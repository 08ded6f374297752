package dev.signaltty.vt;

import java.nio.charset.StandardCharsets;

/**
 * Gives the parser's actions their meaning: the VT100/xterm subset programs use, applied to two
 * {@link Grid}s (main and alternate). xterm is the reference; tmux 3.3a's {@code capture-pane} is the
 * differential oracle where the two agree (docs/terminal.md lists where they do not, ADR 0170):
 * <ul>
 *   <li>Pending wrap (xterm's last-column flag) is encoded as {@code cx == cols}: the cursor is in the
 *       last column with the flag set, so the next printable character wraps first. Controls that clear
 *       the flag start from the last column ({@link #clampedX()}); the few that keep it (HT, SU/SD,
 *       SL/SR, DECIC/DECDC, HTS/TBC, SGR, modes) leave {@code cx} alone, and DECSC/DECRC save it.</li>
 *   <li>Any region scrolling up on the main screen feeds history with the rows leaving its top
 *       (tmux's {@code grid_scroll_history_region}); nothing does while the alternate screen is active.</li>
 *   <li>Entering the alternate screen (47, 1047, 1049) always starts from a blank grid; 1049 also saves
 *       and restores the cursor.</li>
 * </ul>
 * Side effects leave through {@link TerminalListener}; nothing here writes to a PTY.
 * Not thread-safe: {@link Terminal} serialises access.
 */
final class Emulator implements VtActions {

    final Modes modes = new Modes();
    private final TerminalListener listener;
    private final Grid.ScrollSink historySink;
    /** ED 3 (clear scrollback): the owner of history drops it and moves its floor. */
    final Runnable clearHistory;
    Grid main;
    Grid alt;
    Grid grid;
    int cols;
    int rows;
    int cx;
    int cy;
    long attr = Sgr.DEFAULT;
    int top;
    int bottom;
    boolean[] tabs;
    String title = "";
    /** OSC 9;4 progress as text ({@link Progress}), "" when none. */
    String progress = "";
    private int lastPrinted = -1;
    /**
     * DECSC/DECRC and CSI s/u: one slot per screen, as in xterm. Entering 1049 saves into the main
     * screen's slot and leaving it restores from there (even when not in the alternate screen).
     */
    private final SavedCursor mainSaved = new SavedCursor();
    private final SavedCursor altSaved = new SavedCursor();
    /** A DECRQSS request ({@code DCS $ q ... ST}) being collected, or null. */
    private StringBuilder statusRequest;
    private final Charsets charsets = new Charsets();
    /** OSC 133 shell-integration marks; set by {@link Terminal}. */
    @org.jspecify.annotations.Nullable ShellMarks shellMarks;

    Emulator(int cols, int rows, TerminalListener listener, Grid.ScrollSink historySink, Runnable clearHistory) {
        this.clearHistory = clearHistory;
        this.cols = cols;
        this.rows = rows;
        this.listener = listener;
        this.historySink = historySink;
        main = new Grid(cols, rows, true);
        alt = new Grid(cols, rows, false);
        grid = main;
        bottom = rows - 1;
        resetTabs();
    }

    boolean altActive() {
        return grid == alt;
    }

    // ---- printing ----

    @Override
    public void printAscii(byte[] buf, int off, int len) {
        if (charsets.active() || modes.insert) {
            VtActions.super.printAscii(buf, off, len);
            return;
        }
        TextPrinter.printAscii(this, buf, off, len);
    }

    /** Mixed text: see {@link TextPrinter}; the general path is the default's, call by call. */
    @Override
    public void printText(byte[] buf, int off, int len, int[] text, int count) {
        if (TextPrinter.applies(this)) {
            TextPrinter.printText(this, buf, off, text, count);
        } else {
            VtActions.super.printText(buf, off, len, text, count);
        }
    }

    @Override
    public int printUtf8(byte[] buf, int off, int end) {
        return TextPrinter.applies(this) ? TextPrinter.printUtf8(this, buf, off, end) : 0;
    }

    void lastPrinted(int cp) {
        lastPrinted = cp;
    }

    @Override
    public void print(int cp) {
        cp = charsets.map(cp);
        int w = CharWidth.of(cp);
        if (w == 0) {
            combine(cp);
            return;
        }
        if (w == 2 && cols < 2) {
            return;
        }
        if (cx > cols - w) {
            if (!modes.autowrap) {
                if (w > 1 && cx < cols) {
                    return; // tmux drops a wide character that does not fit without wrapping
                }
                cx = cols - w;
            } else {
                wrap();
            }
        }
        Row r = grid.row(cy);
        if (modes.insert) {
            grid.insertChars(cy, cx, w, Sgr.erased(attr));
        }
        RowUtf8 u = r.utf8;
        if (u != null && u.valid && cx == u.cells) {
            u.appendCodePoint(cp, w, attr); // the cells written below are empty: no repair to undo it
        } else {
            r.stale();
        }
        fixWideBeforeWrite(r, cx, w);
        r.cps[cx] = cp;
        r.attrs[cx] = attr;
        if (w == 2) {
            r.cps[cx + 1] = Row.WIDE_TAIL;
            r.attrs[cx + 1] = attr;
        }
        r.touch(cx + w);
        r.dirty = true;
        lastPrinted = cp;
        cx += w;
        if (cx >= cols && !modes.autowrap) {
            cx = cols - w;
        }
    }

    /** Before writing w cells at x: blank the other half of any wide character being overwritten. */
    void fixWideBeforeWrite(Row r, int x, int w) {
        if (r.cps[x] == Row.WIDE_TAIL && x > 0 && Row.isWideHead(r.cps[x - 1])) {
            r.cps[x - 1] = Row.EMPTY;
        }
        int last = x + w - 1;
        if (last + 1 < cols && r.cps[last + 1] == Row.WIDE_TAIL) {
            r.cps[last + 1] = Row.EMPTY;
        }
        if (r.combining != null) {
            for (int i = x; i <= last; i++) {
                r.combining[i] = null;
            }
        }
    }

    /** A combining mark joins the cell before the cursor; REP still repeats the base (xterm). */
    private void combine(int cp) {
        int x = cx >= cols ? cols - 1 : cx - 1;
        if (x < 0) {
            return;
        }
        Row r = grid.row(cy);
        if (r.cps[x] == Row.WIDE_TAIL && x > 0) {
            x--;
        }
        r.addCombining(x, cp); // even on an empty cell, as tmux does (it then shows a space and the mark)
    }

    void wrap() {
        grid.row(cy).wrapped = true;
        lineFeed();
        cx = 0;
    }

    // ---- C0 ----

    @Override
    public void execute(int c) {
        lastPrinted = -1; // REP repeats only a character printed immediately before it, as in tmux
        switch (c) {
            case 0x07 -> listener.bell();
            case 0x08 -> backspace();
            case 0x09 -> tab(1);
            case 0x0A, 0x0B, 0x0C -> lineFeed();
            case 0x0D -> cx = 0;
            case 0x0E -> charsets.shift(1);
            case 0x0F -> charsets.shift(0);
            default -> {
            }
        }
    }

    /** From the last column when a wrap is pending; no reverse wrap at column 0 (xterm's default). */
    private void backspace() {
        cx = clampedX();
        if (cx > 0) {
            cx--;
        }
    }

    void tab(int n) {
        if (cx >= cols - 1) {
            return;
        }
        while (n-- > 0 && cx < cols - 1) {
            do {
                cx++;
            } while (cx < cols - 1 && !tabs[cx]);
        }
    }

    void backTab(int n) {
        cx = clampedX();
        while (n-- > 0 && cx > 0) {
            do {
                cx--;
            } while (cx > 0 && !tabs[cx]);
        }
    }

    /** LF, VT, FF, IND: clear a pending wrap, keep the column. */
    void lineFeed() {
        if (cx >= cols) {
            cx = cols - 1;
        }
        if (cy == bottom) {
            scrollUp(1);
        } else if (cy < rows - 1) {
            cy++;
        }
    }

    void reverseIndex() {
        cx = clampedX();
        if (cy == top) {
            grid.scrollDown(top, bottom, 1, Sgr.erased(attr));
        } else if (cy > 0) {
            cy--;
        }
    }

    /**
     * ED 2. On the main screen the used rows scroll into history first (tmux 3.3a's default
     * {@code scroll-on-clear}), so output a program clears away stays readable with {@code tail};
     * {@code ESC[3J} then drops it. The alternate screen is just erased.
     */
    void clearScreen(long fill) {
        int last = grid.lastNonBlankRow() + 1;
        if (grid == main && last > 0) {
            main.scrollUp(0, rows - 1, last, fill, historySink);
        }
        grid.eraseRows(0, rows, fill);
    }

    /**
     * Scrolls the region up. On the main screen the rows leaving the region's top go to history even
     * when the region does not start at the top of the screen: tmux 3.3a does so
     * ({@code grid_scroll_history_region}), and its scrollback is our reference.
     */
    void scrollUp(int n) {
        grid.scrollUp(top, bottom, n, Sgr.erased(attr), grid == main ? historySink : null);
    }

    // ---- ESC ----

    @Override
    public void escDispatch(int intermediates, boolean ignore, int b) {
        lastPrinted = -1;
        if (!ignore) {
            EscHandler.dispatch(this, intermediates, b);
        }
    }

    void saveCursor() {
        save(grid == alt ? altSaved : mainSaved);
    }

    void restoreCursor() {
        restore(grid == alt ? altSaved : mainSaved);
    }

    /** DECSC: position, pending wrap, attributes, origin mode, charsets (xterm's CursorSave). */
    private void save(SavedCursor s) {
        s.x = clampedX();
        s.y = cy;
        s.pendingWrap = cx >= cols;
        s.attr = attr;
        s.origin = modes.origin;
        s.charsets = charsets.save();
    }

    /** DECRC; a slot never saved restores home, default attributes and charsets, origin off (DEC). */
    private void restore(SavedCursor s) {
        cx = Math.min(s.x, cols - 1);
        cy = Math.min(s.y, rows - 1);
        if (s.pendingWrap && cx == cols - 1 && modes.autowrap) {
            cx = cols;
        }
        attr = s.attr;
        modes.origin = s.origin;
        charsets.restore(s.charsets);
    }

    /** DECSTR and RIS forget saved cursors. */
    void resetSavedCursors() {
        mainSaved.reset();
        altSaved.reset();
    }

    void fullReset() {
        if (grid == alt) {
            grid = main;
            main.markAllDirty();
        }
        main.eraseRows(0, rows, Sgr.DEFAULT);
        attr = Sgr.DEFAULT;
        modes.reset();
        charsets.reset();
        top = 0;
        bottom = rows - 1;
        cx = 0;
        cy = 0;
        resetTabs();
        resetSavedCursors();
    }

    void resetTabs() {
        tabs = new boolean[cols];
        for (int x = 8; x < cols; x += 8) {
            tabs[x] = true;
        }
    }

    // ---- OSC, DCS ----

    @Override
    public void oscDispatch(byte[] data, int len, boolean bellTerminated) {
        int semi = 0;
        int code = 0;
        while (semi < len && data[semi] >= '0' && data[semi] <= '9') {
            code = Math.min(10000, code * 10 + data[semi] - '0');
            semi++;
        }
        if (semi == 0 || semi >= len || data[semi] != ';') {
            return;
        }
        if (code == 133 && shellMarks != null) {
            shellMarks.osc(data, semi + 1, len);
            return;
        }
        if (code == 9) {
            progress = Progress.parse(data, semi + 1, len, progress);
            return;
        }
        if (code == 0 || code == 2) {
            title = new String(data, semi + 1, len - semi - 1, StandardCharsets.UTF_8);
            listener.titleChanged(title);
        }
    }

    /** DECRQSS ({@code DCS $ q Pt ST}) is the one DCS with a meaning here; the rest are dropped. */
    @Override
    public void hook(VtParams params, int intermediates, boolean ignore, int finalByte) {
        lastPrinted = -1;
        statusRequest = !ignore && intermediates == '$' && finalByte == 'q' ? new StringBuilder() : null;
    }

    @Override
    public void put(int b) {
        if (statusRequest != null && statusRequest.length() < Reports.MAX_STATUS_REQUEST) {
            statusRequest.append((char) b);
        }
    }

    @Override
    public void unhook() {
        if (statusRequest != null) {
            Reports.statusString(this, statusRequest.toString());
            statusRequest = null;
        }
    }

    // ---- CSI ----

    @Override
    public void csiDispatch(VtParams p, int intermediates, boolean ignore, int finalByte) {
        if (!ignore) {
            CsiHandler.dispatch(this, p, intermediates, finalByte);
        }
        if (finalByte != 'b') {
            lastPrinted = -1;
        }
    }

    void reply(String s) {
        listener.reply(s.getBytes(StandardCharsets.US_ASCII));
    }

    Charsets charsets() {
        return charsets;
    }

    int lastPrinted() {
        return lastPrinted;
    }

    /** Cursor column clamped to the grid (leaves tmux's pending-wrap column). */
    int clampedX() {
        return Math.min(cx, cols - 1);
    }

    void setAltScreen(boolean on, boolean withCursor) {
        if (on) {
            if (grid == alt) {
                return;
            }
            if (withCursor) {
                save(mainSaved); // DECSC on the main screen, then the switch: xterm's order
            }
            grid = alt;
            alt.eraseRows(0, rows, Sgr.DEFAULT);
        } else {
            if (grid == alt) {
                grid = main;
                main.markAllDirty(); // the main screen's text reappears: readers see it as new
            }
            if (withCursor) {
                // the whole DECSC state, charsets included, even when not in the alternate screen
                // (xterm): line drawing selected by a TUI does not leak into the shell's screen
                restore(mainSaved);
            }
        }
    }

    /** Resize without reflow; see docs/05-rendered-ring.md ("Resize"). */
    void resize(int newCols, int newRows) {
        // Shrinking rows: like tmux, drop blank rows below the cursor first, then push rows off the top
        // (into history on the main screen). Growing rows adds blank rows at the bottom (tmux instead
        // pulls history back; we keep history untouched so rendered cursors stay valid).
        if (newRows < rows) {
            int blankBelow = 0;
            for (int y = rows - 1; y > cy && grid.row(y).isBlank(); y--) {
                blankBelow++;
            }
            int fromTop = Math.max(0, rows - newRows - blankBelow);
            main.resize(newCols, newRows, grid == main ? fromTop : 0, grid == main ? historySink : null);
            alt.resize(newCols, newRows, grid == alt ? fromTop : 0, null);
            cy = Math.max(0, cy - fromTop);
        } else {
            main.resize(newCols, newRows, 0, null);
            alt.resize(newCols, newRows, 0, null);
        }
        cols = newCols;
        rows = newRows;
        cx = Math.min(cx, cols);
        cy = Math.min(cy, rows - 1);
        top = 0;
        bottom = rows - 1;
        boolean[] old = tabs;
        resetTabs();
        System.arraycopy(old, 0, tabs, 0, Math.min(old.length, tabs.length));
        main.markAllDirty();
        alt.markAllDirty();
    }
}
