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
            "q", "show the panes' numbers; a digit focuses that pane",
            "C- M-arrows", "resize the focused pane by 1 / 5 cells",
            "%  |  \"  -", "split right / down (a shell, focused)",
            "{  }", "swap the focused pane with the one before / after it",
            "C-o  M-o", "rotate the panes' places back / on",
            "Space", "the next layout (tmux's: even-horizontal … tiled)",
            "M-1 … M-5", "even-horizontal, even-vertical, main-hor., main-vert., tiled",
            "!", "break the focused pane out into a new tab of its own",
            "x", "close the focused pane (asks y/n first)",
            "z", "zoom the focused pane, again to go back",
            "c", "new tab with a shell",
            "n  p  )  (", "next / previous tab",
            "l", "the last tab (the one shown before this one)",
            "0 … 9  '", "tab by number, from 0; ' asks for the number (10 and up)",
            "w", "choose a tab from a list: j k or arrows, Enter; q, Esc leave",
            "s", "choose from every workspace's tabs and panes: h l fold, Enter",
            "f", "find a tab or pane by (part of) its name, in any workspace",
            "&", "close the tab and its panes (asks y/n first)",
            "a", "the pane that needs you most (any tab, workspace); again: next",
            ",  .  $", "rename the tab / the focused pane / the workspace",
            ":", "a signaltty command for what is shown (Tab completes)",
            "i", "the focused pane's, tab's and workspace's names and ids",
            "y  N", "answer the focused pane's decision: allow once / deny",
            "R  r", "relaunch an exited pane (pane.resume) / redraw, colours again",
            "[  PgUp", "copy mode (PgUp: a page up): arrows h j k l 0 $ C-u C-d",
            "", "PgUp PgDn g G move, w b e by words, W B E by blank-separated",
            "", "words; v/Space selects characters, V lines, C-v a rectangle,",
            "", "o the other end; / searches down, ? up, n N again;",
            "", "Enter/y copies (OSC 52, and for ]); Esc, q leave",
            "]", "paste what copy mode copied last",
            "H", "next host (signaltty hosts)",
            "d", "detach",
            "?", "this list",
            "the prefix", "send the prefix key itself",
            "tab flags", "* shown, - before, Z zoomed, ? decision, # unread, X exited",
            "", "(a tab name ending in one of them is shown in quotes)",
            "mouse", "click focuses (status line: a tab shows it, a pane name too),",
            "", "drag a divider resizes, wheel scrolls back; a program that",
            "", "asks for the mouse gets it (Shift held: the view's again)");

    private ViewHelp() {
    }

    private static List<String> columns(String... keyThenText) {
        List<String> lines = new java.util.ArrayList<>();
        for (int i = 0; i + 1 < keyThenText.length; i += 2) {
            lines.add(String.format("%-14s%s", keyThenText[i], keyThenText[i + 1]));
        }
        return List.copyOf(lines);
    }

    /** The key list as a box over the panes (the prefix then {@code ?}). */
    static TextBox box(String prefixName) {
        return new TextBox("keys after the prefix " + prefixName, KEYS);
    }
}
