package dev.signaltty.orch;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import dev.signaltty.support.DaemonFixture;
import dev.signaltty.support.ProtocolClient;
import tools.jackson.databind.JsonNode;

/**
 * pane.run through the real socket with real bash and zsh panes: the shell integration's OSC 133 marks
 * give exactly a command's output and status, never the echo of the typed line (issue 19, issue 18's
 * wait recipe). The panes' HOME is a temp dir whose ~/.bashrc and ~/.zshrc must still be read.
 */
class PaneRunTest {

    @RegisterExtension
    static final DaemonFixture daemon = new DaemonFixture("runs");

    static Path home;

    @BeforeAll
    static void userDotfiles() throws IOException {
        home = Files.createDirectories(daemon.root().resolve("home"));
        Files.writeString(home.resolve(".bashrc"), "export FROM_USER_RC=bashrc\nPROMPT_COMMAND='USER_HOOK_RAN=1'\nPS1='u$ '\n");
        Files.writeString(home.resolve(".zshrc"), "export FROM_USER_RC=zshrc\nPS1='z%% '\n");
    }

    static String spawn(String... argv) {
        return daemon.client().call("pane.spawn", Map.of("workspace_id", daemon.workspace(), "argv", List.of(argv),
                "env", Map.of("HOME", home.toString()))).get("pane_id").asString();
    }

    static JsonNode run(String pane, String command, Object... extra) {
        return daemon.client().call("pane.run", params(pane, command, extra));
    }

    static Map<String, Object> params(String pane, String command, Object... extra) {
        Map<String, Object> params = new HashMap<>(Map.of("pane_id", pane, "command", command, "timeout_s", 60));
        for (int i = 0; i < extra.length; i += 2) {
            params.put((String) extra[i], extra[i + 1]);
        }
        return params;
    }

    /**
     * {@code duration_ms} is the shell's own measure, from its C mark (PS0, after Enter) to its D mark (the prompt
     * hook, after the command), each stamped with {@code $EPOCHREALTIME}. It was the time between the daemon reading
     * the two marks, 0 whenever one read brought both, as it does for any command quicker than the daemon's wake-up.
     */
    @Test
    void durationIsTheShellsOwnMeasureFromTheCommandsStartToItsEnd() {
        for (String shell : List.of("bash", "zsh")) {
            String pane = spawn(shell);
            // the clock the marks are stamped with is there (zsh's comes with the integration's zmodload)
            assertThat(run(pane, "echo ${EPOCHREALTIME:+stamped}").get("output").asString()).as(shell).isEqualTo("stamped");
            assertThat(run(pane, "sleep 0.2").get("duration_ms").asLong()).as(shell).isBetween(200L, 10_000L);
            for (int i = 0; i < 20; i++) {
                // at least a millisecond asleep: never 0 when measured from its real start to its real end
                JsonNode quick = run(pane, "sleep 0.001; echo quick-" + i);
                assertThat(quick.get("output").asString()).isEqualTo("quick-" + i);
                assertThat(quick.get("duration_ms").asLong()).as(shell + " run " + i).isBetween(1L, 10_000L);
            }
        }
    }

    @Test
    void returnsExactlyTheCommandsOutputAndStatusNeverTheTypedEcho() {
        String pane = spawn("bash");
        // the typed line itself contains BUILD OK: only the output line may come back
        JsonNode result = run(pane, "printf 'BUILD OK\\n'; (exit 3)");
        assertThat(result.get("output").asString()).isEqualTo("BUILD OK");
        assertThat(result.get("exit_status").asInt()).isEqualTo(3);
        assertThat(result.get("ended_seq").asLong()).isGreaterThan(result.get("started_seq").asLong());
        assertThat(result.get("duration_ms").asLong()).isGreaterThanOrEqualTo(0);

        // the user's own ~/.bashrc was read (and its PROMPT_COMMAND kept), nothing of theirs edited
        assertThat(run(pane, "echo $FROM_USER_RC $USER_HOOK_RAN").get("output").asString()).isEqualTo("bashrc 1");
        assertThat(run(pane, "seq 1 3; printf 'no newline'").get("output").asString()).isEqualTo("1\n2\n3\nno newline");
        assertThat(run(pane, "true").get("output").asString()).isEmpty();
        // a line longer than the pane is one line of output, not two
        String longLine = "x".repeat(150);
        assertThat(run(pane, "printf '%0150d\\n' 0 | tr 0 x").get("output").asString()).isEqualTo(longLine);

        JsonNode last = daemon.client().call("pane.read", Map.of("pane_id", pane, "mode", "last_command"));
        assertThat(last.get("text").asString()).isEqualTo(longLine);
        assertThat(last.get("exit_status").asInt()).isZero();
    }

    @Test
    void wrappedOutputReadsAsPrintedAcrossTheAlternateScreen() {
        String pane = spawn("bash"); // 80 columns
        // 79 x's and a space fill the first row exactly; "tail" wraps: the space is output, not trimmed
        String line = "x".repeat(79) + " tail";
        assertThat(run(pane, "printf '%079d tail\\n' 0 | tr 0 x").get("output").asString()).isEqualTo(line);
        // the same line, then a full-screen program in and out of the alternate screen (a pager, an editor)
        JsonNode around = run(pane, "printf '%079d tail\\n' 0 | tr 0 x; printf '\\033[?1049hTUI\\033[?1049l'");
        assertThat(around.get("output").asString()).isEqualTo(line);
        JsonNode last = daemon.client().call("pane.read", Map.of("pane_id", pane, "mode", "last_command"));
        assertThat(last.get("text").asString()).isEqualTo(line);
    }

    @Test
    void aTimeoutLeavesTheCommandRunningAndTheBusyPaneIsRefused() {
        String pane = spawn("bash");
        ProtocolClient client = daemon.client();
        JsonNode timeout = client.request("pane.run", params(pane, "sleep 60; echo LATE", "timeout_s", 1));
        assertThat(timeout.get("error").get("code").asString()).isEqualTo("TIMEOUT");
        assertThat(timeout.get("error").get("details").get("started").asBoolean()).isTrue();
        assertThat(client.errorCode("pane.run", params(pane, "echo again"))).isEqualTo("AGENT_BUSY");
        client.call("pane.write", Map.of("pane_id", pane, "data", "\u0003")); // interrupt the sleep
        // the interrupted command ends as command 1, with the shell's status for SIGINT (last_command reads it as
        // command 1 while it runs too, with running: true, ADR 1480)
        ProtocolClient.eventually(java.time.Duration.ofSeconds(30), () -> !client.call("pane.read",
                Map.of("pane_id", pane, "mode", "last_command")).get("running").asBoolean());
        JsonNode interrupted = client.call("pane.read", Map.of("pane_id", pane, "mode", "last_command"));
        assertThat(interrupted.get("command_number").asInt()).isEqualTo(1);
        assertThat(interrupted.get("exit_status").asInt()).isEqualTo(130);
        JsonNode after = run(pane, "echo after");
        assertThat(after.get("output").asString()).isEqualTo("after");
        assertThat(daemon.tail(pane).lines()).doesNotContain("LATE"); // only the echo shows it
    }

    @Test
    void panesWithoutShellIntegrationAreBadParamsNamingWhy() {
        String plain = spawn("bash", "--norc", "--noprofile");
        JsonNode refused = daemon.client().request("pane.run", params(plain, "echo hi"));
        assertThat(refused.get("error").get("code").asString()).isEqualTo("BAD_PARAMS");
        assertThat(refused.get("error").get("message").asString()).contains("without shell integration");
        assertThat(daemon.client().errorCode("pane.read", Map.of("pane_id", plain, "mode", "last_command")))
                .isEqualTo("BAD_PARAMS");
        assertThat(daemon.client().errorCode("pane.run", params(plain, "echo a\necho b"))).isEqualTo("BAD_PARAMS");
    }

    @Test
    void aLineTheShellRefusesIsBadParamsNotAWaitUntilTheTimeout() {
        String pane = spawn("bash");
        JsonNode refused = daemon.client().request("pane.run", params(pane, "if then fi"));
        assertThat(refused.get("error").get("code").asString()).isEqualTo("BAD_PARAMS");
        assertThat(run(pane, "echo fine").get("output").asString()).isEqualTo("fine");
    }

    @Test
    void waitForOutputCanMatchOnlyCommandOutput() { // issue 18: the recipe that matched the typed echo
        String pane = spawn("bash");
        run(pane, "true"); // the prompt is up
        long seq = daemon.client().call("pane.read", Map.of("pane_id", pane, "mode", "rendered")).get("next_seq").asLong();
        daemon.client().call("pane.submit", Map.of("pane_id", pane, "text", "sleep 1; echo BUILD OK", "submit_delay_ms", 0));
        JsonNode found = daemon.client().call("pane.wait_for_output", Map.of("pane_id", pane, "match", "BUILD (OK|FAILED)",
                "regex", true, "output_only", true, "after_seq", seq, "timeout_s", 60));
        assertThat(found.get("line").asString()).isEqualTo("BUILD OK");
        assertThat(daemon.client().errorCode("pane.wait_for_output", Map.of("pane_id", pane, "match", "x",
                "output_only", true, "mode", "tail"))).isEqualTo("BAD_PARAMS");
    }

    @Test
    void zshPanesAreIntegratedToo() {
        String pane = spawn("zsh");
        JsonNode result = run(pane, "echo $FROM_USER_RC; false");
        assertThat(result.get("output").asString()).isEqualTo("zshrc");
        assertThat(result.get("exit_status").asInt()).isEqualTo(1);
    }
}
