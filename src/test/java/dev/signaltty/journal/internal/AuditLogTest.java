package dev.signaltty.journal.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AuditLogTest {

    static final long SMALL = 2_000;

    @TempDir
    Path dir;

    private AuditLog open(long startBase) throws IOException {
        AuditLog audit = AuditLog.scan(dir, new Durability(), false, SMALL);
        audit.start(startBase);
        return audit;
    }

    private static AuditRecord record(long seq) {
        return EventFilterTest.record(seq, "pane.updated", Map.of("pane_id", "pane_" + seq, "pad", "x".repeat(80)));
    }

    private static void appendEach(AuditLog audit, long from, long through) throws IOException {
        for (long seq = from; seq <= through; seq++) {
            audit.append(List.of(record(seq)));
        }
    }

    private List<Long> seqsIn(String file) throws IOException {
        return GenerationFile.readAll(dir.resolve(file)).stream().map(AuditRecord::seq).toList();
    }

    @Nested
    class Appending {

        @Test
        void writesOneRecordPerLineWithSeqEventPayloadAndAt() throws IOException { // seed R167, seed R168
            try (AuditLog audit = open(0)) {
                audit.append(List.of(record(1), record(2)));
            }
            List<String> lines = Files.readAllLines(dir.resolve(AuditLog.CURRENT));
            assertThat(lines).hasSize(2);
            assertThat(lines.getFirst()).startsWith("{\"seq\":1,\"event\":\"pane.updated\",\"payload\":{")
                    .contains("\"at\":\"");
        }
    }

    @Nested
    class Rotating {

        @Test
        void keepsTheCrossingRecordInTheOldGeneration() throws IOException { // seed R169, seed R170
            try (AuditLog audit = open(0)) {
                appendEach(audit, 1, 30);
            }
            List<Long> previous = seqsIn(AuditLog.PREVIOUS);
            long previousSize = Files.size(dir.resolve(AuditLog.PREVIOUS));
            long lastLine = record(previous.getLast()).toLine().length;
            assertThat(previousSize).isGreaterThanOrEqualTo(SMALL);
            assertThat(previousSize - lastLine).isLessThan(SMALL);
            assertThat(seqsIn(AuditLog.CURRENT).getFirst()).isEqualTo(previous.getLast() + 1);
        }

        @Test
        void keepsExactlyOnePredecessorAndRecordsWhatItDiscarded() throws IOException { // seed R169, seed R193
            try (AuditLog audit = open(0)) {
                appendEach(audit, 1, 100);
                RetentionMetadata meta = audit.metadata();
                List<Long> previous = seqsIn(AuditLog.PREVIOUS);
                assertThat(meta.previous().firstSeq()).isEqualTo(previous.getFirst());
                assertThat(meta.previous().lastSeq()).isEqualTo(previous.getLast());
                assertThat(meta.previous().length()).isEqualTo(Files.size(dir.resolve(AuditLog.PREVIOUS)));
                assertThat(meta.discardedThrough()).isEqualTo(previous.getFirst() - 1);
                assertThat(audit.provenAfter()).isEqualTo(meta.discardedThrough());
            }
            try (var files = Files.list(dir)) {
                assertThat(files.map(p -> p.getFileName().toString()))
                        .containsExactlyInAnyOrder("audit.jsonl", "audit.jsonl.1", "audit-retention.json",
                                SyncedLengthMark.FILE);
            }
        }

        @Test
        void recordsTheDamageOfAPredecessorCheckedBeforeRotation() throws IOException { // seed R196
            try (AuditLog audit = open(0)) {
                appendEach(audit, 1, 30);
                long damagedLast = audit.metadata().previous().lastSeq();
                truncateBy(AuditLog.PREVIOUS, 10);
                appendEach(audit, 31, 60);
                assertThat(audit.metadata().losses()).anySatisfy(
                        loss -> assertThat(loss.reason()).contains("audit.jsonl.1 changed on disk"));
                assertThat(audit.provenAfter()).isGreaterThanOrEqualTo(damagedLast);
            }
        }
    }

    @Nested
    class Restarting {

        @Test
        void keepsProofAcrossACleanRestart() throws IOException {
            try (AuditLog audit = open(0)) {
                appendEach(audit, 1, 10);
            }
            try (AuditLog audit = open(4096)) {
                assertThat(audit.provenAfter()).isZero();
                assertThat(audit.maxSeq()).isEqualTo(10);
                assertThat(audit.metadata().losses()).isEmpty();
            }
        }

        @Test
        void aMissingPredecessorInvalidatesProofAndThatSurvivesTheNextRestart() throws IOException { // R195, R196
            long lastOfPrevious;
            try (AuditLog audit = open(0)) {
                appendEach(audit, 1, 30);
                lastOfPrevious = audit.metadata().previous().lastSeq();
            }
            Files.delete(dir.resolve(AuditLog.PREVIOUS));
            try (AuditLog audit = open(4096)) {
                assertThat(audit.provenAfter()).isEqualTo(lastOfPrevious);
            }
            try (AuditLog audit = open(8192)) {
                assertThat(audit.provenAfter()).isEqualTo(lastOfPrevious);
                assertThat(audit.metadata().losses()).singleElement()
                        .satisfies(loss -> assertThat(loss.reason()).contains("audit.jsonl.1 missing"));
            }
        }

        @Test
        void aTruncatedPredecessorInvalidatesProof() throws IOException { // seed R195
            try (AuditLog audit = open(0)) {
                appendEach(audit, 1, 30);
            }
            truncateBy(AuditLog.PREVIOUS, 1);
            try (AuditLog audit = open(4096)) {
                assertThat(audit.provenAfter()).isEqualTo(audit.metadata().previous().lastSeq());
            }
        }

        @Test
        void aCurrentGenerationShorterThanAtItsCleanStopInvalidatesEverythingBefore() throws IOException {
            try (AuditLog audit = open(0)) {
                appendEach(audit, 1, 5);
            }
            Path cur = dir.resolve(AuditLog.CURRENT);
            List<String> lines = Files.readAllLines(cur);
            Files.write(cur, lines.subList(0, 3), StandardCharsets.UTF_8);
            try (AuditLog audit = open(4096)) {
                assertThat(audit.provenAfter()).isEqualTo(4096);
                assertThat(audit.metadata().losses()).singleElement()
                        .satisfies(loss -> assertThat(loss.reason()).contains("truncated"));
            }
        }

        @Test
        void aCurrentGenerationShorterThanItsSyncedLengthAfterACrashInvalidatesProof() throws IOException { // R194 R195
            AuditLog crashed = open(0);
            appendEach(crashed, 1, 5); // synced and publishable, then the daemon dies without a clean stop
            Path cur = dir.resolve(AuditLog.CURRENT);
            List<String> lines = Files.readAllLines(cur);
            Files.write(cur, lines.subList(0, 3), StandardCharsets.UTF_8); // whole records cut from outside
            try (AuditLog audit = open(4096)) {
                assertThat(audit.provenAfter()).isEqualTo(4096);
                assertThat(audit.metadata().losses()).singleElement()
                        .satisfies(loss -> assertThat(loss.reason()).contains("synced before publication"));
            } finally {
                crashed.close();
            }
        }

        @Test
        void keepsProofAfterACrashThatTruncatedNothing() throws IOException {
            AuditLog crashed = open(0);
            appendEach(crashed, 1, 5);
            try (AuditLog audit = open(4096)) {
                assertThat(audit.metadata().losses()).isEmpty();
            } finally {
                crashed.close();
            }
        }

        @Test
        void trimsAnUnsyncedFinalRecordWithoutLosingProof() throws IOException {
            try (AuditLog audit = open(0)) {
                appendEach(audit, 1, 3);
            }
            Path cur = dir.resolve(AuditLog.CURRENT);
            long intact = Files.size(cur);
            Files.writeString(cur, "{\"seq\":4,\"event\":\"pa", StandardOpenOption.APPEND);
            try (AuditLog audit = open(4096)) {
                assertThat(Files.size(cur)).isEqualTo(intact);
                assertThat(audit.maxSeq()).isEqualTo(3);
                assertThat(audit.provenAfter()).isZero();
            }
        }

        @Test
        void finishesARotationInterruptedAfterItsMetadataWasWritten() throws IOException {
            try (AuditLog audit = open(0)) {
                appendEach(audit, 1, 30);
            }
            // Recreate the crash window: metadata says "rotating", the rename has not happened.
            RetentionMetadata meta = RetentionMetadata.read(dir.resolve(RetentionMetadata.FILE));
            List<Long> current = seqsIn(AuditLog.CURRENT);
            long length = Files.size(dir.resolve(AuditLog.CURRENT));
            RetentionMetadata rotating = new RetentionMetadata(1, meta.previous().lastSeq(), meta.previous().lastSeq(),
                    new RetentionMetadata.Generation(AuditLog.PREVIOUS, current.getFirst(), current.getLast(), length),
                    current.getLast(), null, true, List.of());
            rotating.write(dir.resolve(RetentionMetadata.FILE), new Durability());
            try (AuditLog audit = open(4096)) {
                assertThat(seqsIn(AuditLog.PREVIOUS)).isEqualTo(current);
                assertThat(Files.size(dir.resolve(AuditLog.CURRENT))).isZero();
                assertThat(audit.metadata().losses()).isEmpty();
                assertThat(audit.metadata().rotating()).isFalse();
            }
        }
    }

    @Nested
    class WithCorruptOrLegacyHistory {

        @Test
        void refusesToStartOnACorruptLineNamingTheFile() throws IOException { // seed R180
            try (AuditLog audit = open(0)) {
                appendEach(audit, 1, 3);
            }
            Path cur = dir.resolve(AuditLog.CURRENT);
            List<String> lines = new java.util.ArrayList<>(Files.readAllLines(cur));
            lines.set(1, "garbage");
            Files.write(cur, lines);
            assertThatThrownBy(() -> AuditLog.scan(dir, new Durability(), false, SMALL))
                    .isInstanceOf(JournalCorruptException.class)
                    .hasMessageContaining(cur.toString())
                    .hasMessageContaining("line 2")
                    .hasMessageContaining("signaltty server recover");
        }

        @Test
        void recoveryMovesTheCorruptFileAsideAndRecordsTheLossOfProof() throws IOException { // seed R180
            try (AuditLog audit = open(0)) {
                appendEach(audit, 1, 3);
            }
            Files.writeString(dir.resolve(AuditLog.CURRENT), "garbage\n{}\n", StandardOpenOption.APPEND);
            AuditLog audit = AuditLog.scan(dir, new Durability(), true, SMALL);
            audit.start(4096);
            audit.close();
            assertThat(audit.provenAfter()).isEqualTo(4096);
            assertThat(audit.metadata().losses()).singleElement()
                    .satisfies(loss -> assertThat(loss.reason()).startsWith("recover: corrupt audit.jsonl"));
            try (var files = Files.list(dir)) {
                assertThat(files.map(p -> p.getFileName().toString())).anyMatch(n -> n.startsWith("audit.jsonl.corrupt-"));
            }
            AuditLog again = AuditLog.scan(dir, new Durability(), false, SMALL);
            again.start(8192);
            again.close();
            assertThat(again.provenAfter()).isEqualTo(4096);
        }

        @Test
        void aLegacyAuditSeedsFromItsLargestSeqAndIsUnavailableForProof() throws IOException { // R179, R197
            Files.write(dir.resolve(AuditLog.CURRENT), List.of(
                    new String(record(40).toLine(), StandardCharsets.UTF_8).strip(),
                    new String(record(41).toLine(), StandardCharsets.UTF_8).strip()));
            AuditLog audit = AuditLog.scan(dir, new Durability(), false, SMALL);
            assertThat(audit.maxSeq()).isEqualTo(41);
            audit.start(41);
            audit.close();
            assertThat(audit.provenAfter()).isEqualTo(41);
            assertThat(audit.metadata().losses()).singleElement()
                    .satisfies(loss -> assertThat(loss.reason()).contains("legacy"));
        }
    }

    private void truncateBy(String file, long bytes) throws IOException {
        try (FileChannel channel = FileChannel.open(dir.resolve(file), StandardOpenOption.WRITE)) {
            channel.truncate(channel.size() - bytes);
        }
    }
}
