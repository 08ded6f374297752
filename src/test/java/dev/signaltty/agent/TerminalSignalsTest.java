package dev.signaltty.agent;

import static dev.signaltty.agent.AgentDaemonFixture.hook;
import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import dev.signaltty.support.DaemonFixture;
import dev.signaltty.support.ProtocolClient;
import tools.jackson.databind.JsonNode;

/**
 * What a pane's program says through its terminal (ADR 0960), through the real socket with real
 * programs on real PTYs: a bell and a desktop notification (OSC 9, 777, 99) become notifications with
 * the pane's attention unread, as {@code signaltty notify} does; a thousand bells make one; Codex's OSC
 * 7501 state moves the lifecycle of a process without hooks and nothing once hooks report; OSC 10/11
 * answer with the configured colours.
 */
class TerminalSignalsTest {

    static final Duration DEADLINE = Duration.ofSeconds(60);

    @RegisterExtension
    static final DaemonFixture daemon = new DaemonFixture("signals",
            "signaltty.terminal.foreground=#202020", "signaltty.terminal.background=#fdf6e3");

    /**
     * The notification.created events of {@code pane} from the start of the journal, until one whose
     * message is {@code last}: their messages (with the title before a " | " when there is one).
     */
    static List<String> notificationsUntil(String pane, String last) {
        List<String> messages = new ArrayList<>();
        try (ProtocolClient events = daemon.connect()) {
            events.call("subscribe", Map.of("events", List.of("notification.*"), "from_seq", 0));
            while (messages.isEmpty() || !messages.getLast().endsWith(last)) {
                JsonNode payload = events.nextEvent().get("payload");
                if (pane.equals(payload.path("pane_id").asString())) {
                    String title = payload.path("title").asString("");
                    messages.add((title.isEmpty() ? "" : title + " | ") + payload.get("message").asString());
                }
            }
        }
        return messages;
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

    static JsonNode explain(String pane) {
        return daemon.client().call("agent.explain", Map.of("pane_id", pane));
    }

    static void write(String pane, String data) {
        daemon.client().call("pane.write", Map.of("pane_id", pane, "data", data));
    }

    @Test
    void anOsc9NotificationIsTheNotifyPathsNotificationAndThePaneWaitsInAttentionPending() {
        // the iTerm2 form, as many CLIs send it when they are done; the pane keeps running
        String pane = daemon.spawnShell("printf '\\033]9;build done\\007'; exec sleep 60");

        // seed R139: notification.* carries it; seed R336: as notify would have made it
        assertThat(notificationsUntil(pane, "build done")).containsExactly("build done");
        // seed R352: attention.pending lists the pane, with the notification's text
        JsonNode row = pendingRow(pane);
        assertThat(row).as("attention.pending lists %s", pane).isNotNull();
        assertThat(row.get("attention").asString()).isEqualTo("unread");
        assertThat(row.get("message").asString()).isEqualTo("build done");
        JsonNode attention = explain(pane).get("attention");
        assertThat(attention.get("source").asString()).isEqualTo("terminal");
        assertThat(attention.get("cause").asString()).isEqualTo("terminal_notification");
        // no hooks were wired for a shell: what it sent was a notification (ADR 1020)
        assertThat(explain(pane).get("heard_notification").get("outcome").asString()).isEqualTo("notified");
    }

    @Test
    void urxvtsAndKittysNotificationsCarryTheirTitles() {
        String pane = daemon.spawnShell("printf '\\033]777;notify;Claude Code;waiting for your input\\007';"
                + " printf '\\033]99;i=7:d=0;Tests\\033\\\\'; printf '\\033]99;i=7:p=body;12 passed\\033\\\\';"
                + " exec sleep 60");
        assertThat(notificationsUntil(pane, "12 passed"))
                .containsExactly("Claude Code | waiting for your input", "Tests | 12 passed");
    }

    @Test
    void aThousandBellsMakeOneNotificationNotAThousand() {
        String pane = daemon.spawnShell("i=0; while [ $i -lt 1000 ]; do printf '\\007'; i=$((i+1)); done;"
                + " printf '\\033]9;after the bells\\007'; exec sleep 60");
        // the bells all ring within the coalescing window: the first makes the one notification
        assertThat(notificationsUntil(pane, "after the bells")).containsExactly("bell", "after the bells");
        assertThat(explain(pane).get("attention").get("state").asString()).isEqualTo("unread");
    }

    @Test
    void aBellThatAnswersTypedInputIsNoNotification() {
        // readline rings at a Tab with no match: the person is typing in that pane (ADR 0991)
        String pane = daemon.spawnShell("read -r key; printf '\\007'; printf '\\033]9;answered\\007'; exec sleep 60");
        write(pane, "x\n");

        // seed R139: notification.* carries the program's own notification, and nothing for the bell before it
        assertThat(notificationsUntil(pane, "answered")).containsExactly("answered");
    }

    @Test
    void aFocusReportIsNotTypingSoABellAfterItIsStillANotification() {
        // the tab view sends CSI I / CSI O to a program that asked for focus events (DECSET 1004) as the person
        // moves between panes: that is no key answered by a bell (ADR 0991's rule is about typed input)
        String pane = daemon.spawnShell("stty -icanon -echo min 3 time 0; echo READY; head -c 3 >/dev/null;"
                + " printf '\\007'; printf '\\033]9;after focus\\007'; exec sleep 60");
        ProtocolClient.eventually(Duration.ofSeconds(30), () -> daemon.tail(pane).contains("READY"));
        write(pane, "\u001b[I");

        // seed R139: the bell that follows the focus report is a notification, then the program's own
        assertThat(notificationsUntil(pane, "after focus")).containsExactly("bell", "after focus");
    }

    @Test
    void aBellKeepsTheMessageOfTheAttentionStillWaiting() {
        String pane = daemon.spawnShell("printf '\\033]9;tests passed\\007'; sleep 1; printf '\\007'; exec sleep 60");

        // seed R139: both are notifications
        assertThat(notificationsUntil(pane, "bell")).containsExactly("tests passed", "bell");
        // seed R352: the pane still waits with what the program said, not with "bell"
        JsonNode row = pendingRow(pane);
        assertThat(row).as("attention.pending lists %s", pane).isNotNull();
        assertThat(row.get("message").asString()).isEqualTo("tests passed");
    }

    @Test
    void codexsOsc7501StateMovesTheLifecycleUntilAHookReports() {
        // a stand-in for Codex without hook wiring: each line typed is a state it reports
        String pane = daemon.spawnShell("stty -echo; while IFS= read -r s; do"
                + " printf '\\033]7501;state=%s:app=codex\\033\\\\' \"$s\"; done"); // as Codex 0.171.0 writes it

        write(pane, "idle\n");
        awaitLifecycle(pane, "idle");
        write(pane, "working\n");
        JsonNode working = awaitLifecycle(pane, "working");
        assertThat(working.get("lifecycle").get("source").asString()).isEqualTo("screen");
        assertThat(working.get("lifecycle").get("cause").asString()).isEqualTo("screen:codex/osc_7501");
        assertThat(working.get("lifecycle").get("matched").asString()).isEqualTo("state=working");
        write(pane, "blocked\n");
        JsonNode blocked = awaitLifecycle(pane, "blocked");
        assertThat(blocked.get("attention").get("state").asString()).isEqualTo("permission_required");
        // a payload cut short is no state: explain shows it was read and moved nothing
        write(pane, "wor\n");
        awaitReported(pane, "wor", "unknown_value");
        assertThat(explain(pane).get("lifecycle").get("state").asString()).isEqualTo("blocked");
        write(pane, "done\n");
        awaitReported(pane, "done", "applied"); // recorded just after the move
        JsonNode done = explain(pane);
        assertThat(done.get("lifecycle").get("state").asString()).isEqualTo("done");
        assertThat(done.get("attention").get("state").asString()).isEqualTo("unread");
        assertThat(done.get("agent").asString()).isEqualTo("codex");

        // hooks are authoritative: once one reports, the OSC moves nothing for this process
        hook(daemon.client(), pane, "UserPromptSubmit", "s1");
        write(pane, "idle\n");
        awaitReported(pane, "idle", "hooks_authoritative");
        JsonNode after = explain(pane);
        assertThat(after.get("lifecycle").get("state").asString()).isEqualTo("working");
        assertThat(after.get("lifecycle").get("source").asString()).isEqualTo("hook");
    }

    @Test
    void osc10And11AreAnsweredWithTheConfiguredColours() {
        // the program asks as codex does and prints what it got, ESC shown as ^
        String pane = daemon.spawnShell("exec bash -c 'stty -echo; printf \"\\033]11;?\\033\\\\\";"
                + " IFS= read -r -s -d \"\\\\\" -t 20 a; a=${a//$'\"'\"'\\e'\"'\"'/^}; echo \"got[$a]\"; exec sleep 60'");
        ProtocolClient.eventually(DEADLINE, () -> daemon.tail(pane).contains("got["));
        assertThat(daemon.tail(pane)).contains("got[^]11;rgb:fdfd/f6f6/e3e3^]");
        // signaltty config shows the settings and where they came from
        List<String> settings = new ArrayList<>();
        for (JsonNode s : daemon.client().call("server.config", Map.of()).get("settings")) {
            if (s.get("key").asString().startsWith("signaltty.terminal.")) {
                settings.add(s.get("key").asString() + "=" + s.get("value").asString());
            }
        }
        assertThat(settings).containsExactly("signaltty.terminal.background=#fdf6e3",
                "signaltty.terminal.foreground=#202020");
    }

    /** Waits until explain's reported_state (the last OSC 7501 value once settled) is {@code state} with {@code outcome}. */
    static void awaitReported(String pane, String state, String outcome) {
        ProtocolClient.eventually(DEADLINE, () -> {
            JsonNode reported = explain(pane).path("reported_state");
            return state.equals(reported.path("state").asString()) && outcome.equals(reported.path("outcome").asString());
        });
    }

    static JsonNode awaitLifecycle(String pane, String state) {
        JsonNode[] last = {null};
        try {
            ProtocolClient.eventually(DEADLINE, () -> {
                last[0] = explain(pane);
                return last[0].get("lifecycle").get("state").asString().equals(state);
            });
        } catch (AssertionError e) {
            throw new AssertionError("pane " + pane + " never reached " + state + "; last explain " + last[0], e);
        }
        return last[0];
    }
}
