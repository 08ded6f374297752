package dev.signaltty.agent.real;

import static dev.signaltty.agent.real.CodexDrive.TURN;
import static dev.signaltty.support.ProtocolClient.eventually;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import dev.signaltty.agent.FakeAgent;
import tools.jackson.databind.JsonNode;

/**
 * The real Codex (pinned, {@link RealAgents}) launched in a folder it does not trust yet asks "Trust this folder?"
 * before anything else (0.171.0: "1. Trust and continue", "2. Back to Agent Command Center"). Measured: the pane
 * read {@code idle}, attention {@code none} (its input box's footer flashed up first), so a person waiting on the
 * question was not flagged and a {@code pane.submit} typed into the dialog. The codex manifest reads the question as
 * blocked with attention {@code input_required} and the question's line as its message; answered, the pane reads
 * idle with attention none, not a turn's end (ADR 1141).
 */
class CodexFolderTrustRealTest {

    @RegisterExtension
    static final CodexDrive drive = new CodexDrive("codex-folder-trust", false, FakeAgent.cliProperty());

    @Test
    void theFolderTrustQuestionIsBlockedWithInputRequiredUntilAnswered() throws Exception {
        drive.trustTheHooks(); // the hooks' review is another screen: only the folder's question is left
        Path folder = Files.createDirectories(drive.daemon().root().resolve("untrusted-folder"));
        assertThat(new ProcessBuilder("git", "init", "-q", folder.toString()).inheritIO().start().waitFor()).isZero();
        String pane = drive.daemon().client().call("pane.spawn", Map.of("workspace_id", drive.daemon().workspace(),
                "argv", List.of(drive.codex().toString()), "cwd", folder.toString(), "cols", 120, "rows", 40,
                "env", Map.of("CODEX_HOME", drive.codexHome().toString()))).get("pane_id").asString();
        drive.awaitScreen(pane, "Trust this folder?", CodexDrive.LAUNCH);

        eventually(TURN, () -> "blocked".equals(get(pane).path("lifecycle").asString()));
        assertThat(get(pane).path("attention").asString()).isEqualTo("input_required");
        assertThat(drive.explainLifecycle(pane).path("rule").asString()).isEqualTo("folder_trust");
        JsonNode row = pending(pane);
        assertThat(row).as("attention.pending lists the pane").isNotNull();
        assertThat(row.path("message").asString()).startsWith("Trust this folder? Codex can read");
        // a submit does not land in the dialog
        assertThat(drive.daemon().client().errorCode("pane.submit", Map.of("pane_id", pane, "text", "hello")))
                .isEqualTo("AGENT_BUSY");
        assertThat(drive.screen(pane)).contains("Trust this folder?").doesNotContain("hello");

        // the person trusts the folder: the pane waits at its prompt, nothing to read
        eventually(TURN, () -> {
            if (drive.screen(pane).contains("Trust this folder?")) {
                drive.press(pane, "\r"); // "1. Trust and continue" (a key sent while the TUI sets up is lost)
                long until = System.nanoTime() + 2_000_000_000L;
                while (System.nanoTime() < until && drive.screen(pane).contains("Trust this folder?")) {
                    Thread.onSpinWait();
                }
            }
            return !drive.screen(pane).contains("Trust this folder?");
        });
        eventually(TURN, () -> "idle".equals(get(pane).path("lifecycle").asString()));
        assertThat(get(pane).path("attention").asString()).isEqualTo("none");
        assertThat(pending(pane)).as("attention.pending no longer lists the pane").isNull();
        // the question was no turn: no done, no unread (a leading idle is the input box's footer drawn before the dialog)
        eventually(TURN, () -> drive.timeline().attention(pane).size() == 2); // the timeline's events follow pane.get's
        assertThat(drive.timeline().lifecycle(pane)).endsWith("blocked", "idle").doesNotContain("done");
        assertThat(drive.timeline().attention(pane)).containsExactly("input_required", "none");
    }

    private static JsonNode get(String pane) {
        return drive.daemon().client().call("pane.get", Map.of("pane_id", pane));
    }

    private static JsonNode pending(String pane) {
        for (JsonNode row : drive.daemon().client().call("attention.pending", Map.of()).get("panes")) {
            if (row.path("pane_id").asString().equals(pane)) {
                return row;
            }
        }
        return null;
    }
}
