package dev.signaltty.cli.internal.view;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.Map;

import org.jspecify.annotations.Nullable;

import dev.signaltty.cli.internal.OutputCursor;
import dev.signaltty.vt.RingLimits;
import dev.signaltty.vt.Terminal;
import dev.signaltty.vt.TerminalListener;

/**
 * One pane as the view keeps it: its screen, rebuilt client-side by the project's emulator from the
 * attach snapshot plus {@code pty.data} (trimmed and gap-checked by {@link OutputCursor}), and the
 * agent state the status line shows. Replies the emulator would send (DSR answers) are dropped: the
 * daemon's own emulator answers the program.
 */
final class PaneScreen {

    private static final TerminalListener SILENT = new TerminalListener() { };
    /** The view only draws the screen; copy mode reads scrollback from the daemon. */
    private static final RingLimits LIMITS = new RingLimits(100, 1 << 20);

    final String id;
    volatile @Nullable String name;
    /**
     * How many {@code pane.updated} events set {@link #name}: a {@code pane.get} answered after one but asked before
     * it ({@link #refresh}) must not put the old name back (a pane split and renamed at once showed its program).
     */
    volatile int namesFromEvents;
    volatile String lifecycle = "unknown";
    volatile String attention = "none";
    volatile @Nullable String pendingDecision;
    /** The pending decision's question ("Allow Bash: rm -rf build?"), shown while the pane has the focus. */
    volatile @Nullable String pendingQuestion;
    /** The pane's label (pane spawn --label, a task's objective): shown when it has no name. */
    volatile @Nullable String paneLabel;
    /** What runs in the pane (its foreground command, else argv[0]'s name): shown when it has neither name nor label (ADR 1147, 1301). */
    volatile @Nullable String program;
    volatile @Nullable Integer exitCode;
    volatile boolean exited;
    /** The size this view last asked for, to resize only on a change. */
    int askedCols;
    int askedRows;
    /**
     * The pane's size (cols × 65536 + rows) when typing last asked for this view's size again, or -1: asked
     * once per size another view set, so a pane that stays smaller (the {@code smallest} policy) is not asked on
     * every key (ADR 1322).
     */
    long reclaimedFrom = -1;
    private Terminal terminal = new Terminal(80, 24, SILENT, LIMITS, 0);
    private final OutputCursor cursor = new OutputCursor(0);
    /** Set from a gap until the reattach's reply: output in between is older than that snapshot. */
    volatile boolean resyncing = true;

    PaneScreen(String id) {
        this.id = id;
    }

    /** What the view calls the pane: {@link #calledBy}. */
    String label() {
        return calledBy(name, paneLabel, program, id);
    }

    /**
     * What the view calls a pane (the status line, the tab chooser, a question about it): its name, else its
     * label, else its program as tmux names a window after its command ({@code bash}), else its id. The id
     * stays where it is typed from: the prefix then {@code i} and {@code signaltty pane list} (ADR 1147).
     */
    static String calledBy(@Nullable String name, @Nullable String label, @Nullable String program, String id) {
        return name != null ? name : label != null && !label.isBlank() ? label : program != null ? program : id;
    }

    /** The name tmux gives a program ({@link dev.signaltty.cli.internal.FleetTree#programName}). */
    static @Nullable String programName(@Nullable Object argv) {
        return dev.signaltty.cli.internal.FleetTree.programName(argv); // one rule for the view, ls and the choosers
    }

    /**
     * pane.get's answer and the newest pending decision: name, label, exit, agent state, asked once. The name only
     * when no event set one since {@code namesBefore} ({@link #namesFromEvents} when pane.get was asked).
     */
    void refresh(Map<?, ?> got, ViewDecisions.@Nullable Pending pending, int namesBefore) {
        if (got.get("pane") instanceof Map<?, ?> view) {
            if (namesFromEvents == namesBefore) {
                name = view.get("name") instanceof String n ? n : null;
            }
            paneLabel = view.get("label") instanceof String l ? l : null;
            program = dev.signaltty.cli.internal.FleetTree.programOf(view);
            exited = "exited".equals(view.get("status"));
            if (view.get("exit_code") instanceof Number code) {
                exitCode = code.intValue(); // after a reload or a daemon restart, not only from pane.exited
            }
        }
        if (got.get("lifecycle") instanceof String l) {
            lifecycle = l;
        }
        if (got.get("attention") instanceof String a) {
            attention = a;
        }
        pendingDecision = pending == null ? null : pending.decisionId();
        pendingQuestion = pending == null ? null : pending.question();
    }

    synchronized Terminal terminal() {
        return terminal;
    }

    /** The attach reply: a fresh emulator of the pane's size painted with the snapshot. */
    synchronized void snapshot(Map<?, ?> reply) {
        int cols = reply.get("cols") instanceof Number n ? n.intValue() : 80;
        int rows = reply.get("rows") instanceof Number n ? n.intValue() : 24;
        byte[] bytes = new byte[0];
        if (reply.get("snapshot_b64") instanceof String b64) {
            bytes = Base64.getDecoder().decode(b64);
        } else if (reply.get("snapshot") instanceof String s) {
            bytes = s.getBytes(StandardCharsets.UTF_8);
        }
        terminal = new Terminal(Math.max(1, cols), Math.max(1, rows), SILENT, LIMITS, 0);
        terminal.feed(bytes, 0, bytes.length);
        Long offset = OutputCursor.offset(reply.get("output_offset"));
        cursor.reset(offset == null ? 0 : offset);
        if (Boolean.FALSE.equals(reply.get("alive"))) {
            exited = true;
        }
        resyncing = false;
    }

    /** One pty.data chunk: false when bytes were lost and the pane must be reattached (seed R301). */
    synchronized boolean data(byte[] chunk, long endOffset) {
        if (resyncing) {
            return true;
        }
        OutputCursor.Step step = cursor.accept(chunk, endOffset);
        if (step instanceof OutputCursor.Feed feed) {
            terminal.feed(feed.bytes(), 0, feed.bytes().length);
            return true;
        }
        resyncing = true;
        return false;
    }
}
