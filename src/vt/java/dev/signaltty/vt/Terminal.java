package dev.signaltty.vt;

import java.io.IOException;
import java.nio.channels.GatheringByteChannel;

import dev.signaltty.vt.internal.TerminalEngine;

/**
 * One pane's terminal: the parser, the emulator, and the rendered ring that numbers every line of
 * history and screen (docs/05-rendered-ring.md). The module's facade (ADR 0345): the work is done by
 * {@code internal.TerminalEngine}, which the module does not export. Thread-safe: one PTY reader feeds
 * while request threads read; every public method holds the terminal's monitor, so each read sees the
 * state between two {@link #feed} calls, never the middle of one. The monitor is this object and is
 * reentrant: a caller that must pair terminal state with its own bookkeeping (an attach snapshot with
 * the output offset it covers) can hold {@code synchronized (terminal)} around {@link #feed} and
 * offset updates on the reader side and around {@link #repaint()} on the attach side.
 */
public final class Terminal {

    private final TerminalEngine engine;

    /**
     * @param seqBase the run's base: the first line gets {@code seqBase + 1}; cursors below it come from
     *                another run (put a run identity in the high bits, e.g. {@code epoch << 32})
     */
    public Terminal(int cols, int rows, TerminalListener listener, RingLimits limits, long seqBase) {
        this.engine = new TerminalEngine(cols, rows, listener, limits, seqBase);
    }

    /**
     * As above, with the clock a synchronized frame's timeout is measured by ({@link System#nanoTime} in
     * the other constructor): a test can step it.
     */
    public Terminal(int cols, int rows, TerminalListener listener, RingLimits limits, long seqBase,
                    java.util.function.LongSupplier nanoClock) {
        this.engine = new TerminalEngine(cols, rows, listener, limits, seqBase, nanoClock);
    }

    public synchronized void feed(byte[] buf, int off, int len) {
        engine.feed(buf, off, len);
    }

    /** Resizes; a new width rewraps the main screen's soft-wrapped lines (docs/05-rendered-ring.md, "Resize"; ADR 0800). */
    public synchronized void resize(int cols, int rows) {
        engine.resize(cols, rows);
    }

    /**
     * The current grid (the alternate one while active), without scrollback: rows joined by '\n',
     * trailing blanks trimmed per row, trailing empty rows dropped. While the program draws a
     * synchronized frame (mode 2026) it is the screen from before the frame, for at most a second
     * (docs/terminal.md, "Synchronized output"); {@link #cells()} likewise.
     */
    public synchronized String screen(boolean ansi) {
        return engine.screen(ansi);
    }

    /** The last {@code lines} content lines of history and screen (only the alternate grid while active). */
    public synchronized ReadResult tail(int lines, boolean ansi) {
        return engine.tail(lines, ansi);
    }

    /** Lines with a sequence number above {@code afterSeq} (0: all retained); see {@link RenderedRead}. */
    public synchronized RenderedRead rendered(long afterSeq, int lines, boolean ansi) {
        return engine.rendered(afterSeq, lines, ansi);
    }

    /** The current head sequence: a cursor equal to it has seen every line. */
    public synchronized long headSeq() {
        return engine.headSeq();
    }

    public synchronized boolean altScreen() {
        return engine.altScreen();
    }

    public synchronized boolean bracketedPaste() {
        return engine.bracketedPaste();
    }

    /** The mouse tracking and report encoding the program set (DECSET 9/1000/1002/1003, 1005/1006/1015, 1007). */
    public synchronized MouseModes mouseModes() {
        return engine.mouseModes();
    }

    /**
     * Whether the program asked to be told of focus (DECSET 1004): then a client that moves the focus
     * between panes (the CLI's tab view) writes {@code CSI I} / {@code CSI O} to it, as tmux does.
     */
    public synchronized boolean focusEvents() {
        return engine.focusEvents();
    }

    public synchronized String title() {
        return engine.title();
    }

    /** The OSC 9;4 progress the program last reported, as text ("" when none; OSC 9;4 as ConEmu defines it). */
    public synchronized String progress() {
        return engine.progress();
    }

    public synchronized int cols() {
        return engine.cols();
    }

    public synchronized int rows() {
        return engine.rows();
    }

    /**
     * An ANSI byte string that redraws the visible state on a fresh terminal of the same size: the main
     * screen, then (when active) the alternate screen entered with 1049, the scroll region, modes, the
     * current SGR and the cursor. Scrollback is not included. Used as the attach snapshot.
     */
    public synchronized String repaint() {
        return engine.repaint();
    }

    /** A copy of the active screen's cells, cursor and input modes (for clients that compose panes). */
    public synchronized ScreenCells cells() {
        return engine.cells();
    }

    /** Approximate bytes held by history lines (the figure the byte cap applies to). */
    public synchronized long historyBytes() {
        return engine.historyBytes();
    }

    public synchronized int historyLines() {
        return engine.historyLines();
    }

    /**
     * Stores history's full pages deflated, for a terminal whose program has gone quiet (ADR 0540): every
     * read, search and export sees the same lines, inflated on demand; the newest page, the only one
     * output is written to, stays as it is. Returns the bytes given back.
     */
    public synchronized long deflateIdleHistory() {
        return engine.deflateIdleHistory();
    }

    /**
     * History's lines numbered above {@code afterSeq}, packed as history holds them (no decoding), at
     * most {@code maxBytes} (the newest whole lines). Appending successive exports, with
     * {@code afterSeq} the previous export's {@link HistoryExport#lastSeq()}, writes history
     * incrementally; when {@link HistoryExport#clears()} changed, history was cleared and a
     * transcript should start over from an export after 0.
     */
    public synchronized HistoryExport historyAfter(long afterSeq, int maxBytes) {
        return engine.historyAfter(afterSeq, maxBytes);
    }

    /**
     * {@link #historyAfter}'s bytes written to {@code out} straight from history's pages (the export's
     * {@code packed} is then empty and {@code length} counts what was written): a transcript's checkpoint
     * writes its export to a file without first copying it into an array of its size.
     */
    public synchronized HistoryExport writeHistoryAfter(long afterSeq, int maxBytes,
                                                        GatheringByteChannel out) throws IOException {
        return engine.writeHistoryAfter(afterSeq, maxBytes, out);
    }

    /** History clears (ED 3) since the terminal was made, as {@link HistoryExport#clears()} reports them. */
    public synchronized long historyClears() {
        return engine.historyClears();
    }

    /**
     * The size of {@link #historyAfter}{@code (afterSeq, unbounded)}'s {@code packed} bytes, without
     * copying them: a transcript about to start over anyway (the export would pass its cap) skips the copy.
     */
    public synchronized long historyBytesAfter(long afterSeq) {
        return engine.historyBytesAfter(afterSeq);
    }

    /**
     * Puts exported history back into a fresh terminal (nothing fed yet), numbered in this run; the
     * screen, cursor and modes come back by feeding a {@link #repaint()} taken with the export.
     *
     * @throws IllegalStateException when the terminal has been fed already
     * @throws IllegalArgumentException when {@code packed} is not an export (it is then left as it was fed)
     */
    public synchronized void restoreHistory(byte[] packed) {
        engine.restoreHistory(packed);
    }

    /**
     * True between escape sequences and characters: no sequence or UTF-8 character is half fed, so
     * what is fed next can be replayed on a {@link #repaint()} of this moment.
     */
    public synchronized boolean atRest() {
        return engine.atRest();
    }

    /**
     * The soft-wrap flag of every screen row (the main screen's rows, then the alternate screen's): a
     * repaint draws rows one by one, so a transcript keeps these beside it and puts them back after it.
     */
    public synchronized boolean[] wrapFlags() {
        return engine.wrapFlags();
    }

    /** Puts {@link #wrapFlags()} back (after feeding the repaint taken with them, at the same size). */
    public synchronized void restoreWrapFlags(boolean[] flags) {
        engine.restoreWrapFlags(flags);
    }

    /**
     * Where {@code len} bytes, fed from a moment the parser was {@linkplain #atRest() at rest}, stop
     * being whole: the offset where the escape sequence or UTF-8 character still open at their end
     * began, or {@code off + len} when none is. A checkpoint taken mid-sequence replays the bytes from
     * there after its repaint, so the rest of the sequence is not shown as text (a parser that gives
     * the bytes no meaning finds it; the parser's state does not depend on what its actions do).
     */
    public static int openSequenceStart(byte[] buf, int off, int len) {
        return TerminalEngine.openSequenceStart(buf, off, len);
    }

    /**
     * Lines of history and the active screen, oldest first, for which {@code find} gives a column (not
     * -1): the newest {@code limit} of them, and how many matched in all.
     */
    public synchronized SearchResult search(java.util.function.ToIntFunction<String> find, int limit) {
        return engine.search(find, limit);
    }

    public synchronized ShellState shellState() {
        return engine.shellState();
    }

    /** Whether the line numbered {@code seq} belongs to a command's output (not a prompt or a typed echo). */
    public synchronized boolean isCommandOutput(long seq) {
        return engine.isCommandOutput(seq);
    }

    /**
     * A finished command's output (number 0: the latest), the newest {@code lines} lines of it; null when
     * no such command is kept (none finished yet, or it is older than the last 64 kept).
     */
    public synchronized @org.jspecify.annotations.Nullable CommandOutput command(long number, int lines, boolean ansi) {
        return engine.command(number, lines, ansi);
    }

    /**
     * The running command's output so far (OSC 133 C seen, D not yet), the newest {@code lines} lines of it, with
     * {@code endedSeq} -1 and no exit status; null when no command runs.
     */
    public synchronized @org.jspecify.annotations.Nullable CommandOutput runningCommand(int lines, boolean ansi) {
        return engine.runningCommand(lines, ansi);
    }
}
