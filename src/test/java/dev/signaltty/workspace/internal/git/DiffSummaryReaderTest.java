package dev.signaltty.workspace.internal.git;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;

import dev.signaltty.workspace.DiffSummary;
import dev.signaltty.workspace.DiffSummary.ChangedFile;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DiffSummaryReaderTest {

    @TempDir
    Path tmp;

    TestRepo repo;
    DiffSummaryReader reader;

    @BeforeEach
    void setUp() {
        repo = TestRepo.init(tmp);
        reader = new DiffSummaryReader(repo.runner(), FileDiffReader.DEFAULT_DEADLINE);
    }

    // seed R277
    @Test
    void countsTrackedChangesAndListsUntrackedFilesOutsideTheTotals() throws Exception {
        repo.write("keep.txt", "a\nb\nc\n");
        repo.write("gone.txt", "x\ny\n");
        repo.write("img.bin", new byte[] {0, 1});
        repo.write(".gitignore", "*.log\n");
        repo.commitAll("init");
        repo.write("keep.txt", "a\nB\nc\nd\n");
        Files.delete(repo.root.resolve("gone.txt"));
        repo.write("img.bin", new byte[] {0, 2});
        repo.write("staged.txt", "s\n");
        repo.git("add", "staged.txt");
        repo.write("fresh.txt", "1\n2\n3\n");
        repo.write("noise.log", "ignored\n");

        DiffSummary summary = reader.summarize(repo.root);

        assertThat(summary.files()).containsExactlyInAnyOrder(
                new ChangedFile("keep.txt", "modified", 2, 1, false),
                new ChangedFile("gone.txt", "deleted", 0, 2, false),
                new ChangedFile("img.bin", "modified", null, null, true),
                new ChangedFile("staged.txt", "added", 1, 0, false),
                new ChangedFile("fresh.txt", "untracked", null, null, false));
        assertThat(summary.added()).isEqualTo(3);
        assertThat(summary.removed()).isEqualTo(3);
        assertThat(summary.truncated()).isFalse();
    }

    // seed R260
    @Test
    void comparesAgainstTheEmptyTreeBeforeTheFirstCommit() {
        repo.write("a.txt", "1\n2\n");
        repo.git("add", "a.txt");

        DiffSummary summary = reader.summarize(repo.root);

        assertThat(summary.files()).containsExactly(new ChangedFile("a.txt", "added", 2, 0, false));
    }

    @Test
    void leavesTheUsersIndexByteForByteUntouched() {
        repo.write("a.txt", "1\n");
        repo.commitAll("init");
        repo.write("a.txt", "2\n");
        byte[] before = repo.indexBytes();

        reader.summarize(repo.root);

        assertThat(repo.indexBytes()).isEqualTo(before);
    }
}
