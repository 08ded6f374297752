package dev.signaltty.cli;

import java.io.InputStream;
import java.util.List;

import dev.signaltty.cli.internal.ProcessExit;

/**
 * The one-shot CLI's AOT cache training run ({@code bin/signaltty}'s {@code train_cli_aot}, JEP 483/514): one
 * JVM runs the hook path ({@code hook-event --agent claude} with the event on stdin, what every agent hook pays
 * per tool call), then {@code --no-start ping}, whose answer is printed through {@code Output}, then {@code ls}
 * over a workspace with one pane that this run creates and closes again (what an orchestrating agent or a person
 * asks most), so the cache holds the classes of these paths, those the fleet's JSON numbers load included, and
 * none of them opens the CLI's jar at run time (ADR 0560). Without a daemon on the socket they still cover
 * start-up, parsing and the error path.
 */
public final class CliTraining {

    /** The workspace the run makes for {@code ls} to show, closed again before it ends. */
    static final String WORKSPACE = "cli-training";

    private CliTraining() {
    }

    public static void main(String[] args) {
        Main.run(List.of("hook-event", "--agent", "claude"), System.in);
        Main.run(List.of("--no-start", "ping"), InputStream.nullInputStream());
        Main.run(List.of("--no-start", "new", WORKSPACE, "--", "sh", "-c", "exec cat"), InputStream.nullInputStream());
        Main.run(List.of("--no-start", "ls"), InputStream.nullInputStream());
        Main.run(List.of("--no-start", "workspace", "close", WORKSPACE), InputStream.nullInputStream());
        ProcessExit.exit(0);
    }
}
