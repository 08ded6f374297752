package dev.signaltty.journal.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.signaltty.journal.internal.RetentionMetadata.Generation;
import dev.signaltty.journal.internal.RetentionMetadata.Loss;
import dev.signaltty.transport.ProtocolJson;

/** {@code audit-retention.json} is written as a tree (ADR 0621): the bytes Jackson writes for the record. */
class RetentionMetadataTest {

    @TempDir
    Path dir;

    @Test
    void aFirstStartsMetadataIsWrittenAsTheRecordWouldBeAndReadsBack() throws IOException {
        writesAsTheRecordAndReadsBack(new RetentionMetadata(1, 0, 0, null, 0, null, false, List.of()));
    }

    @Test
    void everyFieldOfALaterGenerationIsWrittenAsTheRecordWouldBeAndReadsBack() throws IOException {
        writesAsTheRecordAndReadsBack(new RetentionMetadata(1, 41, 17, new Generation("audit.jsonl.1", 18, 40, 9_000),
                40, 1_234L, true, List.of(new Loss("2026-12-06T04:00:00Z", "audit.jsonl: torn tail", 41),
                        new Loss("2026-12-06T04:01:00Z", "snapshot panes behind", 12))));
    }

    private void writesAsTheRecordAndReadsBack(RetentionMetadata meta) throws IOException {
        Path file = dir.resolve(RetentionMetadata.FILE);
        meta.write(file, new Durability());
        assertThat(Files.readString(file))
                .isEqualTo(ProtocolJson.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(meta));
        assertThat(RetentionMetadata.read(file)).isEqualTo(meta);
    }
}
