package dev.signaltty.cli.internal.view;

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
    /**
     * The pane focused before {@link #pane} (the prefix then {@code ;} goes back to it): the daemon's
     * {@code previous_focused_pane_id}, the tab's as tmux's last pane is the window's, so a view opened
     * later or another tab shown and this one again goes where the focus was (ADR 1145). Set here at once
     * when this view moves the focus, as the daemon will.
     */
    private @Nullable String last;
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
     * Another tab is shown ({@link TabView#tabId} already the new one): its focused pane ({@code told},
     * from tab.get) and the pane focused before it ({@code toldPrevious}). Holds the monitor.
     */
    void shown(List<?> paneIds, @Nullable Object told, @Nullable Object toldPrevious) {
        pane = told instanceof String id && paneIds.contains(id) ? id : null;
        last = toldPrevious instanceof String id && paneIds.contains(id) && !id.equals(pane) ? id : null;
        split = null;
    }

    /**
     * tab.get or tab.updated of the shown tab, once its panes are in {@link TabView#panes}: the daemon's
     * focus ({@code told}) and the pane focused before it ({@code toldPrevious}) are followed unless this
     * view's own change is on its way; a split's new pane takes the focus once it is there; a focus whose
     * pane went takes the daemon's. Holds the monitor.
     */
    void tabChanged(@Nullable Object told, @Nullable Object toldPrevious, List<String> ids) {
        follow(told, toldPrevious);
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

    private void follow(@Nullable Object told, @Nullable Object toldPrevious) {
        if (unanswered != 0) {
            return;
        }
        if (told instanceof String id && !id.equals(pane) && view.panes.containsKey(id)) {
            last = pane;
            pane = id;
        }
        // a daemon without previous_focused_pane_id (an older one, on another host) leaves the view's own
        if (toldPrevious instanceof String id && !id.equals(pane) && view.panes.containsKey(id)) {
            last = id;
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
                    Map<?, ?> answer = TabView.map(reply.result());
                    follow(answer.get("focused_pane_id"), answer.get("previous_focused_pane_id"));
                }
            }
            view.changed();
        });
    }
}
