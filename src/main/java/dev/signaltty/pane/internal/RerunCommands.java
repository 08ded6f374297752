package dev.signaltty.pane.internal;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.jspecify.annotations.Nullable;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;

/**
 * The allowlist of foreground commands a {@code restart: rerun} pane runs again after a restart
 * ({@code signaltty.pane.rerun-commands}, issue 17 item 3). An entry is a program name ({@code vim},
 * matched against the argv's first word or its file name) or the start of a command line
 * ({@code npm run dev}, matched word by word). A script started through its interpreter
 * ({@code node /usr/bin/npm run dev}: the kernel passes the script as a path) also matches from its
 * second word, and is run again from there.
 * Only a listed command line is ever written to the state dir: an argv can hold secrets.
 */
@Component
class RerunCommands {

    private final List<List<String>> entries;

    @Autowired
    RerunCommands(@Value("${signaltty.pane.rerun-commands:}") String list) {
        this(Arrays.stream(list.split(",")).map(String::trim).filter(e -> !e.isEmpty()).toList());
    }

    RerunCommands(List<String> entries) {
        List<List<String>> parsed = new ArrayList<>();
        for (String entry : entries) {
            parsed.add(List.of(entry.trim().split("\\s+")));
        }
        this.entries = List.copyOf(parsed);
    }

    /** The part of {@code argv} to run again when an entry allows it, else null. */
    @Nullable List<String> allowed(@Nullable List<String> argv) {
        if (argv == null || argv.isEmpty()) {
            return null;
        }
        for (int from = 0; from < Math.min(2, argv.size()); from++) {
            if (from == 1 && !argv.get(1).contains("/")) {
                break; // the kernel hands an interpreter its script as a path; "less vim" is no script
            }
            List<String> command = argv.subList(from, argv.size());
            for (List<String> entry : entries) {
                if (matches(entry, command)) {
                    return List.copyOf(command);
                }
            }
        }
        return null;
    }

    private static boolean matches(List<String> entry, List<String> command) {
        if (command.size() < entry.size()) {
            return false;
        }
        String program = command.getFirst();
        String name = program.substring(program.lastIndexOf('/') + 1);
        if (!entry.getFirst().equals(program) && !entry.getFirst().equals(name)) {
            return false;
        }
        return entry.subList(1, entry.size()).equals(command.subList(1, entry.size()));
    }

    /** The command as one shell line, each word single-quoted where it needs to be. */
    static String shellLine(List<String> command) {
        StringBuilder line = new StringBuilder();
        for (String word : command) {
            if (!line.isEmpty()) {
                line.append(' ');
            }
            line.append(word.matches("[A-Za-z0-9_@%+=:,./-]+") ? word : "'" + word.replace("'", "'\\''") + "'");
        }
        return line.toString();
    }
}
