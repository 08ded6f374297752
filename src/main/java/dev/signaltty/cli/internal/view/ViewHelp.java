package dev.signaltty.cli.internal.view;

import java.util.List;

/**
 * The key list the prefix then {@code ?} draws over the panes (tmux's list-keys), the same keys as
 * docs/cli.md's "The tab view"; any key closes it.
 */
final class ViewHelp {

    /** Keys and what they do, two columns. */
    /** Each line fits an 80-column window with the box's margins. */
    static final List<String> KEYS = columns(
            "arrows  o  ;", "focus the pane beside / the next one / the one before",
            "C- M-arrows", "resize the focused pane by 1 / 5 cells",
            "%  |  \"  -", "split right / down (a shell, focused)",
            "x", "close the focused pane (asks y/n first)",
            "z", "zoom the focused pane, again to go back",
            "c", "new tab with a shell",
            "n  p  )  (", "next / previous tab",
            "0 … 9", "tab by number, from 0",
            "a", "the pane that needs you most, any tab or workspace; again: the next",
            ",", "rename the focused pane (empty: no name)",
            "y  N", "answer the focused pane's decision: allow once / deny",
            "R", "relaunch the focused pane after it exited (pane.resume)",
            "[", "copy mode: arrows h j k l 0 $ C-u C-d PgUp PgDn g G move,",
            "", "v/Space selects characters, V lines; / searches down, ? up,",
            "", "n N again; Enter/y copies (OSC 52, and for ]); Esc, q leave",
            "]", "paste what copy mode copied last",
            "H", "next host (signaltty hosts)",
            "d", "detach",
            "?", "this list",
            "the prefix", "send the prefix key itself",
            "tab flags", "* shown, - before, Z zoomed, ? decision, # unread, X exited",
            "mouse", "click focuses, drag a divider resizes, wheel scrolls back");

    private ViewHelp() {
    }

    private static List<String> columns(String... keyThenText) {
        List<String> lines = new java.util.ArrayList<>();
        for (int i = 0; i + 1 < keyThenText.length; i += 2) {
            lines.add(String.format("%-14s%s", keyThenText[i], keyThenText[i + 1]));
        }
        return List.copyOf(lines);
    }

    /** Draws the list in a box over {@code area}, as much of it as fits. */
    static void draw(Frame f, LayoutTree.Rect area, String prefixName) {
        int width = 0;
        for (String line : KEYS) {
            width = Math.max(width, line.length());
        }
        String title = "keys after the prefix " + prefixName + " (any key closes this)";
        width = Math.min(area.w(), Math.max(width, title.length()) + 4);
        int height = Math.min(area.h(), KEYS.size() + 3);
        int x0 = area.x() + Math.max(0, (area.w() - width) / 2);
        int y0 = area.y() + Math.max(0, (area.h() - height) / 2);
        int style = Frame.Style.of(15, 4, false);
        for (int y = y0; y < y0 + height; y++) {
            for (int x = x0; x < x0 + width; x++) {
                f.put(x, y, ' ', style);
            }
        }
        f.text(x0 + 2, y0, title, Frame.Style.of(15, 4, true), x0 + width);
        for (int i = 0; i < KEYS.size() && y0 + 2 + i < y0 + height; i++) {
            f.text(x0 + 2, y0 + 2 + i, KEYS.get(i), style, x0 + width);
        }
    }
}
