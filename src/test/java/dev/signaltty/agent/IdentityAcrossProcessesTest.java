package dev.signaltty.agent;

import static dev.signaltty.agent.AgentDaemonFixture.hook;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.signaltty.support.ProtocolClient;
import dev.signaltty.support.TestDaemon;
import tools.jackson.databind.JsonNode;

/** Baselines against real process replacement: pane.resume and a daemon restart (ADR-0018). */
class IdentityAcrossProcessesTest {

    static JsonNode waitAfter(TestDaemon daemon, String pane, String until, JsonNode after) {
        try (ProtocolClient waiter = daemon.connect()) {
            return waiter.request("wait", Map.of("pane_id", pane, "until", until, "after", after, "timeout_s", 5));
        }
    }

    @Test
    // seed R126, seed R129
    void aBaselineFromBeforeAResumeIsIdentityChangedAndExitedStillMatchesBeforeIt(@TempDir Path root) {
        try (TestDaemon daemon = TestDaemon.start(root); ProtocolClient client = daemon.connect()) {
            String workspace = AgentDaemonFixture.workspace(client, root);
            String pane = client.call("pane.spawn", Map.of("workspace_id", workspace,
                    "argv", List.of("sh", "-c", "sleep 0.5"))).get("pane_id").asString();
            hook(client, pane, "SessionStart", "s1");
            JsonNode before = client.call("pane.get", Map.of("pane_id", pane)).get("wait_baseline");
            JsonNode exited = waitAfter(daemon, pane, "exited", before);
            assertThat(exited.get("result").get("outcome").asString()).isEqualTo("exited");
            client.call("pane.resume", Map.of("pane_id", pane));
            JsonNode after = waitAfter(daemon, pane, "exited", before);
            assertThat(after.get("error").get("code").asString()).isEqualTo("IDENTITY_CHANGED");
            JsonNode fresh = client.call("pane.get", Map.of("pane_id", pane)).get("wait_baseline");
            assertThat(fresh.get("process_instance").asString()).isNotEqualTo(before.get("process_instance").asString());
        }
    }

    @Test
    void aBaselineFromBeforeADaemonRestartIsIdentityChanged(@TempDir Path root) { // seed R127
        String pane;
        JsonNode before;
        try (TestDaemon daemon = TestDaemon.start(root); ProtocolClient client = daemon.connect()) {
            String workspace = AgentDaemonFixture.workspace(client, root);
            pane = client.call("pane.spawn", Map.of("workspace_id", workspace, "argv", List.of("sleep", "300")))
                    .get("pane_id").asString();
            hook(client, pane, "SessionStart", "s1");
            before = client.call("pane.get", Map.of("pane_id", pane)).get("wait_baseline");
        }
        try (TestDaemon daemon = TestDaemon.start(root); ProtocolClient client = daemon.connect()) {
            assertThat(client.call("pane.get", Map.of("pane_id", pane)).get("pane").get("pane_id").asString())
                    .isEqualTo(pane);
            assertThat(waitAfter(daemon, pane, "idle", before).get("error").get("code").asString())
                    .isEqualTo("IDENTITY_CHANGED");
        }
    }
}
