package dev.signaltty.vt.internal;

import org.jspecify.annotations.Nullable;

import dev.signaltty.vt.ScreenCells;
import dev.signaltty.vt.Terminal;
import dev.signaltty.vt.TerminalListener;

/**
 * Carries out the {@link TerminalOperations}: the VT100/xterm subset programs use, on the
 * {@link Screens} with a {@link Cursor}, text going through the {@link TextPrinter} and in-place
 * editing through the {@link ScreenEditor} ({@link #editor()}). xterm is the
 * reference; tmux 3.3a's {@code capture-pane} is the differential oracle where the two agree
 * (docs/terminal.md lists where they do not, ADR 0170). Its state (screens, cursor, modes, charsets,
 * tab stops, title) is private and changes only through the operations (and {@link #resize});
 * {@link Terminal} reads it through the few accessors at the end. Side effects leave through
 * {@link TerminalListener}; nothing here writes to a PTY. Not thread-safe: {@link Terminal}
 * serialises access.
 */
final class Emulator implements TerminalOperations {

    private final TerminalListener listener;
    private final ShellMarks shellMarks;
    private final Screens screens;
    private final Modes modes = new Modes();
    private final Charsets charsets = new Charsets();
    private final TabStops tabs;
    private final Cursor cursor;
    private final TextPrinter printer;
    private final ModeSwitches switches;
    private final ScreenEditor editor;
    private final DesktopNotifications notifications;
    private final QueryAnswers answers;
    private String title = "";
    /** OSC 9;4 progress as text ({@link Progress}), "" when none. */
    private String progress = "";

    Emulator(int cols, int rows, TerminalListener listener, Grid.ScrollSink historySink, Runnable clearHistory,
             ShellMarks shellMarks, Screens.Renumbering renumbering, Runnable frameStarts) {
        this.listener = listener;
        this.shellMarks = shellMarks;
        this.screens = new Screens(cols, rows, historySink, renumbering);
        this.tabs = new TabStops(cols);
        this.cursor = new Cursor(screens, modes, charsets);
        this.printer = new TextPrinter(screens, cursor, modes, charsets);
        this.switches = new ModeSwitches(modes, screens, cursor, frameStarts);
        this.editor = new ScreenEditor(screens, cursor, clearHistory);
        this.notifications = new DesktopNotifications(listener);
        this.answers = new QueryAnswers(listener, modes, cursor, screens);
    }

    // ---- text ----

    @Override
    public int print(byte[] utf8, int off, int end) {
        return printer.print(utf8, off, end);
    }

    @Override
    public void repeatPrecedingCharacter(int count) {
        printer.repeat(count);
    }

    // ---- C0 and cursor motion ----

    @Override
    public void bell() {
        listener.bell();
    }

    @Override
    public void backspace() {
        cursor.backspace();
    }

    /** Keeps a pending wrap when there is no stop to go to. */
    @Override
    public void tab(int count) {
        cursor.setX(tabs.next(cursor.x(), count));
    }

    @Override
    public void backTab(int count) {
        cursor.setX(tabs.previous(cursor.clearPendingWrap(), count));
    }

    @Override
    public void lineFeed() {
        cursor.lineFeed();
    }

    @Override
    public void carriageReturn() {
        cursor.carriageReturn();
    }

    @Override
    public void nextLine() {
        cursor.carriageReturn();
        cursor.lineFeed();
    }

    @Override
    public void reverseIndex() {
        cursor.reverseIndex();
    }

    @Override
    public void cursorUp(int count) {
        cursor.up(count);
    }

    @Override
    public void cursorDown(int count) {
        cursor.down(count);
    }

    @Override
    public void cursorForward(int count) {
        cursor.forward(count);
    }

    @Override
    public void cursorBackward(int count) {
        cursor.backward(count);
    }

    @Override
    public void cursorNextLine(int count) {
        cursor.down(count);
        cursor.carriageReturn();
    }

    @Override
    public void cursorPrecedingLine(int count) {
        cursor.up(count);
        cursor.carriageReturn();
    }

    @Override
    public void setCursorColumn(int column) {
        cursor.toColumn(column - 1);
    }

    @Override
    public void setCursorRow(int row) {
        cursor.moveTo(cursor.column(), row - 1);
    }

    @Override
    public void setCursorPosition(int row, int column) {
        cursor.moveTo(column - 1, row - 1);
    }

    @Override
    public void saveCursor() {
        cursor.save();
    }

    @Override
    public void restoreCursor() {
        cursor.restore();
    }

    // ---- tab stops, charsets ----

    /** A pending wrap stays pending. */
    @Override
    public void setTabStop() {
        tabs.set(cursor.column());
    }

    /** At the cursor's column (the last one when a wrap is pending, which it keeps). */
    @Override
    public void clearTabStops(int mode) {
        if (mode == 0) {
            tabs.clear(cursor.column());
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

    // ---- rendition, modes, margins, resets ----

    @Override
    public void setGraphicRendition(VtParams params) {
        cursor.setAttr(Sgr.apply(cursor.attr(), params));
    }

    @Override
    public void setMode(int mode) {
        switches.setAnsi(mode, true);
    }

    @Override
    public void resetMode(int mode) {
        switches.setAnsi(mode, false);
    }

    @Override
    public void setPrivateMode(int mode) {
        switches.setPrivate(mode, true);
    }

    @Override
    public void resetPrivateMode(int mode) {
        switches.setPrivate(mode, false);
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
            cursor.moveTo(0, 0);
        }
    }

    /** Modes, attributes, margins, charsets and saved cursors back to their defaults. */
    @Override
    public void softReset() {
        modes.reset();
        cursor.softReset();
        screens.resetRegion();
        charsets.reset();
    }

    @Override
    public void fullReset() {
        screens.leaveAlt();
        screens.main().eraseRows(0, screens.rows(), Sgr.DEFAULT);
        softReset();
        cursor.home();
        tabs.reset();
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

    @Override
    public void reportProgress(byte[] data, int from, int to) {
        progress = Progress.parse(data, from, to, progress);
    }

    @Override
    public void desktopNotification(int code, byte[] data, int from, int to) {
        switch (code) {
            case 9 -> notifications.iterm(data, from, to);
            case 777 -> notifications.urxvt(data, from, to);
            default -> notifications.kitty(data, from, to);
        }
    }

    @Override
    public void reportState(byte[] data, int from, int to) {
        String state = DesktopNotifications.codexState(data, from, to);
        if (state != null) {
            listener.stateReported(state);
        }
    }

    // ---- for the Terminal: reads, and the resize (not a control) ----

    Screens screens() {
        return screens;
    }

    /** The in-place editing half of the operations, on the same screens and cursor. */
    EditingOperations editor() {
        return editor;
    }

    /** The answers to a program's queries, read from the same modes, cursor and screens. */
    QueryOperations answers() {
        return answers;
    }

    String title() {
        return title;
    }

    String progress() {
        return progress;
    }

    boolean bracketedPaste() {
        return modes.bracketedPaste;
    }

    dev.signaltty.vt.MouseModes mouseModes() {
        return new dev.signaltty.vt.MouseModes(modes.mouse, modes.mouseEncoding, modes.alternateScroll);
    }

    boolean focusEvents() {
        return modes.focusEvents;
    }

    boolean synchronizedOutput() {
        return modes.synchronizedOutput;
    }

    /** The main screen's cursor row when text precedes the cursor on it (a prompt's fragment), else null. */
    @Nullable Row mainRowBeforeCursor() {
        return screens.altActive() || cursor.x() == 0 ? null : screens.main().row(cursor.y());
    }

    String repaint() {
        return Repaint.of(screens, modes, charsets, cursor.column(), cursor.y(), cursor.attr());
    }

    /** Copies the active screen into {@code frame}, as {@link #cells()} would see it (synchronized output). */
    void holdFrame(SynchronizedFrame frame) {
        frame.start(screens.active(), cursor.column(), cursor.y(), modes);
    }

    ScreenCells cells() {
        int cols = screens.cols();
        int rows = screens.rows();
        int[] cps = new int[cols * rows];
        long[] attrs = new long[cols * rows];
        for (int y = 0; y < rows; y++) {
            Row r = screens.active().row(y);
            int n = Math.min(cols, r.cols());
            System.arraycopy(r.cps(), 0, cps, y * cols, n);
            System.arraycopy(r.attrs(), 0, attrs, y * cols, n);
        }
        return new ScreenCells(cols, rows, cps, attrs, cursor.column(), cursor.y(), modes.cursorVisible,
                modes.appCursor, modes.mouse);
    }

    /**
     * A new size; see docs/05-rendered-ring.md ("Resize"). A new width rewraps the main screen
     * ({@link Reflow}): its cursor (the live one, or the one 1049 saved while the alternate screen is
     * shown) and its saved cursor stay on their characters. Returns, for each main screen row before
     * (top down), the row that holds its end now (the same row when only rows changed; null for a row
     * given up), so numbered boundaries can follow their lines.
     */
    Row[] resize(int newCols, int newRows) {
        Row[] ends;
        if (newCols == screens.cols()) {
            ends = screens.main().topDown();
            cursor.resized(screens.resize(newCols, newRows, cursor.y()));
        } else if (screens.altActive()) {
            Reflow.Spot saved = cursor.savedMainSpot();
            Screens.Reflowed done = screens.reflow(newCols, newRows, cursor.y(), saved);
            cursor.resized(done.altFromTop());
            cursor.savedMainMoved(saved);
            ends = done.mainEnds();
        } else {
            Reflow.Spot live = new Reflow.Spot(cursor.x(), cursor.y());
            Reflow.Spot saved = cursor.savedMainSpot();
            ends = screens.reflow(newCols, newRows, cursor.y(), live, saved).mainEnds();
            cursor.reflowed(live);
            cursor.savedMainMoved(saved);
        }
        tabs.resize(newCols);
        return ends;
    }
}
