package dev.signaltty.cli.internal.view;

import java.util.LinkedHashMap;
import java.util.Map;

import org.jspecify.annotations.Nullable;

/**
 * The view's mouse (docs/cli.md, "The tab view"): a click focuses a pane, dragging a divider moves it
 * (drawn live, {@code tab.set_ratio} on release), the wheel scrolls back through copy mode. Reports
 * are never passed to pane programs.
 */
final class ViewMouse {

    private final TabView view;
    private final ViewActions actions;
    private LayoutTree.@Nullable Divider dragging;

    ViewMouse(TabView view, ViewActions actions) {
        this.view = view;
        this.actions = actions;
    }

    /** One SGR mouse report: a click, a divider drag, a wheel turn, or a click on a tab in the status line. */
    void report(InputDecoder.Mouse m) {
        int tab = -1;
        synchronized (view) {
            if (dragging != null) {
                double ratio = dragging.ratioAt(m.x(), m.y());
                if (m.release()) {
                    LayoutTree.Divider d = dragging;
                    dragging = null;
                    Map<String, Object> params = new LinkedHashMap<>();
                    params.put("tab_id", view.tabId);
                    params.put("path", d.path().stream().map(Long::valueOf).toList());
                    params.put("ratio", ratio);
                    actions.ask("tab.set_ratio", params, null);
                } else if (view.root != null) {
                    view.root = LayoutTree.withRatio(view.root, dragging.path(), ratio); // live, until the echo
                }
            } else if (m.wheelUp() || m.wheelDown()) {
                LayoutTree.Cell cell = view.geometry.at(m.x(), m.y());
                if (cell != null) {
                    wheel(cell, m.wheelUp() ? -3 : 3);
                }
            } else if (m.leftPress() && !m.motion() && m.y() == view.frame.rows() - 1) {
                tab = tabAt(m.x()); // tmux selects a window clicked in its status line
                String pane = paneAt(m.x());
                if (pane != null) {
                    view.focusPane(pane); // as a click in the pane's cell would
                }
            } else if (m.leftPress() && !m.motion()) {
                LayoutTree.Divider d = view.zoomed ? null : view.geometry.dividerAt(m.x(), m.y());
                if (d != null) {
                    dragging = d;
                } else {
                    LayoutTree.Cell cell = view.geometry.at(m.x(), m.y());
                    if (cell != null) {
                        view.focusPane(cell.paneId());
                    }
                }
            }
        }
        view.changed();
        if (tab >= 0) {
            actions.selectTab(tab); // asks the daemon: never with the monitor held, the reader needs it
        }
    }

    /** The tab whose entry is drawn at column {@code x} of the status line, or -1. Holds the monitor. */
    private int tabAt(int x) {
        for (StatusLine.TabSpan span : view.spans.tabs()) {
            if (x >= span.from() && x < span.to()) {
                return span.index();
            }
        }
        return -1;
    }

    /** The pane whose name (or badges) is drawn at column {@code x} of the status line, or null. Holds the monitor. */
    private @Nullable String paneAt(int x) {
        for (StatusLine.PaneSpan span : view.spans.panes()) {
            if (x >= span.from() && x < span.to()) {
                return span.paneId();
            }
        }
        return null;
    }

    /** The wheel scrolls back through copy mode (entered on the first turn up, left at the bottom). */
    private void wheel(LayoutTree.Cell cell, int delta) {
        CopyMode c = view.copy;
        if (c == null || !c.paneId.equals(cell.paneId())) {
            if (delta > 0) {
                return;
            }
            view.focusPane(cell.paneId());
            String pane = cell.paneId();
            Thread.ofVirtual().start(() -> {
                actions.enterCopy(pane);
                synchronized (view) {
                    if (view.copy != null) {
                        view.copy.scroll(delta, cell.rect().h());
                    }
                }
                view.changed();
            });
            return;
        }
        if (c.scroll(delta, cell.rect().h()) && delta > 0) {
            view.copy = null;
        }
    }
}
