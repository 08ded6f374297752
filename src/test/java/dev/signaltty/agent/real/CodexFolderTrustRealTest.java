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

        JsonNode row = drive.awaitQuestion(pane, "folder_trust");
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
        drive.assertQuestionAnswered(pane);
    }
}
