package dev.signaltty.cli.internal.view;

import java.util.List;
import java.util.Map;

import dev.signaltty.cli.internal.CliException;
import dev.signaltty.cli.internal.remote.HostChoice;

/**
 * The tab view's connection to the daemon it shows: which host that is ({@link HostChoice}), the
 * wire's reader, the subscription, the prefix then {@code H} (the next host), and coming back after
 * a lost connection. {@link TabView#wire} is the wire in use; this class is the only one that
 * replaces it, and an event or end from a wire the view has left is ignored here, so the rest of the
 * view never sees two daemons at once.
 */
final class ViewConnection {

    static final List<String> EVENTS = List.of("pane.*", "tab.*", "workspace.*", "agent.*", "attention.*", "decision.*");

    private final TabView view;
    private final ViewEvents events;
    private final List<HostChoice> hosts;
    /** The host shown, an index into {@link #hosts}. */
    private volatile int host;

    ViewConnection(TabView view, List<HostChoice> hosts, int host) {
        this.view = view;
        this.events = new ViewEvents(view);
        this.hosts = hosts;
        this.host = host;
    }

    /** Starts {@code w}'s reader; events and the end of a wire the view has left are ignored. */
    void listen(Wire w) {
        w.start(event -> {
            if (view.wire == w) {
                events.apply(event);
            }
        }, () -> {
            if (view.wire == w) {
                connectionLost();
            }
        });
    }

    /** Subscribes to the events the view draws from, then loads the pending decisions. */
    void subscribe() {
        Map<?, ?> subscribed = TabView.map(view.wire.call("subscribe", Map.of("events", EVENTS)));
        if (Boolean.FALSE.equals(subscribed.get("subscribed"))) {
            throw new CliException("INTERNAL", "subscribe was refused");
        }
        view.decisions.reload(view.wire); // after subscribing, so no decision made meanwhile is missed
    }

    /**
     * The prefix then H: the next host's daemon, its first workspace's first tab. The new connection
     * is made and checked before anything changes, so a host that is down or empty leaves the view
     * where it was (with a message naming the host). Not on the reader thread.
     */
    void switchHost() {
        if (hosts.size() < 2) {
            view.message("no other host (add one: signaltty hosts add NAME [user@]box)");
            return;
        }
        int next = Math.floorMod(host + 1, hosts.size());
        HostChoice target = hosts.get(next);
        view.message("connecting to host " + target.name() + " (" + (next + 1) + "/" + hosts.size() + ")");
        Wire fresh;
        try {
            fresh = new Wire(target.connect().get());
        } catch (CliException e) {
            view.message("host " + target.name() + ": " + e.code() + ": " + e.getMessage());
            return;
        }
        Wire old = view.wire;
        synchronized (view) {
            host = next;
            view.wire = fresh; // from here on the old wire's events and end are ignored
            view.panes.clear();
            view.root = null;
            view.tabId = "";
            view.workspaceId = "";
        }
        listen(fresh);
        old.close(); // the old daemon drops this view's viewers with the connection
        try {
            view.open(null, null);
        } catch (CliException e) {
            view.message("host " + target.name() + ": " + e.code() + ": " + e.getMessage());
        }
        view.changed();
    }

    /** The status line's first words: the host (when there is a choice of hosts) and the workspace. */
    String place(String workspaceName) {
        HostChoice shown = hosts.get(host);
        return hosts.size() > 1 || shown.remote() ? shown.name() + ": " + workspaceName : workspaceName;
    }

    /**
     * The wire ended: the daemon closed a view that lagged behind a flood (seed: the client refreshes
     * and reattaches), or it went away. A fresh connection subscribes and reloads the tab; nothing
     * that mutates is resent. Keys typed meanwhile are held and then sent to the pane they were typed
     * for if it still has the focus ({@link HeldKeys}, ADR 1220). After the host's reconnect time without success (longer while this
     * machine's daemon is restarting: {@link HostChoice#retryUntil}) the view ends.
     */
    private void connectionLost() {
        if (view.ended()) {
            return;
        }
        view.held.lost(); // the status line says so from now on, with the keys typed meanwhile
        view.changed();
        Thread.ofVirtual().start(() -> {
            HostChoice shown = hosts.get(host);
            long lost = System.nanoTime();
            long deadline = lost + shown.reconnectMs() * 1_000_000;
            while (!view.ended() && System.nanoTime() < deadline) {
                try {
                    // The same host again: through its tunnel, a new ssh master when the old one died.
                    Wire fresh = new Wire(shown.connect().get());
                    view.wire = fresh;
                    listen(fresh);
                    subscribe();
                    synchronized (view) {
                        view.panes.clear(); // reattached below: the old screens may miss bytes
                    }
                    view.load(view.tabId);
                    String said = view.held.release(view.focus.pane(), new ViewActions(view)::writeTo);
                    if (said != null) {
                        view.message(said);
                    }
                    view.changed();
                    return;
                } catch (CliException e) {
                    deadline = shown.retryUntil(lost, deadline); // a restarting daemon is waited for longer
                    try {
                        Thread.sleep(200);
                    } catch (InterruptedException ie) {
                        return;
                    }
                }
            }
            view.end("lost the daemon connection");
        });
    }
}
