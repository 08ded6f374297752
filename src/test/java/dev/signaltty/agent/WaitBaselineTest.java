package dev.signaltty.agent;

import static dev.signaltty.agent.AgentDaemonFixture.hook;
import static dev.signaltty.agent.AgentDaemonFixture.sleeper;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import dev.signaltty.support.DaemonFixture;
import dev.signaltty.support.ProtocolClient;
import tools.jackson.databind.JsonNode;

/** pane.get's wait_baseline: its six fields, and the object handed back whole as wait.after (seed R118, seed R119). */
class WaitBaselineTest {

    @RegisterExtension
    static final DaemonFixture daemon = new DaemonFixture("agents");

    @Test
    void paneGetCarriesTheSixBaselineFieldsThatFollowThePane() { // seed R118
        String pane = sleeper(daemon.client(), daemon.workspace());
        JsonNode fresh = daemon.client().call("pane.get", Map.of("pane_id", pane)).get("wait_baseline");
        // before any session is discovered agent_session_id is an explicit null: the object always has
        // its six fields, so a client can pass it back whole without knowing which may be absent
        assertThat(fresh.propertyNames()).containsExactlyInAnyOrder("pane_id", "process_instance", "agent_session_id",
                "session_generation", "lifecycle_seq", "attention_seq");
        assertThat(fresh.get("agent_session_id").isNull()).isTrue();
        assertThat(fresh.get("session_generation").asLong()).isZero();
        assertThat(fresh.get("pane_id").asString()).isEqualTo(pane);
        assertThat(fresh.get("process_instance").asString()).isNotBlank();

        hook(daemon.client(), pane, "SessionStart", "sess-a");
        hook(daemon.client(), pane, "UserPromptSubmit", "sess-a");
        JsonNode moved = daemon.client().call("pane.get", Map.of("pane_id", pane)).get("wait_baseline");
        assertThat(moved.propertyNames()).containsExactlyInAnyOrder("pane_id", "process_instance", "agent_session_id",
                "session_generation", "lifecycle_seq", "attention_seq");
        assertThat(moved.get("agent_session_id").asString()).isEqualTo("sess-a");
        assertThat(moved.get("session_generation").asLong()).isEqualTo(1);
        assertThat(moved.get("lifecycle_seq").asLong()).isGreaterThan(fresh.get("lifecycle_seq").asLong());
        assertThat(moved.get("process_instance").asString()).isEqualTo(fresh.get("process_instance").asString());
        daemon.client().call("notify", Map.of("pane_id", pane, "message", "look"));
        JsonNode noticed = daemon.client().call("pane.get", Map.of("pane_id", pane)).get("wait_baseline");
        assertThat(noticed.get("attention_seq").asLong()).isGreaterThan(moved.get("attention_seq").asLong());
        assertThat(noticed.get("lifecycle_seq").asLong()).isEqualTo(moved.get("lifecycle_seq").asLong());
    }

    @Test
    void theWholeBaselineObjectIsWaitAfterAndMatchesTheNextTurn() throws Exception { // seed R119
        String pane = sleeper(daemon.client(), daemon.workspace());
        hook(daemon.client(), pane, "SessionStart", "sess-b");
        hook(daemon.client(), pane, "UserPromptSubmit", "sess-b");
        hook(daemon.client(), pane, "Stop", "sess-b");
        // captured before the new work, passed back untouched
        JsonNode baseline = daemon.client().call("pane.get", Map.of("pane_id", pane)).get("wait_baseline");
        CompletableFuture<JsonNode> waited = CompletableFuture.supplyAsync(() -> {
            try (ProtocolClient waiter = daemon.connect()) {
                return waiter.call("wait", Map.of("pane_id", pane, "until", List.of("done"), "after", baseline,
                        "timeout_s", 20));
            }
        }, AgentDaemonFixture.THREADS);
        Thread.sleep(300);
        assertThat(waited).isNotDone(); // the old done does not satisfy it
        hook(daemon.client(), pane, "UserPromptSubmit", "sess-b");
        hook(daemon.client(), pane, "Stop", "sess-b");
        JsonNode result = waited.get(30, java.util.concurrent.TimeUnit.SECONDS);
        assertThat(result.get("outcome").asString()).isEqualTo("done");
        assertThat(result.get("transition_seq").asLong()).isGreaterThan(baseline.get("lifecycle_seq").asLong());
    }
}
