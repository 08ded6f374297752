package dev.signaltty.vt.internal;

import java.util.Arrays;

import org.jspecify.annotations.Nullable;

import dev.signaltty.vt.RingLimits;

/**
 * The rendered ring's numbering (docs/05-rendered-ring.md): hands out the sequence numbers of changed
 * rows, retires the rows that scroll off into {@link History} under their numbers, and clears history on
 * ED 3. The grid side of the engine (tmux's grid history; alacritty keeps it below its {@code ansi::Handler}
 * operations in the same way): the emulator's operations call into it when rows leave the screen, the
 * reads number the screen through it first. Under the terminal's monitor, like {@link TerminalEngine}.
 */
final class RingNumbering implements Grid.ScrollSink {

    private final History history;
    private final RowEncoder encoder = new RowEncoder();
    private final long seqBase;
    /** The highest sequence number handed out; cursors equal to it have seen everything. */
    private long head;
    /** How many times history was cleared (ED 3): an incremental transcript must then start over. */
    private long historyClears;
    /** The emulator's screens, set once it exists (it is built with this as its scroll sink). */
    private @Nullable Screens screens;

    RingNumbering(RingLimits limits, long seqBase) {
        this.seqBase = seqBase;
        this.head = seqBase;
        this.history = new History(limits.maxLines(), limits.maxBytes(), seqBase);
    }

    void watch(Screens screens) {
        this.screens = screens;
    }

    History history() {
        return history;
    }

    long seqBase() {
        return seqBase;
    }

    long historyClears() {
        return historyClears;
    }

    /** The current head after numbering the screen: a cursor equal to it has seen every line. */
    long headSeq() {
        numberScreen();
        return head;
    }

    /** The head as it stands, the screen not numbered (a cursor's validity is judged against it). */
    long head() {
        return head;
    }

    /** Whether nothing was numbered yet: history can only be restored into such a ring. */
    boolean untouched() {
        return head == seqBase && history.size() == 0;
    }

    /** Appends an export's lines to history, numbered from the head on. */
    void restore(byte[] packed) {
        history.addPacked(packed, () -> ++head);
    }

    @Override
    public void scrolledOff(Row row) {
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

    /** A screen row as a line numbered {@code seq}. */
    HistoryLine line(Row row, long seq) {
        encoder.encode(row);
        return encoder.line(seq);
    }

    /** ED 3: drop history; every cursor up to now reads as dropped, a cursor taken after does not. */
    void clearHistory() {
        numberScreen();
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
    void numberScreen() {
        Grid active = screens().active();
        int last = active.lastNonBlankRow();
        for (int y = 0; y <= last; y++) {
            assign(active.row(y));
        }
    }

    /** Numbers the main screen's changed content rows (shown or not); their numbers, top down. */
    long[] numberMain() {
        Grid main = screens().main();
        long[] seqs = new long[main.lastNonBlankRow() + 1];
        for (int y = 0; y < seqs.length; y++) {
            assign(main.row(y));
            seqs[y] = main.row(y).seq;
        }
        return seqs;
    }

    private Screens screens() {
        return java.util.Objects.requireNonNull(screens, "screens not watched yet");
    }
}
