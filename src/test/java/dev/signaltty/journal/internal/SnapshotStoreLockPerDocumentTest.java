package dev.signaltty.journal.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The snapshot store serializes calls per document, not across documents (ADR 0710): at start one owner's
 * restore reads its document while another owner's first save is still syncing its own, instead of waiting
 * behind that save's serialization and two fsyncs. A save still replaces its document atomically.
 */
class SnapshotStoreLockPerDocumentTest {

    record Document(long seq, String state) {
    }

    @Test
    void aLoadOfOneDocumentDoesNotWaitForTheSaveOfAnother(@TempDir Path dir) throws Exception {
        new FileSnapshotStore(dir, new Durability()).save("panes", new Document(3, "restored panes"));
        CountDownLatch syncing = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        Durability heldInSync = new Durability() {
            @Override
            public void sync(FileChannel channel) throws IOException {
                syncing.countDown();
                try {
                    release.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                super.sync(channel);
            }
        };
        FileSnapshotStore store = new FileSnapshotStore(dir, heldInSync);
        Thread saver = Thread.ofPlatform().start(() -> store.save("workspaces", new Document(5, "saved workspaces")));
        try {
            syncing.await(); // the workspaces save is inside its fsync, holding its document
            // the bound only ends the test when a load does wait (before ADR 0710 it waited until the release)
            Optional<Document> panes = CompletableFuture.supplyAsync(() -> store.load("panes", Document.class))
                    .get(30, TimeUnit.SECONDS);
            assertThat(panes).contains(new Document(3, "restored panes"));
        } finally {
            release.countDown();
            saver.join();
        }
        assertThat(store.load("workspaces", Document.class)).contains(new Document(5, "saved workspaces"));
    }
}
