package dev.signaltty.agent;

import static dev.signaltty.agent.AgentDaemonFixture.claude;
import static dev.signaltty.agent.AgentDaemonFixture.hook;
import static dev.signaltty.agent.AgentDaemonFixture.toolUse;
import static dev.signaltty.support.ProtocolClient.eventually;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.signaltty.support.ProtocolClient;
import dev.signaltty.support.TestDaemon;
import tools.jackson.databind.JsonNode;

/**
 * Decisions survive a restart (ADR-0084): resolved ones are still readable; a pending one cannot be
 * answered any more — the hook that waited for it died with the old daemon — so it comes back cleared
 * as native_cancelled, journaled once.
 */
class DecisionsAcrossRestartTest {

    /** A ready agent pane (a sleeper reporting Claude hooks) and a waiting PermissionRequest on its own connection. */
    record Asked(String pane, String decision, ProtocolClient reporter, CompletableFuture<JsonNode> reply) {
    }

    static Asked ask(TestDaemon daemon, ProtocolClient client, String command) {
        String workspace = AgentDaemonFixture.workspace(client, daemon.root());
        String pane = AgentDaemonFixture.sleeper(client, workspace);
        hook(client, pane, "SessionStart", "s1");
        hook(client, pane, "UserPromptSubmit", "s1");
        ProtocolClient reporter = daemon.connect();
        CompletableFuture<JsonNode> reply = CompletableFuture.supplyAsync(() -> reporter.request("hook-event",
                Map.of("pane_id", pane, "wait_for_answer", true,
                        "payload", claude("PermissionRequest", "s1", toolUse("Bash", command)))),
                AgentDaemonFixture.THREADS);
        String id = AgentDaemonFixture.awaitPendingDecision(client, pane, Duration.ofSeconds(10));
        return new Asked(pane, id, reporter, reply);
    }

    static JsonNode decision(ProtocolClient client, String id) {
        return client.call("decision.get", Map.of("decision_id", id));
    }

    /** The audit lines about {@code decisionId} whose event is {@code event}. */
    static List<String> audited(Path root, String event, String decisionId) throws IOException {
        return Files.readAllLines(root.resolve("state/signaltty/audit.jsonl")).stream()
                .filter(line -> line.contains("\"event\":\"" + event + "\"") && line.contains(decisionId)).toList();
    }

    @Test
    void anAnsweredDecisionIsStillReadableAfterARestart(@TempDir Path root) {
        Asked asked;
        try (TestDaemon daemon = TestDaemon.start(root); ProtocolClient client = daemon.connect()) {
            asked = ask(daemon, client, "make test");
            client.call("decision.answer", Map.of("decision_id", asked.decision(), "option_id", "allow_once"));
            assertThat(asked.reply().join().get("result").get("native_verdict").toString()).contains("allow");
            asked.reporter().close();
        }
        try (TestDaemon daemon = TestDaemon.start(root); ProtocolClient client = daemon.connect()) {
            JsonNode restored = decision(client, asked.decision());
            assertThat(restored.get("status").asString()).isEqualTo("answered");
            assertThat(restored.get("option_id").asString()).isEqualTo("allow_once");
            assertThat(restored.get("tool_input").get("command").asString()).isEqualTo("make test");
            assertThat(restored.get("pane_id").asString()).isEqualTo(asked.pane());
        }
    }

    @Test
    void aDecisionPendingAtACrashComesBackClearedAsNativeCancelled(@TempDir Path root) throws IOException {
        Path snapshot = root.resolve("state/signaltty/snapshot/decisions.json");
        Asked asked;
        byte[] atCrash;
        try (TestDaemon daemon = TestDaemon.start(root); ProtocolClient client = daemon.connect()) {
            asked = ask(daemon, client, "rm -rf build");
            eventually(Duration.ofSeconds(10), () -> {
                try {
                    return Files.exists(snapshot) && Files.readString(snapshot).contains(asked.decision())
                            && Files.readString(snapshot).contains("\"pending\"");
                } catch (IOException e) {
                    return false;
                }
            });
            atCrash = Files.readAllBytes(snapshot);
            asked.reporter().close();
        }
        // a kill -9 would have left the periodic snapshot with the decision still pending; the journal
        // past it holds the clear the hook's EOF caused, and the restart applies it (ADR 0130)
        Files.write(snapshot, atCrash);
        int clearedBefore = audited(root, "decision.cleared", asked.decision()).size();
        try (TestDaemon daemon = TestDaemon.start(root); ProtocolClient client = daemon.connect()) {
            JsonNode restored = decision(client, asked.decision());
            assertThat(restored.get("status").asString()).isEqualTo("cleared");
            assertThat(restored.get("reason").asString()).isEqualTo("native_cancelled");
            assertThat(client.call("decision.list", Map.of("status", "pending")).get("decisions")).isEmpty();
            assertThat(client.errorCode("decision.answer", Map.of("decision_id", asked.decision(),
                    "option_id", "allow_once"))).isEqualTo("BAD_PARAMS");
            List<String> cleared = audited(root, "decision.cleared", asked.decision());
            // cleared once: the journal's clear is applied, not repeated
            assertThat(cleared).hasSize(clearedBefore).hasSize(1);
            assertThat(cleared.getLast()).contains("\"reason\":\"native_cancelled\"");
        }
    }

    @Test
    void aDecisionPendingAtAStopIsClearedOnceAndStaysCleared(@TempDir Path root) throws IOException {
        Asked asked;
        try (TestDaemon daemon = TestDaemon.start(root); ProtocolClient client = daemon.connect()) {
            asked = ask(daemon, client, "git push");
        }
        asked.reporter().close();
        try (TestDaemon daemon = TestDaemon.start(root); ProtocolClient client = daemon.connect()) {
            JsonNode restored = decision(client, asked.decision());
            assertThat(restored.get("status").asString()).isEqualTo("cleared");
            assertThat(restored.get("reason").asString()).isEqualTo("native_cancelled");
            assertThat(audited(root, "decision.cleared", asked.decision())).hasSize(1);
        }
    }
}
