package dev.signaltty.journal;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.signaltty.support.TestDaemon;
import tools.jackson.databind.JsonNode;

/**
 * The recovery a client follows after a lost stream (docs/protocol.md, "After an incomplete replay"):
 * subscribe first, then fetch state, then re-attach panes, then apply what the new stream buffered.
 * The order itself is the client's duty (seed R199, seed R203, seed R204); these tests check that the server
 * gives it what it needs, against a running daemon after a dropped connection, against a restarted
 * one, and against one that cannot prove the client's cursor.
 */
class ClientRecoveryTest {

    private static final Duration WAIT = Duration.ofSeconds(15);

    private static String workspaceOf(JsonNode created) {
        return created.path("workspace_id").asString();
    }

    private static List<JsonNode> eventsNamed(StreamClient client, String name) {
        return client.events.stream().filter(e -> name.equals(e.path("event").asString())).toList();
    }

    @Test
    void afterADroppedConnectionTheClientSubscribesThenRefetchesAndReattachesToTheCurrentScreen(@TempDir Path root)
            throws Exception { // seed R199, seed R203, seed R204
        try (TestDaemon daemon = TestDaemon.start(root); StreamClient actor = new StreamClient(daemon.socket())) {
            String ws = workspaceOf(actor.ok("workspace.create", Map.of("name", "recover", "cwd", root.toString())));
            String pane = actor.ok("pane.spawn", Map.of("workspace_id", ws, "cols", 70, "rows", 8,
                    "argv", List.of("bash", "--norc", "--noprofile"))).path("pane_id").asString();
            // the GUI had the pane attached at 70x8, then lost its connection
            try (StreamClient gui = new StreamClient(daemon.socket())) {
                gui.ok("subscribe", Map.of());
                gui.ok("pane.attach", Map.of("pane_id", pane));
            }
            // meanwhile the pane prints more than its 8 rows, and the workspace changes
            actor.ok("pane.write", Map.of("pane_id", pane, "data", "seq 101 130; echo offline-$((2+3))\r"));
            long deadline = System.nanoTime() + WAIT.toNanos();
            while (!actor.ok("pane.read", Map.of("pane_id", pane, "mode", "screen")).path("text").asString()
                    .contains("offline-5") && System.nanoTime() < deadline) {
                Thread.sleep(50);
            }
            actor.ok("workspace.rename", Map.of("workspace_id", ws, "name", "renamed-offline"));

            try (StreamClient gui = new StreamClient(daemon.socket())) {
                // 1. subscribe first
                assertThat(gui.ok("subscribe", Map.of("events", List.of("workspace.*", "tab.*", "pane.*")))
                        .path("subscribed").asBoolean()).isTrue();
                // a change that lands between the subscription and the state fetch
                String lateTab = actor.ok("tab.create", Map.of("workspace_id", ws, "name", "late")).path("tab_id")
                        .asString();
                // 2. then fetch the state: it shows what happened while disconnected
                assertThat(gui.ok("workspace.get", Map.of("workspace_id", ws)).toString()).contains("renamed-offline");
                JsonNode listed = gui.ok("pane.list", Map.of("workspace_id", ws)).path("panes").get(0);
                assertThat(listed.path("pane_id").asString()).isEqualTo(pane);
                assertThat(listed.path("cols").asInt()).isEqualTo(70);
                assertThat(listed.path("rows").asInt()).isEqualTo(8);
                // 3. then re-attach: the snapshot is the current visible screen at the kept size
                JsonNode attached = gui.ok("pane.attach", Map.of("pane_id", pane));
                assertThat(attached.path("cols").asInt()).isEqualTo(70);
                assertThat(attached.path("rows").asInt()).isEqualTo(8);
                String snapshot = new String(Base64.getDecoder().decode(attached.path("snapshot_b64").asString()),
                        StandardCharsets.UTF_8);
                assertThat(snapshot).contains("offline-5").contains("130");
                // only the visible screen: what scrolled off while offline is not in it
                assertThat(snapshot).doesNotContain("101").doesNotContain("seq 101");
                long covered = attached.path("output_offset").asLong();
                // 4. the buffered stream has the change the fetch may have missed
                deadline = System.nanoTime() + WAIT.toNanos();
                while (eventsNamed(gui, "tab.created").isEmpty() && System.nanoTime() < deadline) {
                    Thread.sleep(20);
                }
                assertThat(eventsNamed(gui, "tab.created")).singleElement()
                        .satisfies(e -> assertThat(e.path("payload").toString()).contains(lateTab));
                // and output after the attach streams on from the snapshot's offset
                actor.ok("pane.write", Map.of("pane_id", pane, "data", "echo after-$((3+4))\r"));
                deadline = System.nanoTime() + WAIT.toNanos();
                while (eventsNamed(gui, "pty.data").isEmpty() && System.nanoTime() < deadline) {
                    Thread.sleep(20);
                }
                JsonNode data = eventsNamed(gui, "pty.data").getFirst().path("payload");
                int length = Base64.getDecoder().decode(data.path("data_b64").asString()).length;
                assertThat(data.path("output_offset").asLong() - length).isEqualTo(covered);
            }
        }
    }

    @Test
    void afterARestartAReplayFromTheOldCursorIsCompleteAndTheRefetchedStateAgreesWithIt(@TempDir Path root)
            throws Exception { // seed R19, seed R186, seed R199, seed R203
        long cursor;
        String ws;
        String pane;
        try (TestDaemon daemon = TestDaemon.start(root); StreamClient gui = new StreamClient(daemon.socket())) {
            ws = workspaceOf(gui.ok("workspace.create", Map.of("name", "before-restart", "cwd", root.toString())));
            pane = gui.ok("pane.spawn", Map.of("workspace_id", ws, "argv", List.of("sleep", "300")))
                    .path("pane_id").asString();
            JsonNode sub = gui.ok("subscribe", Map.of("from_seq", 0));
            int returned = sub.path("replay").path("returned").asInt();
            assertThat(gui.awaitEvents(returned, WAIT)).isTrue();
            cursor = gui.events.getLast().path("seq").asLong();
        } // the daemon stops: the GUI's connection is gone

        try (TestDaemon daemon = TestDaemon.start(root); StreamClient gui = new StreamClient(daemon.socket());
             StreamClient actor = new StreamClient(daemon.socket())) {
            JsonNode sub = gui.ok("subscribe", Map.of("events", List.of("*"), "from_seq", cursor));
            JsonNode replay = sub.path("replay");
            assertThat(sub.path("subscribed").asBoolean()).isTrue();
            assertThat(replay.propertyNames()).contains("status", "requested_after", "retained_after", "through",
                    "returned");
            assertThat(replay.path("status").asString()).isEqualTo("complete");
            assertThat(replay.has("recovery")).isFalse();
            assertThat(replay.path("requested_after").asLong()).isEqualTo(cursor);
            assertThat(replay.path("retained_after").asLong()).isLessThanOrEqualTo(cursor);
            long through = replay.path("through").asLong();
            assertThat(through).isGreaterThanOrEqualTo(cursor);
            int returned = replay.path("returned").asInt();
            assertThat(gui.awaitEvents(returned, WAIT)).isTrue();
            List<Long> replayed = gui.events.subList(0, returned).stream().map(e -> e.path("seq").asLong()).toList();
            assertThat(replayed).isSorted().doesNotHaveDuplicates()
                    .allSatisfy(seq -> assertThat(seq).isGreaterThan(cursor).isLessThanOrEqualTo(through));

            // a live change after the subscription comes after the replay, above `through`
            actor.ok("workspace.rename", Map.of("workspace_id", ws, "name", "after-restart"));
            assertThat(gui.awaitEvents(returned + 1, WAIT)).isTrue();
            JsonNode live = gui.events.get(returned);
            assertThat(live.path("seq").asLong()).isGreaterThan(through);

            // the state read after subscribing reflects all of it
            assertThat(gui.ok("workspace.get", Map.of("workspace_id", ws)).toString()).contains("after-restart");
            JsonNode restored = gui.ok("pane.get", Map.of("pane_id", pane)).path("pane");
            assertThat(restored.path("status").asString()).isEqualTo("exited");
            // re-attaching a restored pane works and reports its size; its old output is not promised
            JsonNode attached = gui.ok("pane.attach", Map.of("pane_id", pane));
            assertThat(attached.path("cols").asInt()).isEqualTo(restored.path("cols").asInt());
            assertThat(attached.path("output_offset").asLong()).isZero();
        }
    }

    @Test
    void aCursorTheServerCannotProveClosesTheStreamAndAFreshSubscriptionRecovers(@TempDir Path root)
            throws Exception { // seed R199, seed R189, seed R190, seed R191, seed R192
        long foreignCursor;
        try (TestDaemon other = TestDaemon.start(root.resolve("other"));
             StreamClient client = new StreamClient(other.socket())) {
            for (int i = 0; i < 3; i++) {
                client.ok("workspace.create", Map.of("name", "elsewhere-" + i, "cwd", root.toString()));
            }
            JsonNode sub = client.ok("subscribe", Map.of("from_seq", 0));
            assertThat(client.awaitEvents(sub.path("replay").path("returned").asInt(), WAIT)).isTrue();
            foreignCursor = client.events.getLast().path("seq").asLong() + 10_000; // well past a fresh server
        }
        try (TestDaemon daemon = TestDaemon.start(root.resolve("fresh"));
             StreamClient actor = new StreamClient(daemon.socket())) {
            String ws = workspaceOf(actor.ok("workspace.create", Map.of("name", "here", "cwd", root.toString())));
            try (StreamClient stale = new StreamClient(daemon.socket())) {
                JsonNode refused = stale.ok("subscribe", Map.of("from_seq", foreignCursor));
                assertThat(refused.path("subscribed").asBoolean()).isFalse();
                assertThat(refused.path("replay").path("recovery").asString()).isEqualTo("snapshot_then_resubscribe");
                assertThat(stale.awaitEof(WAIT)).isTrue();
                assertThat(stale.events).isEmpty();
            }
            // recovery: a fresh connection subscribes live first, then reads the state
            try (StreamClient gui = new StreamClient(daemon.socket())) {
                assertThat(gui.ok("subscribe", Map.of("events", List.of("workspace.*"))).path("subscribed")
                        .asBoolean()).isTrue();
                actor.ok("workspace.rename", Map.of("workspace_id", ws, "name", "here-renamed"));
                JsonNode list = gui.ok("workspace.list", Map.of());
                assertThat(list.toString()).contains(ws);
                assertThat(gui.awaitEvents(1, WAIT)).isTrue();
                assertThat(gui.events.getFirst().path("event").asString()).isEqualTo("workspace.updated");
                assertThat(gui.events.getFirst().path("payload").toString()).contains("here-renamed");
            }
        }
    }
}
