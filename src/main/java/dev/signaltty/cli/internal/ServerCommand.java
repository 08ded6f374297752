package dev.signaltty.cli.internal;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import dev.signaltty.cli.internal.ArgParser.Invocation;
import dev.signaltty.cli.internal.CommandSpec.Action;

/**
 * {@code server start|recover|stop|restart|status}: the daemon's lifecycle on this machine. A start while one
 * listens reports it (and refuses settings, which apply only at start, or a recover); status reads
 * {@code server.info}.
 */
record ServerCommand(Daemon daemon, Path socket, PrintStream out, PrintStream err) {

    int run(Action action, Invocation inv) {
        boolean json = inv.options().json();
        switch (action) {
            case SERVER_START, SERVER_RECOVER -> {
                return start(action == Action.SERVER_RECOVER, inv, json);
            }
            case SERVER_STOP -> {
                Object stopped = daemon.stop();
                if (json) {
                    Output.print("server.stop", stopped, true, out); // --json passes the result through (seed R332)
                } else {
                    out.println("stopped");
                }
                return 0;
            }
            case SERVER_RESTART -> {
                return restart(json);
            }
            case SERVER_STATUS -> {
                if (!Client.listening(socket)) {
                    // --json promises JSON on stdout: a script reads "running": false instead of parsing a sentence
                    out.println(json ? Json.write(Map.of("running", false, "socket", socket.toString()))
                            : "not running (socket " + socket + ")");
                    return 1;
                }
                return status(json);
            }
            default -> throw new IllegalArgumentException("not a server command: " + action);
        }
    }

    private int start(boolean recover, Invocation inv, boolean json) {
        if (Client.listening(socket)) {
            if (recover) {
                throw new CliException("BAD_PARAMS", "the daemon is running; stop it before recovering");
            }
            if (inv.params().containsKey(ArgParser.SETTINGS)) {
                throw new CliException("BAD_PARAMS", "the daemon is running; settings apply at start: "
                        + "signaltty server stop, then start again");
            }
            err.println("signaltty: already running");
            return status(json);
        }
        @SuppressWarnings("unchecked")
        List<String> settings = (List<String>) inv.params().getOrDefault(ArgParser.SETTINGS, List.of());
        long pid = daemon.start(recover, settings);
        if (json) {
            return status(true);
        }
        out.println("started pid " + pid + " on " + socket + " (log " + daemon.log() + ")");
        return 0;
    }

    /** Exit 0 when every program that ran before runs on; 1 (and why, on stderr) when one does not. */
    private int restart(boolean json) {
        DaemonRestart.Restarted restarted = new DaemonRestart(socket, daemon.log(), daemon.startDeadline()).run();
        if (json) {
            out.println(Json.write(Map.of("pid", restarted.pid(), "kept", restarted.kept(),
                    "not_kept", restarted.notKept(), "input_not_written", restarted.inputNotWritten())));
        } else {
            out.println("restarted: pid " + restarted.pid() + ", " + restarted.kept().size()
                    + (restarted.kept().size() == 1 ? " pane" : " panes") + " kept running");
        }
        if (!restarted.inputNotWritten().isEmpty()) {
            err.println("signaltty: input accepted before the restart and not written (the program did not read it in "
                    + "time): " + String.join(", ", restarted.inputNotWritten()) + "; see " + daemon.log());
        }
        if (restarted.notKept().isEmpty()) {
            return restarted.inputNotWritten().isEmpty() ? 0 : 1;
        }
        err.println("signaltty: not kept running (exited or not handed over): " + String.join(", ", restarted.notKept())
                + "; see " + daemon.log());
        return 1;
    }

    private int status(boolean json) {
        try (Client client = Client.connect(socket)) {
            Output.print("server.info", client.call("server.info", Map.of()).orThrow(), json, out);
        }
        return 0;
    }
}
