package dev.signaltty.agent.real;

import static dev.signaltty.agent.real.CodexDrive.TURN;
import static dev.signaltty.agent.real.ScriptedModel.say;
import static dev.signaltty.support.ProtocolClient.eventually;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import dev.signaltty.agent.FakeAgent;
import tools.jackson.databind.JsonNode;

/**
 * The real Codex (pinned, {@link RealAgents}) whose hooks the person has not trusted: at its launch Codex 0.171.0
 * shows "Hooks need review" and the person skips it (Esc, "Continue without trusting (hooks won't run)"). Its hooks
 * never run; only its notify program reports turn ends. signaltty must not count such a process as hooks-wired
 * (ADR 1112): its terminal's notifications are then its only word for what the hooks would have said (an approval),
 * and its OSC 7501 state is the only word for a turn's start. Measured with the same Codex: a folder opened
 * "restricted" (an untrusted project) still runs signaltty's hooks, which come with the session's flags, not from
 * the folder; a trusted project with untrusted hooks is the case where Codex ignores them.
 */
class CodexUntrustedHooksRealTest {

    @RegisterExtension
    static final CodexDrive drive = new CodexDrive("codex-untrusted-hooks", false, FakeAgent.cliProperty());

    @BeforeAll
    static void script() {
        drive.model().script("unhooked", new ScriptedModel.Hold("unhooked", "Finished the unhooked turn."));
        drive.model().script("again", new ScriptedModel.Hold("again", "Finished the second turn."));
        drive.model().script("hooked", say("Finished the hooked turn."));
    }

    static JsonNode explain(String pane) {
        return drive.daemon().client().call("agent.explain", Map.of("pane_id", pane));
    }

    /**
     * Codex with notifications on, under a CODEX_HOME of its own whose config is the drive's before any hook was
     * trusted, so it asks whatever the other test trusted.
     */
    static String unreviewedCodex() throws IOException {
        Path home = Files.createDirectories(drive.daemon().root().resolve("codex-unreviewed-" + System.nanoTime()));
        String config = drive.readConfig();
        int hooks = config.indexOf("[hooks.state");
        Files.writeString(home.resolve("config.toml"), hooks < 0 ? config : config.substring(0, hooks));
        return drive.daemon().client().call("pane.spawn", Map.of("workspace_id", drive.daemon().workspace(),
                "argv", List.of(drive.codex().toString(), "-c", "tui.notifications=true", "-c",
                        "tui.notification_method=\"osc777\""), "cwd", drive.project().toString(), "cols", 120, "rows", 40,
                "env", Map.of("CODEX_HOME", home.toString()))).get("pane_id").asString();
    }

    @Test
    void aCodexWhoseHooksWereNotTrustedIsNotHooksWired() throws IOException {
        String pane = unreviewedCodex();
        drive.awaitScreen(pane, "Continue without trusting (hooks won't run)", CodexDrive.LAUNCH);
        // a key sent while the TUI is still setting up is lost: press Down until the cursor is on "Continue without"
        eventually(TURN, () -> {
            if (!drive.screen(pane).contains("› 3. Continue without trusting")) {
                drive.press(pane, "\u001b[B");
                long until = System.nanoTime() + 2_000_000_000L;
                while (System.nanoTime() < until && !drive.screen(pane).contains("› 3. Continue without trusting")) {
                    Thread.onSpinWait();
                }
            }
            return drive.screen(pane).contains("› 3. Continue without trusting");
        });
        drive.press(pane, "\r"); // the hooks won't run
        drive.awaitPromptAfterReview(pane);
        drive.press(pane, "\u001b[O"); // focus out, so Codex notifies its terminal at the turn's end
        drive.submit(pane, "scenario:unhooked go");
        // the turn's start comes from Codex's OSC 7501, applied as a screen verdict: no hook is there to say it
        drive.timeline().awaitLifecycle(pane, TURN, "working");
        assertThat(explain(pane).get("lifecycle").get("cause").asString()).isEqualTo("screen:codex/osc_7501");
        drive.model().release("unhooked");
        drive.timeline().awaitLifecycle(pane, TURN, "done");
        eventually(TURN, () -> explain(pane).path("heard_notification").isObject());
        JsonNode heard = explain(pane).get("heard_notification");
        assertThat(heard.get("message").asString()).isEqualTo("Finished the unhooked turn.");
        assertThat(heard.get("outcome").asString()).isEqualTo("notified"); // not "hooks_wired": none were heard

        // notify's turn end (the one report that runs without the hooks) leaves the OSC in charge of the next start
        eventually(TURN, () -> explain(pane).get("hooks_reported").asBoolean());
        drive.submit(pane, "scenario:again go");
        drive.timeline().awaitLifecycle(pane, TURN, "working");
        drive.model().release("again");
        assertThat(drive.timeline().awaitLifecycle(pane, TURN, "done")).containsSubsequence("idle", "working", "done",
                "working", "done");
    }

    @Test
    void aCodexWhoseHooksAreTrustedInItsReviewIsHooksWiredFromItsFirstHook() throws IOException {
        String pane = unreviewedCodex();
        drive.chooseTrustAll(pane); // the person trusts them in Codex's review: the hooks run from this launch on
        drive.press(pane, "\u001b[O");
        // at once, as a script would: the pane reads blocked by the review until a scan reads it gone, and the submit
        // waits for that scan instead of being refused AGENT_BUSY for the answered review (ADR 1310)
        drive.submit(pane, "scenario:hooked go");
        drive.timeline().awaitLifecycle(pane, TURN, "done");
        eventually(TURN, () -> explain(pane).path("heard_notification").isObject());
        assertThat(explain(pane).get("heard_notification").get("outcome").asString()).isEqualTo("hooks_wired");
        assertThat(explain(pane).get("lifecycle").get("hook_event").asString()).isEqualTo("Stop");
    }
}
