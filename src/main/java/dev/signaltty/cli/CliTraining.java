package dev.signaltty.cli;

import java.io.InputStream;
import java.util.List;

import dev.signaltty.cli.internal.ProcessExit;

/**
 * The one-shot CLI's AOT cache training run ({@code bin/signaltty}'s {@code train_cli_aot}, JEP 483/514): one
 * JVM runs the hook path ({@code hook-event --agent claude} with the event on stdin, what every agent hook pays
 * per tool call) and then {@code --no-start ping}, whose answer is printed through {@code Output}, so the cache
 * holds the classes of both paths and neither opens the CLI's jar at run time (ADR 0560). Without a daemon on
 * the socket both still cover start-up, parsing and the error path.
 */
public final class CliTraining {

    private CliTraining() {
    }

    public static void main(String[] args) {
        Main.run(List.of("hook-event", "--agent", "claude"), System.in);
        Main.run(List.of("--no-start", "ping"), InputStream.nullInputStream());
        ProcessExit.exit(0);
    }
}
