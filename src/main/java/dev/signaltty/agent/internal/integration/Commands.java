package dev.signaltty.agent.internal.integration;

import java.util.List;
import java.util.stream.Collectors;

/** Shell quoting for hook command lines written into agent configuration. */
final class Commands {

    private Commands() {
    }

    static String shell(List<String> argv) {
        return argv.stream().map(Commands::quote).collect(Collectors.joining(" "));
    }

    static String quote(String word) {
        if (!word.isEmpty() && word.chars().allMatch(c -> Character.isLetterOrDigit(c) || "/._-=:+,@".indexOf(c) >= 0)) {
            return word;
        }
        return "'" + word.replace("'", "'\\''") + "'";
    }
}
