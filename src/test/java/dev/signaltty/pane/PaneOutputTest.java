package dev.signaltty.pane;

import static dev.signaltty.support.ProtocolClient.eventually;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import dev.signaltty.support.DaemonFixture;
import dev.signaltty.support.ProtocolClient;
import tools.jackson.databind.JsonNode;

/** wait_for_output, clear and attach streaming over the real socket. */
class PaneOutputTest {

    @RegisterExtension
    static final DaemonFixture daemon = new DaemonFixture("out");

    @Nested
    class WaitForOutput {

        @Test
        void matchesALineAlreadyOnScreenAtOnce() { // seed R104, seed R105, seed R108
            String pane = daemon.spawnShell("echo ready-now; sleep 60");
            eventually(Duration.ofSeconds(10), () -> daemon.tail(pane).contains("ready-now"));
            JsonNode result = daemon.client().call("pane.wait_for_output", Map.of("pane_id", pane, "match", "ready-now",
                    "mode", "screen", "timeout_s", 2));
            assertThat(result.get("line").asString()).isEqualTo("ready-now");
        }

        @Test
        void waitsForALineThatAppearsLater() { // seed R103, seed R106
            String pane = daemon.spawnShell("sleep 0.5; echo later-line-42; sleep 60");
            JsonNode result = daemon.client().call("pane.wait_for_output", Map.of("pane_id", pane,
                    "match", "later-line-\\d+", "regex", true, "timeout_s", 10));
            assertThat(result.get("line").asString()).isEqualTo("later-line-42");
        }

        @Test
        void answersTimeoutWhenNothingMatches() { // seed R107
            String pane = daemon.spawnShell("sleep 60");
            assertThat(daemon.client().errorCode("pane.wait_for_output", Map.of("pane_id", pane, "match", "never",
                    "timeout_s", 0.3))).isEqualTo("TIMEOUT");
        }

        @Test
        void rejectsABadRegex() {
            String pane = daemon.spawnShell("sleep 60");
            JsonNode response = daemon.client().request("pane.wait_for_output", Map.of("pane_id", pane, "match", "(",
                    "regex", true));
            assertThat(response.get("error").get("code").asString()).isEqualTo("BAD_PARAMS");
            assertThat(response.get("error").get("details").get("field").asString()).isEqualTo("match");
        }

        @Test
        void readsAnExitedPaneOnceMoreThenAnswersPaneExited() { // seed R111
            String pane = daemon.spawnShell("echo bye");
            daemon.awaitExited(pane, Duration.ofSeconds(10));
            assertThat(daemon.client().call("pane.wait_for_output", Map.of("pane_id", pane, "match", "bye"))
                    .get("line").asString()).isEqualTo("bye");
            assertThat(daemon.client().errorCode("pane.wait_for_output", Map.of("pane_id", pane, "match", "never")))
                    .isEqualTo("PANE_EXITED");
        }

        @Test
        void isCancelledByAnotherRequestOnItsConnection() {
            String pane = daemon.spawnShell("sleep 60");
            try (ProtocolClient waiter = daemon.connect()) {
                waiter.sendRaw("{\"id\":\"w\",\"method\":\"pane.wait_for_output\",\"params\":{\"pane_id\":\""
                        + pane + "\",\"match\":\"never\"}}\n{\"id\":\"p\",\"method\":\"ping\"}\n");
                JsonNode cancelled = waiter.nextResponse();
                assertThat(cancelled.get("id").asString()).isEqualTo("w");
                assertThat(cancelled.get("error").get("details").get("cause").asString()).isEqualTo("superseded");
                assertThat(waiter.nextResponse().get("ok").asBoolean()).isTrue();
            }
        }
    }

    @Test
    void clearEmptiesTheScreenAndHistoryInOrderWithOutput() { // seed R112, seed R113, seed R114
        String pane = daemon.client().call("pane.spawn", Map.of("workspace_id", daemon.workspace(),
                "argv", List.of("bash", "--norc", "--noprofile"))).get("pane_id").asString();
        // END-2 appears only in the output (the echoed command line says END-$((1+1))): all of seq is in
        daemon.client().call("pane.write", Map.of("pane_id", pane, "data", "seq 1 50; echo END-$((1+1))\n"));
        eventually(Duration.ofSeconds(10), () -> daemon.tail(pane).contains("END-2"));
        long before = daemon.client().call("pane.get", Map.of("pane_id", pane)).get("pane").get("output_offset").asLong();
        JsonNode cleared = daemon.client().call("pane.clear", Map.of("pane_id", pane));
        // the 11 clear bytes are in the stream; a late prompt redraw may add more before them
        assertThat(cleared.get("output_offset").asLong()).isGreaterThanOrEqualTo(before + 11);
        assertThat(daemon.tail(pane)).doesNotContain("END-2").doesNotContain("\n50\n");
    }

    @Test
    // seed R7, seed R294, seed R295, seed R296, seed R297, seed R298, seed R299, seed R303, seed R304
    void streamsOutputWithContinuousOffsetsFromTheSnapshotOn() {
        String pane = daemon.spawnShell("sleep 0.3; i=0; while [ $i -lt 3000 ]; do echo flood-$i; i=$((i+1)); done; echo flood-end; sleep 60");
        try (ProtocolClient viewer = daemon.connect()) {
            JsonNode attached = viewer.call("pane.attach", Map.of("pane_id", pane));
            long offset = attached.get("output_offset").asLong();
            assertThat(Base64.getDecoder().decode(attached.get("snapshot_b64").asString())).isNotNull();
            StringBuilder seen = new StringBuilder();
            while (!seen.toString().contains("flood-end")) {
                JsonNode event = viewer.nextEvent();
                assertThat(event.get("event").asString()).isEqualTo("pty.data");
                byte[] data = Base64.getDecoder().decode(event.get("payload").get("data_b64").asString());
                long end = event.get("payload").get("output_offset").asLong();
                assertThat(end - data.length).as("no gap and no overlap").isEqualTo(offset);
                offset = end;
                seen.append(new String(data, StandardCharsets.UTF_8));
            }
            // attaching twice on one connection is one viewer: each chunk still arrives once
            viewer.call("pane.attach", Map.of("pane_id", pane));
            assertThat(viewer.call("pane.detach", Map.of("pane_id", pane)).get("detached").asBoolean()).isTrue();
            assertThat(viewer.call("pane.detach", Map.of("pane_id", pane)).get("detached").asBoolean()).isFalse();
        }
    }

    /**
     * A quiet spell longer than the reader's idle timeout gives the pane's read buffers and output ring
     * back (ADR 0491); the output after it still reaches the emulator byte for byte: the exact offset,
     * and every line of both bursts in order. The pause is the program's own; nothing here is timed.
     */
    @Test
    void outputAfterAQuietSpellArrivesWhole() {
        String pane = daemon.spawnShell("awk 'BEGIN{for(i=1;i<=2000;i++) printf \"first-%05d\\n\", i}'; sleep 2.5; "
                + "awk 'BEGIN{for(i=1;i<=2000;i++) printf \"second-%05d\\n\", i}'");
        daemon.awaitExited(pane, Duration.ofSeconds(120));
        // each line gains a CR from the terminal's newline translation
        long expected = 2000L * ("first-00001".length() + 2) + 2000L * ("second-00001".length() + 2);
        assertThat(daemon.client().call("pane.get", Map.of("pane_id", pane)).get("pane").get("output_offset").asLong())
                .isEqualTo(expected);
        StringBuilder want = new StringBuilder();
        for (int i = 1; i <= 2000; i++) {
            want.append(String.format("first-%05d%n", i));
        }
        for (int i = 1; i <= 2000; i++) {
            want.append(String.format("second-%05d%n", i));
        }
        String text = daemon.client().call("pane.read", Map.of("pane_id", pane, "lines", 5000)).get("text").asString();
        assertThat(text.strip()).isEqualTo(want.toString().strip());
    }
}
