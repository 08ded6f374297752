package dev.signaltty.agent;

import static dev.signaltty.agent.AgentDaemonFixture.claude;
import static dev.signaltty.agent.AgentDaemonFixture.hook;
import static dev.signaltty.agent.AgentDaemonFixture.toolUse;
import static dev.signaltty.support.ProtocolClient.eventually;
import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import dev.signaltty.support.DaemonFixture;
import dev.signaltty.support.ProtocolClient;
import tools.jackson.databind.JsonNode;

/**
 * pane.submit's automatic Enter retry (halfway through the activity gate) rechecks decisions under the
 * same read guard as the delayed Enter: with a decision pending it is AGENT_BUSY and no Enter is
 * written (seed R52, seed R53). The pane runs a program that prints every input line it gets, so each Enter
 * is visible as a line.
 *
 * <p>A decision can only be pending at the retry without the gate having seen activity when it comes
 * from a session the pane has since left (a permission hook of an earlier session still waiting for
 * its answer): such a report moves no state, so the gate sees nothing, yet the waiting agent process
 * gets a decision to answer. That is the case exercised here.
 */
class SubmitRetryGuardTest {

    @RegisterExtension
    static final DaemonFixture daemon = new DaemonFixture("agents");
    final List<ProtocolClient> connections = new ArrayList<>();

    @AfterEach
    void closeConnections() {
        connections.forEach(ProtocolClient::close);
    }

    static String lineLogger() {
        return daemon.client().call("pane.spawn", Map.of("workspace_id", daemon.workspace(), "argv", List.of("bash", "--norc",
                "--noprofile", "-c", "while IFS= read -r l; do echo \"line<$l>\"; done"))).get("pane_id").asString();
    }

    static String screen(String pane) {
        return daemon.client().call("pane.read", Map.of("pane_id", pane, "mode", "tail")).get("text").asString();
    }

    static long lines(String pane) {
        return screen(pane).lines().filter(l -> l.startsWith("line<")).count();
    }

    CompletableFuture<JsonNode> submitInBackground(String pane, String text, double stallS) {
        ProtocolClient submitter = daemon.connect();
        connections.add(submitter);
        return CompletableFuture.supplyAsync(() -> submitter.request("pane.submit", Map.of("pane_id", pane,
                "text", text, "submit_delay_ms", 50, "stall_timeout_s", stallS)), AgentDaemonFixture.THREADS);
    }

    @Test
    void withoutADecisionTheRetryWritesASecondEnter() throws Exception { // seed R53
        String pane = lineLogger();
        hook(daemon.client(), pane, "SessionStart", "s1");
        JsonNode result = submitInBackground(pane, "first", 1.0).get(30, TimeUnit.SECONDS).get("result");
        assertThat(result.get("confirmed").asBoolean()).isFalse();
        assertThat(result.get("enter_retried").asBoolean()).isTrue();
        eventually(Duration.ofSeconds(10), () -> screen(pane).contains("line<>"));
        assertThat(screen(pane)).contains("line<first>");
    }

    @Test
    void aDecisionPendingAtTheRetryRefusesItAndWritesNoEnter() throws Exception { // seed R52
        String pane = lineLogger();
        hook(daemon.client(), pane, "SessionStart", "ghost");
        hook(daemon.client(), pane, "SessionStart", "s2"); // the pane's session is now s2; ghost is a left session
        CompletableFuture<JsonNode> submit = submitInBackground(pane, "second", 4.0);
        eventually(Duration.ofSeconds(10), () -> screen(pane).contains("line<second>")); // the delayed Enter
        String lifecycleSeq = daemon.client().call("pane.get", Map.of("pane_id", pane)).get("wait_baseline")
                .get("lifecycle_seq").toString();

        // the ghost session's permission hook waits for an answer: a decision, but no transition
        ProtocolClient reporter = daemon.connect();
        connections.add(reporter);
        CompletableFuture<JsonNode> ask = CompletableFuture.supplyAsync(() -> reporter.request("hook-event",
                Map.of("pane_id", pane, "wait_for_answer", true,
                        "payload", claude("PermissionRequest", "ghost", toolUse("Bash", "ls")))), AgentDaemonFixture.THREADS);
        String decision = AgentDaemonFixture.awaitPendingDecision(daemon.client(), pane, Duration.ofSeconds(10));
        assertThat(daemon.client().call("pane.get", Map.of("pane_id", pane)).get("wait_baseline").get("lifecycle_seq")
                .toString()).isEqualTo(lifecycleSeq);
        assertThat(submit).isNotDone();

        JsonNode refused = submit.get(30, TimeUnit.SECONDS);
        assertThat(refused.get("ok").asBoolean()).isFalse();
        JsonNode error = refused.get("error");
        assertThat(error.get("code").asString()).isEqualTo("AGENT_BUSY");
        assertThat(error.get("details").get("stage").asString()).isEqualTo("delayed_enter");
        assertThat(error.get("details").get("paste_delivered").asBoolean()).isTrue();
        assertThat(error.get("details").get("decision_id").asString()).isEqualTo(decision);

        // the retry's Enter was never written: the program still saw only the one line
        daemon.client().call("pane.write", Map.of("pane_id", pane, "data", "fence\r"));
        eventually(Duration.ofSeconds(10), () -> screen(pane).contains("line<fence>"));
        assertThat(screen(pane)).doesNotContain("line<>");
        assertThat(lines(pane)).isEqualTo(2);
        // and the submit left the decision alone (seed R57)
        assertThat(daemon.client().call("decision.get", Map.of("decision_id", decision)).get("status").asString())
                .isEqualTo("pending");
        assertThat(ask).isNotDone();
    }
}
