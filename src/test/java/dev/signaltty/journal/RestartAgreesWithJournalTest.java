package dev.signaltty.journal;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import tools.jackson.databind.JsonNode;

/**
 * Issue 23 item 2 / issue 17 item 4: {@code kill -9} right in the middle of a rename burst, restart on
 * the same state dir. The names that come back are the ones the journal last recorded (never the older
 * ones of the 500 ms snapshot), so they are at least the last acknowledged ones, and a client resuming
 * from its cursor gets a complete replay that agrees with the state it then reads.
 */
class RestartAgreesWithJournalTest {

    static final int WRITERS = 8;
    static final int BURST = 3_000;

    @TempDir
    Path root;

    @Test
    void namesAfterAKill9AreTheJournalsLastNotTheSnapshotsOlderOnes() throws Exception { // seed R178, seed R181
        List<String> workspaces = new ArrayList<>();
        List<String> panes = new ArrayList<>();
        Map<String, String> acked = new ConcurrentHashMap<>();
        Map<String, String> inFlight = new ConcurrentHashMap<>();
        AtomicInteger acknowledged = new AtomicInteger();
        long cursor;
        try (DaemonProcess daemon = DaemonProcess.start(root)) {
            try (StreamClient setup = daemon.connect()) {
                for (int w = 0; w < WRITERS; w++) {
                    String ws = setup.ok("workspace.create", Map.of("name", "start-" + w, "cwd", root.toString()))
                            .path("workspace_id").asString();
                    workspaces.add(ws);
                    panes.add(setup.ok("pane.spawn", Map.of("workspace_id", ws, "argv", List.of("sleep", "600")))
                            .path("pane_id").asString());
                }
            }
            StreamClient watcher = daemon.connect();
            watcher.ok("subscribe", Map.of());
            AtomicBoolean stop = new AtomicBoolean();
            try (ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor()) {
                List<Future<?>> writers = new ArrayList<>();
                for (int w = 0; w < WRITERS; w++) {
                    String ws = workspaces.get(w);
                    String pane = panes.get(w);
                    int writer = w;
                    writers.add(pool.submit(() -> {
                        try (StreamClient client = daemon.connect()) {
                            for (int i = 0; !stop.get(); i++) {
                                String wsName = "ws-" + writer + "-" + i;
                                inFlight.put(ws, wsName);
                                client.ok("workspace.rename", Map.of("workspace_id", ws, "name", wsName));
                                acked.put(ws, wsName);
                                String paneName = "p" + writer + "-" + i;
                                inFlight.put(pane, paneName);
                                client.ok("pane.rename", Map.of("pane_id", pane, "name", paneName));
                                acked.put(pane, paneName);
                                acknowledged.addAndGet(2);
                            }
                        } catch (IOException crashed) {
                            // the daemon was killed mid-request
                        }
                        return null;
                    }));
                }
                long deadline = System.nanoTime() + Duration.ofMinutes(4).toNanos();
                while (acknowledged.get() < BURST && System.nanoTime() < deadline) {
                    Thread.sleep(5);
                }
                assertThat(acknowledged.get()).isGreaterThanOrEqualTo(BURST);
                daemon.kill9(); // the writers are still sending: the last renames are younger than any snapshot
                stop.set(true);
                for (Future<?> writer : writers) {
                    writer.get();
                }
            }
            watcher.awaitEof(Duration.ofSeconds(10));
            cursor = watcher.events.getLast().path("seq").asLong();
            watcher.close();
        }

        // what the journal last recorded for every workspace and pane name
        Map<String, String> journaled = new HashMap<>();
        for (JsonNode record : new TreeMap<>(CrashRecoveryTest.readAudit(root.resolve("state/signaltty"))).values()) {
            JsonNode payload = record.path("payload");
            switch (record.path("event").asString()) {
                case "workspace.updated" -> journaled.put(payload.path("workspace_id").asString(),
                        payload.path("name").asString());
                case "pane.updated" -> {
                    if (payload.has("argv")) {
                        journaled.put(payload.path("pane_id").asString(), payload.path("name").asString());
                    }
                }
                default -> {
                }
            }
        }
        for (String id : acked.keySet()) {
            assertThat(journaled.get(id)).as("the journal has %s's last acknowledged rename or the one in flight", id)
                    .isIn(acked.get(id), inFlight.get(id));
        }

        try (DaemonProcess restarted = DaemonProcess.start(root); StreamClient client = restarted.connect()) {
            JsonNode replay = client.ok("subscribe", Map.of("from_seq", cursor)).path("replay");
            assertThat(replay.path("status").asString()).as("resuming from the last delivered cursor")
                    .isEqualTo("complete");
            Map<String, String> restored = new HashMap<>();
            for (JsonNode ws : client.ok("workspace.list", Map.of()).path("workspaces")) {
                restored.put(ws.path("workspace_id").asString(), ws.path("name").asString());
            }
            for (JsonNode pane : client.ok("pane.list", Map.of()).path("panes")) {
                restored.put(pane.path("pane_id").asString(), pane.path("name").asString());
                assertThat(pane.path("status").asString()).isEqualTo("exited");
            }
            for (String ws : workspaces) {
                assertThat(restored.get(ws)).as("workspace %s after the restart", ws).isEqualTo(journaled.get(ws));
            }
            for (String pane : panes) {
                assertThat(restored.get(pane)).as("pane %s after the restart", pane).isEqualTo(journaled.get(pane));
            }
        }
    }
}
