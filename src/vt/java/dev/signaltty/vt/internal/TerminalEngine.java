package dev.signaltty.vt.internal;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.GatheringByteChannel;

import dev.signaltty.vt.CommandOutput;
import dev.signaltty.vt.HistoryExport;
import dev.signaltty.vt.ReadResult;
import dev.signaltty.vt.RenderedRead;
import dev.signaltty.vt.RingLimits;
import dev.signaltty.vt.ScreenCells;
import dev.signaltty.vt.SearchResult;
import dev.signaltty.vt.ShellState;
import dev.signaltty.vt.TerminalListener;

/**
 * What {@link dev.signaltty.vt.Terminal} does: the parser, the emulator, and the rendered ring that
 * numbers every line of history and screen (docs/05-rendered-ring.md). Not thread-safe on its own:
 * the facade calls it under the terminal's monitor, and the emulator calls back into it (scrolled-off
 * rows, ED 3, shell marks) from inside {@link #feed}, so under the same monitor. This is the facade's
 * side: feeding, sizes and modes, transcripts and shell marks; the rendered ring's numbering (rows
 * retired into history, sequence numbers) is {@link RingNumbering}'s, its reads {@link RingQueries}'.
 */
public final class TerminalEngine {

    private final VtParser parser;
    private final Emulator emu;
    private final RingNumbering ring;
    private final History history;
    private final ShellMarks marks;
    private final RingQueries queries;
    private final SynchronizedFrame frame;
    /** Whether anything was fed: history can only be restored before. */
    private boolean fed;

    /**
     * @param seqBase the run's base: the first line gets {@code seqBase + 1}; cursors below it come from
     *                another run (put a run identity in the high bits, e.g. {@code epoch << 32})
     */
    public TerminalEngine(int cols, int rows, TerminalListener listener, RingLimits limits, long seqBase) {
        this(cols, rows, listener, limits, seqBase, System::nanoTime);
    }

    /** @param nanoClock the clock a synchronized frame's timeout is measured with ({@link System#nanoTime}) */
    public TerminalEngine(int cols, int rows, TerminalListener listener, RingLimits limits, long seqBase,
                          java.util.function.LongSupplier nanoClock) {
        if (cols < 1 || rows < 1) {
            throw new IllegalArgumentException("size must be at least 1x1: " + cols + "x" + rows);
        }
        if (seqBase < 0) {
            throw new IllegalArgumentException("seqBase must be >= 0");
        }
        this.ring = new RingNumbering(limits, seqBase);
        this.history = ring.history();
        this.marks = new ShellMarks(new MarkHost());
        this.emu = new Emulator(cols, rows, listener, ring, ring::clearHistory, marks, this::keepingMarks,
                this::frameStarts);
        this.frame = new SynchronizedFrame(nanoClock, emu::synchronizedOutput);
        ring.watch(emu.screens());
        this.parser = new VtParser(new ControlTranslator(emu, emu.editor(), emu.answers()));
        this.queries = new RingQueries(emu, ring, marks);
    }

    public void feed(byte[] buf, int off, int len) {
        java.util.Objects.checkFromIndexSize(off, len, buf.length);
        fed |= len > 0;
        parser.advance(buf, off, len);
    }

    /** Resizes; a new width rewraps the main screen's soft-wrapped lines (docs/05-rendered-ring.md, "Resize"; ADR 0800). */
    public void resize(int cols, int rows) {
        if (cols < 1 || rows < 1) {
            throw new IllegalArgumentException("size must be at least 1x1: " + cols + "x" + rows);
        }
        if (cols == emu.screens().cols() && rows == emu.screens().rows()) {
            return;
        }
        frame.drop();
        if (!marks.seen()) {
            emu.resize(cols, rows);
            return;
        }
        // every main screen row gets a new number (it was redrawn, and rewrapped rows are new): number
        // them before and after, and carry the OSC 133 commands' boundaries over from the old rows to the
        // rows now holding their ends, so a command's output keeps its lines (pane.read last_command).
        // Behind the alternate screen too: the main screen is rewrapped there, and read when it is left.
        long[] before = ring.numberMain();
        Row[] ends = emu.resize(cols, rows);
        ring.numberMain();
        marks.renumber(before, ends);
    }

    /**
     * Leaving the alternate screen gives every main screen row a new number (its text reappears, and a
     * rendered cursor reads it as new); the rows themselves do not move, so each command's boundaries
     * go to the new numbers of the same rows, as across a resize (ADR 0830).
     */
    private void keepingMarks(Runnable renumbersMain) {
        if (!marks.seen()) {
            renumbersMain.run();
            return;
        }
        long[] before = ring.numberMain();
        Row[] rows = emu.screens().main().topDown();
        renumbersMain.run();
        ring.numberMain();
        marks.renumber(before, rows);
    }

    /**
     * The current grid (the alternate one while active), without scrollback: rows joined by '\n',
     * trailing blanks trimmed per row, trailing empty rows dropped.
     */
    public String screen(boolean ansi) {
        return frame.holds() ? frame.screen(ansi) : queries.screen(ansi);
    }

    /** Synchronized output begins: readers keep seeing the screen as it is now (ADR 0940). */
    private void frameStarts() {
        emu.holdFrame(frame);
    }

    /** The last {@code lines} content lines of history and screen (only the alternate grid while active). */
    public ReadResult tail(int lines, boolean ansi) {
        return queries.tail(lines, ansi);
    }

    /** Lines with a sequence number above {@code afterSeq} (0: all retained); see {@link RenderedRead}. */
    public RenderedRead rendered(long afterSeq, int lines, boolean ansi) {
        return queries.rendered(afterSeq, lines, ansi);
    }

    /** The current head sequence: a cursor equal to it has seen every line. */
    public long headSeq() {
        return ring.headSeq();
    }

    public boolean altScreen() {
        return emu.screens().altActive();
    }

    public boolean bracketedPaste() {
        return emu.bracketedPaste();
    }

    public dev.signaltty.vt.MouseModes mouseModes() {
        return emu.mouseModes();
    }

    public boolean focusEvents() {
        return emu.focusEvents();
    }

    public String title() {
        return emu.title();
    }

    /** The OSC 9;4 progress the program last reported, as text ("" when none; see {@code internal.Progress}). */
    public String progress() {
        return emu.progress();
    }

    public int cols() {
        return emu.screens().cols();
    }

    public int rows() {
        return emu.screens().rows();
    }

    /**
     * An ANSI byte string that redraws the visible state on a fresh terminal of the same size: the main
     * screen, then (when active) the alternate screen entered with 1049, the scroll region, modes, the
     * current SGR and the cursor. Scrollback is not included. Used as the attach snapshot.
     */
    public String repaint() {
        return emu.repaint();
    }

    /** A copy of the active screen's cells, cursor and input modes (for clients that compose panes). */
    public ScreenCells cells() {
        return frame.holds() ? frame.cells() : emu.cells();
    }

    /** Approximate bytes held by history lines (the figure the byte cap applies to). */
    public long historyBytes() {
        return history.bytes();
    }

    public int historyLines() {
        return history.size();
    }

    /** Deflates history's full pages (the pane has gone quiet, ADR 0540); the bytes given back. */
    public long deflateIdleHistory() {
        return history.deflateIdle();
    }

    // ---- transcripts (state kept across restarts; issue 17, ADR 0230) ----

    /**
     * History's lines numbered above {@code afterSeq}, packed as history holds them (no decoding), at
     * most {@code maxBytes} (the newest whole lines). Appending successive exports, with
     * {@code afterSeq} the previous export's {@link HistoryExport#lastSeq()}, writes history
     * incrementally; when {@link HistoryExport#clears()} changed, history was cleared and a
     * transcript should start over from an export after 0.
     */
    public HistoryExport historyAfter(long afterSeq, int maxBytes) {
        long[] last = new long[1];
        byte[] packed = history.packedAfter(afterSeq, Math.max(0, maxBytes), last);
        return new HistoryExport(packed, last[0], ring.historyClears(), packed.length);
    }

    /** {@link #historyAfter}'s bytes written to {@code out} from history's pages, with no copy between. */
    public HistoryExport writeHistoryAfter(long afterSeq, int maxBytes, GatheringByteChannel out)
            throws IOException {
        long[] last = new long[1];
        ByteBuffer[] slices = history.packedSlicesAfter(afterSeq, Math.max(0, maxBytes), last);
        long written = 0;
        long total = 0;
        for (ByteBuffer slice : slices) {
            total += slice.remaining();
        }
        while (written < total) {
            written += out.write(slices);
        }
        return new HistoryExport(new byte[0], last[0], ring.historyClears(), total);
    }

    public long historyClears() {
        return ring.historyClears();
    }

    public long historyBytesAfter(long afterSeq) {
        return history.packedBytesAfter(afterSeq);
    }

    /**
     * Puts exported history back into a fresh terminal (nothing fed yet), numbered in this run; the
     * screen, cursor and modes come back by feeding a {@link #repaint()} taken with the export.
     *
     * @throws IllegalStateException when the terminal has been fed already
     * @throws IllegalArgumentException when {@code packed} is not an export (it is then left as it was fed)
     */
    public void restoreHistory(byte[] packed) {
        if (fed || !ring.untouched()) {
            throw new IllegalStateException("history can only be restored into a fresh terminal");
        }
        try {
            ring.restore(packed);
        } catch (IndexOutOfBoundsException e) {
            throw new IllegalArgumentException("packed history is truncated", e);
        }
    }

    /**
     * True between escape sequences and characters: no sequence or UTF-8 character is half fed, so
     * what is fed next can be replayed on a {@link #repaint()} of this moment.
     */
    public boolean atRest() {
        return parser.atRest();
    }

    /**
     * The soft-wrap flag of every screen row (the main screen's rows, then the alternate screen's): a
     * repaint draws rows one by one, so a transcript keeps these beside it and puts them back after it.
     */
    public boolean[] wrapFlags() {
        Screens screens = emu.screens();
        int rows = screens.rows();
        boolean[] flags = new boolean[2 * rows];
        for (int y = 0; y < rows; y++) {
            flags[y] = screens.main().row(y).wrapped;
            flags[rows + y] = screens.alt().row(y).wrapped;
        }
        return flags;
    }

    /** Puts {@link #wrapFlags()} back (after feeding the repaint taken with them, at the same size). */
    public void restoreWrapFlags(boolean[] flags) {
        Screens screens = emu.screens();
        int rows = screens.rows();
        if (flags.length != 2 * rows) {
            throw new IllegalArgumentException(flags.length + " wrap flags for " + rows + " rows");
        }
        for (int y = 0; y < rows; y++) {
            screens.main().row(y).wrapped = flags[y];
            screens.alt().row(y).wrapped = flags[rows + y];
        }
    }

    /**
     * Where {@code len} bytes, fed from a moment the parser was {@linkplain #atRest() at rest}, stop
     * being whole: the offset where the escape sequence or UTF-8 character still open at their end
     * began, or {@code off + len} when none is. A checkpoint taken mid-sequence replays the bytes from
     * there after its repaint, so the rest of the sequence is not shown as text (a parser that gives
     * the bytes no meaning finds it; the parser's state does not depend on what its actions do).
     */
    public static int openSequenceStart(byte[] buf, int off, int len) {
        return SequenceBoundary.openSequenceStart(buf, off, len);
    }


    // ---- shell integration (OSC 133 marks, ShellMarks) ----

    public ShellState shellState() {
        return new ShellState(marks.phase().name().toLowerCase(java.util.Locale.ROOT), marks.prompts(),
                marks.started(), marks.finishedCount());
    }

    /** Whether the line numbered {@code seq} belongs to a command's output (not a prompt or a typed echo). */
    public boolean isCommandOutput(long seq) {
        return marks.isOutput(seq);
    }

    /**
     * Lines of history and the active screen, oldest first, for which {@code find} gives a column (not
     * -1): the newest {@code limit} of them, and how many matched in all.
     */
    public SearchResult search(java.util.function.ToIntFunction<String> find, int limit) {
        return queries.search(find, limit);
    }

    /**
     * A finished command's output (number 0: the latest), the newest {@code lines} lines of it; null when
     * no such command is kept (none finished yet, or it is older than the last {@value ShellMarks#KEPT}).
     */
    public @org.jspecify.annotations.Nullable CommandOutput command(long number, int lines, boolean ansi) {
        return queries.command(number, lines, ansi);
    }

    /** The running command's output so far (see {@code Terminal.runningCommand}); null when none runs. */
    public @org.jspecify.annotations.Nullable CommandOutput runningCommand(int lines, boolean ansi) {
        return queries.running(lines, ansi);
    }

    /** The marks' view of the terminal, under the facade's monitor (they are called from the parser). */
    private final class MarkHost implements ShellMarks.Host {
        @Override
        public long markSeq() {
            return ring.headSeq();
        }

        @Override
        public @org.jspecify.annotations.Nullable HistoryLine cursorFragment() {
            Row r = emu.mainRowBeforeCursor();
            return r == null ? null : ring.line(r, r.seq);
        }
    }
}
