package dev.signaltty.journal;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import tools.jackson.databind.JsonNode;

/**
 * Issue 17 item 6 (ADR 0260): group commit makes renames faster without weakening them. Eight clients rename
 * their own workspace in a closed loop; the daemon is killed with SIGKILL while they still send, right after
 * the N-th acknowledgement, long before a periodic snapshot could hold the names. After a restart on the same
 * state dir every workspace carries its last acknowledged name (or the one in flight at the kill, which may
 * have been synced without its answer), and the audit holds every acknowledged rename.
 */
class AcknowledgedRenamesSurviveKillNineTest {

    static final int CLIENTS = 8;
    static final int ACKNOWLEDGED = 2_000;

    @TempDir
    Path root;

    @Test
    void everyAcknowledgedRenameFromEightClientsSurvivesAKill9() throws Exception { // seed R171
        List<String> workspaces = new ArrayList<>();
        AtomicIntegerArray lastAcknowledged = new AtomicIntegerArray(CLIENTS);
        AtomicInteger acknowledged = new AtomicInteger();
        try (DaemonProcess daemon = DaemonProcess.start(root)) {
            try (StreamClient setup = daemon.connect()) {
                for (int c = 0; c < CLIENTS; c++) {
                    workspaces.add(setup.ok("workspace.create", Map.of("name", "w" + c)).path("workspace_id")
                            .asString());
                    lastAcknowledged.set(c, -1);
                }
            }
            AtomicBoolean stop = new AtomicBoolean();
            try (ExecutorService pool = Executors.newFixedThreadPool(CLIENTS)) {
                List<Future<?>> writers = new ArrayList<>();
                for (int c = 0; c < CLIENTS; c++) {
                    int client = c;
                    writers.add(pool.submit(() -> {
                        try (StreamClient stream = daemon.connect()) {
                            for (int i = 0; !stop.get(); i++) {
                                JsonNode view = stream.ok("workspace.rename",
                                        Map.of("workspace_id", workspaces.get(client), "name", "n" + i));
                                assertThat(view.path("name").asString()).isEqualTo("n" + i);
                                lastAcknowledged.set(client, i);
                                acknowledged.incrementAndGet();
                            }
                        } catch (IOException killed) {
                            // the daemon died mid-request: that rename was not acknowledged
                        }
                        return null;
                    }));
                }
                long deadline = System.nanoTime() + Duration.ofMinutes(4).toNanos();
                while (acknowledged.get() < ACKNOWLEDGED && System.nanoTime() < deadline) {
                    Thread.sleep(1);
                }
                daemon.kill9(); // the writers are still sending: answers in flight are lost, not their syncs
                stop.set(true);
                for (Future<?> writer : writers) {
                    writer.get();
                }
            }
            assertThat(acknowledged.get()).as("renames acknowledged before the kill").isGreaterThanOrEqualTo(ACKNOWLEDGED);
        }

        Map<Long, JsonNode> audit = CrashRecoveryTest.readAudit(root.resolve("state/signaltty"));
        for (int c = 0; c < CLIENTS; c++) {
            String workspace = workspaces.get(c);
            Set<String> journaled = new HashSet<>();
            for (JsonNode record : audit.values()) {
                if ("workspace.updated".equals(record.path("event").asString())
                        && workspace.equals(record.path("payload").path("workspace_id").asString())) {
                    journaled.add(record.path("payload").path("name").asString());
                }
            }
            for (int i = 0; i <= lastAcknowledged.get(c); i++) {
                assertThat(journaled).as("acknowledged rename n%d of %s is in the audit", i, workspace)
                        .contains("n" + i);
            }
        }

        try (DaemonProcess restarted = DaemonProcess.start(root); StreamClient client = restarted.connect()) {
            JsonNode listed = client.ok("workspace.list", Map.of()).path("workspaces");
            for (int c = 0; c < CLIENTS; c++) {
                String name = null;
                for (JsonNode workspace : listed) {
                    if (workspaces.get(c).equals(workspace.path("workspace_id").asString())) {
                        name = workspace.path("name").asString();
                    }
                }
                int last = lastAcknowledged.get(c);
                assertThat(name).as("workspace %d after the restart (last acknowledged n%d)", c, last)
                        .isIn(last < 0 ? "w" + c : "n" + last, "n" + (last + 1));
            }
        }
    }
}
