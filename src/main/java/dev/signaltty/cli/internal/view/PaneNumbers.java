package dev.signaltty.cli.internal.view;

import java.util.List;

import org.jspecify.annotations.Nullable;

/**
 * The prefix then {@code q}: each pane's number drawn in the middle of its cell, as tmux's display-panes,
 * for {@link #SHOW_MS} or until a key; a digit (then {@code a}–{@code z} for the 11th pane on, as tmux)
 * focuses that pane, any other key puts the numbers away and does what it always does. Panes are
 * numbered in layout order from 0 (tmux's pane-base-index 0), the order {@code o} walks.
 */
final class PaneNumbers {

    /**
     * How long the numbers stay without a key: tmux's display-panes-time is 1 s; the view has no option to
     * lengthen it, so it takes as long as its status-line messages stay (time to read nine numbers).
     */
    static final long SHOW_MS = 3_000;

    private PaneNumbers() {
    }

    /** The label of the pane at {@code index}: 0–9, then a–z. */
    static String label(int index) {
        return index < 10 ? String.valueOf(index) : String.valueOf((char) ('a' + index - 10));
    }

    /** The pane index a key chooses, or -1 when the key is not a pane's label. */
    static int index(InputDecoder.Key key) {
        if (key.raw().length != 1) {
            return -1;
        }
        char c = (char) key.raw()[0];
        return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'z' ? 10 + c - 'a' : -1;
    }

    /** Draws the numbers; the focused pane's in red, the others' in blue (tmux's display-panes colours). */
    static void draw(Frame f, LayoutTree.Geometry geometry, @Nullable String focus) {
        List<LayoutTree.Cell> cells = geometry.cells();
        for (int i = 0; i < cells.size() && i < 36; i++) {
            LayoutTree.Rect r = cells.get(i).rect();
            String text = " " + label(i) + " ";
            int x = r.x() + Math.max(0, (r.w() - text.length()) / 2);
            int y = r.y() + r.h() / 2;
            int style = Frame.Style.of(15, cells.get(i).paneId().equals(focus) ? 1 : 4, true);
            f.text(x, y, text, style, r.x() + r.w());
        }
    }
}
