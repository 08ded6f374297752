package dev.signaltty.journal.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FileSnapshotStoreTest {

    record Pane(String paneId, String name, List<String> argv, @Nullable String parentPaneId) {
    }

    record Panes(List<Pane> panes) {
    }

    @TempDir
    Path dir;

    @Test
    void savesAndLoadsADocumentWithTheProtocolsJsonConventions() throws IOException {
        FileSnapshotStore store = new FileSnapshotStore(dir, new Durability());
        Panes panes = new Panes(List.of(new Pane("pane_1", "build", List.of("bash", "-l"), null)));
        store.save("panes", panes);
        assertThat(store.load("panes", Panes.class)).contains(panes);
        String json = Files.readString(dir.resolve("panes.json"));
        assertThat(json).contains("\"pane_id\"").doesNotContain("parent_pane_id").doesNotContain("null");
    }

    @Test
    void replacesTheWholeDocumentAndLeavesNoTemporaryFile() throws IOException {
        FileSnapshotStore store = new FileSnapshotStore(dir, new Durability());
        store.save("tasks", Map.of("tasks", List.of("a", "b")));
        store.save("tasks", Map.of("tasks", List.of("c")));
        assertThat(store.load("tasks", Map.class)).contains(Map.of("tasks", List.of("c")));
        try (var files = Files.list(dir)) {
            assertThat(files.map(p -> p.getFileName().toString())).containsExactly("tasks.json");
        }
    }

    @Test
    void loadsNothingForAnUnknownNameAndDeletesIdempotently() {
        FileSnapshotStore store = new FileSnapshotStore(dir, new Durability());
        assertThat(store.load("workspaces", Map.class)).isEmpty();
        store.save("workspaces", Map.of());
        store.delete("workspaces");
        store.delete("workspaces");
        assertThat(store.load("workspaces", Map.class)).isEmpty();
    }

    @Test
    void failsToLoadAnUnreadableDocumentNamingTheFile() throws IOException {
        FileSnapshotStore store = new FileSnapshotStore(dir, new Durability());
        Files.writeString(dir.resolve("panes.json"), "{\"panes\": [");
        assertThatThrownBy(() -> store.load("panes", Panes.class))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining(dir.resolve("panes.json").toString());
    }

    @Test
    void rejectsNamesThatCouldEscapeTheDirectory() {
        FileSnapshotStore store = new FileSnapshotStore(dir, new Durability());
        for (String bad : List.of("../x", "a/b", "", "UPPER", ".hidden")) {
            assertThatThrownBy(() -> store.save(bad, Map.of())).isInstanceOf(IllegalArgumentException.class);
        }
    }
}
