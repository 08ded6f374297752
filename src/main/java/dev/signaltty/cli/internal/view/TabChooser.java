package dev.signaltty.cli.internal.view;

import java.util.ArrayList;
import java.util.List;

import org.jspecify.annotations.Nullable;

/**
 * The prefix then {@code w}: the workspace's tabs listed in a box over the panes, one line each with
 * the tab list's flags and the pane that has the focus there (tmux's choose-tree of windows, one
 * level deep). Enter shows the tab chosen. Guarded by the view's monitor.
 */
final class TabChooser implements Chooser {

    private final TabView view;
    private final ViewActions actions;
    /** The line chosen, an index into the workspace's tabs. */
    private int selected;

    TabChooser(TabView view, ViewActions actions, int selected) {
        this.view = view;
        this.actions = actions;
        this.selected = Math.max(0, selected);
    }

    @Override
    public void move(int delta) {
        selected = Math.max(0, Math.min(view.tabs.tabs().size() - 1, selected + delta));
    }

    @Override
    public Runnable enter() {
        int chosen = selected;
        return () -> actions.selectTab(chosen);
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

    /** Each tab's entry, focused pane and pane count (the tab shown as this view sees it). */
    @Override
    public void draw(Frame f, LayoutTree.Rect area) {
        List<TabList.Entry> entries = view.tabs.entries(view.tabId, view.lastTabId, view.zoomed, view.decisions.panes(),
                view.panes);
        String focusedId = view.focus.pane();
        @Nullable PaneScreen focused = focusedId == null ? null : view.panes.get(focusedId);
        List<ViewTabs.Tab> all = view.tabs.tabs();
        List<String> focusedPanes = new ArrayList<>();
        List<Integer> counts = new ArrayList<>();
        for (int i = 0; i < entries.size() && i < all.size(); i++) {
            ViewTabs.Tab t = all.get(i);
            if (entries.get(i).current()) {
                focusedPanes.add(focused == null ? "-" : focused.label());
                counts.add(view.panes.size());
            } else {
                focusedPanes.add(t.focusedPaneId().isEmpty() ? "-" : view.tabs.label(t.focusedPaneId()));
                counts.add(t.paneIds().size());
            }
        }
        List<Line> lines = new ArrayList<>();
        for (String l : lines(entries.subList(0, focusedPanes.size()), focusedPanes, counts)) {
            lines.add(Line.plain(l));
        }
        selected = Math.max(0, Math.min(selected, lines.size() - 1));
        Chooser.drawBox(f, area, "choose a tab: j/k move, Enter shows it, q leaves", lines, selected);
    }
}
