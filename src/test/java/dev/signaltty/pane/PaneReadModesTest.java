package dev.signaltty.pane;

import static dev.signaltty.support.ProtocolClient.eventually;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import dev.signaltty.support.DaemonFixture;
import dev.signaltty.support.ProtocolClient;
import tools.jackson.databind.JsonNode;

/** The seed's pane.read and rendered-cursor rules, through the real socket and a real PTY. */
class PaneReadModesTest {

    @RegisterExtension
    static final DaemonFixture daemon = new DaemonFixture("reads");

    /** A shell whose commands we type; printf with octal escapes keeps markers out of the echo. */
    static String shell() {
        return daemon.client().call("pane.spawn", Map.of("workspace_id", daemon.workspace(), "rows", 24, "cols", 80,
                "argv", List.of("bash", "--norc", "--noprofile"), "env", Map.of("PS1", "$ "))).get("pane_id").asString();
    }

    static void type(String pane, String line) {
        daemon.client().call("pane.write", Map.of("pane_id", pane, "data", line + "\n"));
    }

    static JsonNode read(String pane, Map<String, Object> extra) {
        Map<String, Object> params = new HashMap<>(extra);
        params.put("pane_id", pane);
        return daemon.client().call("pane.read", params);
    }

    static void awaitText(String pane, String text) {
        eventually(Duration.ofSeconds(10), () -> read(pane, Map.of("mode", "tail", "lines", 5000))
                .get("text").asString().contains(text));
    }

    @Test
    void screenIsTheGridWithoutScrollbackAndTailIsTheDefault() { // seed R83, seed R84, seed R86
        String pane = shell();
        type(pane, "seq 1 100; printf 'DON\\105\\n'");
        awaitText(pane, "DONE");
        String screen = read(pane, Map.of("mode", "screen")).get("text").asString();
        assertThat(screen.split("\n")).hasSizeLessThanOrEqualTo(24);
        assertThat(screen).contains("100").doesNotContain("\n5\n");
        JsonNode tail = read(pane, Map.of());
        assertThat(tail.get("mode").asString()).isEqualTo("tail");
        assertThat(tail.get("text").asString()).contains("\n5\n");
    }

    @Test
    void tailDefaultsTo200LinesClampsAt5000AndSaysWhenItTruncates() { // seed R85, seed R88
        String pane = shell();
        type(pane, "seq 1 400; printf 'DON\\105\\n'");
        awaitText(pane, "DONE");
        JsonNode tail = read(pane, Map.of());
        assertThat(tail.get("text").asString().split("\n")).hasSize(200);
        assertThat(tail.get("truncated").asBoolean()).isTrue();
        JsonNode all = read(pane, Map.of("lines", 999_999));
        assertThat(all.get("truncated").asBoolean()).isFalse();
        assertThat(all.get("text").asString()).contains("\n1\n");
        assertThat(daemon.client().errorCode("pane.read", Map.of("pane_id", pane, "lines", 0))).isEqualTo("BAD_PARAMS");
    }

    @Test
    void tailIsCursorCorrectForCarriageReturnRepaints() { // seed R87
        String pane = shell();
        type(pane, "printf 'progress 10%%\\rprogress 99%%\\nFINISHE\\104\\n'");
        awaitText(pane, "FINISHED");
        String text = read(pane, Map.of()).get("text").asString();
        assertThat(text).contains("progress 99%").doesNotContain("progress 10%\n");
    }

    @Nested
    class RenderedCursor {

        @Test
        void returnsOnlyNewLinesAfterTheCursorAndAdvancesIt() { // seed R89, seed R91, seed R92
            String pane = shell();
            type(pane, "printf 'FIRS\\124\\n'");
            // the prompt after FIRST is a new rendered line too: wait for it, so the pane is idle
            awaitText(pane, "FIRST\n$");
            JsonNode first = read(pane, Map.of("mode", "rendered"));
            assertThat(first.get("text").asString()).contains("FIRST");
            long cursor = first.get("next_seq").asLong();
            JsonNode idle = read(pane, Map.of("mode", "rendered", "after_seq", cursor));
            assertThat(idle.get("text").asString()).isEmpty();
            assertThat(idle.get("seq").asLong()).isEqualTo(idle.get("next_seq").asLong());
            type(pane, "printf 'SECON\\104\\n'");
            awaitText(pane, "SECOND");
            JsonNode next = read(pane, Map.of("mode", "rendered", "after_seq", cursor));
            assertThat(next.get("text").asString()).contains("SECOND").doesNotContain("FIRST");
            assertThat(next.get("dropped").asBoolean()).isFalse();
            assertThat(next.get("seq").asLong()).isGreaterThan(cursor);
        }

        @Test
        void readsACursorAheadOfTheHeadOrFromAnotherRunAsDropped() { // seed R94, seed R95
            String pane = shell();
            type(pane, "printf 'X\\131\\n'");
            awaitText(pane, "XY");
            long head = read(pane, Map.of("mode", "rendered")).get("next_seq").asLong();
            assertThat(read(pane, Map.of("mode", "rendered", "after_seq", head + 1000)).get("dropped").asBoolean()).isTrue();
            assertThat(read(pane, Map.of("mode", "rendered", "after_seq", 5)).get("dropped").asBoolean()).isTrue();
            assertThat(read(pane, Map.of("mode", "rendered", "after_seq", 0)).get("dropped").asBoolean()).isFalse();
        }

        @Test
        void truncatesToTheNewestLinesWhenTheRangeExceedsLines() { // seed R96, seed R90
            String pane = shell();
            type(pane, "seq 1 50; printf 'EN\\104\\n'");
            awaitText(pane, "END");
            JsonNode read = read(pane, Map.of("mode", "rendered", "lines", 5));
            assertThat(read.get("truncated").asBoolean()).isTrue();
            assertThat(read.get("text").asString().split("\n")).hasSize(5);
            assertThat(read.get("text").asString()).contains("END").doesNotContain("\n2\n");
        }

        @Test
        void readsCursorsFromBeforeAClearAsDropped() { // seed R115, seed R114
            String pane = shell();
            type(pane, "seq 1 60; printf 'BEFOR\\105\\n'");
            awaitText(pane, "BEFORE");
            long cursor = read(pane, Map.of("mode", "rendered")).get("next_seq").asLong();
            daemon.client().call("pane.clear", Map.of("pane_id", pane));
            JsonNode after = read(pane, Map.of("mode", "rendered", "after_seq", cursor - 30));
            assertThat(after.get("dropped").asBoolean()).isTrue();
            assertThat(read(pane, Map.of("mode", "tail")).get("text").asString()).doesNotContain("BEFORE");
        }

        @Test
        void waitForOutputInRenderedModeMatchesOnlyNewerLines() { // seed R109, seed R110
            String pane = shell();
            type(pane, "printf 'TOKE\\116\\n'");
            awaitText(pane, "TOKEN");
            long cursor = read(pane, Map.of("mode", "rendered")).get("next_seq").asLong();
            assertThat(daemon.client().errorCode("pane.wait_for_output", Map.of("pane_id", pane, "match", "TOKEN",
                    "mode", "rendered", "after_seq", cursor, "timeout_s", 0.4))).isEqualTo("TIMEOUT");
            type(pane, "sleep 0.3; seq 1 3000; printf 'TOKE\\116 again\\n'");
            JsonNode hit = daemon.client().call("pane.wait_for_output", Map.of("pane_id", pane, "match", "TOKEN again",
                    "mode", "rendered", "after_seq", cursor, "lines", 1, "timeout_s", 20));
            assertThat(hit.get("line").asString()).isEqualTo("TOKEN again");
            assertThat(hit.get("seq").asLong()).isGreaterThan(cursor);
        }
    }

    @Nested
    class AlternateScreen {

        @Test
        void readsTheAltGridAndAppendsNothingToHistoryThenRestoresTheMainScreen() { // seed R100, seed R102, seed R117
            String pane = shell();
            type(pane, "printf 'MAINTEX\\124\\n'");
            awaitText(pane, "MAINTEXT");
            type(pane, "printf '\\033[?1049h\\033[HTUI-FRAM\\105'; seq 1 200 >/dev/null; printf '\\033[2J\\033[HTUI-SECON\\104'; sleep 1.5; printf '\\033[?1049l'");
            eventually(Duration.ofSeconds(10), () -> read(pane, Map.of("mode", "screen")).get("text").asString()
                    .contains("TUI-SECOND"));
            assertThat(read(pane, Map.of("mode", "screen")).get("text").asString()).doesNotContain("MAINTEXT");
            assertThat(read(pane, Map.of("mode", "tail", "lines", 5000)).get("text").asString())
                    .doesNotContain("MAINTEXT");
            eventually(Duration.ofSeconds(10), () -> read(pane, Map.of("mode", "screen")).get("text").asString()
                    .contains("MAINTEXT"));
            assertThat(read(pane, Map.of("mode", "tail", "lines", 5000)).get("text").asString())
                    .doesNotContain("TUI-FRAME").doesNotContain("TUI-SECOND");
        }
    }

    @Test
    void keepsAViewerAcrossAnExitAndAResume() { // seed R305, seed R302, seed R8, seed R10
        String pane = daemon.client().call("pane.spawn", Map.of("workspace_id", daemon.workspace(),
                // each run waits for a line of input, so both runs' output comes after the attach
                "argv", List.of("sh", "-c", "read go; head -c 300000 /dev/zero | tr '\\0' 'z'; echo; echo run-done; sleep 0.5")))
                .get("pane_id").asString();
        try (ProtocolClient viewer = daemon.connect()) {
            long attachedAt = viewer.call("pane.attach", Map.of("pane_id", pane)).get("output_offset").asLong();
            daemon.client().call("pane.write", Map.of("pane_id", pane, "data", "go\n"));
            daemon.awaitExited(pane, Duration.ofSeconds(10));
            daemon.client().call("pane.resume", Map.of("pane_id", pane));
            daemon.client().call("pane.write", Map.of("pane_id", pane, "data", "go\n"));
            StringBuilder seen = new StringBuilder();
            int runs = 0;
            long offset = attachedAt;
            while (runs < 2) {
                JsonNode event = viewer.nextEvent();
                byte[] data = Base64.getDecoder().decode(event.get("payload").get("data_b64").asString());
                assertThat(data.length).isLessThanOrEqualTo(64 * 1024);
                long end = event.get("payload").get("output_offset").asLong();
                assertThat(end).as("offsets keep counting across the resume").isEqualTo(offset + data.length);
                offset = end;
                seen.append(new String(data, StandardCharsets.UTF_8));
                runs = seen.toString().split("run-done", -1).length - 1;
            }
        }
    }
}
