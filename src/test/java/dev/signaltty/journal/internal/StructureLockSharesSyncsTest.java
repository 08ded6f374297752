package dev.signaltty.journal.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.signaltty.support.ProtocolClient;
import dev.signaltty.support.TestDaemon;

/**
 * Issue 17 item 6 (ADR 0131): renames from 8 clients, all under the one structure lock, share syncs —
 * fewer syncs than events — while every answer still comes after its event is journaled and published.
 */
class StructureLockSharesSyncsTest {

    @Test
    void concurrentRenamesUnderTheStructureLockShareSyncs(@TempDir Path root) throws Exception { // seed R171
        int clients = 8;
        int renames = 150;
        try (TestDaemon daemon = TestDaemon.start(root)) {
            Journal journal = daemon.bean(Journal.class);
            List<String> workspaces = new ArrayList<>();
            try (ProtocolClient setup = daemon.connect()) {
                for (int c = 0; c < clients; c++) {
                    workspaces.add(setup.call("workspace.create", Map.of("name", "w" + c, "cwd", root.toString()))
                            .get("workspace_id").asString());
                }
            }
            long eventsBefore = journal.publishedCount();
            long syncsBefore = journal.commitCount();
            try (ExecutorService pool = Executors.newFixedThreadPool(clients)) {
                List<Future<?>> done = new ArrayList<>();
                for (String ws : workspaces) {
                    done.add(pool.submit(() -> {
                        try (ProtocolClient client = daemon.connect()) {
                            for (int i = 0; i < renames; i++) {
                                long seq = client.call("workspace.rename", Map.of("workspace_id", ws, "name", "n" + i))
                                        .path("seq").asLong(0);
                                assertThat(seq).isGreaterThanOrEqualTo(0);
                                // answered after its sync: the journal has published at least this many
                                assertThat(journal.publishedCount()).isGreaterThan(eventsBefore);
                            }
                        }
                        return null;
                    }));
                }
                for (Future<?> f : done) {
                    f.get();
                }
            }
            long events = journal.publishedCount() - eventsBefore;
            long syncs = journal.commitCount() - syncsBefore;
            System.out.printf("structure lock: %d events in %d syncs (%.1f per sync)%n", events, syncs,
                    events / (double) syncs);
            assertThat(events).isGreaterThanOrEqualTo((long) clients * renames);
            assertThat(syncs).as("renames under one lock share syncs").isLessThan(events);
        }
    }
}
