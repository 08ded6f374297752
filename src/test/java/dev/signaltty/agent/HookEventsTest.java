package dev.signaltty.agent;

import static dev.signaltty.agent.AgentDaemonFixture.claude;
import static dev.signaltty.agent.AgentDaemonFixture.hook;
import static dev.signaltty.agent.AgentDaemonFixture.sleeper;
import static dev.signaltty.agent.AgentDaemonFixture.toolUse;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import dev.signaltty.support.DaemonFixture;
import dev.signaltty.support.ProtocolClient;
import tools.jackson.databind.JsonNode;

/** The hook mapping table of docs/agents.md and the events it emits, seen on a subscription. */
class HookEventsTest {

    @RegisterExtension
    static final DaemonFixture daemon = new DaemonFixture("agents");

    static String state(String pane, String axis) {
        return daemon.client().call("pane.get", Map.of("pane_id", pane)).get(axis).asString();
    }

    /** Events about {@code pane} until one named {@code last} arrives. */
    static List<JsonNode> eventsUntil(ProtocolClient events, String pane, String last) {
        List<JsonNode> seen = new ArrayList<>();
        while (true) {
            JsonNode event = events.nextEvent();
            if (pane.equals(event.get("payload").path("pane_id").asString())) {
                seen.add(event);
                if (event.get("event").asString().equals(last)) {
                    return seen;
                }
            }
        }
    }

    @Test
    void aTurnEmitsAgentAttentionAndPaneEventsWithTheirIdsAndTheTurnStart() {
        try (ProtocolClient events = daemon.connect()) {
            events.call("subscribe", Map.of("events", List.of("agent.*", "attention.*", "workspace.turn_started")));
            String pane = daemon.client().call("pane.spawn", Map.of("workspace_id", daemon.workspace(), "argv", List.of("sleep", "600"),
                    "env", Map.of("SIGNALTTY_TASK", "task_fake1"))).get("pane_id").asString();
            hook(daemon.client(), pane, "SessionStart", "s1");
            hook(daemon.client(), pane, "UserPromptSubmit", "s1");
            List<JsonNode> seen = eventsUntil(events, pane, "workspace.turn_started");
            List<String> names = seen.stream().map(e -> e.get("event").asString()).toList();
            // agent state moves are agent.* and attention.* only; pane.updated is the pane's view (ADR 0270)
            assertThat(names).containsSubsequence("agent.idle", "agent.working", "workspace.turn_started");
            JsonNode working = seen.stream().filter(e -> e.get("event").asString().equals("agent.working"))
                    .findFirst().orElseThrow().get("payload");
            assertThat(working.get("workspace_id").asString()).isEqualTo(daemon.workspace());
            // a client's SIGNALTTY_TASK is only an env var: a pane is a task worker by task.start's typed
            // task id (TaskOrchestrationTest follows a real worker's task_id through its events)
            assertThat(working.has("task_id")).isFalse();
            assertThat(working.get("previous").asString()).isEqualTo("idle");
            assertThat(working.get("cause").asString()).isEqualTo("UserPromptSubmit");
            assertThat(working.get("agent_session_id").asString()).isEqualTo("s1");

            hook(daemon.client(), pane, claude("PermissionRequest", "s1", toolUse("Bash", "ls")));
            hook(daemon.client(), pane, claude("PostToolUse", "s1", toolUse("Bash", "ls")));
            hook(daemon.client(), pane, "Stop", "s1");
            List<String> rest = eventsUntil(events, pane, "agent.done").stream().map(e -> e.get("event").asString())
                    .toList();
            // working from blocked is the same turn: no second turn start
            assertThat(rest).containsSubsequence("agent.blocked", "attention.changed", "agent.working",
                    "attention.cleared", "agent.done").doesNotContain("workspace.turn_started");
        }
    }

    @Test
    void staleOrReorderedReportsCannotMoveTheStateBackwards() {
        String pane = sleeper(daemon.client(), daemon.workspace());
        hook(daemon.client(), pane, "SessionStart", "s1");
        hook(daemon.client(), pane, "UserPromptSubmit", "s1");
        hook(daemon.client(), pane, claude("PermissionRequest", "s1", toolUse("Bash", "ls")));
        hook(daemon.client(), pane, claude("PreToolUse", "s1", toolUse("Bash", "ls"))); // arrived late
        assertThat(state(pane, "lifecycle")).isEqualTo("blocked");
        hook(daemon.client(), pane, claude("PostToolUse", "s1", toolUse("Bash", "ls")));
        hook(daemon.client(), pane, "Stop", "s1");
        hook(daemon.client(), pane, claude("PostToolUse", "s1", toolUse("Bash", "ls"))); // late, after the turn ended
        assertThat(state(pane, "lifecycle")).isEqualTo("done");
    }

    @Test
    void readsAreNeverRefusedByAgentStateAndChangeNothing() { // seed R98, seed R99
        String pane = daemon.client().call("pane.spawn", Map.of("workspace_id", daemon.workspace(), "argv",
                List.of("sh", "-c", "echo visible-line; sleep 600"))).get("pane_id").asString();
        hook(daemon.client(), pane, "SessionStart", "s1");
        hook(daemon.client(), pane, "UserPromptSubmit", "s1");
        hook(daemon.client(), pane, claude("Notification", "s1", Map.of("notification_type", "permission_prompt",
                "message", "Claude needs your permission to use Bash")));
        assertThat(state(pane, "attention")).isEqualTo("permission_required");
        JsonNode before = daemon.client().call("pane.get", Map.of("pane_id", pane));
        daemon.client().call("pane.wait_for_output", Map.of("pane_id", pane, "match", "visible-line", "timeout_s", 10));
        for (String mode : List.of("screen", "tail", "rendered")) {
            assertThat(daemon.client().call("pane.read", Map.of("pane_id", pane, "mode", mode)).get("text").asString())
                    .as(mode).contains("visible-line");
        }
        JsonNode after = daemon.client().call("pane.get", Map.of("pane_id", pane));
        // passive: the agent's state, its attention and the wait baseline are exactly as before the reads
        assertThat(after.get("lifecycle")).isEqualTo(before.get("lifecycle"));
        assertThat(after.get("attention")).isEqualTo(before.get("attention"));
        assertThat(after.get("wait_baseline")).isEqualTo(before.get("wait_baseline"));
    }

    @Test
    void notificationsMapToAttention() {
        String pane = sleeper(daemon.client(), daemon.workspace());
        hook(daemon.client(), pane, "SessionStart", "s1");
        hook(daemon.client(), pane, claude("Notification", "s1", Map.of("notification_type", "idle_prompt",
                "message", "Claude is waiting for your input")));
        assertThat(state(pane, "attention")).isEqualTo("unread"); // waiting at its prompt asks nothing (ADR 1110)
        hook(daemon.client(), pane, claude("Notification", "s1", Map.of("notification_type", "elicitation_dialog",
                "message", "github asks: which repository?")));
        assertThat(state(pane, "attention")).isEqualTo("input_required");
        hook(daemon.client(), pane, claude("Notification", "s1", Map.of("notification_type", "permission_prompt",
                "message", "Claude needs your permission to use Bash")));
        assertThat(state(pane, "attention")).isEqualTo("permission_required");
        assertThat(state(pane, "lifecycle")).isEqualTo("blocked");
    }

    @Test
    void codexsAgentTurnCompleteIsDone() {
        String pane = sleeper(daemon.client(), daemon.workspace());
        JsonNode reply = daemon.client().call("hook-event", Map.of("pane_id", pane, "payload", Map.of(
                "type", "agent-turn-complete", "thread-id", "thr_1", "turn-id", "1", "cwd", daemon.root().toString(),
                "input-messages", List.of("fix the test"), "last-assistant-message", "Fixed.")));
        assertThat(reply.get("lifecycle").asString()).isEqualTo("done");
        assertThat(reply.get("attention").asString()).isEqualTo("unread");
        JsonNode pane2 = daemon.client().call("pane.get", Map.of("pane_id", pane));
        assertThat(pane2.get("agent").asString()).isEqualTo("codex");
        assertThat(pane2.get("wait_baseline").get("agent_session_id").asString()).isEqualTo("thr_1");
    }

    /** Codex's title thread sends notify under another thread mid-turn: once hooks report, notify moves nothing. */
    @Test
    void codexsNotifyChangesNothingOnceItsHooksReport() {
        String pane = sleeper(daemon.client(), daemon.workspace());
        for (String event : List.of("SessionStart", "UserPromptSubmit")) {
            daemon.client().call("hook-event", Map.of("pane_id", pane, "agent", "codex",
                    "payload", claude(event, "thr_main", Map.of())));
        }
        JsonNode reply = daemon.client().call("hook-event", Map.of("pane_id", pane, "agent", "codex", "payload", Map.of(
                "type", "agent-turn-complete", "thread-id", "thr_title", "turn-id", "1",
                "input-messages", List.of("Generate a concise, single-line task title"), "last-assistant-message", "Noted.")));
        assertThat(reply.get("lifecycle").asString()).isEqualTo("working");
        assertThat(reply.path("moved").isEmpty()).isTrue();
        JsonNode got = daemon.client().call("pane.get", Map.of("pane_id", pane));
        assertThat(got.get("wait_baseline").get("agent_session_id").asString()).isEqualTo("thr_main");
        reply = daemon.client().call("hook-event", Map.of("pane_id", pane, "agent", "codex",
                "payload", claude("Stop", "thr_main", Map.of())));
        assertThat(reply.get("lifecycle").asString()).isEqualTo("done");
    }

    /**
     * ADR 0455: what a subagent reports ({@code agent_id}: a Codex child thread's hooks carry the parent's session and
     * their own turn_id) stays inside the pane's turn. Its UserPromptSubmit neither unblocks nor clears attention nor
     * restarts a finished turn, and a turn end it reports moves nothing; only the main agent's Stop ends the turn.
     */
    @Test
    void aSubagentsPromptAndTurnEndsStayInsideTheMainTurn() {
        String pane = sleeper(daemon.client(), daemon.workspace());
        Map<String, Object> child = Map.of("agent_id", "thr_child", "agent_type", "default", "turn_id", "turn_child");
        for (String event : List.of("SessionStart", "UserPromptSubmit", "PermissionRequest")) {
            daemon.client().call("hook-event", Map.of("pane_id", pane, "agent", "codex",
                    "payload", claude(event, "thr_main", Map.of("turn_id", "turn_main"))));
        }
        JsonNode reply = daemon.client().call("hook-event", Map.of("pane_id", pane, "agent", "codex",
                "payload", claude("UserPromptSubmit", "thr_main", child)));
        assertThat(reply.get("lifecycle").asString()).isEqualTo("blocked");
        assertThat(reply.get("attention").asString()).isEqualTo("permission_required");
        daemon.client().call("hook-event", Map.of("pane_id", pane, "agent", "codex",
                "payload", claude("PostToolUse", "thr_main", Map.of("turn_id", "turn_main"))));
        for (String end : List.of("Stop", "Interrupt", "SessionEnd")) {
            reply = daemon.client().call("hook-event", Map.of("pane_id", pane, "agent", "codex",
                    "payload", claude(end, "thr_main", child)));
            assertThat(reply.get("lifecycle").asString()).as(end).isEqualTo("working");
            assertThat(reply.get("transitions")).as(end).isEmpty(); // seed R125: no transition
        }
        reply = daemon.client().call("hook-event", Map.of("pane_id", pane, "agent", "codex",
                "payload", claude("Stop", "thr_main", Map.of("turn_id", "turn_main"))));
        assertThat(reply.get("lifecycle").asString()).isEqualTo("done");
        reply = daemon.client().call("hook-event", Map.of("pane_id", pane, "agent", "codex",
                "payload", claude("UserPromptSubmit", "thr_main", child))); // a child left running after the turn
        assertThat(reply.get("lifecycle").asString()).isEqualTo("done");
        assertThat(reply.get("attention").asString()).isEqualTo("unread");
        JsonNode explained = daemon.client().call("agent.explain", Map.of("pane_id", pane)).get("lifecycle");
        assertThat(explained.get("hook_event").asString()).isEqualTo("Stop");
    }

    @Test
    void aPayloadWithoutAnEventNameOrAPaneIsBadParams() {
        String pane = sleeper(daemon.client(), daemon.workspace());
        assertThat(daemon.client().errorCode("hook-event", Map.of("pane_id", pane, "payload", Map.of("x", 1))))
                .isEqualTo("BAD_PARAMS");
        assertThat(daemon.client().errorCode("hook-event", Map.of("payload", claude("Stop", "s1", Map.of()))))
                .isEqualTo("BAD_PARAMS");
        assertThat(daemon.client().errorCode("hook-event", Map.of("pane_id", "pane_gone", "payload",
                claude("Stop", "s1", Map.of())))).isEqualTo("NO_SUCH_PANE");
    }

    /** The payload is the agent's own JSON, open but an object (ADR 0341); schema says so. */
    @Test
    void aPayloadThatIsNotAnObjectIsBadParamsAndTheSchemaCallsItOpen() {
        String pane = sleeper(daemon.client(), daemon.workspace());
        for (Object payload : List.of("Stop", 7, List.of(Map.of("hook_event_name", "Stop")))) {
            JsonNode reply = daemon.client().request("hook-event", Map.of("pane_id", pane, "payload", payload));
            assertThat(reply.get("error").get("code").asString()).as(payload.toString()).isEqualTo("BAD_PARAMS");
            assertThat(reply.get("error").get("details").get("field").asString()).isEqualTo("payload");
            assertThat(reply.get("error").get("message").asString()).contains("must be an object");
        }
        String type = null;
        for (JsonNode method : daemon.client().call("schema", Map.of()).get("methods")) {
            if (method.get("name").asString().equals("hook-event")) {
                type = method.get("params").get("payload").get("type").asString();
            }
        }
        assertThat(type).isEqualTo("open_object");
    }

    @Test
    void notifyCreatesANotificationAndMarkSeenClearsOnlyUnread() {
        String pane = sleeper(daemon.client(), daemon.workspace());
        JsonNode created = daemon.client().call("notify", Map.of("pane_id", pane, "message", "build finished", "title", "ci"));
        assertThat(created.get("notification_id").asString()).startsWith("ntf_");
        assertThat(created.get("attention").asString()).isEqualTo("unread");
        JsonNode seen = daemon.client().call("pane.mark_seen", Map.of("pane_id", pane));
        assertThat(seen.get("changed").asBoolean()).isTrue();
        assertThat(seen.get("attention").asString()).isEqualTo("none");
        hook(daemon.client(), pane, claude("Notification", "s1", Map.of("notification_type", "elicitation_dialog")));
        assertThat(daemon.client().call("pane.mark_seen", Map.of("pane_id", pane)).get("attention").asString())
                .isEqualTo("input_required");
    }

    @Test
    void aSubmitThatNoActivityFollowsAnswersUnconfirmedAfterOneEnterRetry() { // seed R53
        String pane = daemon.client().call("pane.spawn", Map.of("workspace_id", daemon.workspace(), "argv", List.of("cat")))
                .get("pane_id").asString();
        hook(daemon.client(), pane, "SessionStart", "s1"); // an agent pane, ready, whose hooks will stay silent
        JsonNode result = daemon.client().call("pane.submit", Map.of("pane_id", pane, "text", "hello", "submit_delay_ms", 0,
                "stall_timeout_s", 1));
        assertThat(result.get("confirmed").asBoolean()).isFalse();
        assertThat(result.get("enter_retried").asBoolean()).isTrue();
    }

    @Test
    void aSubmitConfirmedByANewerWorkingTransition() { // seed R53
        String pane = daemon.client().call("pane.spawn", Map.of("workspace_id", daemon.workspace(), "argv", List.of("cat")))
                .get("pane_id").asString();
        hook(daemon.client(), pane, "SessionStart", "s1");
        Thread.ofVirtual().start(() -> {
            try {
                Thread.sleep(300);
            } catch (InterruptedException e) {
                return;
            }
            try (ProtocolClient agent = daemon.connect()) {
                hook(agent, pane, "UserPromptSubmit", "s1");
            }
        });
        JsonNode result = daemon.client().call("pane.submit", Map.of("pane_id", pane, "text", "hello", "submit_delay_ms", 0,
                "stall_timeout_s", 10));
        assertThat(result.get("confirmed").asBoolean()).isTrue();
        assertThat(result.get("enter_retried").asBoolean()).isFalse();
    }

    /** The pane's row in attention.pending, null when it is not listed. */
    static JsonNode pendingRow(String pane) {
        for (JsonNode p : daemon.client().call("attention.pending", Map.of("limit", 1000)).get("panes")) {
            if (pane.equals(p.get("pane_id").asString())) {
                return p;
            }
        }
        return null;
    }

    /**
     * A message says what the attention it came with was about: once that attention is over (a new prompt,
     * mark_seen), the next turn's end does not show it again (ADR 1022).
     */
    @Test
    void aMessageIsShownWithTheAttentionItCameWithNotAtALaterTurnsEnd() {
        String pane = sleeper(daemon.client(), daemon.workspace());
        hook(daemon.client(), pane, "SessionStart", "s1");
        hook(daemon.client(), pane, "UserPromptSubmit", "s1");
        hook(daemon.client(), pane, claude("StopFailure", "s1", Map.of("error", "rate_limit")));
        // seed R352: the failed turn waits in attention.pending with what happened
        assertThat(pendingRow(pane).get("message").asString()).isEqualTo("the turn failed: rate_limit");

        hook(daemon.client(), pane, "UserPromptSubmit", "s1"); // the person tries again
        hook(daemon.client(), pane, "Stop", "s1"); // and this turn ends well
        JsonNode row = pendingRow(pane);
        assertThat(row.get("attention").asString()).isEqualTo("unread");
        assertThat(row.path("message").asString(null)).as("the earlier turn's failure").isNull();

        daemon.client().call("notify", Map.of("pane_id", pane, "message", "tests passed"));
        daemon.client().call("pane.mark_seen", Map.of("pane_id", pane));
        hook(daemon.client(), pane, "UserPromptSubmit", "s1");
        hook(daemon.client(), pane, "Stop", "s1");
        assertThat(pendingRow(pane).path("message").asString(null)).as("a notification already seen").isNull();
    }
}
