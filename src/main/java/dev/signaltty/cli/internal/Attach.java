package dev.signaltty.cli.internal;

import java.io.PrintStream;

import dev.signaltty.transport.SignalttyPaths;

/** {@code signaltty attach <pane>}: an interactive view of a pane from a real terminal. */
final class Attach {

    private final Daemon daemon;
    private final SignalttyPaths paths;
    private final PrintStream out;
    private final PrintStream err;

    Attach(Daemon daemon, SignalttyPaths paths, PrintStream out, PrintStream err) {
        this.daemon = daemon;
        this.paths = paths;
        this.out = out;
        this.err = err;
    }

    int run(String pane, boolean noStart) {
        throw new CliException("UNKNOWN_METHOD", "attach is not implemented yet");
    }
}
