package dev.signaltty.cli.internal.view;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.jspecify.annotations.Nullable;

import dev.signaltty.cli.internal.ArgParser;
import dev.signaltty.cli.internal.CommandSpec;
import dev.signaltty.cli.internal.CommandTable;
import dev.signaltty.cli.internal.Json;
import dev.signaltty.cli.internal.NamedLayouts;
import dev.signaltty.cli.internal.Output;
import dev.signaltty.cli.internal.Words;

/**
 * The prefix then {@code :}, tmux's command prompt: a signaltty command as the CLI and the console take it
 * (the one {@link CommandTable}), run on the view's connection for what is focused here. A command whose
 * pane, tab or workspace is left out gets the focused pane, the tab shown, this workspace
 * ({@code pane rename build}, {@code tab rename review}, {@code notify done}); a verb alone is the pane's,
 * else the tab's, else the workspace's ({@code split}, {@code swap p2}, {@code set-layout tiled}). The
 * answer shows on the status line: the seed's code and message for an error, {@code done: …} for a change,
 * the output of a one-line read; a longer output opens in a box over the panes. Tab completes command
 * words. tmux's own commands ({@code split-window -h}, {@code kill-pane}) do what they do in tmux
 * ({@link TmuxCommands}).
 */
final class CommandPrompt {

    /**
     * Methods the prompt does not call: the view's own streams (a second subscribe or attach, a detach of a
     * pane it draws) and requests that hold the connection until they end (the daemon answers a
     * connection's requests in order behind a wait), which would stop the view's keys reaching its panes.
     */
    private static final Set<String> REFUSED = Set.of("subscribe", "pane.attach", "pane.detach", "wait", "task.wait",
            "pane.wait_for_output", "pane.run", "hook-event");
    /** The nouns a verb alone may belong to, narrowest first: what is focused, then around it. */
    private static final List<String> CONTEXT = List.of("pane", "tab", "workspace");

    /** How many lines Up at the prompt can bring back. */
    static final int HISTORY = 100;

    private final TabView view;
    private final ViewActions actions;
    private final PromptPaneCommands panes;
    private final CommandTable table = CommandTable.standard();
    /** The lines run, oldest first, at most {@link #HISTORY}; used on the key reader's thread only. */
    private final java.util.ArrayDeque<String> past = new java.util.ArrayDeque<>();

    /** Runs a key as if typed after the prefix: what a tmux command at the prompt becomes ({@link TmuxCommands}). */
    private final java.util.function.Consumer<InputDecoder.Key> prefixKey;

    CommandPrompt(TabView view, ViewActions actions, java.util.function.Consumer<InputDecoder.Key> prefixKey) {
        this.view = view;
        this.actions = actions;
        this.panes = new PromptPaneCommands(view, actions);
        this.prefixKey = prefixKey;
    }

    /** Enter at the prompt: parses and runs {@code line}; the outcome shows when the answer comes. */
    void run(String line) {
        if (!line.isBlank() && !line.strip().equals(past.peekLast())) {
            past.addLast(line.strip());
            if (past.size() > HISTORY) {
                past.removeFirst();
            }
        }
        ArgParser.Invocation inv;
        try {
            List<String> typed = Words.split(line.strip());
            // signaltty's words first: "rename build" stays the pane's rename, never tmux's rename-session
            TmuxCommands.Translation tmux = typed.isEmpty() || known(typed.getFirst()) ? null : TmuxCommands.of(typed);
            if (tmux instanceof TmuxCommands.PrefixKey k) {
                prefixKey.accept(k.key());
                return;
            }
            if (tmux instanceof TmuxCommands.Refusal r) {
                view.message(r.message());
                return;
            }
            if (tmux instanceof TmuxCommands.Resize r) {
                actions.resize(view.focus.pane(), r.vertical(), r.cells());
                return;
            }
            if (tmux instanceof TmuxCommands.NewTab t) {
                actions.newTab(t.name(), t.argv(), t.directory() == null ? null : directory(t.directory()));
                return;
            }
            if (tmux instanceof TmuxCommands.SelectPane p) {
                panes.select(p.target());
                return;
            }
            if (tmux instanceof TmuxCommands.KillPanes k) {
                panes.close(k);
                return;
            }
            List<String> words = withNoun(tmux instanceof TmuxCommands.Line l ? withCurrentPath(l.words()) : typed);
            if (words.isEmpty()) {
                return;
            }
            inv = parse(words);
        } catch (ArgParser.UsageException e) {
            view.message("usage: " + e.getMessage() + (e.spec() == null ? "" : " (" + e.spec().usage() + ")"));
            return;
        } catch (dev.signaltty.cli.internal.CliException e) { // a value the table's binder refused (a path, a number)
            view.message(e.code() + ": " + e.getMessage());
            return;
        } catch (RuntimeException e) { // never let a line typed here end the key reader (and with it the view)
            view.message("BAD_PARAMS: " + e.getMessage());
            return;
        }
        CommandSpec spec = inv.spec();
        if (spec == null || inv.options().help()) {
            view.message(spec == null ? "a command, e.g. pane rename NAME, split, tab set-layout tiled, notify TEXT"
                    : "usage: " + spec.usage());
            return;
        }
        Map<String, Object> params = new LinkedHashMap<>(inv.params());
        if (spec.action() == CommandSpec.Action.SET_LAYOUT) {
            if (!layout(params)) {
                return;
            }
        } else if (spec.action() != CommandSpec.Action.CALL || spec.method() == null || REFUSED.contains(spec.method())) {
            view.message("'" + spec.name() + "' runs in a shell, not in the view's prompt (signaltty " + spec.name() + " …)");
            return;
        }
        String method = spec.method();
        boolean json = inv.options().json();
        actions.ask(method, params, null, result -> show(spec, line.strip(), result, json));
    }

    /**
     * A tmux -c DIR as a directory of this machine: {@link TmuxCommands#CURRENT_PATH} expanded, {@code ~} the home
     * directory, relative to where the view runs (tmux: the client's directory), as the CLI's {@code --cwd} takes a
     * path. Whether it is a directory the daemon says ({@code cwd: not a directory: …}), naming it.
     */
    private String directory(String typed) {
        String dir = withCurrentPath(List.of(typed)).getFirst();
        String home = System.getenv("HOME");
        if (home != null && (dir.equals("~") || dir.startsWith("~/"))) {
            dir = home + dir.substring(1);
        }
        return Path.of("").toAbsolutePath().resolve(dir).normalize().toString();
    }

    /** {@code words} with {@link TmuxCommands#CURRENT_PATH} as the focused pane's directory now (its current_path). */
    private List<String> withCurrentPath(List<String> words) {
        if (words.stream().noneMatch(w -> w.contains(TmuxCommands.CURRENT_PATH))) {
            return words;
        }
        String focus = view.focus.pane();
        Object got = focus == null ? null : TabView.map(view.wire.call("pane.get", Map.of("pane_id", focus))).get("pane");
        if (!(got instanceof Map<?, ?> pane && pane.get("current_path") instanceof String path)) {
            throw new dev.signaltty.cli.internal.CliException("BAD_PARAMS", "cwd: the directory of pane "
                    + (focus == null ? "(none focused)" : focus) + " is unknown now (its program has exited); -c DIR names one");
        }
        return words.stream().map(w -> w.replace(TmuxCommands.CURRENT_PATH, path)).toList();
    }

    /** The lines run so far, oldest first (Up at the prompt). */
    List<String> history() {
        return List.copyOf(past);
    }

    /** A command's first word, or a verb of the pane, the tab or the workspace. */
    private boolean known(String first) {
        if (table.find(first) != null || !table.verbs(first).isEmpty()) {
            return true;
        }
        for (String noun : CONTEXT) {
            if (table.find(noun + " " + first) != null) {
                return true;
            }
        }
        return false;
    }

    /** A verb alone is the focused pane's, else the tab's, else the workspace's ({@code split} is pane split). */
    private List<String> withNoun(List<String> words) {
        if (words.isEmpty() || table.find(words.getFirst()) != null || !table.verbs(words.getFirst()).isEmpty()) {
            return words;
        }
        for (String noun : CONTEXT) {
            if (table.find(noun + " " + words.getFirst()) != null) {
                List<String> out = new ArrayList<>(words);
                out.addFirst(noun);
                return out;
            }
        }
        return words; // the parser names the unknown command
    }

    /**
     * The command with the focused pane, the tab shown and this workspace in the leading places it leaves
     * out (as many as parse); when none parses (the command names its own: {@code pane close p3}), the
     * words as typed.
     */
    private ArgParser.Invocation parse(List<String> words) {
        ArgParser parser = new ArgParser(table, this::env, Path.of("").toAbsolutePath());
        ArgParser.Invocation typed = null;
        ArgParser.UsageException refused = null;
        CommandSpec spec;
        try {
            typed = parser.parse(words);
            spec = typed.spec();
        } catch (ArgParser.UsageException e) { // tab rename review: the tab left out, so the name is missing
            refused = e;
            spec = e.spec();
        }
        List<String> context = new ArrayList<>();
        for (var p : spec == null ? List.<dev.signaltty.cli.internal.Positional>of() : spec.args()) {
            String id = switch (p.param()) {
                case "pane_id" -> view.focus.pane();
                case "tab_id" -> view.tabId;
                case "workspace_id" -> view.workspaceId;
                default -> null;
            };
            if (id == null || p.trailing()) {
                break;
            }
            context.add(id);
        }
        // the most leading places first: tab focus p2 leaves out only the tab, pane rename x the pane
        for (int n = context.size(); n > 0 && spec != null && words.size() >= spec.words().size()
                && words.subList(0, spec.words().size()).equals(spec.words()); n--) {
            List<String> filled = new ArrayList<>(spec.words());
            filled.addAll(context.subList(0, n));
            filled.addAll(words.subList(spec.words().size(), words.size()));
            try {
                return parser.parse(filled);
            } catch (ArgParser.UsageException e) {
                // the command names its own pane, tab or workspace: fewer places, else as typed
            }
        }
        if (typed == null) {
            throw java.util.Objects.requireNonNull(refused);
        }
        return typed;
    }

    /** The prompt's environment: the focused pane and this workspace stand for $SIGNALTTY_PANE and $SIGNALTTY_WORKSPACE. */
    private @Nullable String env(String name) {
        return switch (name) {
            case "SIGNALTTY_PANE" -> view.focus.pane();
            case "SIGNALTTY_WORKSPACE" -> view.workspaceId;
            default -> System.getenv(name);
        };
    }

    /** tab set-layout: a tmux layout name is built over the tab's panes, as the CLI does, else a JSON tree. */
    private boolean layout(Map<String, Object> params) {
        String layout = String.valueOf(params.get("layout"));
        if (NamedLayouts.NAMES.contains(layout)) {
            List<String> panes;
            if (view.tabId.equals(params.get("tab_id"))) {
                synchronized (view) {
                    panes = LayoutTree.leaves(view.root);
                }
            } else {
                panes = new ArrayList<>();
                for (Object id : TabView.list(TabView.map(view.wire.call("tab.get", Map.of("tab_id", params.get("tab_id")))).get("pane_ids"))) {
                    panes.add(String.valueOf(id));
                }
            }
            if (panes.isEmpty()) {
                view.message("BAD_PARAMS: layout: tab " + params.get("tab_id") + " has no panes");
                return false;
            }
            params.put("layout", NamedLayouts.build(layout, panes));
            return true;
        }
        try {
            params.put("layout", Json.parse(layout));
            return true;
        } catch (Json.ParseException e) {
            view.message("BAD_PARAMS: layout: one of " + String.join(", ", NamedLayouts.NAMES) + ", or a JSON tree");
            return false;
        }
    }

    /** A change says done; a read's one line shows on the status line, more lines in a box over the panes. */
    private void show(CommandSpec spec, String typed, @Nullable Object result, boolean json) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        Output.print(spec.method(), result, json, new PrintStream(bytes, true, StandardCharsets.UTF_8));
        List<String> lines = bytes.toString(StandardCharsets.UTF_8).lines().toList();
        if ("pane.split".equals(spec.method()) && result instanceof Map<?, ?> pane && pane.get("pane_id") instanceof String id) {
            view.focus.afterSplit(id); // as the prefix's own split and tmux's split-window: typing goes on in the new pane
        }
        if (spec.mutating() || lines.isEmpty()) {
            view.message("done: " + spec.name());
        } else if (lines.size() == 1) {
            view.message(lines.getFirst());
        } else {
            synchronized (view) {
                view.textBox = new TextBox(":" + typed, lines);
            }
            view.changed();
        }
    }

    /**
     * Tab: completes the word being typed from the table's command words (the longest common start), with
     * the words it could still become.
     */
    StatusPrompt.Completion complete(String text) {
        List<String> words = Words.split(text);
        boolean fresh = text.isEmpty() || text.endsWith(" ");
        int index = fresh ? words.size() : words.size() - 1;
        String partial = fresh ? "" : words.getLast();
        List<String> candidates = new ArrayList<>();
        if (index == 0) {
            candidates.addAll(table.nouns());
            for (String noun : CONTEXT) {
                for (String verb : table.verbs(noun)) {
                    if (!candidates.contains(verb)) {
                        candidates.add(verb);
                    }
                }
            }
        } else if (index == 1) {
            candidates.addAll(table.verbs(words.getFirst()));
        }
        String common = null;
        List<String> choices = new ArrayList<>();
        for (String c : candidates) {
            if (c.startsWith(partial)) {
                common = common == null ? c : commonStart(common, c);
                choices.add(c);
            }
        }
        java.util.Collections.sort(choices);
        if (common == null || common.length() <= partial.length() && !candidates.contains(common)) {
            return new StatusPrompt.Completion(text, choices);
        }
        String start = common;
        String completed = text.substring(0, text.length() - partial.length()) + start;
        boolean whole = candidates.contains(start) && candidates.stream().noneMatch(c -> c.startsWith(start) && !c.equals(start));
        return new StatusPrompt.Completion(whole ? completed + " " : completed, choices);
    }

    private static String commonStart(String a, String b) {
        int n = 0;
        while (n < a.length() && n < b.length() && a.charAt(n) == b.charAt(n)) {
            n++;
        }
        return a.substring(0, n);
    }
}
