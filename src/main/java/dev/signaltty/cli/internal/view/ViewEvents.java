package dev.signaltty.cli.internal.view;

import java.util.Base64;
import java.util.Map;

import dev.signaltty.cli.internal.OutputCursor;

/**
 * What each subscribed event does to the tab view: pty.data feeds a pane's screen (a gap reattaches
 * it, seed R301), pane/agent/attention/decision events update the status line's facts, and tab and
 * workspace events re-lay the tab or end the view. Runs on the wire's reader thread and never waits
 * for a reply there.
 */
final class ViewEvents {

    private final TabView view;

    ViewEvents(TabView view) {
        this.view = view;
    }

    /** What the tab list flags for panes of any tab: unread output, an exited pane. */
    private void tabListFacts(String event, Map<?, ?> payload) {
        if (!(payload.get("pane_id") instanceof String id)) {
            return;
        }
        switch (event) {
            case "attention.changed", "attention.cleared" -> {
                if (payload.get("attention") instanceof String a) {
                    view.tabs.attention(id, a);
                }
            }
            case "pane.exited" -> view.tabs.status(id, "exited");
            case "pane.updated" -> {
                if (payload.get("status") instanceof String s) {
                    view.tabs.status(id, s);
                }
            }
            default -> {
                // not a fact the tab list shows
            }
        }
    }

    /** Applies one event or pty.data chunk to the view's panes; on the wire's reader thread. */
    void apply(Map<String, Object> message) {
        String event = String.valueOf(message.get("event"));
        Map<?, ?> payload = TabView.map(message.get("payload"));
        PaneScreen p = payload.get("pane_id") instanceof String id ? view.panes.get(id) : null;
        tabListFacts(event, payload);
        if (!event.equals("pty.data")) {
            FleetChooser open;
            synchronized (view) {
                open = view.chooser instanceof FleetChooser c ? c : null;
            }
            if (open != null) {
                open.eventCame(); // the fleet chooser follows the fleet while it is open
            }
        }
        switch (event) {
            case "pty.data" -> {
                Long end = OutputCursor.offset(payload.get("output_offset"));
                if (p != null && end != null && payload.get("data_b64") instanceof String b64
                        && !p.data(Base64.getDecoder().decode(b64), end)) {
                    view.attach(p); // seed R301: a forward gap → reattach before feeding more
                }
            }
            case "pane.updated" -> {
                if (p != null) {
                    if (payload.containsKey("name")) {
                        p.name = payload.get("name") instanceof String n ? n : null;
                        p.namesFromEvents++; // events come on one thread
                    }
                    if (payload.get("status") instanceof String s) {
                        if (p.exited && s.equals("running")) {
                            p.lifecycle = "unknown"; // a resume: the new process has reported nothing yet
                        }
                        p.exited = s.equals("exited");
                    }
                    if (payload.get("cols") instanceof Number c && payload.get("rows") instanceof Number r
                            && (c.intValue() != p.terminal().cols() || r.intValue() != p.terminal().rows())) {
                        view.attach(p); // another size: a fresh snapshot of it is exact, feeding across a resize is not
                    }
                }
            }
            case "pane.exited" -> {
                if (p != null) {
                    p.exited = true;
                    p.exitCode = payload.get("exit_code") instanceof Number n ? n.intValue() : null;
                }
            }
            case "agent.idle", "agent.working", "agent.blocked", "agent.done", "agent.exited" -> {
                if (p != null && payload.get("lifecycle") instanceof String l) {
                    p.lifecycle = l;
                }
            }
            case "attention.changed", "attention.cleared" -> {
                if (p != null && payload.get("attention") instanceof String a) {
                    p.attention = a;
                }
            }
            case "decision.created" -> {
                Map<?, ?> d = TabView.map(payload.get("decision"));
                view.decisions.created(d);
                PaneScreen owner = d.get("pane_id") instanceof String id ? view.panes.get(id) : p;
                if (owner != null) {
                    owner.pendingDecision = String.valueOf(d.get("decision_id"));
                    owner.pendingQuestion = d.get("question") instanceof String q ? q : null;
                }
            }
            case "decision.answered", "decision.cleared" -> {
                Object id = payload.get("decision_id");
                if (id instanceof String decision) {
                    view.decisions.resolved(decision);
                }
                for (PaneScreen each : view.panes.values()) {
                    if (each.pendingDecision != null && each.pendingDecision.equals(id)) {
                        each.pendingDecision = null;
                        each.pendingQuestion = null;
                    }
                }
            }
            case "tab.updated" -> {
                if (view.tabId.equals(payload.get("tab_id"))) {
                    synchronized (view) {
                        view.applyTab(payload, true);
                    }
                }
                view.tabs.updated(payload);
            }
            case "tab.closed" -> {
                if (view.lastTabId.equals(payload.get("tab_id"))) {
                    view.lastTabId = ""; // the tab list's - and the prefix then l go nowhere now
                }
                if (view.tabId.equals(payload.get("tab_id"))) {
                    view.end("tab " + view.tabName + " closed");
                } else if (view.workspaceId.equals(payload.get("workspace_id"))) {
                    Thread.ofVirtual().start(view::refreshTabIndex); // the tabs after it moved up; never wait here
                }
            }
            case "tab.created" -> {
                if (view.workspaceId.equals(payload.get("workspace_id"))) {
                    Thread.ofVirtual().start(view::refreshTabIndex);
                }
            }
            case "workspace.updated" -> {
                if (view.workspaceId.equals(payload.get("workspace_id")) && payload.get("name") instanceof String n) {
                    view.workspaceName = n;
                }
            }
            case "workspace.closed" -> {
                if (view.workspaceId.equals(payload.get("workspace_id"))) {
                    view.end("workspace " + view.workspaceName + " closed");
                }
            }
            default -> {
                return;
            }
        }
        view.changed();
    }
}
