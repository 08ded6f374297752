package dev.signaltty.cli.internal.view;

import java.util.ArrayList;
import java.util.List;

/**
 * The prefix then {@code w}: the workspace's tabs listed in a box over the panes, one line each with
 * the tab list's flags and the pane that has the focus there (tmux's choose-tree of windows, one
 * level deep). j/k or the arrows move, Enter shows the tab chosen, q or Esc leaves; the keys are
 * {@link ViewKeys}'s. Guarded by the view's monitor.
 */
final class TabChooser {

    /** The line chosen, an index into the workspace's tabs. */
    private int selected;

    TabChooser(int selected) {
        this.selected = Math.max(0, selected);
    }

    int selected() {
        return selected;
    }

    /** j / k, Down / Up: the next or previous line, stopping at the ends (as tmux's choose-tree). */
    void move(int delta, int size) {
        selected = Math.max(0, Math.min(size - 1, selected + delta));
    }

    /** One tab's line: {@code 1:review*#  *agent (2 panes)}, the focused pane starred as on the status line. */
    static String line(TabList.Entry entry, int nameWidth, String focusedPane, int panes) {
        return String.format("%-" + Math.max(1, nameWidth) + "s  *%s (%d pane%s)", entry.text(), focusedPane, panes,
                panes == 1 ? "" : "s");
    }

    /** The lines of every tab, names padded to one column. */
    static List<String> lines(List<TabList.Entry> entries, List<String> focusedPanes, List<Integer> paneCounts) {
        int width = 0;
        for (TabList.Entry e : entries) {
            width = Math.max(width, e.text().length());
        }
        List<String> out = new ArrayList<>();
        for (int i = 0; i < entries.size(); i++) {
            out.add(line(entries.get(i), width, focusedPanes.get(i), paneCounts.get(i)));
        }
        return out;
    }

    /** Draws the box over {@code area}: a title, then the lines, the chosen one reversed; scrolled to keep it in sight. */
    void draw(Frame f, LayoutTree.Rect area, List<String> lines) {
        selected = Math.max(0, Math.min(selected, lines.size() - 1));
        String title = "choose a tab: j/k move, Enter shows it, q leaves";
        int width = title.length();
        for (String l : lines) {
            width = Math.max(width, l.length());
        }
        width = Math.min(area.w(), width + 4);
        int height = Math.min(area.h(), lines.size() + 3);
        int x0 = area.x() + Math.max(0, (area.w() - width) / 2);
        int y0 = area.y() + Math.max(0, (area.h() - height) / 2);
        int style = Frame.Style.of(15, 4, false);
        for (int y = y0; y < y0 + height; y++) {
            for (int x = x0; x < x0 + width; x++) {
                f.put(x, y, ' ', style);
            }
        }
        f.text(x0 + 2, y0, title, Frame.Style.of(15, 4, true), x0 + width);
        int room = Math.max(1, height - 2);
        int first = Math.max(0, selected - room + 1);
        for (int i = first; i < lines.size() && y0 + 2 + i - first < y0 + height; i++) {
            int y = y0 + 2 + i - first;
            int lineStyle = i == selected ? Frame.Style.of(0, 7, true) : style;
            if (i == selected) {
                for (int x = x0 + 1; x < x0 + width - 1; x++) {
                    f.put(x, y, ' ', lineStyle);
                }
            }
            f.text(x0 + 2, y, lines.get(i), lineStyle, x0 + width - 1);
        }
    }
}
