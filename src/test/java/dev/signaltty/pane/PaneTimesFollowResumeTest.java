package dev.signaltty.pane;

import static dev.signaltty.support.ProtocolClient.eventually;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import tools.jackson.databind.JsonNode;

import dev.signaltty.support.ProtocolClient;
import dev.signaltty.support.TestDaemon;

/**
 * pane.get keeps the texts of created_at, started_at and exited_at instead of formatting them on every
 * call (issue 24 item 2, ADR 0450): a resume and an exit must still show in the very next pane.get.
 */
class PaneTimesFollowResumeTest {

    @Test
    void startedAndExitedAtChangeWithEachLaunchAndExit(@TempDir Path root) {
        try (TestDaemon daemon = TestDaemon.start(root); ProtocolClient client = daemon.connect()) {
            String ws = client.call("workspace.create", Map.of("name", "times", "cwd", root.toString()))
                    .get("workspace_id").asString();
            // exits once it reads a line, so each launch exits when the test says
            String pane = client.call("pane.spawn", Map.of("workspace_id", ws,
                    "argv", List.of("sh", "-c", "read line; exit 3"))).get("pane_id").asString();
            JsonNode running = get(client, pane);
            assertThat(running.has("exited_at")).isFalse();
            Instant created = Instant.parse(running.get("created_at").asString());
            Instant firstStart = Instant.parse(running.get("started_at").asString());

            JsonNode firstExit = exitAndGet(client, pane);
            Instant firstExited = Instant.parse(firstExit.get("exited_at").asString());
            assertThat(firstExited).isAfterOrEqualTo(firstStart);
            assertThat(get(client, pane).get("exited_at")).isEqualTo(firstExit.get("exited_at")); // stable while exited

            // seed R305: pane.resume relaunches the same pane
            client.call("pane.resume", Map.of("pane_id", pane));
            JsonNode resumed = get(client, pane);
            assertThat(resumed.get("status").asString()).isEqualTo("running");
            assertThat(resumed.has("exited_at")).as("a running pane has no exit time").isFalse();
            Instant secondStart = Instant.parse(resumed.get("started_at").asString());
            assertThat(secondStart).isAfter(firstStart).isAfterOrEqualTo(firstExited);
            assertThat(Instant.parse(resumed.get("created_at").asString())).isEqualTo(created);

            JsonNode secondExit = exitAndGet(client, pane);
            assertThat(Instant.parse(secondExit.get("exited_at").asString())).isAfter(firstExited)
                    .isAfterOrEqualTo(secondStart);
            assertThat(secondExit.get("started_at")).isEqualTo(resumed.get("started_at"));
        }
    }

    private static JsonNode get(ProtocolClient client, String pane) {
        return client.call("pane.get", Map.of("pane_id", pane)).get("pane");
    }

    private static JsonNode exitAndGet(ProtocolClient client, String pane) {
        client.call("pane.write", Map.of("pane_id", pane, "data", "go\n"));
        eventually(Duration.ofSeconds(30), () -> get(client, pane).get("status").asString().equals("exited"));
        return get(client, pane);
    }
}
