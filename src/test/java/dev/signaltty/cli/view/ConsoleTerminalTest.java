package dev.signaltty.cli.view;

import static dev.signaltty.support.ProtocolClient.eventually;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import dev.signaltty.support.DaemonFixture;

/**
 * The console (what {@code bin/signaltty} opens) in a real terminal: {@code view} and {@code attach} typed
 * there draw on the console's own terminal and give it back for the next prompt (JLine allows one system
 * terminal per process, so a second one refused with "need a terminal" inside a terminal); Ctrl-C ends the
 * command in progress, a stream or a wait included, and the console goes on (ADR 1191).
 */
class ConsoleTerminalTest {

    static final Duration WAIT = Duration.ofSeconds(90);

    @RegisterExtension
    static final DaemonFixture daemon = new DaemonFixture("consoleviewws");

    @TempDir
    Path temp;

    @Test
    void ctrlCEndsTheStreamOrWaitInProgressAndTheConsoleGoesOn() throws Exception {
        String pane = paneReady("consolectrlc", "echo IDLE-READY; exec sleep 600", "IDLE-READY");

        try (OuterTmux tmux = OuterTmux.start(temp, 120, 30, console())) {
            tmux.await(WAIT, "the console's prompt", s -> s.contains("signaltty>"));
            int prompts = 1;
            // a stream that would resume across a restart, a wait that would go on through one, a file followed
            for (String command : List.of("events --events pane.exited", "wait " + pane + " --until working --timeout 300",
                    "logs --follow")) {
                tmux.literal(command);
                tmux.keys("Enter");
                int before = prompts;
                tmux.await(WAIT, command + " running", s -> s.contains(command) && count(s, "signaltty>") == before);
                Thread.sleep(500); // it is waiting now, not starting
                tmux.keys("C-c");
                prompts++;
                int after = prompts;
                tmux.await(WAIT, "the prompt back after Ctrl-C in " + command, s -> count(s, "signaltty>") == after);
            }
            tmux.literal("ping");
            tmux.keys("Enter");
            String screen = tmux.await(WAIT, "ping answered", s -> s.contains("pong"));
            // ended, not resumed or waited again (ADRs 1061, 1062 reconnect only when the daemon went away)
            assertThat(screen).doesNotContain("reconnecting").doesNotContain("waiting on");
            tmux.literal("exit");
            tmux.keys("Enter");
            assertThat(tmux.await(WAIT, "the console ended", s -> s.contains("CLI-EXIT="))).contains("CLI-EXIT=0");
        }
        daemon.client().call("pane.close", Map.of("pane_id", pane));
    }

    /**
     * The console run by bash, as a person's shell runs {@code bin/signaltty} (which execs java): Ctrl-C goes to
     * the whole foreground group, and a script run by sh (dash) would end there, taking the outer tmux with it;
     * bash waits for the console and goes on when it did not die of the signal.
     */
    private Path console() throws java.io.IOException {
        // the console keeps its history in the state dir: a private one, never the user's
        String dirs = "export XDG_STATE_HOME='" + Files.createDirectories(temp.resolve("state")) + "' XDG_CONFIG_HOME='"
                + Files.createDirectories(temp.resolve("config")) + "'";
        Path inner = TabViewTest.script(daemon.socket(), temp, dirs, "console");
        return Files.writeString(temp.resolve("outer.sh"), "exec bash '" + inner + "'\n");
    }

    /** A workspace named {@code name} with one {@code sh -c script} pane, once it printed {@code ready}. */
    private static String paneReady(String name, String script, String ready) throws Exception {
        String workspace = daemon.client().call("workspace.create", Map.of("name", name, "cwd",
                daemon.root().toString())).get("workspace_id").asString();
        String pane = daemon.client().call("pane.spawn", Map.of("workspace_id", workspace,
                "argv", List.of("sh", "-c", script))).get("pane_id").asString();
        eventually(WAIT, () -> daemon.tail(pane).contains(ready));
        return pane;
    }

    private static int count(String screen, String what) {
        int n = 0;
        for (int at = screen.indexOf(what); at >= 0; at = screen.indexOf(what, at + 1)) {
            n++;
        }
        return n;
    }

    @Test
    void viewAndAttachFromTheConsoleUseItsTerminalAndGiveItBack() throws Exception {
        String pane = paneReady("consoleview", "echo SHELL-READY; exec sh", "SHELL-READY");

        try (OuterTmux tmux = OuterTmux.start(temp, 100, 24, console())) {
            tmux.await(WAIT, "the console's prompt", s -> s.contains("signaltty>"));

            tmux.literal("view consoleview");
            tmux.keys("Enter");
            tmux.await(WAIT, "the view drawn in the console's terminal",
                    s -> s.contains("SHELL-READY") && TabViewTest.statusLine(s).contains("consoleview"));
            tmux.literal("echo VIEWED-$((6*7))");
            tmux.keys("Enter");
            eventually(WAIT, () -> daemon.tail(pane).contains("VIEWED-42"));
            tmux.keys("C-b");
            tmux.keys("d");
            tmux.await(WAIT, "the console's prompt back after the view", s -> s.contains("[detached]")
                    && s.strip().endsWith("signaltty>"));

            // every key of the next command reaches the console: the view's key reader let go of the terminal
            tmux.literal("ping");
            tmux.keys("Enter");
            tmux.await(WAIT, "ping answered by the console", s -> s.contains("pong"));

            tmux.literal("attach " + pane);
            tmux.keys("Enter");
            tmux.await(WAIT, "the pane attached", s -> !s.contains("pong"));
            tmux.literal("exit");
            tmux.keys("Enter");
            tmux.await(WAIT, "the attach ended by the program's exit", s -> s.contains("exited with status 0"));
            tmux.literal("workspace list");
            tmux.keys("Enter");
            tmux.await(WAIT, "the console's next command answered", s -> s.contains("consoleview")
                    && s.contains("workspace list"));
            tmux.literal("exit");
            tmux.keys("Enter");
            String end = tmux.await(WAIT, "the console ended", s -> s.contains("CLI-EXIT="));
            assertThat(end).contains("CLI-EXIT=0").doesNotContain("need a terminal");
        }
    }
}
