package dev.signaltty.workspace.internal.git;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.signaltty.workspace.DiffContent;
import dev.signaltty.workspace.DiffContent.Line;

/**
 * workspace.file_diff does no rename detection (seed R262): a moved file reads as a deletion at its
 * old name and an addition at its new one — also when the repository's own configuration asks Git
 * for renames.
 */
class FileDiffRenameTest {

    @TempDir
    Path tmp;

    TestRepo repo;
    FileDiffReader reader;

    @BeforeEach
    void movedFile() {
        repo = TestRepo.init(tmp);
        repo.write("old.txt", "alpha\nbeta\ngamma\n");
        repo.commitAll("init");
        repo.git("config", "diff.renames", "copies"); // local configuration that would turn renames on
        repo.git("mv", "old.txt", "new.txt");
        reader = new FileDiffReader(repo.runner(), FileDiffReader.DEFAULT_DEADLINE);
    }

    private List<Line> lines(String path) {
        DiffContent content = reader.read(repo.root, RepoPath.parse(path));
        assertThat(content).isInstanceOf(DiffContent.Text.class);
        return ((DiffContent.Text) content).hunks().stream().flatMap(h -> h.lines().stream()).toList();
    }

    @Test
    void theNewNameIsAWholeFileAddition() { // seed R262
        List<Line> lines = lines("new.txt");
        assertThat(lines).extracting(Line::kind).containsOnly(Line.ADDED);
        assertThat(lines).extracting(Line::text).containsExactly("alpha", "beta", "gamma");
        assertThat(lines).extracting(Line::newLine).containsExactly(1, 2, 3);
    }

    @Test
    void theOldNameIsAWholeFileDeletion() { // seed R262
        List<Line> lines = lines("old.txt");
        assertThat(lines).extracting(Line::kind).containsOnly(Line.REMOVED);
        assertThat(lines).extracting(Line::text).containsExactly("alpha", "beta", "gamma");
        assertThat(lines).extracting(Line::oldLine).containsExactly(1, 2, 3);
    }
}
