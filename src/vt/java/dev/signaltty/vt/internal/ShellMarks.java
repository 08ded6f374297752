package dev.signaltty.vt.internal;

import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;

import org.jspecify.annotations.Nullable;

/**
 * OSC 133 shell-integration marks (the FinalTerm marks iTerm2, VS Code and kitty use): {@code A} a
 * prompt starts, {@code B} the command line starts, {@code C} the command's output starts, {@code D;n}
 * the command ended with status n. signaltty's own bash and zsh panes emit them (the shell-integration
 * rcfiles); any other program that emits them is followed the same way.
 *
 * <p>A command's output is the lines numbered after the rendered ring's head at {@code C} up to the
 * head at {@code D} (docs/05-rendered-ring.md): the echo of the typed line is numbered before
 * {@code C}, so it is never output. A last line the command left unterminated is kept as it was at
 * {@code D}, since the next prompt is drawn on the same row. Called under the terminal's monitor.
 */
final class ShellMarks {

    /** Finished commands kept (their ranges serve pane.read and the output-only filter). */
    static final int KEPT = 64;

    /** Where a command is in the shell's cycle. */
    enum Phase { NONE, PROMPT, RUNNING, DONE }

    /** One command: output in {@code (startedSeq, endedSeq]}; {@code endedSeq} is -1 while it runs. */
    record Command(long number, long startedSeq, long endedSeq, @Nullable Integer exitStatus, long startedNanos,
                   long endedNanos, @Nullable HistoryLine fragment) {
    }

    /** What the marks need from the terminal. */
    interface Host {
        /** Numbers the changed screen rows and returns the head. */
        long markSeq();

        /** The cursor's row when the cursor is not at its start (an unterminated last line), else null. */
        @Nullable HistoryLine cursorFragment();
    }

    private final Host host;
    private final ArrayDeque<Command> finished = new ArrayDeque<>();
    private Phase phase = Phase.NONE;
    private long prompts;
    private long started;
    private @Nullable Command running;
    /** The running command's {@code t=} stamp from its C mark, in microseconds; -1 when it had none. */
    private long runningStampMicros = -1;

    ShellMarks(Host host) {
        this.host = host;
    }

    /** An OSC 133 payload: {@code data[from, to)} is what follows {@code 133;}. */
    void osc(byte[] data, int from, int to) {
        if (from >= to) {
            return;
        }
        switch (data[from]) {
            case 'A' -> {
                if (running != null) {
                    finish(null, -1); // a prompt without D: the command ended, its status is unknown
                }
                prompts++;
                phase = Phase.PROMPT;
            }
            case 'B' -> {
                if (phase == Phase.NONE) {
                    phase = Phase.PROMPT;
                }
            }
            case 'C' -> {
                if (running != null) {
                    finish(null, -1);
                }
                started++;
                running = new Command(started, host.markSeq(), -1, null, System.nanoTime(), 0, null);
                runningStampMicros = stampMicros(data, from + 1, to);
                phase = Phase.RUNNING;
            }
            case 'D' -> {
                if (running != null) {
                    finish(status(data, from + 1, to), stampMicros(data, from + 1, to));
                }
            }
            default -> {
                // other marks (P, E, ...) carry nothing signaltty uses
            }
        }
    }

    /**
     * Ends the running command. Its duration is the shell's own when both its marks carry a {@code t=} stamp
     * (signaltty's bash and zsh send {@code $EPOCHREALTIME}): the daemon reads a quick command's C and D in one
     * chunk, and the time between parsing them is not the command's. Else it is the time between the marks.
     */
    private void finish(@Nullable Integer status, long endStampMicros) {
        Command c = running;
        running = null;
        long endedNanos = runningStampMicros >= 0 && endStampMicros >= runningStampMicros
                ? c.startedNanos() + (endStampMicros - runningStampMicros) * 1_000
                : System.nanoTime();
        runningStampMicros = -1;
        finished.addLast(new Command(c.number(), c.startedSeq(), host.markSeq(), status, c.startedNanos(),
                endedNanos, host.cursorFragment()));
        if (finished.size() > KEPT) {
            finished.removeFirst();
        }
        phase = Phase.DONE;
    }

    /**
     * The {@code ;t=SECONDS[.FRACTION]} part of a mark's parameters in microseconds (a locale's {@code ,} as the
     * separator too; bash writes six digits after it, zsh ten), else -1: absent, empty (a shell without {@code EPOCHREALTIME}) or not a number.
     */
    static long stampMicros(byte[] data, int from, int to) {
        int i = from;
        while (i < to) {
            int end = i + 1;
            while (end < to && data[end] != ';') {
                end++;
            }
            if (data[i] == ';' && end - i > 3 && data[i + 1] == 't' && data[i + 2] == '=') {
                return micros(new String(data, i + 3, end - i - 3, StandardCharsets.US_ASCII));
            }
            i = end;
        }
        return -1;
    }

    private static long micros(String stamp) {
        if (!stamp.matches("[0-9]{1,12}([.,][0-9]{0,30})?")) { // zsh writes ten digits after the point
            return -1;
        }
        String[] parts = stamp.split("[.,]");
        String fraction = parts.length > 1 ? (parts[1] + "000000").substring(0, 6) : "000000";
        return Long.parseLong(parts[0]) * 1_000_000 + Long.parseLong(fraction);
    }

    /** {@code ;n} (optionally followed by {@code ;key=value} parts), else null. */
    private static @Nullable Integer status(byte[] data, int from, int to) {
        if (from >= to || data[from] != ';') {
            return null;
        }
        int end = from + 1;
        while (end < to && data[end] != ';') {
            end++;
        }
        try {
            return Integer.parseInt(new String(data, from + 1, end - from - 1, StandardCharsets.US_ASCII).trim());
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /**
     * A resize renumbered the screen's rows (docs/05-rendered-ring.md, "Resize"): {@code before[y]} was
     * row y's number, {@code ends[y]} is the row now holding its end (numbered; null when given up). Each
     * kept command's boundary moves to the new number of the last row that was at or below it, and a
     * fragment's number to its row's new one, so a command's range keeps the same lines.
     */
    void renumber(long[] before, Row[] ends) {
        if (running != null) {
            Command c = running;
            running = new Command(c.number(), moved(c.startedSeq(), before, ends), -1, null, c.startedNanos(), 0, null);
        }
        ArrayDeque<Command> renumbered = new ArrayDeque<>();
        for (Command c : finished) {
            HistoryLine f = c.fragment();
            renumbered.addLast(new Command(c.number(), moved(c.startedSeq(), before, ends),
                moved(c.endedSeq(), before, ends), c.exitStatus(), c.startedNanos(), c.endedNanos(),
                f == null ? null : new HistoryLine(same(f.seq(), before, ends), f.utf8(), f.runs(), f.wrapped())));
        }
        finished.clear();
        finished.addAll(renumbered);
    }

    /** A boundary: the new number of the last row (in screen order) numbered at or below it; kept below them all. */
    private static long moved(long boundary, long[] before, Row[] ends) {
        int y = -1;
        for (int i = 0; i < before.length; i++) {
            if (before[i] <= boundary) {
                y = i;
            }
        }
        return y < 0 || ends[y] == null || ends[y].dirty ? boundary : ends[y].seq;
    }

    /** A row's number: the new number of the row that had it, or itself when no row has it any more. */
    private static long same(long seq, long[] before, Row[] ends) {
        for (int i = 0; i < before.length; i++) {
            if (before[i] == seq && ends[i] != null && !ends[i].dirty) {
                return ends[i].seq;
            }
        }
        return seq;
    }

    boolean seen() {
        return phase != Phase.NONE;
    }

    Phase phase() {
        return phase;
    }

    long prompts() {
        return prompts;
    }

    long started() {
        return started;
    }

    long finishedCount() {
        return finished.isEmpty() ? 0 : finished.getLast().number();
    }

    @Nullable Command running() {
        return running;
    }

    /** A finished command by number (0: the last one), or null when it is not kept. */
    @Nullable Command finished(long number) {
        if (finished.isEmpty()) {
            return null;
        }
        if (number == 0) {
            return finished.getLast();
        }
        for (Command c : finished) {
            if (c.number() == number) {
                return c;
            }
        }
        return null;
    }

    /** Whether the line numbered {@code seq} is a command's output (a kept finished one, or the running one). */
    boolean isOutput(long seq) {
        if (running != null && seq > running.startedSeq()) {
            return true;
        }
        for (Command c : finished) {
            if (seq > c.startedSeq() && seq <= c.endedSeq()) {
                return true;
            }
        }
        return false;
    }
}
