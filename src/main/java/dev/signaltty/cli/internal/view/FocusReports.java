package dev.signaltty.cli.internal.view;

import java.util.Base64;
import java.util.Map;

import org.jspecify.annotations.Nullable;

/**
 * Focus reporting (DECSET 1004) for the panes' programs, as tmux's {@code focus-events on} does it
 * (ADR 0985): the pane that has the view's focus while the outer terminal has the person's gets
 * {@code CSI I}, and {@code CSI O} when either focus leaves it, if its program asked for the mode
 * (vim checks its files, Claude Code and Codex redraw or pause). Every way the focus moves (keys,
 * a click, a chooser, another tab, a closed pane) ends in a frame, so the render thread compares
 * here once a frame instead of each of those places sending its own report. Guarded by the view's monitor.
 */
final class FocusReports {

    private static final byte[] IN = {0x1b, '[', 'I'};
    private static final byte[] OUT = {0x1b, '[', 'O'};

    /** Whether the outer terminal has the person's focus: it says so with {@code CSI I}/{@code CSI O} (1004 on it). */
    private boolean outerFocused = true;
    /**
     * The pane the programs were last told has the focus, kept after it leaves the view (another tab):
     * its own emulator still knows whether its program wants the {@code CSI O}. Null before the first frame
     * and while the outer terminal is unfocused.
     */
    private @Nullable PaneScreen told;
    /** False until the first frame: opening a view moves no focus, so the pane focused then is told nothing. */
    private boolean started;
    /**
     * Whether {@link #told}'s program had asked for focus reports at the last frame; null while its modes are
     * not known yet (its snapshot is still coming). A program that asks while its pane has the focus is told
     * {@code CSI I} at once, as tmux does, not at the next focus change.
     */
    private @Nullable Boolean toldAsked;

    /** The outer terminal's own focus report. Holds the monitor. */
    void outer(boolean focused) {
        outerFocused = focused;
    }

    /** Tells the programs of a change since the last frame. Holds the monitor. */
    void sync(TabView view) {
        String focused = view.focus.pane();
        PaneScreen target = outerFocused && focused != null ? view.panes.get(focused) : null;
        if (!started) {
            started = true;
            told = target;
            toldAsked = asked(target);
            return;
        }
        PaneScreen before = told;
        if (target == before || target != null && before != null && target.id.equals(before.id)) {
            told = target; // the same pane (a reload of its tab made a new screen for it)
            Boolean asks = asked(target);
            if (target != null && Boolean.TRUE.equals(asks) && Boolean.FALSE.equals(toldAsked)) {
                write(view, target, IN);
            }
            if (asks != null) {
                toldAsked = asks;
            }
            return;
        }
        if (target != null && target.resyncing) {
            return; // its program's modes come with the attach's snapshot: the frame after that tells
        }
        if (before != null) {
            write(view, before, OUT);
        }
        if (target != null) {
            write(view, target, IN);
        }
        told = target;
        toldAsked = asked(target);
    }

    /** Whether the pane's program asks for focus reports; null while its modes are unknown (no snapshot yet). */
    private static @Nullable Boolean asked(@Nullable PaneScreen p) {
        if (p == null) {
            return false;
        }
        return p.resyncing ? null : !p.exited && p.terminal().focusEvents();
    }

    private static void write(TabView view, PaneScreen p, byte[] report) {
        if (!p.exited && p.terminal().focusEvents()) {
            view.wire.send("pane.write", Map.of("pane_id", p.id, "data_b64", Base64.getEncoder().encodeToString(report)));
        }
    }
}
