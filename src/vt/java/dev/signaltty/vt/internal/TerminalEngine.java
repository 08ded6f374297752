package dev.signaltty.vt.internal;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.GatheringByteChannel;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import dev.signaltty.vt.CommandOutput;
import dev.signaltty.vt.HistoryExport;
import dev.signaltty.vt.ReadResult;
import dev.signaltty.vt.RenderedLine;
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
 * rows, ED 3, shell marks) from inside {@link #feed}, so under the same monitor.
 */
public final class TerminalEngine {

    private final VtParser parser;
    private final Emulator emu;
    private final History history;
    private final RowEncoder encoder = new RowEncoder();
    private final long seqBase;
    /** The highest sequence number handed out; cursors equal to it have seen everything. */
    private long head;
    private final ShellMarks marks;
    private final RingQueries queries;
    /** How many times history was cleared (ED 3): an incremental transcript must then start over. */
    private long historyClears;
    /** Whether anything was fed: history can only be restored before. */
    private boolean fed;

    /**
     * @param seqBase the run's base: the first line gets {@code seqBase + 1}; cursors below it come from
     *                another run (put a run identity in the high bits, e.g. {@code epoch << 32})
     */
    public TerminalEngine(int cols, int rows, TerminalListener listener, RingLimits limits, long seqBase) {
        if (cols < 1 || rows < 1) {
            throw new IllegalArgumentException("size must be at least 1x1: " + cols + "x" + rows);
        }
        if (seqBase < 0) {
            throw new IllegalArgumentException("seqBase must be >= 0");
        }
        this.seqBase = seqBase;
        this.head = seqBase;
        this.history = new History(limits.maxLines(), limits.maxBytes(), seqBase);
        this.marks = new ShellMarks(new MarkHost());
        this.emu = new Emulator(cols, rows, listener, this::scrolledOff, this::clearHistory, marks,
            this::keepingMarks);
        this.parser = new VtParser(new ControlTranslator(emu, emu.editor()));
        this.queries = new RingQueries(emu, history, marks, this::assignScreenSeqs);
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
        if (!marks.seen()) {
            emu.resize(cols, rows);
            return;
        }
        // every main screen row gets a new number (it was redrawn, and rewrapped rows are new): number
        // them before and after, and carry the OSC 133 commands' boundaries over from the old rows to the
        // rows now holding their ends, so a command's output keeps its lines (pane.read last_command).
        // Behind the alternate screen too: the main screen is rewrapped there, and read when it is left.
        long[] before = numberMain();
        Row[] ends = emu.resize(cols, rows);
        numberMain();
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
        long[] before = numberMain();
        Row[] rows = emu.screens().main().topDown();
        renumbersMain.run();
        numberMain();
        marks.renumber(before, rows);
    }

    /** Numbers the main screen's changed content rows (shown or not); their numbers, top down. */
    private long[] numberMain() {
        Grid main = emu.screens().main();
        long[] seqs = new long[main.lastNonBlankRow() + 1];
        for (int y = 0; y < seqs.length; y++) {
            assign(main.row(y));
            seqs[y] = main.row(y).seq;
        }
        return seqs;
    }

    /**
     * The current grid (the alternate one while active), without scrollback: rows joined by '\n',
     * trailing blanks trimmed per row, trailing empty rows dropped.
     */
    public String screen(boolean ansi) {
        return queries.screen(ansi);
    }

    /** The last {@code lines} content lines of history and screen (only the alternate grid while active). */
    public ReadResult tail(int lines, boolean ansi) {
        return queries.tail(lines, ansi);
    }

    /** Lines with a sequence number above {@code afterSeq} (0: all retained); see {@link RenderedRead}. */
    public RenderedRead rendered(long afterSeq, int lines, boolean ansi) {
        if (lines < 0) {
            throw new IllegalArgumentException("lines must be >= 0");
        }
        assignScreenSeqs();
        boolean dropped = afterSeq != 0 && (afterSeq < seqBase || afterSeq > head || afterSeq < history.floor());
        long after = afterSeq == 0 || dropped ? Long.MIN_VALUE : afterSeq;
        // pick lines by number first and decode only those returned: a read from 0 with a small limit
        // must not decode all of history
        int historyLines = emu.screens().altActive() ? 0 : history.size();
        int last = emu.screens().active().lastNonBlankRow();
        long[] seqs = new long[historyLines + last + 1];
        int[] sources = new int[seqs.length]; // a history index, or -1 - y for screen row y
        int n = 0;
        for (int i = 0; i < historyLines; i++) {
            long seq = history.seq(i);
            if (seq > after) {
                seqs[n] = seq;
                sources[n++] = i;
            }
        }
        for (int y = 0; y <= last; y++) {
            Row r = emu.screens().active().row(y);
            if (r.seq > after) {
                seqs[n] = r.seq;
                sources[n++] = -1 - y;
            }
        }
        HistoryLine.sortBySeq(seqs, sources, n);
        boolean truncated = n > lines;
        List<RenderedLine> out = new ArrayList<>(Math.min(n, lines));
        StringBuilder sb = new StringBuilder();
        for (int k = truncated ? n - lines : 0; k < n; k++) {
            int source = sources[k];
            HistoryLine line = source >= 0 ? history.get(source) : line(emu.screens().active().row(-1 - source), seqs[k]);
            String text = LineRenderer.render(line, ansi);
            if (!out.isEmpty()) {
                sb.append('\n');
            }
            sb.append(text);
            out.add(new RenderedLine(line.seq(), text));
        }
        long seq = out.isEmpty() ? head : out.get(0).seq();
        return new RenderedRead(sb.toString(), seq, head, dropped, truncated, out);
    }

    /** The current head sequence: a cursor equal to it has seen every line. */
    public long headSeq() {
        assignScreenSeqs();
        return head;
    }

    public boolean altScreen() {
        return emu.screens().altActive();
    }

    public boolean bracketedPaste() {
        return emu.bracketedPaste();
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
        return emu.cells();
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
        return new HistoryExport(packed, last[0], historyClears, packed.length);
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
        return new HistoryExport(new byte[0], last[0], historyClears, total);
    }

    public long historyClears() {
        return historyClears;
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
        if (fed || head != seqBase || history.size() != 0) {
            throw new IllegalStateException("history can only be restored into a fresh terminal");
        }
        try {
            history.addPacked(packed, () -> ++head);
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

    // ---- ring bookkeeping (called by the emulator, under the facade's monitor) ----

    private void scrolledOff(Row row) {
        assign(row);
        RowUtf8 u = row.utf8;
        if (u != null && u.valid) { // written left to right: its compact form is ready (ADR 0112)
            assert sameAsEncoded(row, u) : "stale compact form for a row";
            // a wrapped row keeps the spaces it ends in, as the encoder does (ADR 0830): all it wrote
            if (row.wrapped) {
                history.add(row.seq, u.text, u.length, u.runs, u.runsLength, true);
            } else {
                history.add(row.seq, u.text, u.trimmedLength, u.runs, u.trimmedRuns, false);
            }
        } else {
            encoder.encode(row);
            history.add(row.seq, encoder.text, encoder.textLength, encoder.runs, encoder.runsLength, row.wrapped);
        }
    }

    /** With assertions on (the tests): a row's kept compact form is what encoding its cells gives. */
    private boolean sameAsEncoded(Row row, RowUtf8 u) {
        encoder.encode(row);
        int length = row.wrapped ? u.length : u.trimmedLength;
        int runs = row.wrapped ? u.runsLength : u.trimmedRuns;
        return Arrays.equals(encoder.text, 0, encoder.textLength, u.text, 0, length)
            && Arrays.equals(encoder.runs, 0, encoder.runsLength, u.runs, 0, runs);
    }

    private HistoryLine line(Row row, long seq) {
        encoder.encode(row);
        return encoder.line(seq);
    }

    /** ED 3: drop history; every cursor up to now reads as dropped, a cursor taken after does not. */
    private void clearHistory() {
        assignScreenSeqs();
        head++;
        history.clear(head);
        historyClears++;
    }

    private void assign(Row row) {
        if (row.dirty) {
            row.seq = ++head;
            row.dirty = false;
        }
    }

    /** Gives changed content rows of the active grid new numbers, top to bottom. */
    private void assignScreenSeqs() {
        int last = emu.screens().active().lastNonBlankRow();
        for (int y = 0; y <= last; y++) {
            assign(emu.screens().active().row(y));
        }
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

    /** The marks' view of the terminal, under the facade's monitor (they are called from the parser). */
    private final class MarkHost implements ShellMarks.Host {
        @Override
        public long markSeq() {
            assignScreenSeqs();
            return head;
        }

        @Override
        public @org.jspecify.annotations.Nullable HistoryLine cursorFragment() {
            Row r = emu.mainRowBeforeCursor();
            return r == null ? null : line(r, r.seq);
        }
    }
}
