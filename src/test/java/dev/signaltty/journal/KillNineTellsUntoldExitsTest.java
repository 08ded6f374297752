package dev.signaltty.journal;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.signaltty.support.Await;
import tools.jackson.databind.JsonNode;

/**
 * ADR 1060: a program that was running when its daemon was SIGKILLed ends with it (the kernel hangs up its
 * terminal), but no {@code pane.exited} was ever journaled for it. The next daemon tells that exit, once: the
 * pane reads exited with {@code exit_unknown}, and a client replaying the journal sees the pane end instead of
 * running forever. An exit journaled before the kill keeps its code and is not told twice.
 */
class KillNineTellsUntoldExitsTest {

    private static final Duration WAIT = Duration.ofSeconds(30);

    @TempDir
    Path root;

    @Test
    void aProgramLostWithAKilledDaemonIsToldExitedOnceWithItsStatusUnknown() throws Exception { // seed R19
        String running;
        String finished;
        try (DaemonProcess daemon = DaemonProcess.start(root); StreamClient client = daemon.connect()) {
            String ws = client.ok("workspace.create", Map.of("name", "lost", "cwd", root.toString()))
                    .path("workspace_id").asString();
            running = client.ok("pane.spawn", Map.of("workspace_id", ws, "argv", List.of("sleep", "600")))
                    .path("pane_id").asString();
            finished = client.ok("pane.spawn", Map.of("workspace_id", ws, "argv", List.of("sh", "-c", "exit 3")))
                    .path("pane_id").asString();
            Await.until(WAIT, "the finished pane's exit is journaled", () -> exitedEvents(client, finished) == 1);
            daemon.kill9();
        }
        try (DaemonProcess restarted = DaemonProcess.start(root); StreamClient client = restarted.connect()) {
            JsonNode pane = client.ok("pane.get", Map.of("pane_id", running)).path("pane");
            assertThat(pane.path("status").asString()).isEqualTo("exited");
            assertThat(pane.has("exit_code")).as("no made-up status").isFalse();
            assertThat(pane.path("exit_unknown").asString()).contains("daemon ended while it ran");
            assertThat(pane.has("exited_at")).isTrue();

            List<JsonNode> exits = replayedExits(client);
            assertThat(exits).filteredOn(e -> e.path("pane_id").asString().equals(running)).singleElement()
                    .satisfies(e -> {
                        assertThat(e.path("exit_code").isMissingNode() || e.path("exit_code").isNull()).isTrue();
                        assertThat(e.path("exit_unknown").asString()).contains("daemon ended while it ran");
                    });
            assertThat(exits).filteredOn(e -> e.path("pane_id").asString().equals(finished)).singleElement()
                    .satisfies(e -> assertThat(e.path("exit_code").asInt()).isEqualTo(3));
        }
        // a clean restart after it: the exit is known now and told no more; the unknown status stays unknown
        try (DaemonProcess again = DaemonProcess.start(root); StreamClient client = again.connect()) {
            assertThat(replayedExits(client)).filteredOn(e -> e.path("pane_id").asString().equals(running)).hasSize(1);
            JsonNode pane = client.ok("pane.get", Map.of("pane_id", running)).path("pane");
            assertThat(pane.has("exit_code")).as("an unknown status does not read 0 after a restart").isFalse();
            assertThat(pane.path("exit_unknown").asString()).contains("daemon ended while it ran");
            assertThat(client.ok("pane.get", Map.of("pane_id", finished)).path("pane").path("exit_code").asInt())
                    .isEqualTo(3);
        }
    }

    private static long exitedEvents(StreamClient client, String paneId) throws Exception {
        return replayedExits(client).stream().filter(e -> e.path("pane_id").asString().equals(paneId)).count();
    }

    /** Every {@code pane.exited} payload in the journal, read by a fresh subscription from seq 0. */
    private static List<JsonNode> replayedExits(StreamClient client) throws Exception {
        int before = client.events.size();
        JsonNode sub = client.ok("subscribe", Map.of("events", List.of("pane.exited"), "from_seq", 0));
        int returned = sub.path("replay").path("returned").asInt();
        assertThat(client.awaitEvents(before + returned, WAIT)).isTrue();
        List<JsonNode> out = new ArrayList<>();
        for (JsonNode event : client.events.subList(before, before + returned)) {
            out.add(event.path("payload"));
        }
        client.ok("unsubscribe", Map.of());
        return out;
    }
}
