package dev.signaltty.pane;

import static dev.signaltty.support.ProtocolClient.eventually;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.signaltty.support.ProtocolClient;
import dev.signaltty.support.TestDaemon;

/**
 * pane.clear only rewrites what the server and its viewers show: the program behind the pane gets no
 * signal, no input and no resize, and simply goes on writing (seed R116).
 */
class PaneClearUntoldTest {

    @TempDir
    static Path root;
    static TestDaemon daemon;
    static ProtocolClient client;
    static String workspace;

    @BeforeAll
    static void start() {
        daemon = TestDaemon.start(root);
        client = daemon.connect();
        workspace = client.call("workspace.create", Map.of("name", "clear", "cwd", root.toString()))
                .get("workspace_id").asString();
    }

    @AfterAll
    static void stop() {
        client.close();
        daemon.close();
    }

    static String spawn(String script) {
        return client.call("pane.spawn", Map.of("workspace_id", workspace,
                "argv", List.of("bash", "--norc", "--noprofile", "-c", script))).get("pane_id").asString();
    }

    static String read(String pane, String mode) {
        return client.call("pane.read", Map.of("pane_id", pane, "mode", mode)).get("text").asString();
    }

    static long pid(String pane) {
        return client.call("pane.get", Map.of("pane_id", pane)).get("pane").get("pid").asLong();
    }

    @Test
    void aProgramThatTrapsResizesAndReadsItsInputSeesNothingAndKeepsWriting() throws Exception { // seed R116
        // Any SIGWINCH or byte of input would be printed; the counter shows the output goes on.
        String pane = spawn("trap 'echo WINCH-SEEN' WINCH; n=0; while :; do "
                + "if read -r -t 0.1 line; then echo \"INPUT-SEEN<$line>\"; fi; "
                + "echo tick-$n; n=$((n+1)); done");
        long pid = pid(pane);
        eventually(Duration.ofSeconds(10), () -> read(pane, "tail").contains("tick-5"));
        client.call("pane.clear", Map.of("pane_id", pane));
        long afterClear = client.call("pane.get", Map.of("pane_id", pane)).get("pane").get("output_offset").asLong();

        // the program keeps writing after the clear point, with numbers continuing where they were
        eventually(Duration.ofSeconds(10), () -> client.call("pane.get", Map.of("pane_id", pane)).get("pane")
                .get("output_offset").asLong() > afterClear + 40);
        Thread.sleep(500); // time enough for a WINCH trap or an input line to be printed, were there one
        String tail = read(pane, "tail");
        assertThat(tail).contains("tick-").doesNotContain("tick-0\n").doesNotContain("WINCH-SEEN")
                .doesNotContain("INPUT-SEEN");
        assertThat(pid(pane)).isEqualTo(pid);
        assertThat(client.call("pane.get", Map.of("pane_id", pane)).get("pane").get("status").asString()).isEqualTo("running");
        client.call("pane.close", Map.of("pane_id", pane));
    }

    @Test
    void aFullScreenProgramStaysBlankUntilItRepaints() throws Exception { // seed R116
        // Draws one frame on the alternate screen, then repaints only when a line of input arrives.
        String pane = spawn("printf '\\033[?1049h\\033[H\\033[2JFRAME-ONE\\n'; "
                + "trap 'printf WINCH-SEEN' WINCH; "
                + "while read -r line; do printf '\\033[H\\033[2JFRAME-AFTER<%s>\\n' \"$line\"; done; sleep 60");
        eventually(Duration.ofSeconds(10), () -> read(pane, "screen").contains("FRAME-ONE"));
        client.call("pane.clear", Map.of("pane_id", pane));

        // nothing tells the program: its screen stays blank
        Thread.sleep(700);
        String screen = read(pane, "screen");
        assertThat(screen.strip()).isEmpty();

        // until it repaints on its own, here on input a person types
        client.call("pane.write", Map.of("pane_id", pane, "data", "repaint\r"));
        eventually(Duration.ofSeconds(10), () -> read(pane, "screen").contains("FRAME-AFTER<repaint>"));
        assertThat(read(pane, "screen")).doesNotContain("FRAME-ONE").doesNotContain("WINCH-SEEN");
        client.call("pane.close", Map.of("pane_id", pane));
    }
}
