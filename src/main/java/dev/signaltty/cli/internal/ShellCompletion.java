package dev.signaltty.cli.internal;

import java.util.ArrayList;
import java.util.List;

import org.jspecify.annotations.Nullable;

/**
 * Bash and zsh completion from the one command table: {@code signaltty completion bash|zsh} prints a
 * script that asks {@code signaltty __complete <words…>} for candidates (nouns, verbs, flags, fixed
 * values, and the ids and pane names of a running daemon). Completing never starts a daemon.
 */
public final class ShellCompletion {

    private ShellCompletion() {
    }

    /** Candidates for the last word, given the words typed before it (no live ids). */
    public static List<String> candidates(CommandTable table, List<String> typed) {
        return candidates(table, typed, null);
    }

    /**
     * Candidates for the last word; with {@code socket}, also the live ids (and pane names) of a running
     * daemon for an id argument — one bounded call, never starting a daemon.
     */
    public static List<String> candidates(CommandTable table, List<String> typed, java.nio.file.@Nullable Path socket) {
        List<String> before = typed.isEmpty() ? List.of() : typed.subList(0, typed.size() - 1);
        String current = typed.isEmpty() ? "" : typed.getLast();
        List<String> out = new ArrayList<>();
        if (before.isEmpty()) {
            out.addAll(table.nouns());
            out.add("completion");
        } else {
            String noun = before.getFirst();
            List<String> verbs = table.verbs(noun);
            CommandSpec spec = table.find(noun);
            if (before.size() == 1 && !verbs.isEmpty()) {
                out.addAll(verbs);
            } else {
                if (spec == null && before.size() >= 2) {
                    spec = table.find(noun + " " + before.get(1));
                }
                if (spec != null) {
                    int first = table.find(noun) != null ? 1 : 2;
                    Flag valued = Completions.flagBefore(spec, typed, typed.size() - 1);
                    if (valued != null) {
                        out.addAll(Completions.VALUES.getOrDefault(valued.name(), List.of()));
                    }
                    if (socket != null && !current.startsWith("-")) {
                        out.addAll(Completions.live(socket, Completions.paramAt(spec, typed, first, typed.size() - 1)));
                    }
                    if (valued == null) {
                        spec.flags().forEach(flag -> out.add("--" + flag.name()));
                        out.add("--json");
                        out.add("--no-start");
                    }
                }
            }
        }
        return out.stream().filter(word -> word.startsWith(current)).distinct().toList();
    }

    public static String script(String shell) {
        return switch (shell) {
            case "bash" -> """
                    # signaltty bash completion: eval "$(signaltty completion bash)"
                    _signaltty() {
                      local IFS=$'\\n'
                      COMPREPLY=($(signaltty __complete "${COMP_WORDS[@]:1:COMP_CWORD}" 2>/dev/null))
                    }
                    complete -o default -F _signaltty signaltty
                    """;
            case "zsh" -> """
                    # signaltty zsh completion: eval "$(signaltty completion zsh)"
                    _signaltty() {
                      local -a candidates
                      candidates=(${(f)"$(signaltty __complete ${words[2,CURRENT]} 2>/dev/null)"})
                      compadd -a candidates
                    }
                    compdef _signaltty signaltty
                    """;
            default -> throw new ArgParser.UsageException("completion takes bash or zsh", null);
        };
    }
}
