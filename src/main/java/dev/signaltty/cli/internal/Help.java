package dev.signaltty.cli.internal;

import java.io.PrintStream;
import java.util.List;

import org.jspecify.annotations.Nullable;

/** Usage text generated from the command table. */
final class Help {

    /**
     * Commands that Main runs before the table (no method of their own, so not in it): listed with the
     * others, and {@code help mcp} or {@code completion} alone say how they are typed.
     */
    private record Outside(String noun, String usage, String summary) {
    }

    private static final List<Outside> OUTSIDE_THE_TABLE = List.of(
            new Outside("completion", "completion bash|zsh", "a shell completion script: eval \"$(signaltty completion bash)\""),
            new Outside("mcp", "mcp", "an MCP server on stdio for agents: the methods as tools (SKILL.md; no arguments)"));

    private Help() {
    }

    /** The usage line ({@code signaltty …}) of a command outside the table, or null. */
    static @Nullable String outside(String noun) {
        for (Outside command : OUTSIDE_THE_TABLE) {
            if (command.noun().equals(noun)) {
                return "signaltty " + command.usage();
            }
        }
        return null;
    }

    private static void printOutside(String noun, PrintStream out) {
        for (Outside command : OUTSIDE_THE_TABLE) {
            if (noun.isEmpty() || command.noun().equals(noun)) {
                out.println("  " + command.usage());
                out.println("      " + command.summary());
            }
        }
    }

    static void all(CommandTable table, PrintStream out) {
        out.println("signaltty — terminals for coding agents. Commands (each wraps one signaltty/1 method):");
        out.println();
        for (CommandSpec spec : table.specs()) {
            out.println("  " + spec.usage().substring("signaltty ".length()));
            out.println("      " + spec.summary() + (spec.method() != null ? "  [" + spec.method() + "]" : ""));
        }
        printOutside("", out);
        out.println();
        out.println("Global options: --json (raw result JSON), --no-start (never start the daemon), --help, --version,");
        out.println("--host NAME|[user@]box[:port] (run it on that host's daemon over ssh; $SIGNALTTY_HOST), --all-hosts");
        out.println("(a read-only command on this machine and every named host at once; docs/remote.md).");
        out.println("Pane arguments take ids or names (set by pane rename; a --label is shown, never an address);");
        out.println("workspace arguments take ids or handles; tab arguments ids or names (or WORKSPACE:NAME).");
        out.println("With no arguments, signaltty starts the daemon if needed and opens the console.");
    }

    static void noun(CommandTable table, String noun, PrintStream out) {
        printOutside(noun, out);
        for (String verb : table.verbs(noun)) {
            CommandSpec spec = table.find(noun + " " + verb);
            out.println("  " + spec.usage().substring("signaltty ".length()));
            out.println("      " + spec.summary() + (spec.method() != null ? "  [" + spec.method() + "]" : ""));
        }
    }

    static void command(CommandSpec spec, PrintStream out) {
        out.println("usage: " + spec.usage());
        out.println("  " + spec.summary() + (spec.method() != null ? "  [" + spec.method() + "]" : ""));
        for (Positional p : spec.args()) {
            out.println("  " + p.usage() + "  → " + p.param() + (p.env() != null ? " (default $" + p.env() + ")" : ""));
        }
        for (Flag f : spec.flags()) {
            out.println("  --" + f.name() + "  → " + f.param() + "  " + f.help());
        }
    }
}
