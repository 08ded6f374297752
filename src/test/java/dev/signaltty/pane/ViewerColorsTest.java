package dev.signaltty.pane;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import dev.signaltty.support.ColourAsker;
import dev.signaltty.support.DaemonFixture;
import dev.signaltty.support.ProtocolClient;
import tools.jackson.databind.JsonNode;

/**
 * ADR 1011: a viewer gives its terminal's colours with pane.attach, and the pane's program that asks OSC
 * 11 (as codex and vim do) is told the latest such viewer's, through a real PTY; a viewer that detaches
 * or disconnects hands the answer back to the one before it, and with none the configured colours answer.
 */
class ViewerColorsTest {

    private static final Duration DEADLINE = Duration.ofSeconds(20);

    @RegisterExtension
    static final DaemonFixture daemon = new DaemonFixture("colours");

    /** A {@link ColourAsker} in a pane of its own. */
    private static String asker() throws Exception {
        Path script = ColourAsker.write(daemon.root());
        return daemon.client().call("pane.spawn", Map.of("workspace_id", daemon.workspace(),
                "argv", List.of("bash", script.toString()))).get("pane_id").asString();
    }

    /** Writes {@code line}; the program's answer to its OSC 11 query after it, ESC shown as ^. */
    private static String answer(String pane, String line) {
        daemon.client().call("pane.write", Map.of("pane_id", pane, "data", line + "\n"));
        String mark = "got" + line + "[";
        try {
            ProtocolClient.eventually(DEADLINE, () -> after(daemon.tail(pane), mark).endsWith("]"));
        } catch (AssertionError e) {
            throw new AssertionError("no answer to line " + line + ": " + daemon.tail(pane), e);
        }
        String answer = after(daemon.tail(pane), mark);
        return answer.substring(0, answer.length() - 1);
    }

    /** The rest of the line that holds {@code mark}, after it ("" when no line does). */
    private static String after(String text, String mark) {
        int at = text.indexOf(mark);
        if (at < 0) {
            return "";
        }
        String rest = text.substring(at + mark.length());
        int end = rest.indexOf('\n');
        return (end < 0 ? rest : rest.substring(0, end)).strip();
    }

    private static void ask(String pane, String line, String expected) {
        assertThat(answer(pane, line)).isEqualTo("^]11;rgb:" + expected + "^");
    }

    private static ProtocolClient viewer(String pane, Map<String, String> colours) {
        ProtocolClient client = daemon.connect();
        Map<String, Object> params = new java.util.HashMap<>(colours);
        params.put("pane_id", pane);
        client.call("pane.attach", params);
        return client;
    }

    @Test
    void theLatestViewersColoursAnswerAndALeavingViewerHandsTheAnswerBack() throws Exception {
        String pane = asker();
        ProtocolClient.eventually(DEADLINE, () -> daemon.tail(pane).contains(ColourAsker.READY));
        ask(pane, "0", "0000/0000/0000"); // nobody views: the configured background (ADR 0962)
        try (ProtocolClient light = viewer(pane, Map.of("foreground", "#202020", "background", "#fdf6e3"))) {
            ask(pane, "1", "fdfd/f6f6/e3e3");
            ProtocolClient dark = viewer(pane, Map.of("background", "#101820"));
            ask(pane, "2", "1010/1818/2020"); // the latest attach wins
            dark.close();
            int[] tries = {0};
            // the one attached before answers again, once the daemon has seen the connection end
            ProtocolClient.eventually(DEADLINE, () -> answer(pane, "3" + tries[0]++).equals("^]11;rgb:fdfd/f6f6/e3e3^"));
            viewer(pane, Map.of()).close(); // a viewer that gives none changes nothing
            ask(pane, "4", "fdfd/f6f6/e3e3");
            light.call("pane.detach", Map.of("pane_id", pane));
            ask(pane, "5", "0000/0000/0000");
        }
    }

    @Test
    void aColourNotWrittenAsHexIsBadParamsNamingTheField() {
        String pane = daemon.spawnShell("exec sleep 60");
        JsonNode response = daemon.client().request("pane.attach", Map.of("pane_id", pane, "background", "white"));
        assertThat(response.get("error").get("code").asString()).isEqualTo("BAD_PARAMS");
        assertThat(response.get("error").get("details").get("field").asString()).isEqualTo("background");
        assertThat(response.get("error").get("message").asString()).contains("#rrggbb");
    }
}
