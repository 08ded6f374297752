package dev.signaltty.journal.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The length mark, now synced with fdatasync after one write per batch (ADR 0415), still only ever
 * claims bytes of {@code audit.jsonl} that its sync already made durable (seed R194), and ends at the
 * file's length.
 */
class MarkAfterAuditSyncTest {

    @TempDir
    Path dir;

    final List<Throwable> failures = new CopyOnWriteArrayList<>();

    /** Once armed (the journal open), every {@code sync} is the audit's and every {@code syncData} the mark's. */
    class Watching extends Durability {
        volatile boolean armed;
        final AtomicLong auditSynced = new AtomicLong();
        final AtomicLong marks = new AtomicLong();
        final List<String> violations = new CopyOnWriteArrayList<>();

        @Override
        public void sync(FileChannel channel) throws IOException {
            super.sync(channel);
            if (armed) {
                auditSynced.accumulateAndGet(channel.size(), Math::max);
            }
        }

        @Override
        public void syncData(FileChannel channel) throws IOException {
            if (armed) {
                long length = ByteBuffer.wrap(Files.readAllBytes(dir.resolve(SyncedLengthMark.FILE))).getLong(8);
                long synced = auditSynced.get();
                if (length > synced) { // seed R194: the expected length comes from the audit's last sync
                    violations.add("mark of " + length + " bytes over an audit synced to " + synced);
                }
                marks.incrementAndGet();
            }
            super.syncData(channel);
        }
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
        assertThat(disk.marks.get()).isPositive();
        assertThat(disk.violations).isEmpty();
        assertThat(failures).isEmpty();
        SyncedLengthMark.Mark mark = SyncedLengthMark.read(dir);
        assertThat(mark).isNotNull();
        assertThat(mark.length()).isEqualTo(Files.size(dir.resolve(AuditLog.CURRENT)));
    }
}
