package dev.signaltty.task.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

import dev.signaltty.transport.ProtocolJson;

/** A first start's empty task snapshot is written as a tree (ADR 0621): the document of the record. */
class EmptyTaskSnapshotTest {

    @Test
    void theEmptySnapshotIsTheSavedRecordsDocumentAndReadsBackAsIt() {
        var writer = ProtocolJson.MAPPER.writerWithDefaultPrettyPrinter();
        String tree = writer.writeValueAsString(TaskStore.emptySnapshot(7));
        assertThat(tree).isEqualTo(writer.writeValueAsString(new TaskStore.Saved(7L, List.of())));
        assertThat(ProtocolJson.MAPPER.readValue(tree, TaskStore.Saved.class))
                .isEqualTo(new TaskStore.Saved(7L, List.of()));
    }
}
