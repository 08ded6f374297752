package dev.signaltty.journal.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Expected file lengths are recorded before publication (seed R194): whenever a subscriber is handed an
 * event, the synced length mark ({@code audit.length}) already covers that event's whole record in
 * {@code audit.jsonl}, so a later truncation of the file below the mark is detectable (R195).
 */
class LengthMarkBeforePublicationTest {

    @TempDir
    Path dir;

    private boolean markCovers(long seq) {
        try {
            SyncedLengthMark.Mark mark = SyncedLengthMark.read(dir);
            if (mark == null) {
                return false;
            }
            byte[] audit = Files.readAllBytes(dir.resolve(AuditLog.CURRENT));
            int upTo = (int) Math.min(mark.length(), audit.length);
            String covered = new String(audit, 0, upTo, StandardCharsets.UTF_8);
            // the whole record, up to its newline, lies below the mark
            int at = covered.indexOf("{\"seq\":" + seq + ",");
            return at >= 0 && covered.indexOf('\n', at) >= 0;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Test
    void everyPublishedEventIsCoveredByTheSyncedLengthMark() throws Exception { // seed R194
        List<Throwable> failures = new ArrayList<>();
        try (Journal journal = new Journal(dir, new Durability(), false, failures::add,
                AuditLog.ROTATE_AT)) {
            RecordingConnection subscriber = new RecordingConnection().checking(frame -> markCovers(frame.seq()));
            journal.subscribe(subscriber, EventFilter.EVERYTHING, null);
            JournalTest.appendConcurrently(journal, 4, 50, "workspace.updated");
            assertThat(subscriber.frames()).hasSize(200);
            assertThat(subscriber.violations).isEmpty();
        }
        assertThat(failures).isEmpty();
    }
}
