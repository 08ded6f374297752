package dev.signaltty.pane;

import static dev.signaltty.support.ProtocolClient.eventually;
import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import dev.signaltty.support.DaemonFixture;

/**
 * pane.clear only rewrites what the server and its viewers show: the program behind the pane gets no
 * signal, no input and no resize, and simply goes on writing (seed R116).
 */
class PaneClearUntoldTest {

    @RegisterExtension
    static final DaemonFixture daemon = new DaemonFixture("clear");

    static String spawn(String script) {
        return daemon.client().call("pane.spawn", Map.of("workspace_id", daemon.workspace(),
                "argv", List.of("bash", "--norc", "--noprofile", "-c", script))).get("pane_id").asString();
    }

    static String read(String pane, String mode) {
        return daemon.client().call("pane.read", Map.of("pane_id", pane, "mode", mode)).get("text").asString();
    }

    static long pid(String pane) {
        return daemon.client().call("pane.get", Map.of("pane_id", pane)).get("pane").get("pid").asLong();
    }

    @Test
    void aProgramThatTrapsResizesAndReadsItsInputSeesNothingAndKeepsWriting() throws Exception { // seed R116
        // Any SIGWINCH or byte of input would be printed; the counter shows the output goes on.
        String pane = spawn("trap 'echo WINCH-SEEN' WINCH; n=0; while :; do "
                + "if read -r -t 0.1 line; then echo \"INPUT-SEEN<$line>\"; fi; "
                + "echo tick-$n; n=$((n+1)); done");
        long pid = pid(pane);
        eventually(Duration.ofSeconds(10), () -> read(pane, "tail").contains("tick-5"));
        daemon.client().call("pane.clear", Map.of("pane_id", pane));
        long afterClear = daemon.client().call("pane.get", Map.of("pane_id", pane)).get("pane").get("output_offset").asLong();

        // the program keeps writing after the clear point, with numbers continuing where they were
        eventually(Duration.ofSeconds(10), () -> daemon.client().call("pane.get", Map.of("pane_id", pane)).get("pane")
                .get("output_offset").asLong() > afterClear + 40);
        Thread.sleep(500); // time enough for a WINCH trap or an input line to be printed, were there one
        String tail = read(pane, "tail");
        assertThat(tail).contains("tick-").doesNotContain("tick-0\n").doesNotContain("WINCH-SEEN")
                .doesNotContain("INPUT-SEEN");
        assertThat(pid(pane)).isEqualTo(pid);
        assertThat(daemon.client().call("pane.get", Map.of("pane_id", pane)).get("pane").get("status").asString()).isEqualTo("running");
        daemon.client().call("pane.close", Map.of("pane_id", pane));
    }

    @Test
    void aFullScreenProgramStaysBlankUntilItRepaints() throws Exception { // seed R116
        // Draws one frame on the alternate screen, then repaints only when a line of input arrives.
        String pane = spawn("printf '\\033[?1049h\\033[H\\033[2JFRAME-ONE\\n'; "
                + "trap 'printf WINCH-SEEN' WINCH; "
                + "while read -r line; do printf '\\033[H\\033[2JFRAME-AFTER<%s>\\n' \"$line\"; done; sleep 60");
        eventually(Duration.ofSeconds(10), () -> read(pane, "screen").contains("FRAME-ONE"));
        daemon.client().call("pane.clear", Map.of("pane_id", pane));

        // nothing tells the program: its screen stays blank
        Thread.sleep(700);
        String screen = read(pane, "screen");
        assertThat(screen.strip()).isEmpty();

        // until it repaints on its own, here on input a person types
        daemon.client().call("pane.write", Map.of("pane_id", pane, "data", "repaint\r"));
        eventually(Duration.ofSeconds(10), () -> read(pane, "screen").contains("FRAME-AFTER<repaint>"));
        assertThat(read(pane, "screen")).doesNotContain("FRAME-ONE").doesNotContain("WINCH-SEEN");
        daemon.client().call("pane.close", Map.of("pane_id", pane));
    }
}
