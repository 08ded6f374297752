package dev.signaltty.cli.internal.view;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.jspecify.annotations.Nullable;

import dev.signaltty.cli.internal.CliException;
import dev.signaltty.cli.internal.NamedLayouts;

/**
 * The prefix keys that rearrange the tab's panes without touching their programs, as tmux's: {@code {}/{@code }}
 * swap-pane (pane.swap), {@code C-o}/{@code M-o} rotate-window and Space / {@code M-1}…{@code M-5}
 * next-layout / select-layout (tab.set_layout), {@code !} break-pane (pane.break). Panes
 * are taken in layout order, the order {@code o} and {@code q} number them. Each request is sent once;
 * the tab.updated echo re-lays the view, and a refusal shows on the status line.
 */
final class ViewArrange {

    /** tmux's next-layout order (layout_sets in layout-set.c), which M-1 … M-5 also select. */
    static final List<String> CYCLE = List.of("even-horizontal", "even-vertical", "main-horizontal", "main-vertical", "tiled");

    private final TabView view;
    private final ViewActions actions;
    /** The tab Space last laid out, and which of {@link #CYCLE} it got (tmux keeps it per window, -1 at first). */
    private String layoutTab = "";
    private int layoutIndex = -1;

    ViewArrange(TabView view, ViewActions actions) {
        this.view = view;
        this.actions = actions;
    }

    private List<String> panes() {
        synchronized (view) {
            return LayoutTree.leaves(view.root);
        }
    }

    /** { and }: the focused pane changes places with the one before / after it, and keeps the focus. */
    void swap(@Nullable String focus, int step) {
        List<String> panes = panes();
        int at = panes.indexOf(focus);
        if (focus == null || at < 0 || panes.size() < 2) {
            view.message("no other pane in this tab to swap with");
            return;
        }
        String other = panes.get(Math.floorMod(at + step, panes.size()));
        actions.ask("pane.swap", Map.of("pane_id", focus, "target_pane_id", other), null);
        view.focus.keep(); // the daemon's focus stays on the place (seed R237), tmux's goes with the pane
    }

    /**
     * C-o ({@code step} -1) and M-o (+1): every pane moves one place back (the first to the end) or on,
     * the tree's shape and ratios kept; the focus stays on its place, as tmux's rotate-window.
     */
    void rotate(int step) {
        Map<String, Object> tree;
        String stays;
        synchronized (view) {
            List<String> panes = LayoutTree.leaves(view.root);
            if (view.root == null || panes.size() < 2) {
                view.message("no other pane in this tab to rotate with");
                return;
            }
            List<String> moved = new ArrayList<>();
            for (int i = 0; i < panes.size(); i++) {
                moved.add(panes.get(Math.floorMod(i - step, panes.size())));
            }
            tree = LayoutTree.wire(view.root, moved.iterator());
            int at = panes.indexOf(view.focus.pane());
            stays = at < 0 ? null : moved.get(at);
        }
        actions.ask("tab.set_layout", Map.of("tab_id", view.tabId, "layout", tree), null);
        if (stays != null) {
            view.focus.move(stays);
        }
    }

    /** Space: the next of tmux's layouts for this tab, from even-horizontal. */
    void nextLayout() {
        if (!layoutTab.equals(view.tabId)) {
            layoutIndex = -1;
        }
        layout((layoutIndex + 1) % CYCLE.size());
    }

    /** M-1 … M-5: one of tmux's layouts by its place in {@link #CYCLE}. */
    void layout(int index) {
        List<String> panes = panes();
        if (panes.isEmpty()) {
            return;
        }
        layoutTab = view.tabId;
        layoutIndex = index;
        String name = CYCLE.get(index);
        actions.ask("tab.set_layout", Map.of("tab_id", view.tabId, "layout", NamedLayouts.build(name, panes)),
                "layout " + name);
    }

    /** !: the focused pane alone in a new tab named after it, shown (tmux's break-pane; pane.break, one step). */
    void breakOut(@Nullable String focus) {
        if (focus == null || panes().size() < 2) {
            view.message("the only pane of its tab: nothing to break out of (" + view.prefixName + " c makes a tab)");
            return;
        }
        PaneScreen p = view.panes.get(focus);
        String name = p == null ? focus : p.label();
        try {
            Map<?, ?> broken = TabView.map(view.wire.call("pane.break", Map.of("pane_id", focus, "name", name)));
            view.load(String.valueOf(broken.get("tab_id")));
            view.focus.afterSplit(focus);
            view.message("broke " + name + " out into its own tab");
        } catch (CliException e) {
            view.message(e.code() + ": " + e.getMessage());
        }
    }
}
