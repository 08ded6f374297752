package dev.signaltty.agent;

import static dev.signaltty.agent.AgentDaemonFixture.claude;
import static dev.signaltty.agent.AgentDaemonFixture.hook;
import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import dev.signaltty.support.DaemonFixture;
import dev.signaltty.support.ProtocolClient;
import tools.jackson.databind.JsonNode;

/**
 * An agent a person starts from a shell in a pane, whose hooks (the person's own settings calling
 * {@code signaltty hook-event}) report to the pane: while its session runs, its terminal notifications are the
 * moments its hooks report, so they make no second notification; once its session ends (SessionEnd: the agent
 * quit back to the shell) the shell's bells and notifications are its own again (ADR 1114).
 */
class ShellStartedAgentNotificationsTest {

    static final Duration DEADLINE = Duration.ofSeconds(60);

    @RegisterExtension
    static final DaemonFixture daemon = new DaemonFixture("shell-agents");

    static JsonNode heard(String pane) {
        return daemon.client().call("agent.explain", Map.of("pane_id", pane)).path("heard_notification");
    }

    /** Makes the pane's shell send {@code OSC 9 ; message} and waits until the pane has heard it. */
    static JsonNode osc9(String pane, String message) {
        daemon.client().call("pane.write", Map.of("pane_id", pane, "data", message + "\r"));
        ProtocolClient.eventually(DEADLINE, () -> heard(pane).path("message").asString("").equals(message));
        return heard(pane);
    }

    static String attention(String pane) {
        return daemon.client().call("pane.get", Map.of("pane_id", pane)).get("attention").asString();
    }

    @Test
    void anAgentWhoseOwnHooksReportMakesNoSecondNotificationUntilItsSessionEnds() {
        // a shell that sends each line it reads as OSC 9, as Claude does once it has told its hooks
        String pane = daemon.spawnShell("while IFS= read -r line; do printf '\\033]9;%s\\007' \"$line\"; done");
        assertThat(osc9(pane, "before the agent").get("outcome").asString()).isEqualTo("notified");
        daemon.client().call("pane.mark_seen", Map.of("pane_id", pane));

        hook(daemon.client(), pane, "SessionStart", "s1"); // the person typed `claude`; its hooks report
        hook(daemon.client(), pane, "UserPromptSubmit", "s1");
        hook(daemon.client(), pane, "Stop", "s1");
        daemon.client().call("pane.mark_seen", Map.of("pane_id", pane));
        JsonNode during = osc9(pane, "Claude is waiting for your input");
        assertThat(during.get("outcome").asString()).isEqualTo("hooks_reporting");
        assertThat(attention(pane)).as("the turn's end was seen; its notification is no news").isEqualTo("none");

        hook(daemon.client(), pane, claude("SessionEnd", "s1", Map.of("reason", "prompt_input_exit")));
        daemon.client().call("pane.mark_seen", Map.of("pane_id", pane));
        assertThat(osc9(pane, "the shell again").get("outcome").asString()).isEqualTo("notified");
        assertThat(attention(pane)).isEqualTo("unread");
    }
}
