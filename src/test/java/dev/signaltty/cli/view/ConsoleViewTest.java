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
 * {@code view} and {@code attach} typed into the console (what {@code bin/signaltty} opens) draw on the
 * console's own terminal and give it back for the next prompt (ADR 1191). JLine allows one system terminal
 * per process, so a second one refused with "need a terminal" inside a terminal.
 */
class ConsoleViewTest {

    static final Duration WAIT = Duration.ofSeconds(90);

    @RegisterExtension
    static final DaemonFixture daemon = new DaemonFixture("consoleviewws");

    @TempDir
    Path temp;

    @Test
    void viewAndAttachFromTheConsoleUseItsTerminalAndGiveItBack() throws Exception {
        String workspace = daemon.client().call("workspace.create", Map.of("name", "consoleview", "cwd",
                daemon.root().toString())).get("workspace_id").asString();
        String pane = daemon.client().call("pane.spawn", Map.of("workspace_id", workspace,
                "argv", List.of("sh", "-c", "echo SHELL-READY; exec sh"))).get("pane_id").asString();
        eventually(WAIT, () -> daemon.tail(pane).contains("SHELL-READY"));
        // the console keeps its history in the state dir: a private one, never the user's
        String dirs = "export XDG_STATE_HOME='" + Files.createDirectories(temp.resolve("state")) + "' XDG_CONFIG_HOME='"
                + Files.createDirectories(temp.resolve("config")) + "'";

        try (OuterTmux tmux = OuterTmux.start(temp, 100, 24, TabViewTest.script(daemon.socket(), temp, dirs, "console"))) {
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
