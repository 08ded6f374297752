package dev.signaltty.orch;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import dev.signaltty.support.DaemonFixture;
import dev.signaltty.support.ProtocolClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** pane.search, pane.record and pane.export through the real socket on real bash panes (issue 19). */
class PaneSearchRecordExportTest {

    @RegisterExtension
    static final DaemonFixture daemon = new DaemonFixture("search", "signaltty.pane.scrollback-lines=500");

    static String bash() {
        return daemon.client().call("pane.spawn", Map.of("workspace_id", daemon.workspace(), "argv", List.of("bash"),
                "env", Map.of("HOME", daemon.root().toString()))).get("pane_id").asString();
    }

    static JsonNode run(String pane, String command) {
        return daemon.client().call("pane.run", Map.of("pane_id", pane, "command", command, "timeout_s", 60));
    }

    @Test
    void searchFindsLinesInHistoryAndOnScreenWithTheirSeqs() {
        String pane = bash();
        run(pane, "for i in $(seq 1 300); do echo \"row $i\"; done; echo 'ERROR: disk full'");
        JsonNode literal = daemon.client().call("pane.search", Map.of("pane_id", pane, "pattern", "row 7"));
        // row 7, row 70..79, row 700 does not exist: 11 lines, the first one long scrolled into history
        assertThat(literal.get("total").asInt()).isEqualTo(11);
        assertThat(literal.get("matches").get(0).get("line").asString()).isEqualTo("row 7");
        long seq = literal.get("matches").get(0).get("seq").asLong();
        // a seq is a cursor: reading from just before it starts at that line
        JsonNode from = daemon.client().call("pane.read", Map.of("pane_id", pane, "mode", "rendered",
                "after_seq", seq - 1, "lines", 1));
        assertThat(from.get("dropped").asBoolean()).isFalse();

        JsonNode regex = daemon.client().call("pane.search", Map.of("pane_id", pane, "pattern", "^row 29[0-9]$",
                "regex", true, "limit", 3));
        assertThat(regex.get("total").asInt()).isEqualTo(10);
        assertThat(regex.get("truncated").asBoolean()).isTrue();
        assertThat(regex.get("matches")).extracting(m -> m.get("line").asString())
                .containsExactly("row 297", "row 298", "row 299");
        JsonNode ignoring = daemon.client().call("pane.search", Map.of("pane_id", pane, "pattern", "error: DISK",
                "ignore_case", true));
        // the typed echo is a line like any other (search covers everything the pane shows), then the output
        assertThat(ignoring.get("total").asInt()).isEqualTo(2);
        assertThat(ignoring.get("matches").get(1).get("line").asString()).isEqualTo("ERROR: disk full");
        assertThat(ignoring.get("matches").get(1).get("column").asInt()).isZero();

        ProtocolClient client = daemon.client();
        assertThat(client.errorCode("pane.search", Map.of("pane_id", pane, "pattern", "(", "regex", true))).isEqualTo("BAD_PARAMS");
        assertThat(client.errorCode("pane.search", Map.of("pane_id", pane, "pattern", "x", "limit", 0))).isEqualTo("BAD_PARAMS");
    }

    @Test
    void recordsOutputAsAsciicastV2UntilStoppedAndBoundedBySize() throws Exception {
        String pane = bash();
        run(pane, "true");
        Path cast = daemon.root().resolve("session.cast");
        JsonNode started = daemon.client().call("pane.record", Map.of("pane_id", pane, "path", cast.toString()));
        assertThat(started.get("recording").asBoolean()).isTrue();
        assertThat(daemon.client().errorCode("pane.record", Map.of("pane_id", pane, "path", cast.toString())))
                .isEqualTo("BAD_PARAMS"); // one recording per pane
        run(pane, "printf 'caf\\303\\251 RECORDED\\n'; sleep 0.3");
        JsonNode stopped = daemon.client().call("pane.record", Map.of("pane_id", pane, "stop", true));
        assertThat(stopped.get("recording").asBoolean()).isFalse();
        // what a person is told of the stopped recording: its file, size and length (the CLI prints them)
        assertThat(stopped.get("path").asString()).isEqualTo(cast.toString());
        assertThat(stopped.get("duration_ms").asLong()).as("it recorded through the sleep").isGreaterThanOrEqualTo(300);
        assertThat(stopped.get("bytes").asLong()).isEqualTo(Files.size(cast));
        List<String> lines = Files.readAllLines(cast);
        JsonMapper json = JsonMapper.builder().build();
        JsonNode header = json.readTree(lines.getFirst());
        assertThat(header.get("version").asInt()).isEqualTo(2);
        assertThat(header.get("width").asInt()).isEqualTo(80);
        StringBuilder output = new StringBuilder();
        double last = 0;
        for (String line : lines.subList(1, lines.size())) {
            JsonNode event = json.readTree(line);
            assertThat(event.get(0).asDouble()).isGreaterThanOrEqualTo(last);
            last = event.get(0).asDouble();
            assertThat(event.get(1).asString()).isEqualTo("o");
            output.append(event.get(2).asString());
        }
        assertThat(output.toString()).contains("café RECORDED");
        assertThat(daemon.client().errorCode("pane.record", Map.of("pane_id", pane, "path", cast.toString())))
                .isEqualTo("BAD_PARAMS"); // never overwrites

        Path small = daemon.root().resolve("small.cast");
        daemon.client().call("pane.record", Map.of("pane_id", pane, "path", small.toString(), "max_bytes", 2048));
        run(pane, "seq 1 5000");
        assertThat(Files.size(small)).isLessThanOrEqualTo(2048);
        // the size limit ended it: a new recording may start
        assertThat(daemon.client().errorCode("pane.record", Map.of("pane_id", pane, "stop", true))).isEqualTo("BAD_PARAMS");
    }

    @Test
    void exportWritesTheWholeScrollbackAsTextOrAnsi() throws Exception {
        String pane = bash();
        run(pane, "seq 1 400; printf '\\033[31mRED\\033[0m\\n'");
        JsonNode text = daemon.client().call("pane.export", Map.of("pane_id", pane));
        assertThat(text.get("text").asString()).contains("\n1\n").contains("\n400\nRED\n").doesNotContain("\u001b[");
        Path file = daemon.root().resolve("export.ansi");
        JsonNode written = daemon.client().call("pane.export", Map.of("pane_id", pane, "ansi", true, "path", file.toString()));
        assertThat(written.get("lines").asInt()).isGreaterThan(400);
        assertThat(Files.readString(file)).containsPattern("\u001b\\[[0-9;]*31mRED");
    }
}
