package dev.signaltty.cli.internal.view;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.jspecify.annotations.Nullable;

/**
 * The pane each tab had focused when this view left it, so coming back focuses that pane again, as tmux
 * keeps a window's active pane (the daemon's {@code focused_pane_id} only moves with splits and closes).
 * Per view: the protocol has no method that sets a tab's focus. At most {@link #TABS} tabs are kept, the
 * least recently left forgotten first.
 */
final class TabFocusMemory {

    static final int TABS = 256;

    private final Map<String, String> focusByTab = new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, String> eldest) {
            return size() > TABS;
        }
    };

    /** The view leaves {@code tabId} with {@code paneId} focused (nothing is kept for no focus). */
    synchronized void left(String tabId, @Nullable String paneId) {
        if (!tabId.isEmpty() && paneId != null) {
            focusByTab.put(tabId, paneId);
        }
    }

    /** The pane to focus on showing {@code tabId}: the one it was left with while still in it, else the tab's. */
    synchronized @Nullable String focusFor(String tabId, List<?> paneIds, @Nullable String tabsOwn) {
        String remembered = focusByTab.get(tabId);
        return remembered != null && paneIds.contains(remembered) ? remembered : tabsOwn;
    }
}
