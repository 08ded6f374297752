package dev.signaltty.vt.internal;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

import dev.signaltty.vt.CommandOutput;
import dev.signaltty.vt.ReadResult;
import dev.signaltty.vt.RenderedLine;
import dev.signaltty.vt.RenderedRead;
import dev.signaltty.vt.SearchResult;

/**
 * The reads of {@link TerminalEngine} that render whole lines of history and the screen as text: the
 * screen, the tail, the lines after a rendered cursor, a search and a finished command's output. Called
 * under the terminal's monitor, like the engine; the {@link RingNumbering} gives changed screen rows their
 * sequence numbers first.
 */
final class RingQueries {

    private final Emulator emu;
    private final History history;
    private final ShellMarks marks;
    private final RingNumbering ring;
    /** Its own: the engine's encoder may hold a row being retired. */
    private final RowEncoder encoder = new RowEncoder();

    RingQueries(Emulator emu, RingNumbering ring, ShellMarks marks) {
        this.emu = emu;
        this.history = ring.history();
        this.marks = marks;
        this.ring = ring;
    }

    /**
     * The current grid (the alternate one while active), without scrollback: rows joined by '\n',
     * trailing blanks trimmed per row, trailing empty rows dropped.
     */
    String screen(boolean ansi) {
        StringBuilder sb = new StringBuilder();
        int last = emu.screens().active().lastNonBlankRow();
        for (int y = 0; y <= last; y++) {
            if (y > 0) {
                sb.append('\n');
            }
            sb.append(LineRenderer.render(line(emu.screens().active().row(y), 0), ansi));
        }
        return sb.toString();
    }

    /** The last {@code lines} content lines of history and screen (only the alternate grid while active). */
    ReadResult tail(int lines, boolean ansi) {
        int screenLines = emu.screens().active().lastNonBlankRow() + 1;
        int historyLines = emu.screens().altActive() ? 0 : history.size();
        int total = historyLines + screenLines;
        int n = Math.max(0, Math.min(lines, total));
        StringBuilder sb = new StringBuilder();
        for (int i = total - n; i < total; i++) {
            if (i > total - n) {
                sb.append('\n');
            }
            HistoryLine line = i < historyLines ? history.get(i)
                : line(emu.screens().active().row(i - historyLines), 0);
            sb.append(LineRenderer.render(line, ansi));
        }
        return new ReadResult(sb.toString(), n < total);
    }

    /** Lines with a sequence number above {@code afterSeq} (0: all retained); see {@link RenderedRead}. */
    RenderedRead rendered(long afterSeq, int lines, boolean ansi) {
        if (lines < 0) {
            throw new IllegalArgumentException("lines must be >= 0");
        }
        ring.numberScreen();
        long head = ring.head();
        boolean dropped = afterSeq != 0 && (afterSeq < ring.seqBase() || afterSeq > head || afterSeq < history.floor());
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

    /**
     * Lines of history and the active screen, oldest first, for which {@code find} gives a column (not
     * -1): the newest {@code limit} of them, and how many matched in all.
     */
    SearchResult search(java.util.function.ToIntFunction<String> find, int limit) {
        ring.numberScreen();
        java.util.ArrayDeque<SearchResult.Match> kept = new java.util.ArrayDeque<>();
        int total = 0;
        int historyLines = history.size();
        int last = emu.screens().active().lastNonBlankRow();
        for (int i = 0; i < historyLines + last + 1; i++) {
            HistoryLine line = i < historyLines ? history.get(i) : line(emu.screens().active().row(i - historyLines), 0);
            long seq = i < historyLines ? line.seq() : emu.screens().active().row(i - historyLines).seq;
            String text = line.text();
            int column = find.applyAsInt(text);
            if (column >= 0) {
                total++;
                kept.addLast(new SearchResult.Match(seq, column, text));
                if (kept.size() > limit) {
                    kept.removeFirst();
                }
            }
        }
        return new SearchResult(List.copyOf(kept), total, historyLines + last + 1);
    }

    /**
     * A finished command's output (number 0: the latest), the newest {@code lines} lines of it; null when
     * no such command is kept (none finished yet, or it is older than the last {@value ShellMarks#KEPT}).
     */
    @org.jspecify.annotations.Nullable CommandOutput command(long number, int lines, boolean ansi) {
        ShellMarks.Command c = marks.finished(number);
        return c == null ? null : output(c, c.endedSeq(), lines, ansi);
    }

    /**
     * The running command's output so far (every line numbered after its C, the row being written included), the
     * newest {@code lines} lines of it, with {@code endedSeq} -1, no exit status and the time since it started;
     * null when no command runs.
     */
    @org.jspecify.annotations.Nullable CommandOutput running(int lines, boolean ansi) {
        ShellMarks.Command c = marks.running();
        if (c == null) {
            return null;
        }
        // its range is open: every line numbered after C
        return output(new ShellMarks.Command(c.number(), c.startedSeq(), Long.MAX_VALUE, null, c.startedNanos(),
                System.nanoTime(), null), -1, lines, ansi);
    }

    /** {@code c}'s lines, answered with {@code endedSeq} (-1 for a running command). */
    private CommandOutput output(ShellMarks.Command c, long endedSeq, int lines, boolean ansi) {
        ring.numberScreen();
        List<HistoryLine> picked = new ArrayList<>();
        long fragmentSeq = c.fragment() == null ? Long.MIN_VALUE : c.fragment().seq();
        for (int i = 0; i < history.size(); i++) {
            long seq = history.seq(i);
            if (seq > c.startedSeq() && seq <= c.endedSeq() && seq != fragmentSeq) {
                picked.add(history.get(i));
            }
        }
        int last = emu.screens().main().lastNonBlankRow();
        for (int y = 0; y <= last; y++) {
            Row r = emu.screens().main().row(y);
            if (!r.dirty && r.seq > c.startedSeq() && r.seq <= c.endedSeq() && r.seq != fragmentSeq) {
                picked.add(line(r, r.seq));
            }
        }
        picked.sort(Comparator.comparingLong(HistoryLine::seq));
        if (c.fragment() != null) {
            picked.add(c.fragment());
        }
        boolean truncated = history.floor() > c.startedSeq(); // output lines were evicted or cleared
        if (picked.size() > lines) {
            picked = picked.subList(picked.size() - lines, picked.size());
            truncated = true;
        }
        return new CommandOutput(c.number(), LineRenderer.joinLogical(picked, ansi), c.exitStatus(), c.startedSeq(), endedSeq,
                (c.endedNanos() - c.startedNanos()) / 1_000_000, truncated);
    }

    private HistoryLine line(Row row, long seq) {
        encoder.encode(row);
        return encoder.line(seq);
    }
}
