package dev.signaltty.agent.real;

import static dev.signaltty.agent.real.CodexDrive.TURN;
import static dev.signaltty.agent.real.ScriptedModel.say;
import static dev.signaltty.support.ProtocolClient.eventually;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import dev.signaltty.support.ProtocolClient;
import dev.signaltty.transport.ProtocolJson;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The real Claude Code (pinned, {@link RealAgents}) with its terminal notifications on: told it runs in iTerm2
 * ({@code TERM_PROGRAM}, which a pane inherits from the daemon's environment; {@code preferredNotifChannel}
 * {@code iterm2}), Claude 2.1.197 writes {@code OSC 9 ; Claude is waiting for your input} when it has waited
 * at its prompt for {@code messageIdleNotifThresholdMs}, just after its Notification hook {@code idle_prompt}.
 * The turn's Stop has raised the attention, and the idle prompt, the same news, adds nothing (ADR 1110); so the OSC is
 * no second notification (ADR 1020).
 */
class ClaudeNotificationRealTest {

    @RegisterExtension
    static final ClaudeDrive drive = new ClaudeDrive("claude-notify");

    @BeforeAll
    static void script() {
        drive.model().script("waits", say("Done, waiting for you."));
    }

    /** A launcher whose Claude believes it runs in iTerm2 and notifies after 1 s at its prompt. */
    static Path notifyingClaude() throws Exception {
        Path dir = drive.daemon().root().resolve("claude").resolve("notifying");
        Path launcher = RealClaude.install(dir, drive.model(), List.of(drive.project(), drive.daemon().root()),
                Map.of("TERM_PROGRAM", "iTerm.app"));
        for (Path json : List.of(dir.resolve("home").resolve(".claude.json"),
                dir.resolve("home").resolve(".claude").resolve(".claude.json"))) {
            ObjectNode global = (ObjectNode) ProtocolJson.MAPPER.readTree(Files.readString(json));
            global.put("preferredNotifChannel", "iterm2");
            global.put("messageIdleNotifThresholdMs", 1000);
            Files.writeString(json, ProtocolJson.MAPPER.writeValueAsString(global));
        }
        return launcher;
    }

    /** The pane's notification.created messages from the journal's start, up to a marker sent after them. */
    static List<String> notifications(String pane) {
        List<String> out = new ArrayList<>();
        String mark = "end of " + pane;
        try (ProtocolClient c = drive.daemon().connect()) {
            c.call("subscribe", Map.of("events", List.of("notification.*"), "from_seq", 0));
            c.call("notify", Map.of("message", mark));
            for (JsonNode p = c.nextEvent().get("payload"); !mark.equals(p.path("message").asString(""));
                 p = c.nextEvent().get("payload")) {
                if (pane.equals(p.path("pane_id").asString())) {
                    out.add(p.path("message").asString(""));
                }
            }
        }
        return out;
    }

    static JsonNode explain(String pane) {
        return drive.daemon().client().call("agent.explain", Map.of("pane_id", pane));
    }

    @Test
    void aWiredClaudesIdleNotificationIsNoSecondNotification() throws Exception {
        String pane = drive.spawn(notifyingClaude());
        drive.submit(pane, "scenario:waits go");
        drive.timeline().awaitLifecycle(pane, TURN, "done");

        // Claude did send its OSC 9: the pane heard it, after the idle_prompt hook, which left the Stop's unread as it was
        eventually(TURN, () -> explain(pane).path("heard_notification").isObject());
        JsonNode heard = explain(pane).get("heard_notification");
        assertThat(heard.get("message").asString()).isEqualTo("Claude is waiting for your input");
        assertThat(heard.get("outcome").asString()).isEqualTo("hooks_wired");
        assertThat(explain(pane).get("attention").get("cause").asString()).isEqualTo("turn_end");
        // seed R139: the hooks' moves only, and no notification.created for the same moment
        List<String> hooksOnly = List.of("idle/none", "working/none", "done/unread");
        eventually(TURN, () -> drive.timeline().states(pane).size() >= hooksOnly.size());
        assertThat(drive.timeline().states(pane)).containsExactlyElementsOf(hooksOnly);
        assertThat(notifications(pane)).isEmpty();
    }
}
