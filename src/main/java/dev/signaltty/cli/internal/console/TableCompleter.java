package dev.signaltty.cli.internal.console;

import java.util.List;

import org.jline.reader.Candidate;
import org.jline.reader.LineReader;
import org.jline.reader.ParsedLine;
import org.springframework.shell.core.command.CommandRegistry;
import org.springframework.shell.jline.CommandCompleter;

import dev.signaltty.cli.internal.CommandSpec;
import dev.signaltty.cli.internal.CommandTable;
import dev.signaltty.cli.internal.Completions;
import dev.signaltty.cli.internal.Flag;
import dev.signaltty.cli.internal.Runner;

/**
 * Completion from the command table: nouns, verbs, {@code --flags}, the fixed values of a few flags,
 * and live ids for pane/workspace/tab/task/decision arguments (one bounded call to the daemon).
 */
final class TableCompleter extends CommandCompleter {

    private static final List<String> BUILTINS = List.of("help", "clear", "history", "exit", "quit");

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
        Flag valued = Completions.flagBefore(spec, words, index);
        if (valued != null) {
            Completions.VALUES.getOrDefault(valued.name(), List.of()).forEach(v -> candidates.add(new Candidate(v)));
        }
        if (valued == null && current.startsWith("-")) {
            for (Flag f : spec.flags()) {
                candidates.add(new Candidate("--" + f.name(), "--" + f.name(), null, f.help(), null, null, true));
            }
            candidates.add(new Candidate("--json", "--json", null, "raw result JSON", null, null, true));
            return;
        }
        Completions.live(runner.paths().socket(), Completions.paramAt(spec, words, first, index))
                .forEach(v -> candidates.add(new Candidate(v)));
    }
}
