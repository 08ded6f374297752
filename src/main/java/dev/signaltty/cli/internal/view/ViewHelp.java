package dev.signaltty.cli.internal.view;

import java.util.List;

/**
 * The key list the prefix then {@code ?} draws over the panes (tmux's list-keys), the same keys as
 * docs/cli.md's "The tab view"; any key closes it.
 */
final class ViewHelp {

    /** Keys and what they do, two columns; each line fits an 80-column window with the box's margins. */
    static final List<String> KEYS = columns(
            "arrows  o  ;", "focus the pane beside / the next one / the one before",
            "C- M-arrows", "resize the focused pane by 1 / 5 cells",
            "%  |  \"  -", "split right / down (a shell, focused)",
            "x", "close the focused pane (asks y/n first)",
            "z", "zoom the focused pane, again to go back",
            "c", "new tab with a shell",
            "n  p  )  (", "next / previous tab",
            "l", "the last tab (the one shown before this one)",
            "0 … 9  '", "tab by number, from 0; ' asks for the number (10 and up)",
            "w", "choose a tab from a list: j k or arrows, Enter; q, Esc leave",
            "s", "choose from every workspace's tabs and panes: h l fold, Enter",
            "&", "close the tab and its panes (asks y/n first)",
            "a", "the pane that needs you most (any tab, workspace); again: next",
            ",", "rename the focused pane (empty: no name)",
            "y  N", "answer the focused pane's decision: allow once / deny",
            "R", "relaunch the focused pane after it exited (pane.resume)",
            "[", "copy mode: arrows h j k l 0 $ C-u C-d PgUp PgDn g G move,",
            "", "w b e by words, W B E by blank-separated words, across lines;",
            "", "v/Space selects characters, V lines; / searches down, ? up,",
            "", "n N again; Enter/y copies (OSC 52, and for ]); Esc, q leave",
            "]", "paste what copy mode copied last",
            "H", "next host (signaltty hosts)",
            "d", "detach",
            "?", "this list",
            "the prefix", "send the prefix key itself",
            "tab flags", "* shown, - before, Z zoomed, ? decision, # unread, X exited",
            "", "(a tab name ending in one of them is shown in quotes)",
            "mouse", "click focuses (status line: a tab shows it, a pane name too),",
            "", "drag a divider resizes, wheel scrolls back");

    private ViewHelp() {
    }

    private static List<String> columns(String... keyThenText) {
        List<String> lines = new java.util.ArrayList<>();
        for (int i = 0; i + 1 < keyThenText.length; i += 2) {
            lines.add(String.format("%-14s%s", keyThenText[i], keyThenText[i + 1]));
        }
        return List.copyOf(lines);
    }

    /**
     * Draws the list in a box over {@code area} from line {@code first}; returns how many lines the box has
     * room for. A window too short for the whole list shows a page and says how to see the next one.
     */
    static int draw(Frame f, LayoutTree.Rect area, String prefixName, int first) {
        int room = Math.max(1, area.h() - 3);
        boolean paged = KEYS.size() > room;
        int from = paged ? Math.min(first, KEYS.size() - 1) : 0;
        int to = Math.min(KEYS.size(), from + room);
        int width = 0;
        for (String line : KEYS) {
            width = Math.max(width, line.length());
        }
        String title = !paged ? "keys after the prefix " + prefixName + " (any key closes this)"
                : "keys after the prefix " + prefixName + ", " + (from + 1) + "-" + to + " of " + KEYS.size()
                        + (to < KEYS.size() ? " (Space: more, other keys close)" : " (any key closes this)");
        LayoutTree.Rect box = f.titledBox(area, title, width, to - from);
        for (int i = from; i < to && 2 + i - from < box.h(); i++) {
            f.text(box.x() + 2, box.y() + 2 + i - from, KEYS.get(i), Frame.BOX, box.x() + box.w());
        }
        return room;
    }
}
