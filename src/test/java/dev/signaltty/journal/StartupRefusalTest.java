package dev.signaltty.journal;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import tools.jackson.databind.JsonNode;

/**
 * Issue 23 items 3 and 10: a damaged state directory fails start-up at once (a FIFO is not waited on)
 * with one line naming the file and {@code signaltty server recover}; recovery then starts, never
 * reissues a seq a client may have seen, and never answers a replay from before the damage
 * {@code complete} (seed R177, R174).
 */
class StartupRefusalTest {

    @TempDir
    static Path template;
    /** The largest seq the template's daemon issued, transient ones (pane output) included. */
    static long lastSeen;

    @TempDir
    Path root;

    @BeforeAll
    static void runADaemonOnce() throws Exception {
        try (DaemonProcess daemon = DaemonProcess.start(template)) {
            try (StreamClient client = daemon.connect()) {
                client.ok("subscribe", Map.of());
                String ws = client.ok("workspace.create", Map.of("name", "before")).path("workspace_id").asString();
                client.ok("workspace.rename", Map.of("workspace_id", ws, "name", "before-2"));
                for (int i = 0; i < 5; i++) {
                    client.ok("notify", Map.of("message", "n" + i));
                }
                assertThat(client.awaitEvents(7, Duration.ofSeconds(60))).isTrue();
                lastSeen = client.events.stream().mapToLong(e -> e.path("seq").asLong()).max().orElseThrow();
            }
        }
    }

    @Test
    void aDeletedReservationFailsStartupAndRecoveryNeverReissues() throws Exception {
        Path state = copyTemplate();
        Files.delete(state.resolve("event-sequence.json"));
        refusedThenRecovered(state, "event-sequence.json: missing", true);
    }

    @Test
    void aDanglingSymlinkReservationFailsStartup() throws Exception {
        Path state = copyTemplate();
        Files.delete(state.resolve("event-sequence.json"));
        Files.createSymbolicLink(state.resolve("event-sequence.json"), state.resolve("nowhere"));
        refusedThenRecovered(state, "event-sequence.json: is a dangling symbolic link", true);
    }

    @Test
    void aFifoReservationFailsStartupInsteadOfHanging() throws Exception {
        Path state = copyTemplate();
        Files.delete(state.resolve("event-sequence.json"));
        Process mkfifo = new ProcessBuilder("mkfifo", state.resolve("event-sequence.json").toString()).start();
        assertThat(mkfifo.waitFor(30, TimeUnit.SECONDS) && mkfifo.exitValue() == 0).isTrue();
        refusedThenRecovered(state, "event-sequence.json: is a FIFO", true);
        // what recovery moved aside (still a FIFO) is evidence, not state: a plain start now succeeds
        try (DaemonProcess again = DaemonProcess.start(root); StreamClient client = again.connect()) {
            assertThat(client.ok("ping", Map.of()).path("pong").asBoolean()).isTrue();
        }
    }

    @Test
    void reservationAndAuditDeletedTogetherFailStartupAndReplayIsNeverComplete() throws Exception {
        Path state = copyTemplate();
        Files.delete(state.resolve("event-sequence.json"));
        Files.delete(state.resolve("audit.jsonl"));
        refusedThenRecovered(state, "event-sequence.json: missing", true);
    }

    @Test
    void anAuditThatIsADirectoryFailsStartupAndRecoverGetsPastIt() throws Exception {
        Path state = copyTemplate();
        Files.delete(state.resolve("audit.jsonl"));
        Files.createDirectory(state.resolve("audit.jsonl"));
        refusedThenRecovered(state, "audit.jsonl: is a directory", true);
    }

    @Test
    void aCorruptWorkspaceSnapshotFailsStartupAndRecoverGetsPastIt() throws Exception {
        Path state = copyTemplate();
        Files.writeString(state.resolve("snapshot/workspaces.json"), "{\"workspaces\": [tr");
        refusedThenRecovered(state, "snapshot/workspaces.json: corrupt snapshot", false);
    }

    /** @param historyLost whether the damage took audit history (or proof of the numbers) with it */
    private void refusedThenRecovered(Path state, String problem, boolean historyLost) throws Exception {
        try (DaemonProcess refused = DaemonProcess.launch(root)) {
            assertThat(refused.awaitExit(Duration.ofSeconds(120))).as("refused start:\n%s", refused.logText())
                    .isEqualTo(3);
            String last = refused.logText().strip().lines().reduce((a, b) -> b).orElse("");
            assertThat(last).startsWith("signaltty: cannot start: " + state).contains(problem)
                    .contains("signaltty server recover");
        }
        try (DaemonProcess recovered = DaemonProcess.start(root, "--signaltty.journal.recover=true");
             StreamClient client = recovered.connect()) {
            JsonNode replay = client.ok("subscribe", Map.of("from_seq", 0)).path("replay");
            if (historyLost) {
                assertThat(replay.path("status").asString()).as(replay.toString()).isNotEqualTo("complete");
            }
            try (StreamClient watcher = recovered.connect()) {
                watcher.ok("subscribe", Map.of());
                watcher.ok("notify", Map.of("message", "after recovery"));
                assertThat(watcher.awaitEvents(1, Duration.ofSeconds(60))).isTrue();
                assertThat(watcher.events.getFirst().path("seq").asLong()).isGreaterThan(lastSeen);
            }
        }
    }

    private Path copyTemplate() throws IOException {
        Path from = template.resolve("state");
        try (Stream<Path> paths = Files.walk(from)) {
            for (Path path : paths.sorted(Comparator.naturalOrder()).toList()) {
                Path to = root.resolve("state").resolve(from.relativize(path));
                if (path.toString().contains("/native")) {
                    continue;
                }
                if (Files.isDirectory(path)) {
                    Files.createDirectories(to);
                } else {
                    Files.copy(path, to);
                }
            }
        }
        return root.resolve("state/signaltty");
    }
}
