package dev.signaltty.vt;

import java.nio.charset.StandardCharsets;

import org.jspecify.annotations.Nullable;

/**
 * Carries out the {@link TerminalOperations} on its {@link Screens}: the VT100/xterm subset programs
 * use. xterm is the reference; tmux 3.3a's {@code capture-pane} is the differential oracle where the
 * two agree (docs/terminal.md lists where they do not, ADR 0170). Its state (cursor, attributes,
 * modes, charsets, saved cursors, tab stops, title) is private and changes only through the
 * operations; {@link Terminal} reads it through the few accessors at the end.
 * <ul>
 *   <li>Pending wrap (xterm's last-column flag) is encoded as {@code cx == cols}: the cursor is in the
 *       last column with the flag set, so the next printable character wraps first. Operations that
 *       clear the flag start from the last column ({@link #clampedX()}); the few that keep it (HT,
 *       SU/SD, SL/SR, DECIC/DECDC, HTS/TBC, SGR, modes) leave {@code cx} alone, and DECSC/DECRC save it.</li>
 *   <li>Entering the alternate screen (47, 1047, 1049) always starts from a blank grid; 1049 also saves
 *       and restores the cursor.</li>
 * </ul>
 * Side effects leave through {@link TerminalListener}; nothing here writes to a PTY.
 * Not thread-safe: {@link Terminal} serialises access.
 */
final class Emulator implements TerminalOperations {

    private final TerminalListener listener;
    /** ED 3 (clear scrollback): the owner of history drops it and moves its floor. */
    private final Runnable clearHistory;
    private final ShellMarks shellMarks;
    private final Screens screens;
    private final Modes modes = new Modes();
    private final Charsets charsets = new Charsets();
    private final TabStops tabs;
    private final RowWriter writer = new RowWriter();
    /**
     * DECSC/DECRC and CSI s/u: one slot per screen, as in xterm. Entering 1049 saves into the main
     * screen's slot and leaving it restores from there (even when not in the alternate screen).
     */
    private final SavedCursor mainSaved = new SavedCursor();
    private final SavedCursor altSaved = new SavedCursor();
    private int cx;
    private int cy;
    private long attr = Sgr.DEFAULT;
    private String title = "";
    /** The character REP repeats, or -1 when something other than text came after it. */
    private int lastPrinted = -1;

    Emulator(int cols, int rows, TerminalListener listener, Grid.ScrollSink historySink, Runnable clearHistory,
             ShellMarks shellMarks) {
        this.listener = listener;
        this.clearHistory = clearHistory;
        this.shellMarks = shellMarks;
        this.screens = new Screens(cols, rows, historySink);
        this.tabs = new TabStops(cols);
    }

    // ---- text ----

    /**
     * The one text entry point. Runs landing on empty cells go through {@link RowWriter#writeText};
     * what it cannot take (a wrap, an overwrite, a combining mark, a mapped charset, insert mode,
     * autowrap off) goes an ASCII stretch or a character at a time through the general paths below,
     * which give the same cells.
     */
    @Override
    public int print(byte[] buf, int off, int end) {
        int i = off;
        while (i < end) {
            boolean plain = !charsets.active() && !modes.insert && modes.autowrap;
            if (plain) {
                int n = writer.writeText(screens.active().row(cy), cx, screens.cols(), attr, buf, i, end);
                if (n > 0) {
                    cx = writer.column();
                    lastPrinted = writer.last();
                    i += n;
                    continue;
                }
            }
            int c = buf[i];
            if (c >= 0x20 && c != 0x7F) { // signed: printable ASCII
                if (plain && cx >= screens.cols()) {
                    wrap(); // the row is full: the next one is written by the fast path again
                    continue;
                }
                int j = i + 1;
                while (j < end && buf[j] >= 0x20 && buf[j] != 0x7F) {
                    j++;
                }
                printAscii(buf, i, j);
                i = j;
            } else if (c >= 0) {
                break; // a control: the parser's
            } else {
                int d = Utf8.decode(buf, i, end);
                if (d < 0) {
                    break; // not a whole valid sequence: the parser's
                }
                printCodePoint(d >>> 3);
                i += d & 7;
            }
        }
        return i - off;
    }

    /** Printable ASCII {@code buf[from, to)}, one pass per row it touches. */
    private void printAscii(byte[] buf, int from, int to) {
        if (charsets.active() || modes.insert) {
            for (int i = from; i < to; i++) {
                printCodePoint(buf[i]);
            }
            return;
        }
        int cols = screens.cols();
        int i = from;
        while (i < to) {
            if (cx >= cols) {
                if (!modes.autowrap) {
                    cx = cols - 1;
                } else {
                    wrap();
                }
            }
            int n = Math.min(to - i, cols - cx);
            RowWriter.writeAscii(screens.active().row(cy), cx, buf, i, n, attr, cols);
            cx += n;
            i += n;
        }
        lastPrinted = buf[to - 1];
        if (cx >= cols && !modes.autowrap) {
            cx = cols - 1;
        }
    }

    /** One character, with every check: charset mapping, width, wrap, insert mode, wide overwrites. */
    private void printCodePoint(int cp) {
        cp = charsets.map(cp);
        int w = CharWidth.of(cp);
        if (w == 0) {
            combine(cp);
            return;
        }
        int cols = screens.cols();
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
        Grid grid = screens.active();
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
        RowWriter.fixWideBeforeWrite(r, cx, w, cols);
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

    /** A combining mark joins the cell before the cursor; REP still repeats the base (xterm). */
    private void combine(int cp) {
        int x = cx >= screens.cols() ? screens.cols() - 1 : cx - 1;
        if (x < 0) {
            return;
        }
        Row r = screens.active().row(cy);
        if (r.cps[x] == Row.WIDE_TAIL && x > 0) {
            x--;
        }
        r.addCombining(x, cp); // even on an empty cell, as tmux does (it then shows a space and the mark)
    }

    private void wrap() {
        screens.active().row(cy).wrapped = true;
        lineFeed();
        cx = 0;
    }

    /** Any character, wide ones too, the base of a combined one, n more times with wrapping (xterm). */
    @Override
    public void repeatPrecedingCharacter(int count) {
        if (lastPrinted < 0) {
            return;
        }
        int cp = lastPrinted;
        for (int i = 0; i < count; i++) {
            printCodePoint(cp);
        }
    }

    @Override
    public void forgetPrecedingCharacter() {
        lastPrinted = -1;
    }

    // ---- C0 and cursor motion ----

    @Override
    public void bell() {
        listener.bell();
    }

    /** From the last column when a wrap is pending; no reverse wrap at column 0 (xterm's default). */
    @Override
    public void backspace() {
        cx = clampedX();
        if (cx > 0) {
            cx--;
        }
    }

    /** Keeps a pending wrap when there is no stop to go to. */
    @Override
    public void tab(int count) {
        cx = tabs.next(cx, count);
    }

    @Override
    public void backTab(int count) {
        cx = tabs.previous(clampedX(), count);
    }

    /** Clears a pending wrap, keeps the column. */
    @Override
    public void lineFeed() {
        if (cx >= screens.cols()) {
            cx = screens.cols() - 1;
        }
        if (cy == screens.bottom()) {
            screens.scrollUp(1, Sgr.erased(attr));
        } else if (cy < screens.rows() - 1) {
            cy++;
        }
    }

    @Override
    public void carriageReturn() {
        cx = 0;
    }

    @Override
    public void nextLine() {
        cx = 0;
        lineFeed();
    }

    @Override
    public void reverseIndex() {
        cx = clampedX();
        if (cy == screens.top()) {
            screens.scrollDown(1, Sgr.erased(attr));
        } else if (cy > 0) {
            cy--;
        }
    }

    /** Stops at the top margin from inside the region, at the screen's top from above it. */
    @Override
    public void cursorUp(int count) {
        int limit = cy >= screens.top() ? screens.top() : 0;
        cx = clampedX();
        cy = Math.max(limit, cy - count);
    }

    /** Stops at the bottom margin, or at the screen's bottom from below the region. */
    @Override
    public void cursorDown(int count) {
        int limit = cy <= screens.bottom() ? screens.bottom() : screens.rows() - 1;
        cx = clampedX();
        cy = Math.min(limit, cy + count);
    }

    @Override
    public void cursorForward(int count) {
        cx = Math.min(screens.cols() - 1, clampedX() + count);
    }

    /** From the last column when a wrap is pending. */
    @Override
    public void cursorBackward(int count) {
        cx = Math.max(0, clampedX() - count);
    }

    @Override
    public void cursorNextLine(int count) {
        cursorDown(count);
        cx = 0;
    }

    @Override
    public void cursorPrecedingLine(int count) {
        cursorUp(count);
        cx = 0;
    }

    @Override
    public void setCursorColumn(int column) {
        cx = Math.min(screens.cols() - 1, column - 1);
    }

    @Override
    public void setCursorRow(int row) {
        moveTo(clampedX(), row - 1);
    }

    @Override
    public void setCursorPosition(int row, int column) {
        moveTo(column - 1, row - 1);
    }

    /** x and y 0-based; relative to the scroll region in origin mode. */
    private void moveTo(int x, int y) {
        int minY = 0;
        int maxY = screens.rows() - 1;
        if (modes.origin) {
            y += screens.top();
            minY = screens.top();
            maxY = screens.bottom();
        }
        cx = Math.max(0, Math.min(screens.cols() - 1, x));
        cy = Math.max(minY, Math.min(maxY, y));
    }

    @Override
    public void saveCursor() {
        save(screens.altActive() ? altSaved : mainSaved);
    }

    @Override
    public void restoreCursor() {
        restore(screens.altActive() ? altSaved : mainSaved);
    }

    /** DECSC: position, pending wrap, attributes, origin mode, charsets (xterm's CursorSave). */
    private void save(SavedCursor s) {
        s.x = clampedX();
        s.y = cy;
        s.pendingWrap = cx >= screens.cols();
        s.attr = attr;
        s.origin = modes.origin;
        s.charsets = charsets.save();
    }

    /** DECRC; a slot never saved restores home, default attributes and charsets, origin off (DEC). */
    private void restore(SavedCursor s) {
        int cols = screens.cols();
        cx = Math.min(s.x, cols - 1);
        cy = Math.min(s.y, screens.rows() - 1);
        if (s.pendingWrap && cx == cols - 1 && modes.autowrap) {
            cx = cols;
        }
        attr = s.attr;
        modes.origin = s.origin;
        charsets.restore(s.charsets);
    }

    // ---- tab stops, charsets ----

    /** A pending wrap stays pending. */
    @Override
    public void setTabStop() {
        tabs.set(clampedX());
    }

    /** At the cursor's column (the last one when a wrap is pending, which it keeps). */
    @Override
    public void clearTabStops(int mode) {
        if (mode == 0) {
            tabs.clear(clampedX());
        } else if (mode == 3) {
            tabs.clearAll();
        }
    }

    @Override
    public void invokeCharset(int g) {
        charsets.shift(g);
    }

    @Override
    public void singleShift(int g) {
        charsets.singleShift(g);
    }

    @Override
    public void designateCharset(int g, int finalByte) {
        charsets.designate(g, finalByte);
    }

    // ---- editing ----

    /** Erasing clears a pending wrap and includes the last column. */
    @Override
    public void eraseInDisplay(int mode) {
        Grid g = screens.active();
        long fill = Sgr.erased(attr);
        cx = clampedX();
        switch (mode) {
            case 0 -> {
                if (cx == 0 && cy == 0) {
                    screens.clear(fill); // from the home position this clears everything: tmux treats it as ED 2
                    return;
                }
                g.erase(cy, cx, screens.cols(), fill);
                g.eraseRows(cy + 1, screens.rows(), fill);
            }
            case 1 -> {
                g.eraseRows(0, cy, fill);
                g.erase(cy, 0, cx + 1, fill);
            }
            case 2 -> screens.clear(fill);
            case 3 -> clearHistory.run();
            default -> {
            }
        }
    }

    @Override
    public void eraseInLine(int mode) {
        long fill = Sgr.erased(attr);
        cx = clampedX();
        switch (mode) {
            case 0 -> screens.active().erase(cy, cx, screens.cols(), fill);
            case 1 -> screens.active().erase(cy, 0, cx + 1, fill);
            case 2 -> screens.active().erase(cy, 0, screens.cols(), fill);
            default -> {
            }
        }
    }

    /** ECH, ICH, DCH clear a pending wrap and act on the last column. */
    @Override
    public void eraseChars(int count) {
        cx = clampedX();
        screens.active().erase(cy, cx, cx + count, Sgr.erased(attr));
    }

    @Override
    public void insertBlankChars(int count) {
        cx = clampedX();
        screens.active().insertChars(cy, cx, count, Sgr.erased(attr));
    }

    @Override
    public void deleteChars(int count) {
        cx = clampedX();
        screens.active().deleteChars(cy, cx, count, Sgr.erased(attr));
    }

    /** IL, DL: only inside the scroll region (else nothing), and the cursor goes to column 0 (xterm). */
    @Override
    public void insertLines(int count) {
        if (screens.insideRegion(cy)) {
            screens.insertLines(cy, count, Sgr.erased(attr));
            cx = 0;
        }
    }

    @Override
    public void deleteLines(int count) {
        if (screens.insideRegion(cy)) {
            screens.deleteLines(cy, count, Sgr.erased(attr));
            cx = 0;
        }
    }

    /** SU and SD keep the cursor and its pending wrap. */
    @Override
    public void scrollUp(int count) {
        screens.scrollUp(count, Sgr.erased(attr));
    }

    @Override
    public void scrollDown(int count) {
        screens.scrollDown(count, Sgr.erased(attr));
    }

    /** SL, SR: every row of the scroll region, from column 0; the cursor stays. */
    @Override
    public void scrollLeft(int count) {
        screens.deleteColumns(0, count, Sgr.erased(attr));
    }

    @Override
    public void scrollRight(int count) {
        screens.insertColumns(0, count, Sgr.erased(attr));
    }

    /** DECIC, DECDC: at the cursor's column in every row of the region; nothing outside it. */
    @Override
    public void insertColumns(int count) {
        if (screens.insideRegion(cy)) {
            screens.insertColumns(clampedX(), count, Sgr.erased(attr));
        }
    }

    @Override
    public void deleteColumns(int count) {
        if (screens.insideRegion(cy)) {
            screens.deleteColumns(clampedX(), count, Sgr.erased(attr));
        }
    }

    @Override
    public void screenAlignmentTest() {
        screens.fillWithE();
        cx = 0;
        cy = 0;
    }

    // ---- rendition, modes, margins, resets ----

    @Override
    public void setGraphicRendition(VtParams params) {
        attr = Sgr.apply(attr, params);
    }

    @Override
    public void setMode(int mode) {
        if (mode == 4) {
            modes.insert = true; // IRM
        }
    }

    @Override
    public void resetMode(int mode) {
        if (mode == 4) {
            modes.insert = false;
        }
    }

    @Override
    public void setPrivateMode(int mode) {
        privateMode(mode, true);
    }

    @Override
    public void resetPrivateMode(int mode) {
        privateMode(mode, false);
    }

    private void privateMode(int mode, boolean on) {
        switch (mode) {
            case 6 -> {
                modes.origin = on;
                moveTo(0, 0);
            }
            case 47, 1047 -> setAltScreen(on, false);
            case 1049 -> setAltScreen(on, true);
            case 3 -> {
                // DECCOLM is not honoured (the PTY size rules); xterm still clears the screen
                screens.active().eraseRows(0, screens.rows(), Sgr.DEFAULT);
                screens.resetRegion();
                cx = 0;
                cy = 0;
            }
            default -> modes.setPrivate(mode, on);
        }
    }

    private void setAltScreen(boolean on, boolean withCursor) {
        if (on) {
            if (screens.altActive()) {
                return;
            }
            if (withCursor) {
                save(mainSaved); // DECSC on the main screen, then the switch: xterm's order
            }
            screens.enterAlt();
        } else {
            screens.leaveAlt();
            if (withCursor) {
                // the whole DECSC state, charsets included, even when not in the alternate screen
                // (xterm): line drawing selected by a TUI does not leak into the shell's screen
                restore(mainSaved);
            }
        }
    }

    @Override
    public void setKeypadApplicationMode(boolean on) {
        modes.keypad = on;
    }

    /** Kept for DECRQSS only: the viewer's terminal draws the cursor. */
    @Override
    public void setCursorStyle(int style) {
        modes.cursorStyle = style;
    }

    /** Rejects top ≥ bottom; homes the cursor (to the region's top in origin mode). */
    @Override
    public void setScrollRegion(int top, int bottom) {
        if (screens.setRegion(top - 1, bottom == Integer.MAX_VALUE ? bottom : bottom - 1)) {
            moveTo(0, 0);
        }
    }

    /** Modes, attributes, margins, charsets and saved cursors back to their defaults. */
    @Override
    public void softReset() {
        modes.reset();
        attr = Sgr.DEFAULT;
        screens.resetRegion();
        charsets.reset();
        resetSavedCursors();
    }

    @Override
    public void fullReset() {
        screens.leaveAlt();
        screens.main().eraseRows(0, screens.rows(), Sgr.DEFAULT);
        softReset();
        cx = 0;
        cy = 0;
        tabs.reset();
    }

    private void resetSavedCursors() {
        mainSaved.reset();
        altSaved.reset();
    }

    // ---- queries ----

    @Override
    public void reportPrimaryAttributes() {
        reply(Reports.PRIMARY_DA);
    }

    @Override
    public void reportSecondaryAttributes() {
        reply(Reports.SECONDARY_DA);
    }

    @Override
    public void reportStatus() {
        reply(Reports.STATUS_OK);
    }

    /** A pending wrap reports the last column, as xterm. */
    @Override
    public void reportCursorPosition(boolean withPage) {
        int row = (modes.origin ? cy - screens.top() : cy) + 1;
        reply(Reports.cursorPosition(row, clampedX() + 1, withPage));
    }

    @Override
    public void reportMode(int mode) {
        reply(Reports.ansiMode(mode, modes));
    }

    @Override
    public void reportPrivateMode(int mode) {
        reply(Reports.privateMode(mode, modes, screens.altActive()));
    }

    @Override
    public void reportStatusString(String request) {
        reply(Reports.statusString(request, attr, screens, modes));
    }

    private void reply(String s) {
        listener.reply(s.getBytes(StandardCharsets.US_ASCII));
    }

    // ---- OSC ----

    @Override
    public void setTitle(String newTitle) {
        title = newTitle;
        listener.titleChanged(newTitle);
    }

    @Override
    public void shellIntegrationMark(byte[] data, int from, int to) {
        shellMarks.osc(data, from, to);
    }

    // ---- for the Terminal (reads, and the two changes that are not controls) ----

    /** Cursor column clamped to the grid (leaves the pending-wrap column). */
    int clampedX() {
        return Math.min(cx, screens.cols() - 1);
    }

    int cursorY() {
        return cy;
    }

    Screens screens() {
        return screens;
    }

    String title() {
        return title;
    }

    boolean bracketedPaste() {
        return modes.bracketedPaste;
    }

    /** The main screen's cursor row when text precedes the cursor on it (a prompt's fragment), else null. */
    @Nullable Row mainRowBeforeCursor() {
        return screens.altActive() || cx == 0 ? null : screens.main().row(cy);
    }

    String repaint() {
        return Repaint.of(screens, modes, charsets, clampedX(), cy, attr);
    }

    ScreenCells cells() {
        return ScreenCells.of(screens.active(), screens.cols(), screens.rows(), clampedX(), cy, modes);
    }

    /** Resize without reflow; see docs/05-rendered-ring.md ("Resize"). */
    void resize(int newCols, int newRows) {
        int fromTop = screens.resize(newCols, newRows, cy);
        cy = Math.max(0, cy - fromTop);
        cx = Math.min(cx, newCols);
        cy = Math.min(cy, newRows - 1);
        tabs.resize(newCols);
    }
}
