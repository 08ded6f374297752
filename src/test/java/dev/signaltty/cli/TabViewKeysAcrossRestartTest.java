package dev.signaltty.cli;

import static dev.signaltty.cli.LiveRestart.pane;
import static dev.signaltty.cli.LiveRestart.spawn;
import static dev.signaltty.cli.LiveRestart.tail;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.signaltty.cli.CliHarness.Run;
import dev.signaltty.cli.view.OuterTmux;
import dev.signaltty.support.Await;
import dev.signaltty.support.ProtocolClient;

/**
 * Keys typed into the tab view while it reconnects through a real {@code server restart} (ADR 1220): the
 * view runs in an outer tmux against a daemon the CLI started; a pane in another tab that reads none of
 * its queued input keeps the restart's hand-over waiting its 5 s, so the view is away long enough to be
 * typed into. The keys are held, said on the status line, and reach the shell once the view is back.
 */
class TabViewKeysAcrossRestartTest {

    private static final Duration WAIT = Duration.ofSeconds(120);

    @TempDir
    Path temp;

    @Test
    void keysTypedWhileTheViewReconnectsReachTheFocusedPaneOnceItIsBack() throws Exception {
        try (CliHarness cli = new CliHarness(temp)) {
            LiveRestart.startDaemon(cli);
            String shell;
            String tab;
            try (ProtocolClient daemon = ProtocolClient.connect(cli.socket())) {
                String workspace = LiveRestart.workspace(cli, daemon, "typed");
                shell = spawn(daemon, workspace, List.of("bash", "--norc", "--noprofile"));
                tab = pane(daemon, shell).get("tab_id").asString();
                String other = daemon.call("tab.create", Map.of("workspace_id", workspace)).get("tab_id").asString();
                LiveRestart.queueUnreadInput(daemon, Map.of("workspace_id", workspace, "tab_id", other));
            }
            try (OuterTmux view = OuterTmux.start(temp, 120, 24, script(cli, "attach", "--tab", tab))) {
                view.literal("echo before-$((2+3))");
                view.keys("Enter");
                view.await(WAIT, "the shell's answer in the view", s -> s.contains("before-5"));

                List<Run> restarted = new ArrayList<>();
                Thread restart = Thread.ofVirtual().start(() -> restarted.add(cli.run("server", "restart")));
                view.await(WAIT, "the view reconnecting", s -> statusLine(s).contains("reconnecting"));
                // typed while the old image waits out the unread input: no daemon listens (seed R203)
                view.literal("echo held-$((6*7))");
                view.keys("Enter");
                String held = view.await(WAIT, "the keys held", s -> statusLine(s).contains("19 bytes held")
                        || s.contains("held-42"));
                assertThat(statusLine(held)).as(held).contains("reconnecting; 19 bytes held (cap 4 KiB)");
                restart.join(WAIT);
                assertThat(restarted).hasSize(1);
                assertThat(restarted.getFirst().out()).as(restarted.getFirst().toString()).contains("restarted: pid");

                // sent once, in order, after the view is attached again: the shell ran them once
                String back = view.await(WAIT, "the held keys' answer in the view", s -> s.contains("held-42"));
                assertThat(back).contains("reconnected; 19 bytes typed meanwhile sent");
                try (ProtocolClient daemon = ProtocolClient.connect(cli.socket())) {
                    Await.until(WAIT, "the held keys run in the shell", () -> tail(daemon, shell).contains("held-42"));
                    String text = tail(daemon, shell);
                    assertThat(text.split("\nheld-42", -1)).as(text).hasSize(2);
                }
                view.literal("echo after-$((3+4))"); // typing goes on as before
                view.keys("Enter");
                view.await(WAIT, "the shell's answer after the restart", s -> s.contains("after-7"));
            }
        }
    }

    private static String statusLine(String screen) {
        String[] lines = screen.split("\n");
        return lines[lines.length - 1];
    }

    /** A script that runs the CLI with {@code args} in the harness's directory and environment. */
    private Path script(CliHarness cli, String... args) throws java.io.IOException {
        StringBuilder text = new StringBuilder("unset SIGNALTTY_PANE SIGNALTTY_WORKSPACE SIGNALTTY_TASK SIGNALTTY_SOCKET\n");
        cli.environment().forEach((k, v) -> text.append("export ").append(k).append("='").append(v.replace("'", "'\\''"))
                .append("'\n"));
        text.append("cd '").append(cli.cwd()).append("'\n");
        for (String w : CliHarness.javaCommand(args)) {
            text.append('\'').append(w.replace("'", "'\\''")).append("' ");
        }
        text.append("2>'").append(temp.resolve("err")).append("'\necho \"CLI-EXIT=$?\"\nsleep 600\n");
        Path script = temp.resolve("run.sh");
        Files.writeString(script, text);
        return script;
    }
}
