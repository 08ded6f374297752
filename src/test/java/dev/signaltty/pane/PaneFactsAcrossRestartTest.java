package dev.signaltty.pane;

import static dev.signaltty.support.ProtocolClient.eventually;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import tools.jackson.databind.JsonNode;

import dev.signaltty.support.ProtocolClient;
import dev.signaltty.support.TestDaemon;

/**
 * Issue 17 item 2: a restart keeps what is known about each pane — exit code, created_at, started_at,
 * exited_at, name, label, size — and a plain pane's lifecycle reads exited (docs/agents.md).
 */
class PaneFactsAcrossRestartTest {

    @Test
    void exitCodeTimesNameLabelAndSizeSurviveAndPlainPanesReadExited(@TempDir Path root) {
        String ws;
        String done;
        String running;
        JsonNode doneBefore;
        JsonNode runningBefore;
        try (TestDaemon daemon = TestDaemon.start(root); ProtocolClient client = daemon.connect()) {
            ws = client.call("workspace.create", Map.of("name", "facts", "cwd", root.toString()))
                    .get("workspace_id").asString();
            done = client.call("pane.spawn", Map.of("workspace_id", ws, "argv", List.of("sh", "-c", "exit 3"),
                    "label", "builder", "cols", 70, "rows", 9)).get("pane_id").asString();
            running = client.call("pane.spawn", Map.of("workspace_id", ws, "argv", List.of("sleep", "300")))
                    .get("pane_id").asString();
            client.call("pane.rename", Map.of("pane_id", done, "name", "build-once"));
            eventually(Duration.ofSeconds(30), () -> client.call("pane.get", Map.of("pane_id", done))
                    .get("pane").get("status").asString().equals("exited"));
            doneBefore = client.call("pane.get", Map.of("pane_id", done)).get("pane");
            runningBefore = client.call("pane.get", Map.of("pane_id", running)).get("pane");
            assertThat(doneBefore.get("exit_code").asInt()).isEqualTo(3);
            assertThat(doneBefore.has("started_at")).isTrue();
            assertThat(doneBefore.has("exited_at")).isTrue();
        }
        try (TestDaemon daemon = TestDaemon.start(root); ProtocolClient client = daemon.connect()) {
            JsonNode doneAfter = client.call("pane.get", Map.of("pane_id", done));
            JsonNode pane = doneAfter.get("pane");
            for (String fact : List.of("exit_code", "created_at", "started_at", "exited_at", "name", "label", "cols",
                    "rows", "argv", "cwd")) {
                assertThat(pane.get(fact)).as(fact).isEqualTo(doneBefore.get(fact));
            }
            assertThat(pane.get("restored").asBoolean()).isTrue();
            assertThat(doneAfter.get("lifecycle").asString()).isEqualTo("exited");

            JsonNode runningAfter = client.call("pane.get", Map.of("pane_id", running));
            // its process was ended with the daemon: exited
            assertThat(runningAfter.get("lifecycle").asString()).isEqualTo("exited");
            assertThat(runningAfter.get("pane").get("status").asString()).isEqualTo("exited");
            assertThat(runningAfter.get("pane").get("created_at")).isEqualTo(runningBefore.get("created_at"));
            assertThat(runningAfter.get("pane").get("started_at")).isEqualTo(runningBefore.get("started_at"));
        }
    }
}
