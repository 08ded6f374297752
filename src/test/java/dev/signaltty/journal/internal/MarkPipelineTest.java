package dev.signaltty.journal.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The length mark of one batch is synced while the next batch is appended and synced (ADR 0415), and
 * the order seed R194 asks for still holds for every batch: a mark never claims bytes of
 * {@code audit.jsonl} that are not yet synced, and nothing is published before its mark.
 */
class MarkPipelineTest {

    static final long DEADLINE_SECONDS = 60;

    @TempDir
    Path dir;

    final List<Throwable> failures = new CopyOnWriteArrayList<>();

    /**
     * Once armed (the journal open), every {@code sync} is the audit's and every {@code syncData} the
     * mark's; checks each mark against the audit bytes synced before it, and can hold a mark's sync.
     */
    class Watching extends Durability {
        volatile boolean armed;
        final AtomicLong auditSynced = new AtomicLong();
        final AtomicLong auditSyncs = new AtomicLong();
        final List<String> violations = new CopyOnWriteArrayList<>();
        volatile CountDownLatch holdMark = new CountDownLatch(0);
        volatile long releaseAfterAuditSyncs = Long.MAX_VALUE;

        @Override
        public void sync(FileChannel channel) throws IOException {
            super.sync(channel);
            if (armed) {
                auditSynced.accumulateAndGet(channel.size(), Math::max);
                if (auditSyncs.incrementAndGet() >= releaseAfterAuditSyncs) {
                    holdMark.countDown();
                }
            }
        }

        @Override
        public void syncData(FileChannel channel) throws IOException {
            if (!armed) {
                super.syncData(channel);
                return;
            }
            long length = ByteBuffer.wrap(Files.readAllBytes(dir.resolve(SyncedLengthMark.FILE))).getLong(8);
            long synced = auditSynced.get();
            if (length > synced) { // seed R194: the expected length comes from the audit's last sync
                violations.add("mark of " + length + " bytes over an audit synced to " + synced);
            }
            try {
                if (!holdMark.await(DEADLINE_SECONDS, TimeUnit.SECONDS)) {
                    violations.add("the mark was held and no later batch was synced meanwhile");
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException(e);
            }
            super.syncData(channel);
        }
    }

    @Test
    void theNextBatchIsSyncedWhileTheMarkOfTheLastOneSyncs() throws Exception {
        Watching disk = new Watching();
        try (Journal journal = new Journal(dir, disk, false, failures::add, AuditLog.ROTATE_AT)) {
            disk.armed = true;
            journal.append(TestEvent.of("pane.created", Map.of("pane_id", "pane_0")));
            RecordingConnection subscriber = new RecordingConnection();
            journal.subscribe(subscriber, EventFilter.EVERYTHING, null);
            // the first batch's mark waits until the audit was synced once more: only a writer that goes
            // on to the next batch while the mark syncs lets it through
            disk.releaseAfterAuditSyncs = disk.auditSyncs.get() + 2;
            disk.holdMark = new CountDownLatch(1);
            try (ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor()) {
                Future<Long> first = pool.submit(() -> journal.append(TestEvent.of("pane.updated", Map.of("n", 1))));
                // the second is submitted once the first is synced in the audit (its mark is held)
                long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(DEADLINE_SECONDS);
                while (disk.auditSyncs.get() < disk.releaseAfterAuditSyncs - 1 && System.nanoTime() < deadline) {
                    Thread.sleep(1);
                }
                assertThat(subscriber.seqs()).as("not published before its mark").isEmpty();
                Future<Long> second = pool.submit(() -> journal.append(TestEvent.of("pane.updated", Map.of("n", 2))));
                long a = first.get(DEADLINE_SECONDS, TimeUnit.SECONDS);
                long b = second.get(DEADLINE_SECONDS, TimeUnit.SECONDS);
                assertThat(subscriber.seqs()).containsExactly(a, b);
            }
        }
        assertThat(disk.violations).isEmpty();
        assertThat(failures).isEmpty();
    }

    @Test
    void aMarkNeverClaimsBytesTheAuditHasNotSynced() throws Exception { // seed R194
        Watching disk = new Watching();
        try (Journal journal = new Journal(dir, disk, false, failures::add, AuditLog.ROTATE_AT)) {
            disk.armed = true;
            RecordingConnection subscriber = new RecordingConnection();
            journal.subscribe(subscriber, EventFilter.EVERYTHING, null);
            JournalTest.appendConcurrently(journal, 8, 60, "workspace.updated");
            List<Long> seqs = new ArrayList<>(subscriber.seqs());
            assertThat(seqs).hasSize(480).isSorted();
        }
        assertThat(disk.violations).isEmpty();
        assertThat(failures).isEmpty();
        SyncedLengthMark.Mark mark = SyncedLengthMark.read(dir);
        assertThat(mark).isNotNull();
        assertThat(mark.length()).isEqualTo(Files.size(dir.resolve(AuditLog.CURRENT)));
    }

    @Test
    void aLateMarkOfAnEarlierBatchNeverReplacesALaterOne() throws Exception {
        try (SyncedLengthMark mark = SyncedLengthMark.open(dir, new Durability())) {
            mark.record(0, 500);
            mark.record(0, 300); // the marker thread, behind
            assertThat(SyncedLengthMark.read(dir)).isEqualTo(new SyncedLengthMark.Mark(0, 500));
            mark.record(40, 0); // a rotation marks the new generation
            mark.record(0, 700); // a batch of the old one, marked late
            assertThat(SyncedLengthMark.read(dir)).isEqualTo(new SyncedLengthMark.Mark(40, 0));
            mark.record(40, 120);
            assertThat(SyncedLengthMark.read(dir)).isEqualTo(new SyncedLengthMark.Mark(40, 120));
        }
    }
}
