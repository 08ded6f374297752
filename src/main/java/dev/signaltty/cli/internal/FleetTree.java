package dev.signaltty.cli.internal;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.jspecify.annotations.Nullable;

/**
 * The daemon's whole fleet at one moment: every workspace, its tabs in order, their panes with the
 * program, its status or exit code, the agent's lifecycle and attention and the question a pending
 * decision asks. What {@code signaltty ls} prints and the tab view's fleet chooser (the prefix then
 * {@code s}) lists. Built from the existing methods in two pipelined rounds whatever the fleet's size
 * (workspace.list or workspace.get, tab.list, decision.list and attention.pending; then one pane.get per
 * pane, all written before the first answer is read); whatever goes away between the calls is left out,
 * never an error (ADR 0900, ADR 0930).
 */
public record FleetTree(List<Workspace> workspaces) {

    /**
     * pane.get requests written before their answers are read. The daemon keeps reading a connection's
     * requests while up to 16 MiB of its answers wait to be read (ConnectionOutput), and a pane.get answer
     * is about 0.6 KiB: a fleet of up to this many panes is one round trip, and the answers of a round stay
     * far below that cap (ADR 0930).
     */
    static final int BATCH = 1024;

    /** One request of a pipelined round. */
    public record Call(String method, Map<String, Object> params) {
    }

    /** Sends every call of a round before reading the answers (one round trip), answers in call order. */
    @FunctionalInterface
    public interface Calls {
        List<Client.Response> all(List<Call> calls);
    }

    public record Workspace(String id, String name, String handle, String cwd, List<Tab> tabs) {
    }

    /** A tab, {@code index} its place in its workspace from 0 (as the tab view numbers tabs). */
    public record Tab(String id, int index, String name, String focusedPaneId, List<Pane> panes) {

        /**
         * What the tab is called where it is shown: its name, or for a name the daemon gave ({@code tab 1}) what its
         * focused pane runs, as the view's status line shows it (ADR 1223, ADR 1301). The name stays what is typed.
         */
        public String shownName() {
            for (Pane pane : panes) {
                if (pane.id().equals(focusedPaneId)) {
                    return tabShownAs(name, pane.program());
                }
            }
            return name;
        }
    }

    /** A pending decision: its id and the question it asks. */
    public record Decision(String id, String question) {
    }

    /** {@code currentCommand}: the daemon's name for what runs in the pane's terminal now, null when unknown. */
    public record Pane(String id, @Nullable String name, @Nullable String label, List<String> argv,
            @Nullable String currentCommand, String status, @Nullable Integer exitCode, @Nullable String agent,
            String lifecycle, String attention, @Nullable String attentionMessage, @Nullable Decision decision) {

        /**
         * What people call it: its name, else its label, else its program as tmux names a window after its
         * command ({@link #program}), else its id (ADR 1147, ADR 1221). Where the id is typed from, {@code ls}
         * prints it beside this.
         */
        public String title() {
            String program = program();
            return name != null ? name : label != null && !label.isBlank() ? label : program != null ? program : id;
        }

        /** What runs in it: the foreground command, else argv[0]'s name (ADR 1301). */
        public @Nullable String program() {
            return currentCommand != null ? currentCommand : programName(argv);
        }

        public boolean exited() {
            return "exited".equals(status);
        }

        /** Wants someone: a decision, a question or permission, or unread output. */
        public boolean needsYou() {
            return decision != null || !"none".equals(attention);
        }
    }

    /**
     * The name tmux gives a program: argv[0]'s last path element, a login shell's {@code -} dropped
     * ({@code /bin/bash} and {@code -bash} are {@code bash}); null when there is none.
     */
    public static @Nullable String programName(@Nullable Object argv) {
        if (!(argv instanceof List<?> words) || words.isEmpty()) {
            return null;
        }
        String first = String.valueOf(words.getFirst());
        String name = first.substring(first.lastIndexOf('/') + 1);
        name = name.startsWith("-") ? name.substring(1) : name;
        return name.isBlank() ? null : name;
    }

    /**
     * The name tmux gives what runs in a pane, from its record ({@code pane.get}'s {@code pane}, a {@code pane.list}
     * entry): the daemon's {@code current_command} (the terminal's foreground program, as tmux's
     * {@code pane_current_command}), else {@link #programName} of its argv (ADR 1301); null when there is neither.
     */
    public static @Nullable String programOf(Map<?, ?> pane) {
        return pane.get("current_command") instanceof String command && !command.isBlank() ? command
                : programName(pane.get("argv"));
    }

    /**
     * A tab name the daemon gave (tab.create without one: {@code tab 3}), which nobody chose: the view, {@code ls} and
     * the fleet chooser show such a tab by its focused pane's program instead, as tmux's automatic-rename does until
     * a window is renamed (ADR 1223). Display only: the tab's name stays what scripts resolve.
     */
    public static boolean automaticTabName(String name) {
        return name.matches("tab [0-9]+");
    }

    /** What a tab is shown as: its name, or for an {@link #automaticTabName} its focused pane's program when known. */
    public static String tabShownAs(String name, @Nullable String focusedProgram) {
        return automaticTabName(name) && focusedProgram != null ? focusedProgram : name;
    }

    /** The whole fleet; throws only when the workspaces or tabs cannot be listed. */
    public static FleetTree load(Calls calls) {
        return load(calls, null);
    }

    /**
     * One workspace by id or handle as the daemon resolves it ({@code workspace.get}; its NO_SUCH_WORKSPACE
     * naming the one asked for is thrown), with only its tabs and panes asked for; or the whole fleet when
     * {@code workspace} is null.
     */
    public static FleetTree load(Calls calls, @Nullable String workspace) {
        Map<String, Object> scope = workspace == null ? Map.of() : Map.of("workspace_id", workspace);
        List<Client.Response> first = calls.all(List.of(
                workspace == null ? new Call("workspace.list", Map.of()) : new Call("workspace.get", scope),
                new Call("tab.list", scope), new Call("decision.list", Map.of("status", "pending")),
                new Call("attention.pending", Map.of("limit", 1000L))));
        Object listed = first.get(0).orThrow();
        List<?> workspaces = workspace == null ? list(map(listed).get("workspaces")) : List.of(map(listed));
        List<?> tabs = list(map(first.get(1).orThrow()).get("tabs"));
        Map<String, Decision> decisions = new LinkedHashMap<>();
        if (first.get(2).ok()) {
            for (Object d : list(map(first.get(2).result()).get("decisions"))) {
                Map<?, ?> m = map(d);
                if (m.get("pane_id") instanceof String pane && m.get("decision_id") instanceof String id) {
                    decisions.put(pane, new Decision(id, m.get("question") instanceof String q ? q : "")); // the newest wins
                }
            }
        }
        Map<String, String> messages = new LinkedHashMap<>();
        if (first.get(3).ok()) {
            for (Object p : list(map(first.get(3).result()).get("panes"))) {
                Map<?, ?> m = map(p);
                if (m.get("pane_id") instanceof String pane && m.get("message") instanceof String message && !message.isBlank()) {
                    messages.put(pane, message);
                }
            }
        }
        List<String> paneIds = new ArrayList<>();
        for (Object t : tabs) {
            for (Object id : list(map(t).get("pane_ids"))) {
                paneIds.add(String.valueOf(id));
            }
        }
        Map<String, Pane> panes = panes(calls, paneIds, decisions, messages);
        List<Workspace> out = new ArrayList<>();
        for (Object w : workspaces) {
            Map<?, ?> ws = map(w);
            String id = String.valueOf(ws.get("workspace_id"));
            List<Tab> own = new ArrayList<>();
            for (Object t : tabs) {
                Map<?, ?> tab = map(t);
                if (!id.equals(tab.get("workspace_id"))) {
                    continue;
                }
                List<Pane> tabPanes = new ArrayList<>();
                for (Object p : list(tab.get("pane_ids"))) {
                    Pane pane = panes.get(String.valueOf(p));
                    if (pane != null) { // gone since tab.list: left out
                        tabPanes.add(pane);
                    }
                }
                String tabId = String.valueOf(tab.get("tab_id"));
                own.add(new Tab(tabId, own.size(), tab.get("name") instanceof String n ? n : tabId,
                        tab.get("focused_pane_id") instanceof String f ? f : "", List.copyOf(tabPanes)));
            }
            out.add(new Workspace(id, string(ws.get("name"), id), string(ws.get("handle"), id), string(ws.get("cwd"), ""),
                    List.copyOf(own)));
        }
        return new FleetTree(List.copyOf(out));
    }

    /** pane.get for each pane, {@link #BATCH} at a time; a pane that went away meanwhile is left out. */
    private static Map<String, Pane> panes(Calls calls, List<String> ids, Map<String, Decision> decisions,
            Map<String, String> messages) {
        Map<String, Pane> out = new LinkedHashMap<>();
        for (int from = 0; from < ids.size(); from += BATCH) {
            List<String> batch = ids.subList(from, Math.min(ids.size(), from + BATCH));
            List<Call> round = new ArrayList<>();
            for (String id : batch) {
                round.add(new Call("pane.get", Map.of("pane_id", id)));
            }
            List<Client.Response> answers = calls.all(round);
            for (int i = 0; i < batch.size(); i++) {
                Client.Response r = answers.get(i);
                if (r.ok()) {
                    Pane pane = pane(map(r.result()), decisions, messages);
                    if (pane != null) {
                        out.put(batch.get(i), pane);
                    }
                }
            }
        }
        return out;
    }

    private static @Nullable Pane pane(Map<?, ?> got, Map<String, Decision> decisions, Map<String, String> messages) {
        Map<?, ?> p = map(got.get("pane"));
        if (!(p.get("pane_id") instanceof String id)) {
            return null;
        }
        List<String> argv = new ArrayList<>();
        for (Object a : list(p.get("argv"))) {
            argv.add(String.valueOf(a));
        }
        return new Pane(id, p.get("name") instanceof String n ? n : null, p.get("label") instanceof String l ? l : null,
                List.copyOf(argv), p.get("current_command") instanceof String c && !c.isBlank() ? c : null,
                string(p.get("status"), "running"),
                p.get("exit_code") instanceof Number code ? code.intValue() : null,
                got.get("agent") instanceof String a ? a : null, string(got.get("lifecycle"), "unknown"),
                string(got.get("attention"), "none"), messages.get(id), decisions.get(id));
    }

    /** The fleet as {@code signaltty ls --json} prints it (docs/cli.md). */
    public Map<String, Object> toJson() {
        List<Object> wss = new ArrayList<>();
        for (Workspace w : workspaces) {
            List<Object> tabs = new ArrayList<>();
            for (Tab t : w.tabs()) {
                List<Object> panes = new ArrayList<>();
                for (Pane p : t.panes()) {
                    Map<String, Object> pane = new LinkedHashMap<>();
                    pane.put("pane_id", p.id());
                    putIf(pane, "name", p.name());
                    putIf(pane, "label", p.label());
                    pane.put("argv", p.argv());
                    putIf(pane, "current_command", p.currentCommand());
                    pane.put("status", p.status());
                    putIf(pane, "exit_code", p.exitCode());
                    putIf(pane, "agent", p.agent());
                    pane.put("lifecycle", p.lifecycle());
                    pane.put("attention", p.attention());
                    putIf(pane, "attention_message", p.attentionMessage());
                    if (p.decision() != null) {
                        pane.put("decision", Map.of("decision_id", p.decision().id(), "question", p.decision().question()));
                    }
                    pane.put("focused", p.id().equals(t.focusedPaneId()));
                    panes.add(pane);
                }
                Map<String, Object> tab = new LinkedHashMap<>();
                tab.put("tab_id", t.id());
                tab.put("index", t.index());
                tab.put("name", t.name());
                putIf(tab, "focused_pane_id", t.focusedPaneId().isEmpty() ? null : t.focusedPaneId());
                tab.put("panes", panes);
                tabs.add(tab);
            }
            Map<String, Object> ws = new LinkedHashMap<>();
            ws.put("workspace_id", w.id());
            ws.put("name", w.name());
            ws.put("handle", w.handle());
            ws.put("cwd", w.cwd());
            ws.put("tabs", tabs);
            wss.add(ws);
        }
        return Map.of("workspaces", wss);
    }

    private static void putIf(Map<String, Object> m, String key, @Nullable Object value) {
        if (value != null) {
            m.put(key, value);
        }
    }

    private static String string(@Nullable Object o, String otherwise) {
        return o instanceof String s ? s : otherwise;
    }

    private static Map<?, ?> map(@Nullable Object o) {
        return o instanceof Map<?, ?> m ? m : Map.of();
    }

    private static List<?> list(@Nullable Object o) {
        return o instanceof List<?> l ? l : List.of();
    }
}
