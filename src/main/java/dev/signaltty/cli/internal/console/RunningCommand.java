package dev.signaltty.cli.internal.console;

import java.util.List;

import org.jspecify.annotations.Nullable;

import dev.signaltty.cli.internal.Client;
import dev.signaltty.cli.internal.Runner;

/**
 * The console's command in progress, so Ctrl-C ends it whatever it waits on: its connections are closed
 * ({@link Client#cancelAll}, for requests, waits and event streams) and its thread is interrupted (for what
 * waits on no connection: {@code logs --follow} polling the log file). The console goes on at its prompt.
 */
final class RunningCommand {

    private static volatile @Nullable Thread running;

    private RunningCommand() {
    }

    /** Runs {@code words} through {@code runner} as the command Ctrl-C cancels. */
    static int run(Runner runner, List<String> words) {
        running = Thread.currentThread();
        try {
            return runner.run(words);
        } finally {
            running = null;
            Thread.interrupted(); // a Ctrl-C that came as the command ended must not reach the next prompt
        }
    }

    /** Ctrl-C while a command runs (on JLine's signal thread). */
    static void cancel() {
        Client.cancelAll();
        Thread thread = running;
        if (thread != null) {
            thread.interrupt();
        }
    }
}
