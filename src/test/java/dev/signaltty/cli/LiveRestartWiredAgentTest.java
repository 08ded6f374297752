package dev.signaltty.cli;

import static dev.signaltty.cli.LiveRestart.spawn;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.signaltty.cli.CliHarness.Run;
import dev.signaltty.support.Await;
import dev.signaltty.support.ProtocolClient;
import tools.jackson.databind.JsonNode;

/**
 * An agent whose hooks signaltty wired keeps that through {@code signaltty server restart} (ADR 0810): the
 * new image still knows its bells and desktop notifications are no second notification (ADR 1020), and that
 * its OSC 7501 state moves nothing (ADR 0961).
 */
class LiveRestartWiredAgentTest {

    private static final Duration WAIT = Duration.ofSeconds(60);

    @TempDir
    Path temp;

    /** A program named {@code codex} (so the launch integration wires it) that sends each line it reads as OSC 9. */
    private Path fakeCodex() throws Exception {
        Path bin = Files.createDirectories(temp.resolve("bin"));
        Path codex = bin.resolve("codex");
        Files.writeString(codex, "#!/bin/bash\n"
                + "[ \"$1\" = --help ] && exit 0 # the launch integration's probe for --no-daemon\n"
                + "while IFS= read -r line; do printf '\\033]9;%s\\007' \"$line\"; done\n");
        Files.setPosixFilePermissions(codex, PosixFilePermissions.fromString("rwxr-xr-x"));
        return codex;
    }

    private static JsonNode heard(ProtocolClient daemon, String pane) {
        return daemon.call("agent.explain", Map.of("pane_id", pane)).path("heard_notification");
    }

    @Test
    void aWiredAgentKeptRunningThroughARestartStillMakesNoSecondNotification() throws Exception {
        Path codex = fakeCodex();
        try (CliHarness cli = new CliHarness(temp)) {
            LiveRestart.startDaemon(cli);
            String pane;
            try (ProtocolClient daemon = ProtocolClient.connect(cli.socket())) {
                String workspace = LiveRestart.workspace(cli, daemon, "wired");
                JsonNode spawned = daemon.call("pane.spawn", Map.of("workspace_id", workspace,
                        "argv", List.of(codex.toString())));
                assertThat(spawned.get("integration").get("status").asString()).isEqualTo("configured");
                pane = spawned.get("pane_id").asString();
                // this CODEX_HOME has not trusted the hooks: they count as wired once one is heard (ADR 1112)
                daemon.call("hook-event", Map.of("pane_id", pane, "agent", "codex", "payload",
                        Map.of("hook_event_name", "SessionStart", "session_id", "s-wired", "source", "startup")));
                daemon.call("pane.write", Map.of("pane_id", pane, "data", "before\r"));
                Await.until(WAIT, "the notification before the restart",
                        () -> heard(daemon, pane).path("message").asString("").equals("before"));
                assertThat(heard(daemon, pane).get("outcome").asString()).isEqualTo("hooks_wired");
            }

            Run restart = cli.run("server", "restart");
            assertThat(restart.status()).as(restart.toString()).isZero();

            try (ProtocolClient daemon = ProtocolClient.connect(cli.socket())) {
                daemon.call("pane.write", Map.of("pane_id", pane, "data", "after\r"));
                Await.until(WAIT, "the notification after the restart",
                        () -> heard(daemon, pane).path("message").asString("").equals("after"));
                assertThat(heard(daemon, pane).get("outcome").asString()).isEqualTo("hooks_wired");
                JsonNode attention = daemon.call("agent.explain", Map.of("pane_id", pane)).get("attention");
                assertThat(attention.get("state").asString()).as(attention.toString()).isEqualTo("none");
            }
        }
    }
}
