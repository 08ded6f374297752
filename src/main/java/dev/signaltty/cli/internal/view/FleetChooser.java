package dev.signaltty.cli.internal.view;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.jspecify.annotations.Nullable;

import dev.signaltty.cli.internal.CliException;
import dev.signaltty.cli.internal.FleetTree;

/**
 * The prefix then {@code s}: every workspace of the daemon, its tabs and their panes as a tree in a box
 * over the panes, as tmux's choose-tree (sessions, windows, panes). A pane's line has the status line's
 * badges: its agent's lifecycle, its attention, {@code ?} when a decision waits. It opens on the pane
 * focused here; Enter shows the tab chosen (any workspace) with the pane chosen focused, h/l or Left/Right
 * fold and unfold a workspace. The fleet is asked when it opens ({@link FleetTree#load}) and again after each
 * event while it is open (panes come and go, agents change state), the line chosen staying on the same
 * pane, tab or workspace. The prefix then {@code f} opens it showing only the tabs and panes whose name has
 * the text typed (tmux's find-window). Guarded by the view's monitor.
 */
final class FleetChooser implements Chooser {

    /** One line of the tree: what it shows and what Enter on it goes to. */
    private record Row(FleetTree.Workspace workspace, FleetTree.@Nullable Tab tab, FleetTree.@Nullable Pane pane) {
    }

    private final TabView view;
    private FleetTree fleet;
    private final String shownTab;
    private final @Nullable String focus;
    /** Only tabs and panes whose name has this in it (any case), and what holds them; empty: everything. */
    private final String find;
    /** Workspace ids folded to their one line. */
    private final Set<String> folded = new HashSet<>();
    private int selected;
    /** A reload is under way; {@link #again}: an event came meanwhile, so one more follows it. */
    private boolean loading;
    private boolean again;

    FleetChooser(TabView view, FleetTree fleet, String shownTab, @Nullable String focus, String find) {
        this.view = view;
        this.fleet = fleet;
        this.shownTab = shownTab;
        this.focus = focus;
        this.find = find.toLowerCase(java.util.Locale.ROOT);
        List<Row> rows = rows();
        selected = -1;
        for (int i = 0; i < rows.size(); i++) {
            Row r = rows.get(i);
            if (!this.find.isEmpty() ? selected < 0 && matches(r)
                    : r.pane() != null && r.pane().id().equals(focus) || r.pane() == null && r.tab() != null
                            && r.tab().id().equals(shownTab) && selected < 0) {
                selected = i;
            }
        }
        selected = Math.max(0, selected);
    }

    private List<Row> rows() {
        List<Row> rows = new ArrayList<>();
        for (FleetTree.Workspace w : fleet.workspaces()) {
            List<Row> under = new ArrayList<>();
            for (FleetTree.Tab t : w.tabs()) {
                List<Row> tab = new ArrayList<>();
                for (FleetTree.Pane p : t.panes()) {
                    if (find.isEmpty() || has(t) || has(p.title()) || isId(p)) {
                        tab.add(new Row(w, t, p));
                    }
                }
                if (find.isEmpty() || has(t) || !tab.isEmpty()) {
                    under.add(new Row(w, t, null));
                    under.addAll(tab);
                }
            }
            if (find.isEmpty() || !under.isEmpty()) {
                rows.add(new Row(w, null, null));
                if (!folded.contains(w.id())) {
                    rows.addAll(under);
                }
            }
        }
        return rows;
    }

    private boolean has(String name) {
        return name.toLowerCase(java.util.Locale.ROOT).contains(find);
    }

    /** A tab is found by what it is shown as and by its name (the one typed, ADR 1301). */
    private boolean has(FleetTree.Tab t) {
        return has(t.shownName()) || has(t.name());
    }

    /**
     * The text typed is the start of the pane's id ({@code pane_4a7b}): a pane called by its program is found
     * by the id read elsewhere too (ADR 1221). Only from {@code pane_} on: a short text would match random ids.
     */
    private boolean isId(FleetTree.Pane p) {
        return find.startsWith("pane_") && p.id().toLowerCase(java.util.Locale.ROOT).startsWith(find);
    }

    /** A line found by its own name (not only shown for what it holds or what holds it). */
    private boolean matches(Row r) {
        return r.pane() != null ? has(r.pane().title()) || isId(r.pane()) : r.tab() != null && has(r.tab());
    }

    /** How many tabs and panes were found by their name (f). */
    int matches() {
        int n = 0;
        for (Row r : rows()) {
            n += matches(r) ? 1 : 0;
        }
        return n;
    }

    /**
     * An event that may change the tree (on the wire's reader thread: never waits): the fleet is asked
     * again on another thread, one request at a time, with one more after it when events came meanwhile.
     */
    void eventCame() {
        synchronized (view) {
            if (loading) {
                again = true;
                return;
            }
            loading = true;
        }
        Thread.ofVirtual().name("view-fleet").start(this::reload);
    }

    private void reload() {
        while (true) {
            FleetTree fresh;
            try {
                fresh = FleetTree.load(view.wire::callAll);
            } catch (CliException e) {
                fresh = null; // the connection went; the view says so, and the tree stays as it was
            }
            synchronized (view) {
                if (fresh != null && view.chooser == this) {
                    replace(fresh);
                }
                if (!again || view.chooser != this) {
                    loading = false;
                    break;
                }
                again = false;
            }
        }
        view.changed();
    }

    /** The tree asked again; the line chosen stays on its pane, else its tab, else its workspace, else its place. */
    private void replace(FleetTree fresh) {
        List<Row> before = rows();
        Row chosen = before.isEmpty() ? null : before.get(Math.min(selected, before.size() - 1));
        fleet = fresh;
        List<Row> now = rows();
        if (chosen == null) {
            return;
        }
        List<String> keys = new ArrayList<>();
        if (chosen.pane() != null) {
            keys.add(chosen.pane().id());
        }
        if (chosen.tab() != null) {
            keys.add(chosen.tab().id());
        }
        keys.add(chosen.workspace().id());
        for (String key : keys) {
            for (int i = 0; i < now.size(); i++) {
                if (key.equals(id(now.get(i)))) {
                    selected = i;
                    return;
                }
            }
        }
        selected = Math.max(0, Math.min(selected, now.size() - 1));
    }

    private static String id(Row r) {
        return r.pane() != null ? r.pane().id() : r.tab() != null ? r.tab().id() : r.workspace().id();
    }

    @Override
    public void move(int delta) {
        selected = Math.max(0, Math.min(rows().size() - 1, selected + delta));
    }

    /** Folding keeps the chosen line on its workspace's line; unfolding keeps it where it is. */
    @Override
    public void fold(boolean fold) {
        List<Row> rows = rows();
        if (rows.isEmpty()) {
            return;
        }
        FleetTree.Workspace w = rows.get(Math.min(selected, rows.size() - 1)).workspace();
        if (fold) {
            folded.add(w.id());
        } else {
            folded.remove(w.id());
        }
        List<Row> now = rows();
        for (int i = 0; i < now.size(); i++) {
            if (now.get(i).workspace() == w && now.get(i).tab() == null && (fold || selected >= now.size())) {
                selected = i;
            }
        }
    }

    @Override
    public @Nullable Runnable enter() {
        List<Row> rows = rows();
        if (rows.isEmpty()) {
            return null;
        }
        Row r = rows.get(Math.min(selected, rows.size() - 1));
        FleetTree.Tab tab = r.tab();
        if (tab == null) { // a workspace: its first tab with panes, as tmux's choose-tree switches to a session
            for (FleetTree.Tab t : r.workspace().tabs()) {
                if (!t.panes().isEmpty()) {
                    tab = t;
                    break;
                }
            }
        }
        if (tab == null || tab.panes().isEmpty()) {
            String what = tab == null ? "workspace " + r.workspace().name() : "tab " + tab.index() + ":" + tab.shownName();
            return () -> view.message(what + " has no panes");
        }
        String tabId = tab.id();
        String paneId = r.pane() != null ? r.pane().id() : null;
        return () -> {
            try {
                if (!tabId.equals(view.tabId)) {
                    view.load(tabId);
                }
                if (paneId != null) {
                    view.focus.afterSplit(paneId); // focused once the tab's panes are in place
                }
            } catch (CliException e) {
                view.message(e.code() + ": " + e.getMessage()); // gone since the chooser opened
            }
        };
    }

    @Override
    public void draw(Frame f, LayoutTree.Rect area) {
        List<Row> rows = rows();
        List<Line> lines = new ArrayList<>();
        int titleWidth = 0;
        for (Row r : rows) {
            if (r.pane() != null) {
                titleWidth = Math.max(titleWidth, r.pane().title().length());
            }
        }
        titleWidth = Math.min(titleWidth, 24);
        for (Row r : rows) {
            lines.add(line(r, titleWidth));
        }
        selected = Math.max(0, Math.min(selected, lines.size() - 1));
        String title = find.isEmpty() ? "choose a pane" : matches() + " found for '" + find + "'";
        Chooser.drawBox(f, area, title + ": j/k move, h/l fold, Enter shows it, q leaves", lines, selected);
    }

    private Line line(Row r, int titleWidth) {
        List<Span> spans = new ArrayList<>();
        FleetTree.Pane p = r.pane();
        FleetTree.Tab t = r.tab();
        if (t == null) {
            FleetTree.Workspace w = r.workspace();
            int panes = 0;
            int waiting = 0;
            for (FleetTree.Tab each : w.tabs()) {
                panes += each.panes().size();
                for (FleetTree.Pane pane : each.panes()) {
                    waiting += pane.needsYou() ? 1 : 0;
                }
            }
            spans.add(new Span((folded.contains(w.id()) ? "+ " : "- ") + w.name() + "  " + w.id() + "  (" + panes
                    + (panes == 1 ? " pane)" : " panes)"), 0));
            if (waiting > 0) {
                spans.add(new Span(" ", 0));
                spans.add(new Span(" " + waiting + " need" + (waiting == 1 ? "s" : "") + " you ", Frame.Style.of(15, 1, true)));
            }
        } else if (p == null) {
            // a tab the daemon named is shown by its focused pane's program, as the status line shows it (ADR 1301)
            spans.add(new Span("    " + t.index() + ":" + t.shownName() + (t.id().equals(shownTab) ? "*" : ""), 0));
        } else {
            boolean focused = t.id().equals(shownTab) ? p.id().equals(focus) : p.id().equals(t.focusedPaneId());
            String title = p.title().length() > 24 ? p.title().substring(0, 23) + "…" : p.title();
            spans.add(new Span("      " + (focused ? "*" : " ") + String.format("%-" + Math.max(1, titleWidth) + "s", title), 0));
            String life = p.exited() ? "exited" : p.lifecycle();
            if (StatusLine.lifecycleStyle(life) != 0) {
                spans.add(new Span(" ", 0));
                String text = p.exited() && p.exitCode() != null ? "exited " + p.exitCode() : life;
                spans.add(new Span(" " + text + " ", StatusLine.lifecycleStyle(life)));
            }
            if (StatusLine.attentionStyle(p.attention()) != 0) {
                spans.add(new Span(" ", 0));
                spans.add(new Span(" " + p.attention() + " ", StatusLine.attentionStyle(p.attention())));
            }
            if (p.decision() != null) {
                spans.add(new Span(" ", 0));
                spans.add(new Span("?", Frame.Style.of(15, 1, true)));
            }
        }
        return new Line(spans);
    }
}
