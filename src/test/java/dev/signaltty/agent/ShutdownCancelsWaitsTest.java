package dev.signaltty.agent;

import static dev.signaltty.agent.AgentDaemonFixture.claude;
import static dev.signaltty.agent.AgentDaemonFixture.hook;
import static dev.signaltty.agent.AgentDaemonFixture.sleeper;
import static dev.signaltty.agent.AgentDaemonFixture.toolUse;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.signaltty.support.ProtocolClient;
import dev.signaltty.support.TestDaemon;
import tools.jackson.databind.JsonNode;

/** A server shutdown cancels a pane wait and a waiting permission hook at once; neither means Allow. */
class ShutdownCancelsWaitsTest {

    @Test
    // seed R137, seed R158, seed R160
    void shutdownCancelsAWaitAndAWaitingHookWithNullVerdict(@TempDir Path root) throws Exception {
        TestDaemon daemon = TestDaemon.start(root);
        ProtocolClient waiter = null;
        ProtocolClient reporter = null;
        try (ProtocolClient client = daemon.connect()) {
            String pane = sleeper(client, AgentDaemonFixture.workspace(client, root));
            hook(client, pane, "SessionStart", "s1");
            waiter = daemon.connect();
            reporter = daemon.connect();
            ProtocolClient w = waiter;
            ProtocolClient r = reporter;
            CompletableFuture<JsonNode> wait = CompletableFuture.supplyAsync(() -> w.request("wait",
                    Map.of("pane_id", pane, "until", "done", "timeout_s", 600)), AgentDaemonFixture.THREADS);
            CompletableFuture<JsonNode> ask = CompletableFuture.supplyAsync(() -> r.request("hook-event",
                    Map.of("pane_id", pane, "wait_for_answer", true, "payload",
                            claude("PermissionRequest", "s1", toolUse("Bash", "ls")))), AgentDaemonFixture.THREADS);
            ProtocolClient.eventually(java.time.Duration.ofSeconds(10), () -> !client.call("decision.list",
                    Map.of("status", "pending")).get("decisions").isEmpty());
            Thread.sleep(200);
            long started = System.nanoTime();
            daemon.close();
            JsonNode waited = wait.get();
            JsonNode asked = ask.get();
            assertThat((System.nanoTime() - started) / 1_000_000).isLessThan(20_000);
            assertThat(waited.get("error").get("code").asString()).isEqualTo("TIMEOUT");
            assertThat(waited.get("error").get("details").get("cause").asString()).isEqualTo("shutdown");
            assertThat(asked.get("result").get("native_verdict").isNull()).isTrue();
            assertThat(asked.get("result").get("reason").asString()).isEqualTo("shutdown");
        } finally {
            if (waiter != null) {
                waiter.close();
            }
            if (reporter != null) {
                reporter.close();
            }
            daemon.close();
        }
    }
}
