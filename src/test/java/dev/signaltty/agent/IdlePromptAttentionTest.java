package dev.signaltty.agent;

import static dev.signaltty.agent.AgentDaemonFixture.claude;
import static dev.signaltty.agent.AgentDaemonFixture.hook;
import static dev.signaltty.agent.AgentDaemonFixture.sleeper;
import static dev.signaltty.agent.AgentDaemonFixture.toolUse;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;

import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import dev.signaltty.support.DaemonFixture;
import tools.jackson.databind.JsonNode;

/**
 * Claude Code's Notification hook {@code idle_prompt} ("Claude is waiting for your input") says the agent waits at
 * its prompt: no question, nothing to answer. It is the news of a turn's end, as a Stop is: {@code unread} at most,
 * which {@code pane.mark_seen} ends; a permission prompt or an MCP question stays until answered (ADR 1110).
 */
class IdlePromptAttentionTest {

    @RegisterExtension
    static final DaemonFixture daemon = new DaemonFixture("idle-prompt");

    static final Map<String, Object> IDLE = Map.of("notification_type", "idle_prompt",
            "message", "Claude is waiting for your input");

    static String attention(String pane) {
        return daemon.client().call("pane.get", Map.of("pane_id", pane)).get("attention").asString();
    }

    static JsonNode markSeen(String pane) {
        return daemon.client().call("pane.mark_seen", Map.of("pane_id", pane));
    }

    static @Nullable JsonNode pendingRow(String pane) {
        for (JsonNode p : daemon.client().call("attention.pending", Map.of("limit", 1000)).get("panes")) {
            if (pane.equals(p.get("pane_id").asString())) {
                return p;
            }
        }
        return null;
    }

    /** The real Claude's order (ClaudeNotificationRealTest): Stop, then idle_prompt a while later. */
    @Test
    void aFinishedClaudeThatWasLookedAtLeavesTheListAndItsIdlePromptBringsNoSecondNews() {
        String pane = sleeper(daemon.client(), daemon.workspace());
        hook(daemon.client(), pane, "SessionStart", "s1");
        hook(daemon.client(), pane, "UserPromptSubmit", "s1");
        hook(daemon.client(), pane, "Stop", "s1");
        hook(daemon.client(), pane, claude("Notification", "s1", IDLE));
        // the turn's end, still unseen: unread, not raised to a question
        assertThat(attention(pane)).isEqualTo("unread");
        assertThat(pendingRow(pane).get("message").asString()).isEqualTo("Claude is waiting for your input");
        JsonNode seen = markSeen(pane);
        assertThat(seen.get("changed").asBoolean()).isTrue();
        assertThat(seen.get("attention").asString()).isEqualTo("none");
        assertThat(pendingRow(pane)).as("looked at, the finished Claude is no longer listed").isNull();

        // looked at before Claude's idle timer ran out: its idle prompt is the same turn end, already seen
        hook(daemon.client(), pane, "UserPromptSubmit", "s1");
        hook(daemon.client(), pane, "Stop", "s1");
        markSeen(pane);
        hook(daemon.client(), pane, claude("Notification", "s1", IDLE));
        assertThat(attention(pane)).isEqualTo("none");
        // and its message does not wait to be shown with the next turn's end (ADR 1022)
        hook(daemon.client(), pane, "UserPromptSubmit", "s1");
        hook(daemon.client(), pane, "Stop", "s1");
        assertThat(pendingRow(pane).path("message").asString(null)).isNull();
    }

    @Test
    void anIdlePromptThatEndsATurnWithoutAStopIsUnreadAndSeenEndsIt() {
        String pane = sleeper(daemon.client(), daemon.workspace());
        hook(daemon.client(), pane, "SessionStart", "s1");
        hook(daemon.client(), pane, "UserPromptSubmit", "s1");
        hook(daemon.client(), pane, claude("Notification", "s1", IDLE)); // an interrupt (Esc) fires no Stop
        JsonNode state = daemon.client().call("pane.get", Map.of("pane_id", pane));
        assertThat(state.get("lifecycle").asString()).isEqualTo("done");
        assertThat(state.get("attention").asString()).isEqualTo("unread");
        assertThat(markSeen(pane).get("attention").asString()).isEqualTo("none");
        hook(daemon.client(), pane, claude("Notification", "s1", IDLE)); // waiting at a fresh prompt
        assertThat(attention(pane)).isEqualTo("none");
    }

    @Test
    void aClaudeWaitingAtItsFirstPromptIsUnreadUntilSeen() {
        String pane = sleeper(daemon.client(), daemon.workspace());
        hook(daemon.client(), pane, "SessionStart", "s1");
        hook(daemon.client(), pane, claude("Notification", "s1", IDLE));
        assertThat(attention(pane)).isEqualTo("unread");
        assertThat(markSeen(pane).get("attention").asString()).isEqualTo("none");
    }

    @Test
    void questionsAndPermissionPromptsStayUntilAnsweredAndAnIdlePromptDoesNotLowerThem() { // seed R330
        String asked = sleeper(daemon.client(), daemon.workspace());
        hook(daemon.client(), asked, "SessionStart", "s1");
        hook(daemon.client(), asked, "UserPromptSubmit", "s1");
        hook(daemon.client(), asked, claude("Notification", "s1", Map.of("notification_type", "elicitation_dialog",
                "message", "github asks: which repository?")));
        hook(daemon.client(), asked, claude("Notification", "s1", IDLE));
        assertThat(markSeen(asked).get("attention").asString()).isEqualTo("input_required");

        String blocked = sleeper(daemon.client(), daemon.workspace());
        hook(daemon.client(), blocked, "SessionStart", "s1");
        hook(daemon.client(), blocked, "UserPromptSubmit", "s1");
        hook(daemon.client(), blocked, claude("PermissionRequest", "s1", toolUse("Bash", "make deploy")));
        hook(daemon.client(), blocked, claude("Notification", "s1", IDLE));
        JsonNode seen = markSeen(blocked);
        assertThat(seen.get("changed").asBoolean()).isFalse();
        assertThat(seen.get("attention").asString()).isEqualTo("permission_required");
    }
}
