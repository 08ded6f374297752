package dev.signaltty.cli.internal.view;

import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import org.jspecify.annotations.Nullable;

import dev.signaltty.cli.internal.CliException;
import dev.signaltty.cli.internal.Client;
import dev.signaltty.cli.internal.remote.HostChoice;

/**
 * {@code signaltty view} and {@code signaltty attach --tab}: every pane of a tab in its layout cell,
 * divided like tmux, with a status line; keys go to the focused pane, prefix keys steer
 * ({@link ViewKeys}). Each pane is sized to its cell with {@code pane.resize} on the connection that
 * attached it, so the daemon counts this view as a sizing viewer until it leaves (ADR-0160).
 *
 * <p>Hosts: the view shows one daemon at a time, this machine's or a remote host's over its ssh
 * tunnel; the prefix then {@code H} switches to the next one ({@link HostChoice#all}), and the status
 * line names the host whenever there is more than one to choose from. The connection, its
 * subscription and its reconnects are {@link ViewConnection}'s.
 *
 * <p>Threads: the wire's reader applies events and output ({@link ViewEvents}, never blocking on a
 * reply); the render thread ({@link ViewFrames}) draws at most {@link #MAX_FPS} frames a second, only
 * when something changed (or the clock ticks), sending only changed cells; the caller's thread reads
 * keys ({@link ViewKeys}). State is guarded by this object's monitor.
 */
public final class TabView {

    static final int MAX_FPS = 60;
    /**
     * Attempts to come back after a lost connection to this machine's daemon, for this long (the
     * launcher's {@link HostChoice} carries it; {@link ViewConnection} retries).
     */
    public static final long RECONNECT_MS = 5_000;

    /** The wire to the daemon shown; only {@link #connection} replaces it (another host, a reconnect). */
    volatile Wire wire;
    private final ViewConnection connection;
    final OuterTerminal outer;
    final Frame frame = new Frame();
    final Map<String, PaneScreen> panes = new ConcurrentHashMap<>();
    final ViewDecisions decisions = new ViewDecisions();
    /** CSI I / CSI O for the programs that asked (DECSET 1004), as the focus moves. */
    final FocusReports focusReports = new FocusReports();
    /** The workspace's tabs and their flags, for the status line's tab list. */
    final ViewTabs tabs = new ViewTabs();
    /** The tab shown before this one (the tab list's {@code -}), or empty. */
    volatile String lastTabId = "";
    String workspaceId = "";
    String workspaceName = "";
    String tabId = "";
    String tabName = "";
    /** The tab's place in its workspace, from 0 (the prefix then a digit), or -1 before it is known. */
    volatile int tabIndex = -1;
    LayoutTree.@Nullable Node root;
    LayoutTree.Geometry geometry = new LayoutTree.Geometry(List.of(), List.of());
    /** The focused pane, the tab's own (tab.focus), shared with every other view of the tab. */
    final ViewFocus focus = new ViewFocus(this);
    boolean zoomed;
    @Nullable CopyMode copy;
    /** What the status line asks (rename, search, the {@code :} prompt, close pane?). Guarded by the monitor. */
    final StatusPrompt prompt = new StatusPrompt();
    /** Where the status line drew the tab list's entries and the panes' names (a click there shows that tab, focuses that pane). Guarded by the monitor. */
    StatusLine.Spans spans = StatusLine.Spans.NONE;
    /** The tab or fleet chooser (the prefix then {@code w}, {@code s}, {@code f}) drawn over the panes, or null. Guarded by the monitor. */
    @Nullable Chooser chooser;
    /** The key list (the prefix then {@code ?}) or a {@code :} command's output over the panes; any key closes it. Guarded by the monitor. */
    @Nullable TextBox textBox;
    /** Until when (epoch ms) the panes' numbers are drawn (the prefix then {@code q}). Guarded by the monitor. */
    long paneNumbersUntil;
    /** The text copy mode copied last, for the prefix then {@code ]} (tmux's paste buffer). Guarded by the monitor. */
    @Nullable String copied;
    /** The prefix as typed (C-b), for the help and hints. */
    String prefixName = "C-b";
    private @Nullable String message;
    private long messageUntil;
    /** Something changed since the last frame ({@link ViewFrames} clears it). Guarded by the monitor. */
    boolean dirty = true;
    /**
     * Keys were typed into a pane since the last frame: the panes another view sized take this view's cells
     * again, as tmux's {@code window-size latest} follows the client typing (ADR 1322). Guarded by the monitor.
     */
    boolean typed;
    private volatile @Nullable String ended;
    /** The keys typed while the connection is lost, sent once the view is back (ADR 1220). */
    final HeldKeys held = new HeldKeys();
    /** The user's terminal colours for pane.attach (ADR 1011, ADR 1130). */
    final ViewColours colours = new ViewColours(this);

    private TabView(Wire wire, OuterTerminal outer, List<HostChoice> hosts, int host) {
        this.wire = wire;
        this.outer = outer;
        this.connection = new ViewConnection(this, hosts, host);
    }

    /**
     * Runs the view of {@code tabId} (or of the workspace's first tab when null) until detach, the
     * tab's end, or a lost connection; returns the exit status after restoring the terminal.
     */
    public static int run(OuterTerminal outer, java.util.function.Supplier<Client> connect, List<HostChoice> hosts,
            int host, @Nullable String workspace, @Nullable String tab, byte prefix, PrintStream out) {
        Client client;
        try {
            client = connect.get(); // after the terminal was found: without one nothing starts a daemon
        } catch (RuntimeException e) {
            outer.close();
            throw e;
        }
        Wire wire = new Wire(client);
        TabView view = new TabView(wire, outer, hosts, host);
        Thread restore = new Thread(outer::close);
        dev.signaltty.cli.internal.ProcessExit.addShutdownHook(restore);
        String end;
        try {
            view.colours.first(outer.askColours(ColourQuery.TIMEOUT_MS).params());
            view.connection.listen(wire);
            view.open(workspace, tab);
            outer.enterFullScreen(true);
            outer.onResize(view::changed);
            Thread render = Thread.ofPlatform().daemon().name("view-render").start(new ViewFrames(view)::renderLoop);
            Thread programs = Thread.ofVirtual().name("view-programs").start(() -> ViewPrograms.follow(view));
            new ViewKeys(view, prefix).readLoop(outer.input());
            end = view.ended == null ? "detached" : view.ended;
            view.end(end);
            render.interrupt();
            programs.interrupt();
        } finally {
            outer.close();
            wire.close();
            Runtime.getRuntime().removeShutdownHook(restore);
        }
        out.print("[" + end + "]\r\n");
        out.flush();
        return end.equals("detached") || end.startsWith("tab ") ? 0 : 1;
    }

    /** Finds the workspace and tab, subscribes first (so no change is missed), then loads the tab. */
    void open(@Nullable String workspace, @Nullable String tab) {
        connection.subscribe();
        if (tab == null) {
            String ws = workspace;
            if (ws == null) {
                List<?> all = list(map(wire.call("workspace.list", Map.of())).get("workspaces"));
                if (all.isEmpty()) {
                    throw new CliException("NO_SUCH_WORKSPACE", "no workspace to view (create one: signaltty new)");
                }
                ws = String.valueOf(map(all.getFirst()).get("workspace_id"));
            }
            List<?> tabs = list(map(wire.call("tab.list", Map.of("workspace_id", ws))).get("tabs"));
            if (tabs.isEmpty()) {
                throw new CliException("NO_SUCH_TAB", "workspace " + ws + " has no tab to view (signaltty pane spawn " + ws
                        + " -- <command> starts one)");
            }
            tab = String.valueOf(map(tabs.getFirst()).get("tab_id"));
        }
        load(tab);
        if (ended != null && panes.isEmpty()) { // an empty tab (tab create, every pane moved out): an error, not a view
            throw new CliException("NO_SUCH_PANE", ended);
        }
    }

    /** The prefix then H: the next host ({@link ViewConnection#switchHost}). Not on the reader thread. */
    void switchHost() {
        connection.switchHost();
    }

    /** The status line's first words: the host (when there is a choice of hosts) and the workspace. */
    String place() {
        return connection.place(workspaceName);
    }

    /** Shows another tab: detaches this one's panes, attaches the new one's. Not on the reader thread. */
    void load(String tab) {
        Map<?, ?> t = tabOf(wire.call("tab.get", Map.of("tab_id", tab)));
        Map<?, ?> ws = map(wire.call("workspace.get", Map.of("workspace_id", String.valueOf(t.get("workspace_id")))));
        Map<?, ?> wsView = ws.get("workspace") instanceof Map<?, ?> w ? w : ws;
        synchronized (this) {
            for (String id : panes.keySet()) {
                wire.send("pane.detach", Map.of("pane_id", id));
            }
            panes.clear();
            String shown = String.valueOf(t.get("tab_id"));
            if (!tabId.isEmpty() && !tabId.equals(shown)) {
                lastTabId = tabId;
            }
            tabId = shown;
            workspaceId = String.valueOf(t.get("workspace_id"));
            workspaceName = String.valueOf(wsView.get("name") != null ? wsView.get("name") : workspaceId);
            copy = null;
            zoomed = false;
            focus.shown(list(t.get("pane_ids")), t.get("focused_pane_id"), t.get("previous_focused_pane_id"));
            applyTab(t, false); // the panes' facts are asked below, once: a second pane.get answered late would undo the seen
        }
        for (PaneScreen p : List.copyOf(panes.values())) {
            refreshAgent(p);
        }
        String shownFocus = focus.pane();
        if (shownFocus != null) {
            markSeen(shownFocus); // a tab shown is a tab looked at: tmux clears a window's activity when it is selected
        }
        refreshTabIndex();
    }

    /**
     * Asks for the workspace's tabs (the status line's tab list) and finds the tab's place among them:
     * after a load, and when a tab comes or goes. Not on the reader thread.
     */
    void refreshTabIndex() {
        try {
            tabs.reload(wire, workspaceId);
            List<ViewTabs.Tab> all = tabs.tabs();
            int at = -1;
            for (int i = 0; i < all.size(); i++) {
                if (tabId.equals(all.get(i).id())) {
                    at = i;
                }
            }
            tabIndex = at;
        } catch (CliException e) {
            // the workspace went away; its end comes as an event
        }
        changed();
    }

    /** The tab as the status line names it: {@code 2:name}, as tmux's window list. */
    String tabLabel() {
        int i = tabIndex;
        return i < 0 ? shownTabName() : i + ":" + shownTabName();
    }

    /**
     * The tab's name as the view shows it: a name the daemon gave ({@code tab 1}) follows the focused pane's
     * program, as tmux's automatic-rename, until the tab is renamed (ADR 1223); the daemon's name is unchanged.
     */
    String shownTabName() {
        String f = focus.pane();
        PaneScreen p = f == null ? null : panes.get(f);
        return TabList.displayed(tabName, p == null ? null : p.program);
    }

    /**
     * tab.get / tab.updated: the tree, the name, the panes to attach or let go, and the focus; a pane a
     * tab.updated brings ({@code fromEvent}) has its facts asked on another thread. Holds the monitor.
     */
    void applyTab(Map<?, ?> t, boolean fromEvent) {
        tabName = String.valueOf(t.get("name") != null ? t.get("name") : tabId);
        root = LayoutTree.parse(t.get("layout"));
        List<String> ids = new ArrayList<>();
        for (Object id : list(t.get("pane_ids"))) {
            ids.add(String.valueOf(id));
        }
        boolean hadPanes = !panes.isEmpty();
        for (String id : List.copyOf(panes.keySet())) {
            if (!ids.contains(id)) {
                panes.remove(id);
                wire.send("pane.detach", Map.of("pane_id", id));
            }
        }
        for (String id : ids) {
            if (!panes.containsKey(id)) {
                PaneScreen p = new PaneScreen(id);
                panes.put(id, p);
                attach(p);
                if (fromEvent && ended == null) {
                    Thread.ofVirtual().start(() -> refreshAgent(p)); // never wait on the reader thread
                }
            }
        }
        focus.tabChanged(t.get("focused_pane_id"), t.get("previous_focused_pane_id"), ids);
        if (ids.isEmpty() && hadPanes && fromEvent && ViewTabs.afterEmptied(tabs.tabs(), tabId, lastTabId) != null) {
            String emptied = tabId;
            String name = tabName;
            Thread.ofVirtual().start(() -> showAnotherTab(emptied, name)); // never wait on the reader thread
        } else if (ids.isEmpty()) {
            // a tab shown empty never had a pane here: say how to add one
            end(hadPanes ? "tab " + tabName + " has no panes left"
                    : "tab " + tabName + " has no panes to view (add one: signaltty pane spawn " + workspaceId
                            + " --tab " + tabId + " -- <command>)");
        }
    }

    /**
     * The tab shown lost its last pane: the view shows the tab {@link ViewTabs#afterEmptied} picks, as tmux
     * when a window's last pane goes; it ends only when no tab of the workspace has a pane (ADR 1323).
     */
    private void showAnotherTab(String emptied, String name) {
        try {
            tabs.reload(wire, workspaceId);
            String next = ViewTabs.afterEmptied(tabs.tabs(), emptied, lastTabId);
            synchronized (this) {
                if (!tabId.equals(emptied) || !panes.isEmpty()) {
                    return; // shown or filled meanwhile (a key, another view's split): nothing to leave
                }
            }
            if (next != null) {
                load(next);
                message("tab " + name + " has no panes left");
                return;
            }
        } catch (CliException e) {
            // the workspace went away: the view ends below, as before
        }
        end("tab " + name + " has no panes left");
    }

    /**
     * The prefix then {@code r} (tmux's refresh-client): the whole screen drawn again, and the terminal
     * asked for its colours again ({@link ViewColours#ask}). Not on the reader thread.
     */
    void refresh() {
        synchronized (this) {
            frame.invalidate();
        }
        changed();
        colours.ask();
    }

    /** pane.attach, with the terminal's colours; the reply (on the reader thread) paints the snapshot. */
    void attach(PaneScreen p) {
        p.resyncing = true;
        Map<String, Object> params = new java.util.HashMap<>(colours.params());
        params.put("pane_id", p.id);
        wire.send("pane.attach", params).thenAccept(r -> {
            if (r.ok() && r.result() instanceof Map<?, ?> reply) {
                p.snapshot(reply);
            }
            changed();
        });
    }

    /** The name, agent state and newest pending decision, asked once (events keep them current). */
    private void refreshAgent(PaneScreen p) {
        try {
            int names = p.namesFromEvents; // before asking: a rename's event may overtake the answer
            p.refresh(TabView.map(wire.call("pane.get", Map.of("pane_id", p.id))), newestPending(p.id), names);
        } catch (CliException e) {
            // the pane went away meanwhile; tab.updated removes it
        }
        changed();
    }

    ViewDecisions.@Nullable Pending newestPending(String paneId) {
        return ViewDecisions.newest(wire, paneId);
    }

    /**
     * A person moved to the pane or typed into it: an {@code unread} pane is seen (pane.mark_seen), as
     * tmux clears a window's activity flag when it is selected. Required attention stays.
     */
    void markSeen(String paneId) {
        PaneScreen p = panes.get(paneId);
        if (p != null && "unread".equals(p.attention)) {
            wire.send("pane.mark_seen", Map.of("pane_id", paneId));
        }
    }

    synchronized void changed() {
        dirty = true;
        notifyAll();
    }

    /**
     * The status line's message while it is shown (3 s), else, while the view reconnects, what happens
     * to the keys typed meanwhile; or null. Holds the monitor.
     */
    @Nullable String message() {
        if (message != null && System.currentTimeMillis() < messageUntil) {
            return message;
        }
        return held.holding() ? held.status() : null;
    }

    synchronized void message(String text) {
        message = text;
        messageUntil = System.currentTimeMillis() + 3_000;
        changed();
    }

    void end(String why) {
        if (ended == null) {
            ended = why;
        }
        changed();
        try {
            outer.input().close(); // wakes the key reader
        } catch (IOException | RuntimeException e) {
            // already closed
        }
    }

    boolean ended() {
        return ended != null;
    }

    static Map<?, ?> map(@Nullable Object o) {
        return o instanceof Map<?, ?> m ? m : Map.of();
    }

    static List<?> list(@Nullable Object o) {
        return o instanceof List<?> l ? l : List.of();
    }

    private static Map<?, ?> tabOf(@Nullable Object result) {
        Map<?, ?> m = map(result);
        return m.get("tab") instanceof Map<?, ?> t ? t : m;
    }
}
