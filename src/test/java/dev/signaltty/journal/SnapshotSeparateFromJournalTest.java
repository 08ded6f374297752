package dev.signaltty.journal;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.signaltty.support.ProtocolClient;
import dev.signaltty.support.TestDaemon;
import tools.jackson.databind.JsonNode;

/**
 * Snapshot durability is separate from the journal's (seed R178): while snapshots cannot be written at
 * all (their directory replaced by a plain file — root can write anywhere, so permissions would not
 * stop it) the server keeps running and keeps journaling every state event, unlike a journal failure,
 * which stops it (R176). Once the directory is back the snapshot catches up on its own.
 */
class SnapshotSeparateFromJournalTest {

    private static String snapshotText(Path dir) throws IOException {
        StringBuilder all = new StringBuilder();
        try (Stream<Path> files = Files.list(dir)) {
            for (Path file : files.filter(Files::isRegularFile).toList()) {
                all.append(Files.readString(file));
            }
        }
        return all.toString();
    }

    @Test
    void anUnwritableSnapshotLeavesTheJournalAndTheServerRunning(@TempDir Path root) throws Exception { // seed R178
        try (TestDaemon daemon = TestDaemon.start(root); ProtocolClient client = daemon.connect()) {
            Path snapshots = daemon.stateDir().resolve("snapshot");
            client.call("workspace.create", Map.of("name", "saved-before", "cwd", root.toString()));
            ProtocolClient.eventually(Duration.ofSeconds(10), () -> {
                try {
                    return Files.isDirectory(snapshots) && snapshotText(snapshots).contains("saved-before");
                } catch (IOException e) {
                    return false;
                }
            });

            // snapshots can no longer be written anywhere: the directory moves away in one step (the
            // periodic writer may be adding a file to it right now) and a file takes its place
            Files.move(snapshots, snapshots.resolveSibling("snapshot.moved-away"));
            Files.writeString(snapshots, "not a directory\n");

            String ws = client.call("workspace.create", Map.of("name", "journaled-only", "cwd", root.toString()))
                    .get("workspace_id").asString();
            Thread.sleep(1500); // three snapshot periods, each failing
            assertThat(daemon.isRunning()).isTrue();
            client.call("workspace.rename", Map.of("workspace_id", ws, "name", "still-journaled"));
            assertThat(Files.readString(daemon.stateDir().resolve("audit.jsonl")))
                    .contains("journaled-only").contains("still-journaled");
            try (ProtocolClient replaying = daemon.connect()) {
                JsonNode sub = replaying.call("subscribe", Map.of("events", List.of("workspace.*"), "from_seq", 0));
                assertThat(sub.get("replay").get("status").asString()).isEqualTo("complete");
            }
            assertThat(client.call("workspace.get", Map.of("workspace_id", ws)).toString()).contains("still-journaled");

            // the directory comes back: the next period saves what the snapshot missed
            Files.delete(snapshots);
            Files.createDirectories(snapshots);
            ProtocolClient.eventually(Duration.ofSeconds(10), () -> {
                try {
                    return snapshotText(snapshots).contains("still-journaled");
                } catch (IOException e) {
                    return false;
                }
            });
        }
    }
}
