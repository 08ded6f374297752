package dev.signaltty.orch;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import dev.signaltty.support.DaemonFixture;
import dev.signaltty.support.ProtocolClient;
import tools.jackson.databind.JsonNode;

/**
 * A command still running, as an orchestrating agent meets it after pane.run's TIMEOUT (ADR 1480): pane.read mode
 * last_command answered the previous command's output with its lower number and no word of the running one, and
 * nothing but a pattern waited for its end. Real bash panes through the real socket; each command ends when the test
 * creates a file, so no wait depends on the machine's speed.
 */
class PaneRunningCommandTest {

    @RegisterExtension
    static final DaemonFixture daemon = new DaemonFixture("running");

    static String spawnBash() {
        return daemon.client().call("pane.spawn", Map.of("workspace_id", daemon.workspace(), "argv", List.of("bash")))
                .get("pane_id").asString();
    }

    static Map<String, Object> params(String pane, Object... pairs) {
        Map<String, Object> params = new HashMap<>(Map.of("pane_id", pane));
        for (int i = 0; i < pairs.length; i += 2) {
            params.put((String) pairs[i], pairs[i + 1]);
        }
        return params;
    }

    /** A command line that prints {@code before}, waits for {@code gate} to exist, then prints {@code after}. */
    static String gated(String before, Path gate, String after) {
        return "echo " + before + "; while [ ! -e '" + gate + "' ]; do sleep 0.05; done; echo " + after;
    }

    @Test
    void lastCommandWhileOneRunsIsThatCommandSoFarAndRunWaitsForItsEndByNumber() throws IOException {
        String pane = spawnBash();
        ProtocolClient client = daemon.client();
        assertThat(client.call("pane.run", params(pane, "command", "echo first", "timeout_s", 60))
                .get("command_number").asLong()).isEqualTo(1);
        Path gate = daemon.root().resolve("gate-" + pane);

        JsonNode timeout = client.request("pane.run", params(pane, "command", gated("started", gate, "ended"),
                "timeout_s", 0.5));
        assertThat(timeout.get("error").get("code").asString()).isEqualTo("TIMEOUT");
        assertThat(timeout.get("error").get("details").get("command_number").asLong()).isEqualTo(2);
        assertThat(timeout.get("error").get("message").asString()).contains("pane.run command_number 2");

        // the running command 2, its output so far: not command 1's "first" as if it were the answer
        ProtocolClient.eventually(java.time.Duration.ofSeconds(30), () -> client.call("pane.read",
                params(pane, "mode", "last_command")).get("text").asString().equals("started"));
        JsonNode running = client.call("pane.read", params(pane, "mode", "last_command"));
        assertThat(running.get("command_number").asLong()).isEqualTo(2);
        assertThat(running.get("running").asBoolean()).isTrue();
        assertThat(running.has("exit_status")).as(running.toString()).isFalse();

        // a busy pane names the running command and how to wait for it
        JsonNode busy = client.request("pane.run", params(pane, "command", "echo again", "timeout_s", 60));
        assertThat(busy.get("error").get("code").asString()).isEqualTo("AGENT_BUSY");
        assertThat(busy.get("error").get("details").get("command_number").asLong()).isEqualTo(2);

        // waiting for it by number: another TIMEOUT while it runs, then its whole output and status once it ends
        JsonNode stillRunning = client.request("pane.run", params(pane, "command_number", 2, "timeout_s", 0.3));
        assertThat(stillRunning.get("error").get("code").asString()).isEqualTo("TIMEOUT");
        Files.createFile(gate);
        JsonNode ended = client.call("pane.run", params(pane, "command_number", 2, "timeout_s", 60));
        assertThat(ended.get("command_number").asLong()).isEqualTo(2);
        assertThat(ended.get("output").asString()).isEqualTo("started\nended");
        assertThat(ended.get("exit_status").asInt()).isZero();

        JsonNode finished = client.call("pane.read", params(pane, "mode", "last_command"));
        assertThat(finished.get("running").asBoolean()).isFalse();
        assertThat(finished.get("text").asString()).isEqualTo("started\nended");
        // a command that has ended is answered at once, as often as asked
        assertThat(client.call("pane.run", params(pane, "command_number", 1, "timeout_s", 60)).get("output").asString())
                .isEqualTo("first");
    }

    @Test
    void waitingForACommandByNumberRefusesWhatCouldNeverEnd() {
        String pane = spawnBash();
        ProtocolClient client = daemon.client();
        client.call("pane.run", params(pane, "command", "true", "timeout_s", 60));
        JsonNode notStarted = client.request("pane.run", params(pane, "command_number", 5, "timeout_s", 60));
        assertThat(notStarted.get("error").get("code").asString()).isEqualTo("BAD_PARAMS");
        assertThat(notStarted.get("error").get("message").asString()).startsWith("command_number:").contains("latest is 1");
        JsonNode both = client.request("pane.run", params(pane, "command", "true", "command_number", 1));
        assertThat(both.get("error").get("details").get("field").asString()).isEqualTo("command_number");
        JsonNode neither = client.request("pane.run", params(pane, "timeout_s", 60));
        assertThat(neither.get("error").get("details").get("field").asString()).isEqualTo("command");
    }

    /**
     * wait_for_output in its default tail mode answers the matched line's seq and a next_seq, as rendered mode does:
     * a client reads on from the match (ADR 1481).
     */
    @Test
    void aTailMatchAnswersTheLinesNumberAndACursorToReadOnFrom() {
        String pane = spawnBash();
        ProtocolClient client = daemon.client();
        // the typed line does not contain MARK-7; only the output does
        client.call("pane.run", params(pane, "command", "printf 'MA''RK-%s\\n' 7; echo after-mark", "timeout_s", 60));
        JsonNode found = client.call("pane.wait_for_output", params(pane, "match", "MARK-7", "timeout_s", 60));
        assertThat(found.get("line").asString()).isEqualTo("MARK-7");
        assertThat(found.has("seq")).as(found.toString()).isTrue();
        assertThat(found.has("next_seq")).as(found.toString()).isTrue();
        long seq = found.get("seq").asLong();
        assertThat(found.get("next_seq").asLong()).isGreaterThanOrEqualTo(seq);
        String onFromTheMatch = client.call("pane.read", params(pane, "mode", "rendered", "after_seq", seq))
                .get("text").asString();
        assertThat(onFromTheMatch).startsWith("after-mark");
        String onFromTheCursor = client.call("pane.read", params(pane, "mode", "rendered", "after_seq",
                found.get("next_seq").asLong())).get("text").asString();
        assertThat(onFromTheCursor).doesNotContain("MARK-7").doesNotContain("after-mark");
    }
}
