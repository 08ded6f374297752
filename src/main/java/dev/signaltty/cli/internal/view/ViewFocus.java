package dev.signaltty.cli.internal.view;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.jspecify.annotations.Nullable;

/**
 * The view's focused pane, which is the tab's: the daemon's {@code focused_pane_id} is shared by every
 * view of the tab and by the dashboard, as tmux shares a window's active pane among its clients (ADR
 * 1010). A focus moved here (a key, a click, a chooser, a split) is drawn at once and sent with
 * {@code tab.focus}; one moved by another client comes as {@code tab.updated} and is followed. Where the
 * focus goes when the focused pane closes is the daemon's choice too, so every view shows the same pane.
 *
 * <p>While this view's own {@code tab.focus} is unanswered, the {@code tab.updated} events that arrive
 * were made before the daemon handled it (a connection's reply precedes the events its request causes,
 * and events made meanwhile wait behind it), so their focus is stale and not followed; the reply carries
 * the focus as of the request, and events after it are followed again. Guarded by the view's monitor.
 */
final class ViewFocus {

    private final TabView view;
    private volatile @Nullable String pane;
    /** The pane focused before {@link #pane} in this view (the prefix then {@code ;} goes back to it). */
    private @Nullable String last;
    /** The tab {@link #last} belongs to. */
    private String lastTab = "";
    /**
     * The pane focused before, of each tab shown before (tmux's last pane is the window's: a tab shown again
     * keeps it). The oldest go past {@link #TABS_REMEMBERED}.
     */
    private final Map<String, String> lastOfTab = new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, String> eldest) {
            return size() > TABS_REMEMBERED;
        }
    };
    static final int TABS_REMEMBERED = 256;
    /** The pane this view's own split made, focused once the tab shows it (as tmux does). */
    private @Nullable String split;
    /** This view's {@code tab.focus} requests without an answer yet. */
    private int unanswered;

    ViewFocus(TabView view) {
        this.view = view;
    }

    /** The focused pane, or null while the tab shows none. */
    @Nullable String pane() {
        return pane;
    }

    /** The pane focused before, in this view, or null. Holds the monitor. */
    @Nullable String last() {
        return last;
    }

    /**
     * A person moved the focus here (a key or a click): drawn at once, told to the daemon, and the pane
     * left is remembered for the prefix then {@code ;}.
     */
    void move(String paneId) {
        synchronized (view) {
            if (!paneId.equals(pane) && view.panes.containsKey(paneId)) {
                last = pane;
                pane = paneId;
                view.markSeen(paneId);
                tell(paneId);
            }
            view.changed();
        }
    }

    /** The reply to this view's split (or a chooser's pick): the pane takes the focus, now or when the tab shows it. */
    void afterSplit(String paneId) {
        synchronized (view) {
            if (view.panes.containsKey(paneId)) {
                move(paneId);
            } else {
                split = paneId;
            }
            view.changed();
        }
    }

    /**
     * The focused pane moved to another place (a swap sent just before): it keeps the focus, told to
     * the daemon, whose own focus would stay on the place.
     */
    void keep() {
        synchronized (view) {
            if (pane != null) {
                tell(pane);
            }
        }
    }

    /**
     * Another tab is shown ({@link TabView#tabId} already the new one): its own focused pane ({@code told},
     * from tab.get), and the pane focused before in it when it was shown before; the tab left keeps its
     * own for when it is shown again. Holds the monitor.
     */
    void shown(List<?> paneIds, @Nullable Object told) {
        if (last != null && !lastTab.isEmpty()) {
            lastOfTab.put(lastTab, last);
        }
        pane = told instanceof String id && paneIds.contains(id) ? id : null;
        lastTab = view.tabId;
        String before = lastOfTab.remove(lastTab);
        last = before != null && paneIds.contains(before) && !before.equals(pane) ? before : null;
        split = null;
    }

    /**
     * tab.get or tab.updated of the shown tab, once its panes are in {@link TabView#panes}: the daemon's
     * focus ({@code told}) is followed unless this view's own change is on its way; a split's new pane
     * takes the focus once it is there; a focus whose pane went takes the daemon's. Holds the monitor.
     */
    void tabChanged(@Nullable Object told, List<String> ids) {
        follow(told);
        if (split != null && view.panes.containsKey(split)) {
            String made = split;
            split = null;
            move(made);
        }
        if (pane == null || !view.panes.containsKey(pane)) {
            pane = told instanceof String id && view.panes.containsKey(id) ? id : ids.isEmpty() ? null : ids.getFirst();
            last = null;
        }
        if (last != null && !view.panes.containsKey(last)) {
            last = null;
        }
    }

    private void follow(@Nullable Object told) {
        if (unanswered == 0 && told instanceof String id && !id.equals(pane) && view.panes.containsKey(id)) {
            last = pane;
            pane = id;
        }
    }

    /** tab.focus for the shown tab; its reply (on the wire's reader thread) is the focus as of the request. */
    private void tell(String paneId) {
        String tab = view.tabId;
        unanswered++;
        view.wire.send("tab.focus", Map.of("tab_id", tab, "pane_id", paneId)).whenComplete((reply, failed) -> {
            synchronized (view) {
                unanswered--;
                if (reply != null && reply.ok() && tab.equals(view.tabId)) {
                    follow(TabView.map(reply.result()).get("focused_pane_id"));
                }
            }
            view.changed();
        });
    }
}
