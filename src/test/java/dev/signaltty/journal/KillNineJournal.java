package dev.signaltty.journal;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import tools.jackson.databind.JsonNode;

/**
 * The set-up the tests of exits told after a {@code kill -9} share (ADR 1060, ADR 1140): a daemon on a temp root's
 * dirs is given its panes and killed with {@code -9}; the next daemon on the same dirs runs its recovery, and the
 * test reads what it journaled by replaying the journal from seq 0.
 */
final class KillNineJournal {

    static final Duration WAIT = Duration.ofSeconds(30);

    private KillNineJournal() {
    }

    /** What a test does with a running daemon before it is killed; its result outlives the daemon. */
    interface BeforeTheKill<T> {
        T run(DaemonProcess daemon, StreamClient client) throws Exception;
    }

    /** What a test reads from a daemon started again on the same dirs. */
    interface AfterTheRestart {
        void run(StreamClient client) throws Exception;
    }

    /** Starts a daemon on {@code root}'s dirs, runs {@code before} with a client, then kills the daemon with -9. */
    static <T> T thenKill9(Path root, BeforeTheKill<T> before) throws Exception {
        try (DaemonProcess daemon = DaemonProcess.start(root); StreamClient client = daemon.connect()) {
            T kept = before.run(daemon, client);
            daemon.kill9();
            return kept;
        }
    }

    /** Starts a daemon again on {@code root}'s dirs (its recovery runs at start-up), runs {@code after}, stops it. */
    static void restarted(Path root, AfterTheRestart after) throws Exception {
        try (DaemonProcess daemon = DaemonProcess.start(root); StreamClient client = daemon.connect()) {
            after.run(client);
        }
    }

    /** The panes a killed daemon leaves: one still running at the kill, one whose end was journaled before it. */
    record LostPanes(String running, String finished) {
    }

    /** A workspace {@code name} in {@code root} with a pane running each argv; their ids. */
    static LostPanes spawnBoth(StreamClient client, Path root, String name, List<String> running, List<String> finished)
            throws Exception {
        String ws = workspace(client, root, name);
        return new LostPanes(spawn(client, ws, running.toArray(String[]::new)), spawn(client, ws, finished.toArray(String[]::new)));
    }

    /** A new workspace in {@code root}; its id. */
    static String workspace(StreamClient client, Path root, String name) throws Exception {
        return client.ok("workspace.create", Map.of("name", name, "cwd", root.toString())).path("workspace_id").asString();
    }

    /** A pane running {@code argv} in {@code workspace}; its id. */
    static String spawn(StreamClient client, String workspace, String... argv) throws Exception {
        return client.ok("pane.spawn", Map.of("workspace_id", workspace, "argv", List.of(argv))).path("pane_id").asString();
    }

    /** The payloads of every {@code event} in the journal, read by a fresh subscription from seq 0. */
    static List<JsonNode> replayed(StreamClient client, String event) throws Exception {
        int before = client.events.size();
        JsonNode sub = client.ok("subscribe", Map.of("events", List.of(event), "from_seq", 0));
        int returned = sub.path("replay").path("returned").asInt();
        assertThat(client.awaitEvents(before + returned, WAIT)).isTrue();
        List<JsonNode> out = new ArrayList<>();
        for (JsonNode frame : client.events.subList(before, before + returned)) {
            out.add(frame.path("payload"));
        }
        client.ok("unsubscribe", Map.of());
        return out;
    }

    /** The payloads of every {@code event} about {@code paneId} in the journal. */
    static List<JsonNode> replayed(StreamClient client, String event, String paneId) throws Exception {
        return replayed(client, event).stream().filter(e -> e.path("pane_id").asString().equals(paneId)).toList();
    }
}
