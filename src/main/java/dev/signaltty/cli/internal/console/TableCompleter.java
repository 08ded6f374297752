package dev.signaltty.cli.internal.console;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.jline.reader.Candidate;
import org.jline.reader.LineReader;
import org.jline.reader.ParsedLine;
import org.springframework.shell.core.command.CommandRegistry;
import org.springframework.shell.jline.CommandCompleter;

import dev.signaltty.cli.internal.Client;
import dev.signaltty.cli.internal.CommandSpec;
import dev.signaltty.cli.internal.CommandTable;
import dev.signaltty.cli.internal.Flag;
import dev.signaltty.cli.internal.Positional;
import dev.signaltty.cli.internal.Runner;

/**
 * Completion from the command table: nouns, verbs, {@code --flags}, the fixed values of a few flags,
 * and live ids for pane/workspace/tab/task/decision arguments (one bounded call to the daemon).
 */
final class TableCompleter extends CommandCompleter {

    private static final List<String> BUILTINS = List.of("help", "clear", "history", "exit", "quit");
    private static final Map<String, List<String>> VALUES = Map.of(
            "mode", List.of("screen", "tail", "rendered"),
            "direction", List.of("right", "down"),
            "status", List.of("completed", "failed", "rejected"),
            "state", List.of("pending", "working", "input_required", "completed", "failed", "canceled", "rejected"),
            "until", List.of("idle", "working", "blocked", "done", "exited", "unread", "input_required",
                    "permission_required", "none", "seen", "attention_cleared", "settled", "terminal",
                    "completed", "failed", "canceled"));
    private static final Map<String, String[]> LISTERS = Map.of(
            "pane_id", new String[] {"pane.list", "pane_"},
            "target_pane_id", new String[] {"pane.list", "pane_"},
            "workspace_id", new String[] {"workspace.list", "ws_"},
            "tab_id", new String[] {"tab.list", "tab_"},
            "task_id", new String[] {"task.list", "task_"},
            "decision_id", new String[] {"decision.list", "dec_"});

    private final CommandTable table;
    private final Runner runner;

    TableCompleter(CommandRegistry registry, CommandTable table, Runner runner) {
        super(registry);
        this.table = table;
        this.runner = runner;
    }

    @Override
    public void complete(LineReader reader, ParsedLine line, List<Candidate> candidates) {
        List<String> words = line.words();
        int index = line.wordIndex();
        if (index == 0) {
            for (String noun : table.nouns()) {
                candidates.add(new Candidate(noun, noun, null, null, null, null, table.find(noun) != null));
            }
            BUILTINS.forEach(b -> candidates.add(new Candidate(b)));
            return;
        }
        String noun = words.get(0);
        CommandSpec spec = table.find(noun);
        int first = 1;
        if (spec == null) {
            if (index == 1) {
                for (String verb : table.verbs(noun)) {
                    CommandSpec s = table.find(noun + " " + verb);
                    candidates.add(new Candidate(verb, verb, null, s == null ? null : s.summary(), null, null, true));
                }
                return;
            }
            spec = table.find(noun + " " + words.get(1));
            first = 2;
            if (spec == null) {
                return;
            }
        }
        String current = line.word();
        String previous = index > 0 ? words.get(index - 1) : "";
        if (previous.startsWith("--")) {
            Flag flag = spec.flag(previous.substring(2));
            if (flag != null && flag.takesValue()) {
                VALUES.getOrDefault(flag.name(), List.of()).forEach(v -> candidates.add(new Candidate(v)));
                String[] lister = LISTERS.get(flag.param());
                if (lister != null) {
                    ids(lister, candidates);
                }
                return;
            }
        }
        if (current.startsWith("-")) {
            for (Flag f : spec.flags()) {
                candidates.add(new Candidate("--" + f.name(), "--" + f.name(), null, f.help(), null, null, true));
            }
            candidates.add(new Candidate("--json", "--json", null, "raw result JSON", null, null, true));
            return;
        }
        int positional = 0;
        for (int i = first; i < index; i++) {
            String w = words.get(i);
            if (w.startsWith("--")) {
                Flag flag = spec.flag(w.substring(2));
                if (flag != null && flag.takesValue() && !w.contains("=")) {
                    i++;
                }
            } else {
                positional++;
            }
        }
        int seen = 0;
        for (Positional p : spec.args()) {
            if (p.trailing()) {
                continue;
            }
            if (seen++ == positional) {
                String[] lister = LISTERS.get(p.param());
                if (lister != null) {
                    ids(lister, candidates);
                }
                return;
            }
        }
    }

    /** Ids (and pane names) from the daemon; nothing when it does not answer. */
    private void ids(String[] lister, List<Candidate> candidates) {
        if (!Client.listening(runner.paths().socket())) {
            return;
        }
        try (Client client = Client.connect(runner.paths().socket())) {
            Client.Response response = client.call(lister[0], Map.of());
            if (!response.ok()) {
                return;
            }
            Set<String> values = new LinkedHashSet<>();
            collect(response.result(), lister[1], values);
            values.forEach(v -> candidates.add(new Candidate(v)));
        } catch (RuntimeException e) {
            // completion is best effort
        }
    }

    private static void collect(Object value, String prefix, Set<String> out) {
        if (value instanceof Map<?, ?> map) {
            for (Map.Entry<?, ?> e : map.entrySet()) {
                Object v = e.getValue();
                if (v instanceof String s && (s.startsWith(prefix)
                        || ("name".equals(e.getKey()) && prefix.equals("pane_") && !s.isEmpty()))) {
                    out.add(s);
                } else {
                    collect(v, prefix, out);
                }
            }
        } else if (value instanceof List<?> list) {
            list.forEach(v -> collect(v, prefix, out));
        }
    }
}
