package dev.signaltty.cli.internal.view;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import org.jspecify.annotations.Nullable;

import dev.signaltty.cli.internal.CliException;

/**
 * The shown workspace's tabs and, for each pane in any of them, whether it has unread output or has
 * exited: what the status line's tab list ({@link TabList}) flags. Asked on each load and when a tab
 * comes or goes (tab.list, pane.list, attention.pending); the reader thread's events keep it current.
 */
final class ViewTabs {

    /** A tab of the workspace: id, name, panes and the daemon's focused pane (or empty), in the workspace's order. */
    record Tab(String id, String name, List<String> paneIds, String focusedPaneId) {
    }

    private volatile List<Tab> tabs = List.of();
    /** Pane → attention (unread, input_required …), for panes of every tab of the workspace. */
    private final Map<String, String> attention = new ConcurrentHashMap<>();
    private final Set<String> exited = ConcurrentHashMap.newKeySet();
    /** Pane → what the view calls it ({@link PaneScreen#calledBy}), for the tab chooser; as of the last reload. */
    private final Map<String, String> labels = new ConcurrentHashMap<>();
    /** Pane → what runs in it ({@code FleetTree.programOf}), what an automatically named tab is shown as (ADR 1223, 1301). */
    private final Map<String, String> programs = new ConcurrentHashMap<>();
    /** Panes with a name or a label: what they are called does not follow their program. */
    private final Set<String> named = ConcurrentHashMap.newKeySet();

    /** Asks the daemon for the workspace's tabs and their panes' state; not on the reader thread. */
    void reload(Wire wire, String workspaceId) {
        List<Tab> fresh = new ArrayList<>();
        for (Object t : TabView.list(TabView.map(wire.call("tab.list", Map.of("workspace_id", workspaceId))).get("tabs"))) {
            fresh.add(tab(TabView.map(t)));
        }
        tabs = List.copyOf(fresh);
        try {
            Set<String> listed = new java.util.HashSet<>();
            for (Object p : TabView.list(TabView.map(wire.call("pane.list", Map.of("workspace_id", workspaceId))).get("panes"))) {
                Map<?, ?> pane = TabView.map(p);
                if (pane.get("pane_id") instanceof String id) {
                    listed.add(id);
                    status(id, pane.get("status") instanceof String s ? s : "running");
                    String program = dev.signaltty.cli.internal.FleetTree.programOf(pane);
                    if (pane.get("name") instanceof String || pane.get("label") instanceof String l && !l.isBlank()) {
                        named.add(id);
                    } else {
                        named.remove(id);
                    }
                    labels.put(id, PaneScreen.calledBy(pane.get("name") instanceof String n ? n : null,
                            pane.get("label") instanceof String l ? l : null, program, id));
                    if (program != null) {
                        programs.put(id, program);
                    }
                }
            }
            // panes gone (closed, another workspace shown) are forgotten: the maps hold this workspace's panes only
            labels.keySet().retainAll(listed);
            programs.keySet().retainAll(listed);
            named.retainAll(listed);
            exited.retainAll(listed);
            // every pane that wants someone, unread ones included; the rest have no attention to flag
            Map<?, ?> pending = TabView.map(wire.call("attention.pending", Map.of("limit", 1000L)));
            attention.clear();
            for (Object p : TabView.list(pending.get("panes"))) {
                Map<?, ?> row = TabView.map(p);
                if (row.get("pane_id") instanceof String id && row.get("attention") instanceof String a) {
                    attention.put(id, a);
                }
            }
        } catch (CliException e) {
            // a daemon without attention.pending (or a pane that went away meanwhile): no flags, the tabs still listed
        }
    }

    /** What runs in a pane now ({@link ViewPrograms}); true when that changed how the view shows the pane or its tab. */
    boolean program(String paneId, @Nullable String program) {
        if (program == null || !labels.containsKey(paneId)) {
            return false; // a pane not listed yet: the next reload has it
        }
        if (program.equals(programs.put(paneId, program))) {
            return false;
        }
        if (!named.contains(paneId)) {
            labels.put(paneId, program); // neither name nor label: called by its program (ADR 1147)
        }
        return true;
    }

    /**
     * The tab to show when {@code emptied} lost its last pane, as tmux when a window's last pane goes: the
     * tab shown before it ({@code last}) if it has panes, else the nearest one before (round the end) that
     * has; null when no other tab of the workspace has a pane (the view then ends; ADR 1323).
     */
    static @Nullable String afterEmptied(List<Tab> all, String emptied, String last) {
        int at = 0;
        for (int i = 0; i < all.size(); i++) {
            Tab t = all.get(i);
            if (t.id().equals(emptied)) {
                at = i;
            } else if (t.id().equals(last) && !t.paneIds().isEmpty()) {
                return last;
            }
        }
        for (int step = 1; step <= all.size(); step++) {
            Tab t = all.get(Math.floorMod(at - step, all.size()));
            if (!t.id().equals(emptied) && !t.paneIds().isEmpty()) {
                return t.id();
            }
        }
        return null;
    }

    /** The tabs in order. */
    List<Tab> tabs() {
        return tabs;
    }

    /** What the view calls a pane of another tab ({@link PaneScreen#calledBy}). */
    String label(String paneId) {
        return labels.getOrDefault(paneId, paneId);
    }

    /** tab.updated of any tab of the workspace: its name and panes. */
    void updated(Map<?, ?> payload) {
        if (!(payload.get("tab_id") instanceof String id)) {
            return;
        }
        List<Tab> now = new ArrayList<>(tabs);
        for (int i = 0; i < now.size(); i++) {
            if (now.get(i).id().equals(id)) {
                now.set(i, tab(payload));
            }
        }
        tabs = List.copyOf(now);
    }

    void attention(String paneId, String value) {
        attention.put(paneId, value);
    }

    /** A pane's status (pane.updated, pane.exited): running or exited. */
    void status(String paneId, String status) {
        if (status.equals("exited")) {
            exited.add(paneId);
        } else {
            exited.remove(paneId);
        }
    }

    /**
     * The status line's entries. {@code pendingPanes}: the panes with a pending decision anywhere;
     * {@code shown}: the panes of the tab shown, whose own state the view knows best (its screens).
     */
    List<TabList.Entry> entries(String currentTab, String lastTab, boolean zoomed, Set<String> pendingPanes,
            Map<String, PaneScreen> shown) {
        List<TabList.Entry> out = new ArrayList<>();
        List<Tab> all = tabs;
        for (int i = 0; i < all.size(); i++) {
            Tab t = all.get(i);
            boolean current = t.id().equals(currentTab);
            boolean decision = false;
            boolean unread = false;
            boolean gone = false;
            for (String pane : current ? List.copyOf(shown.keySet()) : t.paneIds()) {
                PaneScreen screen = current ? shown.get(pane) : null;
                decision |= pendingPanes.contains(pane) || screen != null && screen.pendingDecision != null;
                unread |= "unread".equals(screen != null ? screen.attention : attention.get(pane));
                gone |= screen != null ? screen.exited : exited.contains(pane);
            }
            PaneScreen focused = current ? shown.get(t.focusedPaneId()) : null;
            String program = focused != null ? focused.program : programs.get(t.focusedPaneId());
            out.add(new TabList.Entry(i, TabList.displayed(t.name(), program), current, t.id().equals(lastTab), current && zoomed, decision, unread, gone));
        }
        return out;
    }

    private static Tab tab(Map<?, ?> t) {
        String id = String.valueOf(t.get("tab_id"));
        List<String> panes = new ArrayList<>();
        for (Object p : TabView.list(t.get("pane_ids"))) {
            panes.add(String.valueOf(p));
        }
        return new Tab(id, t.get("name") instanceof String n ? n : id, List.copyOf(panes),
                t.get("focused_pane_id") instanceof String f ? f : "");
    }
}
