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

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import dev.signaltty.support.DaemonFixture;
import dev.signaltty.support.ProtocolClient;
import tools.jackson.databind.JsonNode;

/** hook-event wait_for_answer and the decision.* lifecycle, over the real socket. */
class DecisionsTest {

    @RegisterExtension
    static final DaemonFixture daemon = new DaemonFixture("agents");
    String pane;
    final List<ProtocolClient> reporters = new ArrayList<>();

    @BeforeEach
    void readyAgent() {
        pane = sleeper(daemon.client(), daemon.workspace());
        hook(daemon.client(), pane, "SessionStart", "s1");
        hook(daemon.client(), pane, "UserPromptSubmit", "s1");
    }

    /** Starts a waiting PermissionRequest hook on its own connection; returns its future response. */
    CompletableFuture<JsonNode> ask(String command, Integer timeout) {
        ProtocolClient reporter = daemon.connect();
        reporters.add(reporter);
        return AgentDaemonFixture.askPermission(reporter, pane, command, timeout);
    }

    String pendingDecision() {
        return AgentDaemonFixture.awaitPendingDecision(daemon.client(), pane, Duration.ofSeconds(10));
    }

    JsonNode decision(String id) {
        return daemon.client().call("decision.get", Map.of("decision_id", id));
    }

    @Nested
    class Answering {

        @Test
        void anAllowReturnsClaudesNativeAllowVerdict() { // seed R153, seed R154, seed R155, seed R321
            CompletableFuture<JsonNode> hookReply = ask("rm -rf build", null);
            String id = pendingDecision();
            JsonNode pending = decision(id);
            assertThat(pending.get("options").toString()).contains("allow_once", "Allow once", "deny", "Deny");
            assertThat(pending.get("tool_name").asString()).isEqualTo("Bash");
            assertThat(daemon.client().call("pane.get", Map.of("pane_id", pane)).get("lifecycle").asString()).isEqualTo("blocked");
            daemon.client().call("decision.answer", Map.of("decision_id", id, "option_id", "allow_once"));
            JsonNode result = hookReply.join().get("result");
            assertThat(result.get("accepted").asBoolean()).isTrue();
            assertThat(result.get("native_verdict").get("hookSpecificOutput").get("decision").get("behavior").asString())
                    .isEqualTo("allow");
            assertThat(decision(id).get("status").asString()).isEqualTo("answered");
            JsonNode state = daemon.client().call("pane.get", Map.of("pane_id", pane));
            assertThat(state.get("lifecycle").asString()).isEqualTo("working");
            assertThat(state.get("attention").asString()).isEqualTo("none");
        }

        @Test
        void aDenyReturnsClaudesNativeDenyVerdict() {
            CompletableFuture<JsonNode> hookReply = ask("curl evil", null);
            daemon.client().call("decision.answer", Map.of("decision_id", pendingDecision(), "option_id", "deny"));
            assertThat(hookReply.join().get("result").get("native_verdict").get("hookSpecificOutput").get("decision")
                    .get("behavior").asString()).isEqualTo("deny");
        }

        @Test
        void anUnknownDecisionIsNoSuchDecisionAndAResolvedOneIsBadParams() {
            assertThat(daemon.client().errorCode("decision.get", Map.of("decision_id", "dec_never"))).isEqualTo("NO_SUCH_DECISION");
            assertThat(daemon.client().errorCode("decision.answer", Map.of("decision_id", "dec_never", "option_id", "deny")))
                    .isEqualTo("NO_SUCH_DECISION");
            CompletableFuture<JsonNode> hookReply = ask("ls", null);
            String id = pendingDecision();
            assertThat(daemon.client().errorCode("decision.answer", Map.of("decision_id", id, "option_id", "allow_always")))
                    .isEqualTo("BAD_PARAMS");
            daemon.client().call("decision.answer", Map.of("decision_id", id, "option_id", "deny"));
            hookReply.join();
            assertThat(daemon.client().errorCode("decision.answer", Map.of("decision_id", id, "option_id", "allow_once")))
                    .isEqualTo("BAD_PARAMS");
        }

        @Test
        void theWaitingModeNeedsANativePermissionRequestWithoutAnExplicitDecision() { // seed R151, seed R152
            Map<String, Object> noInput = claude("PermissionRequest", "s1", Map.of("tool_name", "Bash"));
            Map<String, Object> decided = claude("PermissionRequest", "s1", Map.of("tool_name", "Bash",
                    "tool_input", Map.of("command", "ls"), "decision", "allow"));
            Map<String, Object> notPermission = claude("Stop", "s1", Map.of());
            for (Map<String, Object> payload : List.of(noInput, decided, notPermission)) {
                assertThat(daemon.client().errorCode("hook-event", Map.of("pane_id", pane, "wait_for_answer", true,
                        "payload", payload))).isEqualTo("BAD_PARAMS");
            }
            assertThat(daemon.client().errorCode("hook-event", Map.of("pane_id", pane, "wait_for_answer", true,
                    "wait_timeout_s", 121, "payload", noInput))).isEqualTo("BAD_PARAMS");
        }

        @Test
        void ordinaryReportingAnswersAtOnce() { // seed R159
            JsonNode reply = hook(daemon.client(), pane, claude("PermissionRequest", "s1", toolUse("Bash", "ls")));
            assertThat(reply.get("accepted").asBoolean()).isTrue();
            assertThat(reply.get("attention").asString()).isEqualTo("permission_required");
            assertThat(daemon.client().call("decision.list", Map.of("pane_id", pane)).get("decisions").isEmpty()).isTrue();
        }
    }

    @Nested
    class Cancelling {

        @Test
        void aTimeoutGivesNullAndAReasonNeverAllow() { // seed R156, seed R160
            JsonNode result = ask("ls", 1).join().get("result");
            assertThat(result.get("native_verdict").isNull()).isTrue();
            assertThat(result.get("reason").asString()).isEqualTo("timeout");
            String id = result.get("decision_id").asString();
            assertThat(decision(id).get("status").asString()).isEqualTo("cleared");
            assertThat(decision(id).get("reason").asString()).isEqualTo("native_cancelled");
        }

        @Test
        void aDisconnectedReporterClearsTheDecisionAsNativeCancelled() { // seed R158
            ask("ls", null);
            String id = pendingDecision();
            reporters.getLast().close();
            eventually(Duration.ofSeconds(10), () -> decision(id).get("status").asString().equals("cleared"));
            assertThat(decision(id).get("reason").asString()).isEqualTo("native_cancelled");
        }

        @Test
        void anotherRequestOnTheReportersConnectionCancelsIt() { // seed R158
            ProtocolClient reporter = daemon.connect();
            reporters.add(reporter);
            String payload = tools.jackson.databind.json.JsonMapper.shared().writeValueAsString(
                    claude("PermissionRequest", "s1", toolUse("Bash", "ls")));
            reporter.sendRaw("{\"id\":1,\"method\":\"hook-event\",\"params\":{\"pane_id\":\"" + pane
                    + "\",\"wait_for_answer\":true,\"payload\":" + payload + "}}\n");
            pendingDecision();
            reporter.sendRaw("{\"id\":2,\"method\":\"ping\"}\n");
            JsonNode first = reporter.nextResponse();
            assertThat(first.get("result").get("native_verdict").isNull()).isTrue();
            assertThat(first.get("result").get("reason").asString()).isEqualTo("superseded");
        }

        @Test
        void aNewerRequestSupersedesInOneCreateCarryingPrev() { // seed R317
            CompletableFuture<JsonNode> first = ask("ls", null);
            String firstId = pendingDecision();
            CompletableFuture<JsonNode> second = ask("pwd", null);
            eventually(Duration.ofSeconds(10), () -> !pendingDecision().equals(firstId));
            String secondId = pendingDecision();
            assertThat(decision(secondId).get("prev").asString()).isEqualTo(firstId);
            assertThat(decision(firstId).get("status").asString()).isEqualTo("superseded");
            assertThat(first.join().get("result").get("reason").asString()).isEqualTo("superseded");
            daemon.client().call("decision.answer", Map.of("decision_id", secondId, "option_id", "allow_once"));
            assertThat(second.join().get("result").get("option_id").asString()).isEqualTo("allow_once");
        }
    }

    @Nested
    class Clearing {

        @Test
        void leavingBlockedClearsItAsMovedOn() { // seed R323
            CompletableFuture<JsonNode> reply = ask("ls", null);
            String id = pendingDecision();
            hook(daemon.client(), pane, claude("PostToolUse", "s1", toolUse("Bash", "ls")));
            assertThat(reply.join().get("result").get("reason").asString()).isEqualTo("moved_on");
            assertThat(decision(id).get("reason").asString()).isEqualTo("moved_on");
        }

        @Test
        void turnEndKeepsItAndAClearedAttentionThenClearsIt() { // seed R325, seed R322
            CompletableFuture<JsonNode> reply = ask("ls", null);
            String id = pendingDecision();
            hook(daemon.client(), pane, "Stop", "s1");
            assertThat(decision(id).get("status").asString()).isEqualTo("pending");
            daemon.client().call("pane.mark_seen", Map.of("pane_id", pane)); // seed R330: seeing keeps it
            daemon.client().call("pane.read", Map.of("pane_id", pane));
            assertThat(decision(id).get("status").asString()).isEqualTo("pending");
            hook(daemon.client(), pane, "UserPromptSubmit", "s1");
            assertThat(reply.join().get("result").get("reason").asString()).isEqualTo("attention_cleared");
            assertThat(decision(id).get("reason").asString()).isEqualTo("attention_cleared");
        }

        @Test
        void thePanesExitClearsItAsPaneExitedAndDropsAttentionToUnread() { // seed R324, seed R42
            CompletableFuture<JsonNode> reply = ask("ls", null);
            String id = pendingDecision();
            long pid = daemon.client().call("pane.get", Map.of("pane_id", pane)).get("pane").get("pid").asLong();
            ProcessHandle.of(pid).ifPresent(ProcessHandle::destroy);
            assertThat(reply.join().get("result").get("reason").asString()).isEqualTo("pane_exited");
            assertThat(decision(id).get("reason").asString()).isEqualTo("pane_exited");
            eventually(Duration.ofSeconds(10), () -> daemon.client().call("pane.get", Map.of("pane_id", pane))
                    .get("attention").asString().equals("unread"));
        }

        @Test
        void attentionPendingShowsThePendingDecisionFirst() {
            CompletableFuture<JsonNode> reply = ask("ls", null);
            String id = pendingDecision();
            String other = sleeper(daemon.client(), daemon.workspace());
            daemon.client().call("notify", Map.of("pane_id", other, "message", "look at me"));
            JsonNode panes = daemon.client().call("attention.pending", Map.of("limit", 1000)).get("panes");
            int mine = -1;
            int notified = -1;
            for (int i = 0; i < panes.size(); i++) {
                String id2 = panes.get(i).get("pane_id").asString();
                mine = id2.equals(pane) ? i : mine;
                notified = id2.equals(other) ? i : notified;
            }
            assertThat(mine).isNotNegative().isLessThan(notified); // permission before unread
            assertThat(panes.get(mine).get("attention").asString()).isEqualTo("permission_required");
            assertThat(panes.get(mine).get("decision_id").asString()).isEqualTo(id);
            assertThat(panes.get(notified).get("message").asString()).isEqualTo("look at me");
            daemon.client().call("decision.answer", Map.of("decision_id", id, "option_id", "deny"));
            reply.join();
        }
    }

    @org.junit.jupiter.api.AfterEach
    void closeReporters() {
        reporters.forEach(ProtocolClient::close);
    }
}
