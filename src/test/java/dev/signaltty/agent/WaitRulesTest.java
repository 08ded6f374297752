package dev.signaltty.agent;

import static dev.signaltty.agent.AgentDaemonFixture.baseline;
import static dev.signaltty.agent.AgentDaemonFixture.claude;
import static dev.signaltty.agent.AgentDaemonFixture.hook;
import static dev.signaltty.agent.AgentDaemonFixture.sleeper;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import dev.signaltty.support.DaemonFixture;
import dev.signaltty.support.ProtocolClient;
import dev.signaltty.transport.ProtocolJson;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/** Every wait rule of the seed (ADR-0018), against a real daemon with panes on real PTYs. */
class WaitRulesTest {

    @RegisterExtension
    static final DaemonFixture daemon = new DaemonFixture("agents");
    String pane;

    @BeforeEach
    void newPane() {
        pane = sleeper(daemon.client(), daemon.workspace());
    }

    JsonNode waitFor(Object until, JsonNode after, double timeout) {
        Map<String, Object> params = new HashMap<>(Map.of("pane_id", pane, "until", until, "timeout_s", timeout));
        if (after != null) {
            params.put("after", after);
        }
        try (ProtocolClient waiter = daemon.connect()) {
            return waiter.request("wait", params);
        }
    }

    static void assertBadField(JsonNode response, String field, String message) {
        assertThat(code(response)).as(field).isEqualTo("BAD_PARAMS");
        assertThat(response.get("error").get("details").get("field").asString()).isEqualTo(field);
        assertThat(response.get("error").get("message").asString()).contains(message);
    }

    static String code(JsonNode response) {
        return response.get("ok").asBoolean() ? "ok" : response.get("error").get("code").asString();
    }

    @Nested
    class WithoutABaseline {

        @Test
        void succeedsAtOnceWhenTheCurrentStateAlreadyMatches() { // seed R23
            hook(daemon.client(), pane, "SessionStart", "s1");
            long seq = baseline(daemon.client(), pane).get("lifecycle_seq").asLong();
            JsonNode reply = waitFor("idle", null, 5);
            assertThat(reply.get("ok").asBoolean()).isTrue();
            assertThat(reply.get("result").get("outcome").asString()).isEqualTo("idle");
            assertThat(reply.get("result").get("transition_seq").asLong()).isEqualTo(seq);
        }

        @Test
        void acceptsEveryLifecycleAndAttentionStateAndThePseudoStates() { // seed R20, seed R21
            for (String state : List.of("unknown", "idle", "working", "blocked", "done", "exited", "none", "unread",
                    "input_required", "permission_required", "seen", "attention_cleared")) {
                assertThat(code(waitFor(state, null, 0.05))).as(state).isIn("ok", "TIMEOUT");
            }
        }

        @Test
        void waitsForAFutureTransitionWhenNothingMatchesYet() {
            hook(daemon.client(), pane, "SessionStart", "s1");
            Thread.ofVirtual().start(() -> {
                sleep(300);
                hook(daemon.client(), pane, "UserPromptSubmit", "s1");
            });
            JsonNode reply = waitFor("working", null, 10);
            assertThat(reply.get("result").get("outcome").asString()).isEqualTo("working");
            assertThat(reply.get("result").get("lifecycle").asString()).isEqualTo("working");
        }
    }

    @Nested
    class WithABaseline {

        @Test
        void onlyANewerTransitionMatches() { // seed R120
            hook(daemon.client(), pane, "SessionStart", "s1");
            JsonNode base = baseline(daemon.client(), pane);
            assertThat(code(waitFor("idle", base, 0.3))).isEqualTo("TIMEOUT");
        }

        @Test
        void matchesFastWorkThatFinishedAndMovedOnBeforeTheWaitArrived() { // seed R122, seed R123, seed R124, seed R119
            hook(daemon.client(), pane, "SessionStart", "s1");
            JsonNode base = baseline(daemon.client(), pane);
            hook(daemon.client(), pane, "UserPromptSubmit", "s1");
            hook(daemon.client(), pane, "Stop", "s1");
            long doneSeq = baseline(daemon.client(), pane).get("lifecycle_seq").asLong();
            hook(daemon.client(), pane, "UserPromptSubmit", "s1"); // already moved on to the next turn
            JsonNode result = waitFor("done", base, 5).get("result");
            assertThat(result.get("outcome").asString()).isEqualTo("done");
            assertThat(result.get("transition_seq").asLong()).isEqualTo(doneSeq);
            assertThat(result.get("lifecycle").asString()).isEqualTo("working");
        }

        @Test
        void attentionChangesCannotValidateAnOldDone() { // seed R121
            hook(daemon.client(), pane, "SessionStart", "s1");
            hook(daemon.client(), pane, "UserPromptSubmit", "s1");
            hook(daemon.client(), pane, "Stop", "s1");
            JsonNode base = baseline(daemon.client(), pane);
            daemon.client().call("pane.mark_seen", Map.of("pane_id", pane));
            daemon.client().call("notify", Map.of("pane_id", pane, "message", "look"));
            assertThat(code(waitFor("done", base, 0.3))).isEqualTo("TIMEOUT");
            assertThat(code(waitFor("unread", base, 1))).isEqualTo("ok");
        }

        @Test
        void matchesAlternativesInTheCallersOrder() { // seed R22
            hook(daemon.client(), pane, "SessionStart", "s1");
            hook(daemon.client(), pane, "UserPromptSubmit", "s1");
            JsonNode base = baseline(daemon.client(), pane);
            hook(daemon.client(), pane, "Stop", "s1"); // done and unread
            assertThat(waitFor(List.of("unread", "done"), base, 1).get("result").get("outcome").asString())
                    .isEqualTo("unread");
            assertThat(waitFor(List.of("done", "unread"), base, 1).get("result").get("outcome").asString())
                    .isEqualTo("done");
        }

        @Test
        void repeatedSameStateHooksCreateNoNewTransition() { // seed R125
            hook(daemon.client(), pane, "SessionStart", "s1");
            hook(daemon.client(), pane, "UserPromptSubmit", "s1");
            JsonNode base = baseline(daemon.client(), pane);
            hook(daemon.client(), pane, claude("PreToolUse", "s1", AgentDaemonFixture.toolUse("Bash", "ls")));
            hook(daemon.client(), pane, claude("PostToolUse", "s1", AgentDaemonFixture.toolUse("Bash", "ls")));
            assertThat(baseline(daemon.client(), pane).get("lifecycle_seq").asLong()).isEqualTo(base.get("lifecycle_seq").asLong());
            assertThat(code(waitFor("working", base, 0.3))).isEqualTo("TIMEOUT");
        }

        @Test
        void seenIsTheMarkSeenClearAndAttentionClearedAnyClear() { // seed R21
            hook(daemon.client(), pane, "SessionStart", "s1");
            hook(daemon.client(), pane, "UserPromptSubmit", "s1");
            hook(daemon.client(), pane, "Stop", "s1");
            JsonNode base = baseline(daemon.client(), pane);
            daemon.client().call("pane.mark_seen", Map.of("pane_id", pane));
            assertThat(waitFor(List.of("seen"), base, 1).get("result").get("outcome").asString()).isEqualTo("seen");
            assertThat(waitFor(List.of("attention_cleared"), base, 1).get("result").get("outcome").asString())
                    .isEqualTo("attention_cleared");
            daemon.client().call("notify", Map.of("pane_id", pane, "message", "again"));
            JsonNode base2 = baseline(daemon.client(), pane);
            hook(daemon.client(), pane, "UserPromptSubmit", "s1"); // a prompt clears attention, but that is not "seen"
            assertThat(code(waitFor("seen", base2, 0.3))).isEqualTo("TIMEOUT");
            assertThat(code(waitFor("attention_cleared", base2, 1))).isEqualTo("ok");
        }
    }

    @Nested
    class Identity {

        @Test
        void theFirstSessionDiscoveryIsAllowed() { // seed R130
            JsonNode base = baseline(daemon.client(), pane);
            assertThat(base.get("session_generation").asLong()).isZero();
            hook(daemon.client(), pane, "SessionStart", "s1");
            assertThat(code(waitFor("idle", base, 1))).isEqualTo("ok");
        }

        @Test
        void aReplacedSessionIsIdentityChangedEvenBackToTheOriginal() { // seed R128, seed R131
            hook(daemon.client(), pane, "SessionStart", "s1");
            JsonNode first = baseline(daemon.client(), pane);
            hook(daemon.client(), pane, "SessionStart", "s2");
            assertThat(code(waitFor("idle", first, 1))).isEqualTo("IDENTITY_CHANGED");
            JsonNode second = baseline(daemon.client(), pane);
            hook(daemon.client(), pane, "SessionStart", "s1");
            assertThat(baseline(daemon.client(), pane).get("agent_session_id").asString()).isEqualTo("s1");
            assertThat(code(waitFor("idle", second, 1))).isEqualTo("IDENTITY_CHANGED");
            assertThat(code(waitFor("idle", first, 1))).isEqualTo("IDENTITY_CHANGED");
        }

        @Test
        void aLateReportFromALeftSessionIsIgnored() {
            hook(daemon.client(), pane, "SessionStart", "s1");
            hook(daemon.client(), pane, "SessionStart", "s2");
            hook(daemon.client(), pane, "UserPromptSubmit", "s1");
            assertThat(daemon.client().call("pane.get", Map.of("pane_id", pane)).get("lifecycle").asString()).isEqualTo("idle");
        }

        @Test
        void anExitKeepsTheProcessIdentitySoUntilExitedSucceeds() { // seed R129, seed R42
            String shortLived = daemon.client().call("pane.spawn", Map.of("workspace_id", daemon.workspace(), "argv",
                    List.of("sh", "-c", "sleep 1"))).get("pane_id").asString();
            hook(daemon.client(), shortLived, "SessionStart", "s1");
            hook(daemon.client(), shortLived, claude("Notification", "s1", Map.of("notification_type", "elicitation_dialog",
                    "message", "github asks: which repository?")));
            assertThat(daemon.client().call("pane.get", Map.of("pane_id", shortLived)).get("attention").asString())
                    .isEqualTo("input_required");
            JsonNode base = baseline(daemon.client(), shortLived);
            Map<String, Object> params = Map.of("pane_id", shortLived, "until", "exited", "after", base, "timeout_s", 10);
            try (ProtocolClient waiter = daemon.connect()) {
                JsonNode result = waiter.call("wait", params);
                assertThat(result.get("outcome").asString()).isEqualTo("exited");
                assertThat(result.get("attention").asString()).isEqualTo("unread");
            }
        }
    }

    @Nested
    class BadRequests {

        @Test
        void anEmptyOrUnknownOutcomeIsBadParamsNamingTheItem() { // seed R134
            assertBadField(waitFor(List.of(), null, 1), "until", "must not be empty");
            assertBadField(waitFor("finished", null, 1), "until", "unknown value 'finished' (one of unknown, idle,");
            assertBadField(waitFor("IDLE", null, 1), "until", "unknown value 'IDLE'"); // the wire is lower case
            assertBadField(waitFor(List.of("done", 3), null, 1), "until[1]", "must be a string");
            assertBadField(waitFor(List.of("done", "later"), null, 1), "until[1]", "unknown value 'later'");
            assertBadField(waitFor(Map.of("state", "done"), null, 1), "until", "must be a string");
        }

        @Test
        void aMalformedBaselineIsBadParamsNamingTheMember() { // seed R133
            JsonNode base = baseline(daemon.client(), pane);
            for (String field : List.of("pane_id", "process_instance", "lifecycle_seq", "attention_seq",
                    "session_generation")) {
                ObjectNode broken = ((ObjectNode) base).deepCopy();
                broken.remove(field);
                assertBadField(waitFor("done", broken, 1), "after." + field, "is required");
            }
            ObjectNode wrongType = ((ObjectNode) base).deepCopy();
            wrongType.put("lifecycle_seq", "seven");
            assertBadField(waitFor("done", wrongType, 1), "after.lifecycle_seq", "must be an integer");
            ObjectNode negative = ((ObjectNode) base).deepCopy();
            negative.put("attention_seq", -1);
            assertBadField(waitFor("done", negative, 1), "after.attention_seq", "nonnegative");
            ObjectNode emptyProcess = ((ObjectNode) base).deepCopy();
            emptyProcess.put("process_instance", "");
            assertBadField(waitFor("done", emptyProcess, 1), "after.process_instance", "nonempty");
            ObjectNode unfitting = ((ObjectNode) base).deepCopy();
            unfitting.put("session_generation", 3);
            assertBadField(waitFor("done", unfitting, 1), "after.session_generation", "does not fit");
            assertBadField(waitFor("done", ProtocolJson.MAPPER.valueToTree("baseline"), 1), "after", "must be an object");
            ObjectNode otherPane = ((ObjectNode) base).deepCopy();
            otherPane.put("pane_id", "pane_other");
            assertBadField(waitFor("done", otherPane, 1), "after.pane_id", "belongs to pane pane_other");
        }

        @Test
        void theSchemaTypesUntilAndAfter() { // seed R20, seed R21, seed R133
            JsonNode params = null;
            for (JsonNode method : daemon.client().call("schema", Map.of()).get("methods")) {
                if (method.get("name").asString().equals("wait")) {
                    params = method.get("params");
                }
            }
            assertThat(params).isNotNull();
            JsonNode until = params.get("until").get("type").get("one_or_many").get("enum");
            List<String> outcomes = new java.util.ArrayList<>();
            until.forEach(v -> outcomes.add(v.asString()));
            assertThat(outcomes).containsExactly("unknown", "idle", "working", "blocked", "done", "exited", "none",
                    "unread", "input_required", "permission_required", "seen", "attention_cleared");
            JsonNode after = params.get("after").get("type");
            assertThat(after.properties().stream().map(java.util.Map.Entry::getKey).toList()).containsExactly("pane_id",
                    "process_instance", "agent_session_id", "session_generation", "lifecycle_seq", "attention_seq");
            assertThat(after.get("agent_session_id").get("required").asBoolean()).isFalse();
            assertThat(after.get("lifecycle_seq").get("type").asString()).isEqualTo("integer");
        }

        @Test
        void aBaselineAheadOfThePaneIsBadParams() { // seed R133
            ObjectNode ahead = ((ObjectNode) baseline(daemon.client(), pane)).deepCopy();
            ahead.put("lifecycle_seq", 1_000_000_000L);
            assertThat(code(waitFor("done", ahead, 1))).isEqualTo("BAD_PARAMS");
        }

        @Test
        void aMissingPaneIsNoSuchPane() { // seed R132
            try (ProtocolClient waiter = daemon.connect()) {
                assertThat(waiter.errorCode("wait", Map.of("pane_id", "pane_missing", "until", "done")))
                        .isEqualTo("NO_SUCH_PANE");
            }
        }
    }

    @Nested
    class SingleFlight {

        @Test
        void anotherRequestOnTheConnectionCancelsTheWait() { // seed R136
            try (ProtocolClient waiter = daemon.connect()) {
                waiter.sendRaw("{\"id\":1,\"method\":\"wait\",\"params\":{\"pane_id\":\"" + pane
                        + "\",\"until\":\"done\",\"timeout_s\":60}}\n");
                sleep(200);
                waiter.sendRaw("{\"id\":2,\"method\":\"ping\"}\n");
                JsonNode first = waiter.nextResponse();
                assertThat(first.get("id").asInt()).isEqualTo(1);
                assertThat(first.get("error").get("code").asString()).isEqualTo("TIMEOUT");
                assertThat(first.get("error").get("details").get("cause").asString()).isEqualTo("superseded");
                assertThat(waiter.nextResponse().get("result").get("pong").asBoolean()).isTrue();
            }
        }

        @Test
        void anEofCancelsTheWaitAtOnce() { // seed R135
            var states = daemon.bean(dev.signaltty.agent.internal.AgentStates.class);
            int before = states.activeWaiters();
            ProtocolClient waiter = daemon.connect();
            waiter.sendRaw("{\"id\":1,\"method\":\"wait\",\"params\":{\"pane_id\":\"" + pane
                    + "\",\"until\":\"done\",\"timeout_s\":600}}\n");
            ProtocolClient.eventually(java.time.Duration.ofSeconds(10), () -> states.activeWaiters() == before + 1);
            waiter.close();
            ProtocolClient.eventually(java.time.Duration.ofSeconds(2), () -> states.activeWaiters() == before);
        }

        @Test
        void theSchemaAdvertisesWaitAsSingleFlightWithBaselines() { // seed R138
            JsonNode schema = daemon.client().call("schema", Map.of());
            assertThat(schema.get("capabilities").toString()).contains("wait_baseline", "single_flight_waits");
            boolean single = false;
            for (JsonNode method : schema.get("methods")) {
                if (method.get("name").asString().equals("wait")) {
                    single = method.path("single_flight").asBoolean();
                }
            }
            assertThat(single).isTrue();
        }
    }

    static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
