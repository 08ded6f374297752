package dev.signaltty.agent;

import static dev.signaltty.agent.AgentDaemonFixture.claude;
import static dev.signaltty.agent.AgentDaemonFixture.hook;
import static dev.signaltty.agent.AgentDaemonFixture.sleeper;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import dev.signaltty.support.DaemonFixture;
import dev.signaltty.support.ProtocolClient;
import tools.jackson.databind.JsonNode;

/**
 * {@code attention.changed} says what the pane waits with (its optional {@code message}, the text
 * attention.pending shows), through the real socket: a Claude Code Notification hook's message, a
 * notify's; a wait that ended takes its text with it, so a later wait with nothing to say carries none.
 */
class AttentionChangedMessageTest {

    @RegisterExtension
    static final DaemonFixture daemon = new DaemonFixture("attention-message");

    /** The next attention.* event of {@code pane} on {@code events}. */
    static JsonNode nextAttention(ProtocolClient events, String pane) {
        while (true) {
            JsonNode event = events.nextEvent();
            if (event.get("event").asString().startsWith("attention.") && pane.equals(event.get("payload").path("pane_id").asString())) {
                return event;
            }
        }
    }

    @Test
    void aHooksNotificationMessageIsCarriedByAttentionChanged() {
        String pane = sleeper(daemon.client(), daemon.workspace());
        hook(daemon.client(), pane, "SessionStart", "s1");
        try (ProtocolClient events = daemon.connect()) {
            events.call("subscribe", Map.of("events", List.of("attention.*"))); // seed R139
            hook(daemon.client(), pane, claude("Notification", "s1", Map.of("notification_type", "permission_prompt",
                    "message", "Claude needs your permission to use Bash")));
            JsonNode raised = nextAttention(events, pane);
            assertThat(raised.get("event").asString()).isEqualTo("attention.changed");
            assertThat(raised.get("payload").get("attention").asString()).isEqualTo("permission_required");
            assertThat(raised.get("payload").get("message").asString()).isEqualTo("Claude needs your permission to use Bash");

            // answered: the wait is over, and so is its text
            hook(daemon.client(), pane, "UserPromptSubmit", "s1");
            JsonNode cleared = nextAttention(events, pane);
            assertThat(cleared.get("event").asString()).isEqualTo("attention.cleared");
            assertThat(cleared.get("payload").has("message")).as(cleared.toString()).isFalse();

            // the turn ends with nothing said: unread, and no stale permission text with it
            hook(daemon.client(), pane, "Stop", "s1");
            JsonNode unread = nextAttention(events, pane);
            assertThat(unread.get("payload").get("attention").asString()).isEqualTo("unread");
            assertThat(unread.get("payload").has("message")).as(unread.toString()).isFalse();
        }
    }

    @Test
    void aNotifysMessageIsCarriedByAttentionChanged() {
        String pane = sleeper(daemon.client(), daemon.workspace());
        try (ProtocolClient events = daemon.connect()) {
            events.call("subscribe", Map.of("events", List.of("attention.*")));
            daemon.client().call("notify", Map.of("pane_id", pane, "message", "tests are green"));
            JsonNode raised = nextAttention(events, pane);
            assertThat(raised.get("payload").get("attention").asString()).isEqualTo("unread");
            assertThat(raised.get("payload").get("message").asString()).isEqualTo("tests are green");
            // attention.pending shows the same text for the pane
            JsonNode row = daemon.client().call("attention.pending", Map.of()).get("panes").valueStream()
                    .filter((p) -> pane.equals(p.get("pane_id").asString())).findFirst().orElseThrow();
            assertThat(row.get("message").asString()).isEqualTo("tests are green");
        }
    }
}
