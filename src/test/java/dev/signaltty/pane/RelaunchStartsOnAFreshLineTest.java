package dev.signaltty.pane;

import static dev.signaltty.support.ProtocolClient.eventually;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.signaltty.support.ProtocolClient;
import dev.signaltty.support.TestDaemon;

/**
 * ADR 0781: a pane relaunched after a restart (restart policy resume) or by pane.resume writes its new
 * output on a fresh line under the restored screen, not after the old prompt, and never inside the old
 * program's alternate screen. Each script tells its first run from the relaunch by a marker file.
 */
class RelaunchStartsOnAFreshLineTest {

    private static final String PROMPT_THEN_NEW = "if [ -e ran ]; then printf 'new-prompt$ '; else : > ran; printf 'one\\nold-prompt$ '; fi; sleep 300";
    private static final String TUI_THEN_NEW = "if [ -e ran ]; then printf after-tui; else : > ran; printf '\\033[?1049h\\033[?1000h\\033[5;3HTUI-FRAME'; fi; sleep 300";

    @Test
    void theRestartRelaunchedShellPromptsOnTheLineAfterTheRestoredPrompt(@TempDir Path root) throws Exception {
        List<String> lines = spawnRestartAndAwait(root, PROMPT_THEN_NEW, "old-prompt$", "new-prompt");
        assertThat(lines).containsExactly("one", "old-prompt$", "new-prompt$");
    }

    @Test
    void aRelaunchLeavesTheOldProgramsAlternateScreenAndWritesBelowTheMainScreen(@TempDir Path root) throws Exception {
        List<String> lines = spawnRestartAndAwait(root, TUI_THEN_NEW, "TUI-FRAME", "after-tui");
        assertThat(lines).containsExactly("after-tui");
    }

    @Test
    void paneResumeOfAProgramThatEndedMidLineStartsOnTheNextLine(@TempDir Path root) throws Exception {
        Path dir = Files.createDirectories(root.resolve("work"));
        try (TestDaemon daemon = TestDaemon.start(root); ProtocolClient client = daemon.connect()) {
            String ws = client.call("workspace.create", Map.of("name", "w", "cwd", dir.toString())).get("workspace_id").asString();
            String pane = client.call("pane.spawn", Map.of("workspace_id", ws, "argv",
                    List.of("sh", "-c", "if [ -e ran ]; then echo second; else : > ran; printf 'half-line'; fi")))
                    .get("pane_id").asString();
            eventually(Duration.ofSeconds(10), () -> "exited".equals(client.call("pane.get", Map.of("pane_id", pane))
                    .get("pane").get("status").asString()));
            client.call("pane.resume", Map.of("pane_id", pane));
            eventually(Duration.ofSeconds(10), () -> screenLines(client, pane).contains("second"));
            assertThat(screenLines(client, pane)).containsSubsequence("half-line", "second");
        }
    }

    /**
     * Spawns {@code script} with restart policy resume, restarts the daemon, waits for the relaunch's
     * output and returns the screen's non-blank lines.
     */
    private static List<String> spawnRestartAndAwait(Path root, String script, String before, String after) throws Exception {
        Path dir = Files.createDirectories(root.resolve("work"));
        String pane;
        try (TestDaemon daemon = TestDaemon.start(root); ProtocolClient client = daemon.connect()) {
            String ws = client.call("workspace.create", Map.of("name", "w", "cwd", dir.toString())).get("workspace_id").asString();
            pane = client.call("pane.spawn", Map.of("workspace_id", ws, "argv", List.of("sh", "-c", script),
                    "restart", "resume")).get("pane_id").asString();
            String id = pane;
            eventually(Duration.ofSeconds(10), () -> screen(client, id).contains(before));
        }
        try (TestDaemon daemon = TestDaemon.start(root); ProtocolClient client = daemon.connect()) {
            String id = pane;
            eventually(Duration.ofSeconds(20), () -> screen(client, id).contains(after));
            return screenLines(client, pane);
        }
    }

    private static String screen(ProtocolClient client, String pane) {
        return client.call("pane.read", Map.of("pane_id", pane, "mode", "screen")).get("text").asString();
    }

    private static List<String> screenLines(ProtocolClient client, String pane) {
        return Arrays.stream(screen(client, pane).split("\n")).map(String::strip).filter(l -> !l.isEmpty()).toList();
    }
}
