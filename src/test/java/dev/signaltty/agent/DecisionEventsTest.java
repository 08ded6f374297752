package dev.signaltty.agent;

import static dev.signaltty.agent.AgentDaemonFixture.claude;
import static dev.signaltty.agent.AgentDaemonFixture.hook;
import static dev.signaltty.agent.AgentDaemonFixture.sleeper;
import static dev.signaltty.agent.AgentDaemonFixture.toolUse;
import static dev.signaltty.support.ProtocolClient.eventually;
import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import dev.signaltty.support.DaemonFixture;
import dev.signaltty.support.ProtocolClient;
import tools.jackson.databind.JsonNode;

/**
 * The decision.* events as a subscriber receives them: their payloads, the supersede folded into one
 * created event, and every clearing reason (seed R316, seed R317, seed R318, seed R319, seed R320, seed R321). Each
 * test watches one fresh pane.
 */
class DecisionEventsTest {

    @RegisterExtension
    static final DaemonFixture daemon = new DaemonFixture("agents");
    String pane;
    ProtocolClient events;
    final List<ProtocolClient> reporters = new ArrayList<>();

    @BeforeEach
    void workingAgentAndASubscriber() {
        pane = sleeper(daemon.client(), daemon.workspace());
        hook(daemon.client(), pane, "SessionStart", "s1");
        hook(daemon.client(), pane, "UserPromptSubmit", "s1");
        events = daemon.connect();
        events.call("subscribe", Map.of("events", List.of("decision.*")));
    }

    @AfterEach
    void close() {
        reporters.forEach(ProtocolClient::close);
        events.close();
    }

    CompletableFuture<JsonNode> ask(String command, Integer timeoutS) {
        ProtocolClient reporter = daemon.connect();
        reporters.add(reporter);
        return AgentDaemonFixture.askPermission(reporter, pane, command, timeoutS);
    }

    /** The next decision.* event about this test's pane (the subscription sees every pane). */
    JsonNode next(String event) {
        while (true) {
            JsonNode e = events.nextEvent();
            if (e.get("payload").get("pane_id").asString().equals(pane)) {
                assertThat(e.get("event").asString()).isEqualTo(event);
                assertThat(e.get("seq").asLong()).isPositive();
                return e.get("payload");
            }
        }
    }

    @Test
    void aNewDecisionIsCreatedWithThePaneAndTheDecisionAndNoPrev() { // seed R316
        CompletableFuture<JsonNode> reply = ask("make test", null);
        JsonNode created = next("decision.created");
        assertThat(created.get("pane_id").asString()).isEqualTo(pane);
        JsonNode decision = created.get("decision");
        assertThat(decision.get("decision_id").asString()).startsWith("dec_");
        assertThat(decision.get("tool_name").asString()).isEqualTo("Bash");
        assertThat(decision.get("status").asString()).isEqualTo("pending");
        assertThat(decision.get("options").toString()).contains("allow_once", "deny");
        assertThat(created.has("prev")).isFalse();
        daemon.client().call("decision.answer", Map.of("decision_id", decision.get("decision_id").asString(), "option_id", "deny"));
        reply.join();
    }

    @Test
    void aSupersedeIsOneCreatedEventCarryingThePreviousId() { // seed R317
        CompletableFuture<JsonNode> first = ask("ls", null);
        String firstId = next("decision.created").get("decision").get("decision_id").asString();
        CompletableFuture<JsonNode> second = ask("pwd", null);
        JsonNode created = next("decision.created"); // no cleared event in between: one emit
        assertThat(created.get("prev").asString()).isEqualTo(firstId);
        String secondId = created.get("decision").get("decision_id").asString();
        assertThat(secondId).isNotEqualTo(firstId);
        assertThat(first.join().get("result").get("reason").asString()).isEqualTo("superseded");
        daemon.client().call("decision.answer", Map.of("decision_id", secondId, "option_id", "allow_once"));
        JsonNode answered = next("decision.answered");
        assertThat(answered.get("decision_id").asString()).isEqualTo(secondId);
        second.join();
    }

    @Test
    void anAnswerIsAnsweredWithItsOptionAndClearsTheDecision() { // seed R318, seed R321
        CompletableFuture<JsonNode> reply = ask("rm -rf build", null);
        String id = next("decision.created").get("decision").get("decision_id").asString();
        daemon.client().call("decision.answer", Map.of("decision_id", id, "option_id", "allow_once"));
        JsonNode answered = next("decision.answered");
        assertThat(answered.get("pane_id").asString()).isEqualTo(pane);
        assertThat(answered.get("decision_id").asString()).isEqualTo(id);
        assertThat(answered.get("option_id").asString()).isEqualTo("allow_once");
        assertThat(reply.join().get("result").get("option_id").asString()).isEqualTo("allow_once");
        // answered means no longer pending: nothing is left to clear and the pane shows no decision
        assertThat(daemon.client().call("decision.list", Map.of("pane_id", pane, "status", "pending")).get("decisions").isEmpty())
                .isTrue();
        assertThat(daemon.client().call("decision.get", Map.of("decision_id", id)).get("status").asString()).isEqualTo("answered");
        // the agent moving on afterwards finds nothing pending: the answer stays the outcome
        hook(daemon.client(), pane, claude("PostToolUse", "s1", toolUse("Bash", "rm -rf build")));
        assertThat(daemon.client().call("decision.get", Map.of("decision_id", id)).get("status").asString()).isEqualTo("answered");
    }

    @Test
    void eachWayABarDropsUnansweredIsClearedWithItsReason() { // seed R319, seed R320
        // moved_on: the agent leaves blocked
        CompletableFuture<JsonNode> a = ask("a", null);
        String idA = next("decision.created").get("decision").get("decision_id").asString();
        hook(daemon.client(), pane, claude("PostToolUse", "s1", toolUse("Bash", "a")));
        assertCleared(next("decision.cleared"), idA, "moved_on");
        a.join();

        // attention_cleared: a turn end keeps it, the next prompt clears the required attention
        CompletableFuture<JsonNode> b = ask("b", null);
        String idB = next("decision.created").get("decision").get("decision_id").asString();
        hook(daemon.client(), pane, "Stop", "s1");
        hook(daemon.client(), pane, "UserPromptSubmit", "s1");
        assertCleared(next("decision.cleared"), idB, "attention_cleared");
        b.join();

        // native_cancelled: the reporter's own wait runs out
        CompletableFuture<JsonNode> c = ask("c", 1);
        String idC = next("decision.created").get("decision").get("decision_id").asString();
        assertCleared(next("decision.cleared"), idC, "native_cancelled");
        assertThat(c.join().get("result").get("native_verdict").isNull()).isTrue();

        // pane_exited: the child exits
        CompletableFuture<JsonNode> d = ask("d", null);
        String idD = next("decision.created").get("decision").get("decision_id").asString();
        long pid = daemon.client().call("pane.get", Map.of("pane_id", pane)).get("pane").get("pid").asLong();
        ProcessHandle.of(pid).ifPresent(ProcessHandle::destroy);
        assertCleared(next("decision.cleared"), idD, "pane_exited");
        d.join();
        eventually(Duration.ofSeconds(10), () -> daemon.client().call("decision.list", Map.of("pane_id", pane, "status", "pending"))
                .get("decisions").isEmpty());
    }

    private void assertCleared(JsonNode cleared, String decisionId, String reason) {
        assertThat(cleared.get("pane_id").asString()).isEqualTo(pane);
        assertThat(cleared.get("decision_id").asString()).isEqualTo(decisionId);
        assertThat(cleared.get("reason").asString()).isEqualTo(reason);
    }
}
