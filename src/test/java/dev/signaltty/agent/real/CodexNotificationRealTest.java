package dev.signaltty.agent.real;

import static dev.signaltty.agent.real.CodexDrive.TURN;
import static dev.signaltty.agent.real.ScriptedModel.say;
import static dev.signaltty.support.ProtocolClient.eventually;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import dev.signaltty.agent.FakeAgent;
import dev.signaltty.support.ProtocolClient;
import tools.jackson.databind.JsonNode;

/**
 * The real Codex (pinned, {@link RealAgents}) with its desktop notifications on ({@code tui.notifications}):
 * at a turn's end, while its terminal is unfocused, Codex 0.171 writes {@code OSC 777 ; notify ; Codex ; <its
 * last message>}. Its Stop hook, which signaltty wired, has already reported that moment, so the OSC makes no
 * second notification (ADR 1020).
 */
class CodexNotificationRealTest {

    @RegisterExtension
    static final CodexDrive drive = new CodexDrive("codex-notify", false, FakeAgent.cliProperty());

    @BeforeAll
    static void script() {
        drive.model().script("notifying", say("Finished the notifying turn."));
    }

    /**
     * The pane's notification.created, attention.* and agent.* events from the journal's start, each as
     * {@code event cause attention message}, up to a marker notification sent after them.
     */
    static List<String> journal(String pane) {
        List<String> out = new ArrayList<>();
        String mark = "end of " + pane;
        try (ProtocolClient c = drive.daemon().connect()) {
            c.call("subscribe", Map.of("events", List.of("notification.*", "attention.*", "agent.*"), "from_seq", 0));
            c.call("notify", Map.of("message", mark));
            for (JsonNode e = c.nextEvent(); !mark.equals(e.get("payload").path("message").asString(""));
                 e = c.nextEvent()) {
                JsonNode p = e.get("payload");
                if (pane.equals(p.path("pane_id").asString())) {
                    out.add(String.join(" ", e.get("event").asString(), p.path("cause").asString(""),
                            p.path("attention").asString(""), p.path("message").asString("")).strip());
                }
            }
        }
        return out;
    }

    static JsonNode heard(String pane) {
        return drive.daemon().client().call("agent.explain", Map.of("pane_id", pane)).path("heard_notification");
    }

    @Test
    void aWiredCodexsTurnEndNotificationIsNoSecondNotification() {
        drive.trustTheHooks();
        String pane = drive.spawn("-c", "tui.notifications=true", "-c", "tui.notification_method=\"osc777\"")
                .get("pane_id").asString();
        drive.awaitScreen(pane, "Ask Codex");
        // the prompt's screen rule first: a submit at once raced it, and Codex's SessionStart (sent with the first
        // prompt) came first under load (ci-c)
        drive.timeline().awaitLifecycle(pane, TURN, "idle");
        drive.press(pane, "\u001b[O"); // focus out, as the tab view reports when the person switches away (ADR 0985)
        drive.submit(pane, "scenario:notifying go");
        drive.timeline().awaitLifecycle(pane, TURN, "done");

        // Codex did send its notification: the pane heard it, after the Stop hook that ended the turn
        eventually(TURN, () -> heard(pane).isObject());
        JsonNode heard = heard(pane);
        assertThat(heard.get("message").asString()).isEqualTo("Finished the notifying turn.");
        assertThat(heard.get("outcome").asString()).isEqualTo("hooks_wired");
        // seed R139: one turn end, one attention move, and no notification.created for the same moment
        assertThat(journal(pane)).containsExactly("agent.idle screen:codex/prompt", "agent.working UserPromptSubmit",
                "agent.done turn_end", "attention.changed turn_end unread");
    }
}
