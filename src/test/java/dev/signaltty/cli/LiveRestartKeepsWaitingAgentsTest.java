package dev.signaltty.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.signaltty.cli.CliHarness.Run;
import dev.signaltty.support.Await;
import dev.signaltty.support.ProtocolClient;

/**
 * An agent that waited for a prompt before {@code signaltty server restart} still waits after it (ADR 1192): its
 * lifecycle is what clients were last told ({@code idle}, {@code done}), so a script's {@code pane.submit} goes
 * through at once instead of {@code AGENT_NOT_READY} until a report an idle agent never sends. An agent that was
 * working reads {@code unknown} until its next report: its turn may have ended while no daemon listened.
 */
class LiveRestartKeepsWaitingAgentsTest {

    @TempDir
    Path temp;

    @Test
    void anIdleOrDoneAgentTakesAPromptRightAfterARestartInPlaceAndAWorkingOneIsUnknown() throws Exception {
        try (CliHarness cli = new CliHarness(temp)) {
            LiveRestart.startDaemon(cli);
            String idle;
            String done;
            String working;
            try (ProtocolClient daemon = ProtocolClient.connect(cli.socket())) {
                String workspace = LiveRestart.workspace(cli, daemon, "waiting");
                // cat stands for the agent's program: what pane.submit types comes back on its screen
                idle = LiveRestart.spawn(daemon, workspace, List.of("cat"));
                done = LiveRestart.spawn(daemon, workspace, List.of("cat"));
                working = LiveRestart.spawn(daemon, workspace, List.of("cat"));
                hook(daemon, idle, "SessionStart", "s-idle");
                hook(daemon, done, "SessionStart", "s-done");
                hook(daemon, done, "UserPromptSubmit", "s-done");
                hook(daemon, done, "Stop", "s-done");
                hook(daemon, working, "SessionStart", "s-working");
                hook(daemon, working, "UserPromptSubmit", "s-working");
                assertThat(lifecycle(daemon, idle)).isEqualTo("idle");
                assertThat(lifecycle(daemon, done)).isEqualTo("done");
                assertThat(lifecycle(daemon, working)).isEqualTo("working");
            }

            Run restart = cli.run("server", "restart");
            assertThat(restart.status()).as(restart.toString()).isZero();

            try (ProtocolClient daemon = ProtocolClient.connect(cli.socket())) {
                assertThat(LiveRestart.pane(daemon, idle).get("status").asString()).isEqualTo("running");
                assertThat(lifecycle(daemon, idle)).isEqualTo("idle");
                assertThat(lifecycle(daemon, done)).isEqualTo("done");
                assertThat(lifecycle(daemon, working)).isEqualTo("unknown");
                assertThat(daemon.call("agent.explain", Map.of("pane_id", idle)).get("lifecycle").toString())
                        .contains("kept_running");

                daemon.call("pane.submit", Map.of("pane_id", idle, "text", "first prompt after the restart",
                        "submit_delay_ms", 0));
                daemon.call("pane.submit", Map.of("pane_id", done, "text", "next task after the restart",
                        "submit_delay_ms", 0));
                Await.until(Duration.ofSeconds(30), "both prompts typed into their programs", () ->
                        LiveRestart.tail(daemon, idle).contains("first prompt after the restart")
                                && LiveRestart.tail(daemon, done).contains("next task after the restart"));
            }
        }
    }

    private static void hook(ProtocolClient daemon, String pane, String event, String session) {
        daemon.call("hook-event", Map.of("pane_id", pane, "agent", "claude", "payload",
                Map.of("hook_event_name", event, "session_id", session)));
    }

    private static String lifecycle(ProtocolClient daemon, String pane) {
        return daemon.call("pane.get", Map.of("pane_id", pane)).get("lifecycle").asString();
    }
}
