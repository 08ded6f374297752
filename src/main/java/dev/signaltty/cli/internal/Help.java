package dev.signaltty.cli.internal;

import java.io.PrintStream;

/** Usage text generated from the command table. */
final class Help {

    private Help() {
    }

    static void all(CommandTable table, PrintStream out) {
        out.println("signaltty — terminals for coding agents. Commands (each wraps one signaltty/1 method):");
        out.println();
        for (CommandSpec spec : table.specs()) {
            out.println("  " + spec.usage().substring("signaltty ".length()));
            out.println("      " + spec.summary() + (spec.method() != null ? "  [" + spec.method() + "]" : ""));
        }
        out.println();
        out.println("Global options: --json (raw result JSON), --no-start (never start the daemon), --help, --version.");
        out.println("Pane arguments take ids or names (set by pane rename; a --label is shown, never an address);");
        out.println("workspace arguments take ids or handles.");
        out.println("With no arguments, signaltty starts the daemon if needed and opens the console.");
    }

    static void noun(CommandTable table, String noun, PrintStream out) {
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
