package dev.signaltty.workspace.internal.git;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;

import dev.signaltty.transport.ErrorCode;
import dev.signaltty.transport.ProtocolException;
import dev.signaltty.workspace.DiffContent;
import dev.signaltty.workspace.DiffSummary;
import dev.signaltty.workspace.DiffContent.Line;
import dev.signaltty.workspace.DiffSummary.ChangedFile;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TurnBaselinesTest {

    @TempDir
    Path tmp;

    TestRepo repo;
    TurnBaselines baselines;

    @BeforeEach
    void setUp() {
        repo = TestRepo.init(tmp);
        baselines = new TurnBaselines(repo.runner(), Duration.ofSeconds(30), Duration.ofSeconds(8));
    }

    // seed R288
    @Test
    void diffsWhatTheAgentChangedDuringTheTurnAndLeavesIndexAndHeadUntouched() throws Exception {
        repo.write("a.txt", "one\n");
        repo.write("b.txt", "keep\n");
        repo.commitAll("init");
        // The user's own work before the turn: a staged edit and an untracked note.
        repo.write("a.txt", "one\nuser\n");
        repo.git("add", "a.txt");
        repo.write("notes.md", "mine\n");
        byte[] indexBefore = repo.indexBytes();
        String headBefore = repo.git("rev-parse", "HEAD");
        String statusBefore = repo.git("status", "--porcelain");

        TurnBaselines.Baseline baseline = baselines.record("ws_1", "pane_1", repo.root, Instant.now());
        assertThat(baseline.tree()).isNotNull();
        assertThat(repo.indexBytes()).isEqualTo(indexBefore);
        assertThat(repo.git("rev-parse", "HEAD")).isEqualTo(headBefore);
        assertThat(repo.git("status", "--porcelain")).isEqualTo(statusBefore);

        // The fake agent's turn: edits a tracked file, the untracked note, and creates one file.
        repo.write("a.txt", "one\nuser\nagent\n");
        repo.write("notes.md", "mine\nagent\n");
        repo.write("new.txt", "created\n");
        Files.delete(repo.root.resolve("b.txt"));

        DiffSummary turn = baselines.turnSummary("ws_1");
        assertThat(turn.files()).containsExactlyInAnyOrder(
                new ChangedFile("a.txt", "modified", 1, 0, false),
                new ChangedFile("notes.md", "modified", 1, 0, false),
                new ChangedFile("new.txt", "added", 1, 0, false),
                new ChangedFile("b.txt", "deleted", 0, 1, false));
        DiffContent.Text a = (DiffContent.Text) baselines.turnFileDiff("ws_1", RepoPath.parse("a.txt"));
        assertThat(a.hunks().getFirst().lines()).filteredOn(l -> !l.kind().equals("context"))
                .containsExactly(new Line("agent", null, 3, "added"));
        DiffContent.Text notes = (DiffContent.Text) baselines.turnFileDiff("ws_1", RepoPath.parse("notes.md"));
        assertThat(notes.hunks().getFirst().lines()).filteredOn(l -> !l.kind().equals("context"))
                .containsExactly(new Line("agent", null, 2, "added"));
        assertThat(baselines.turnFileDiff("ws_1", RepoPath.parse("new.txt"))).isInstanceOf(DiffContent.Text.class);
        assertThat(repo.indexBytes()).isEqualTo(indexBefore);
        assertThat(repo.git("rev-parse", "HEAD")).isEqualTo(headBefore);
    }

    @Test
    void capturesAnEmptyRepository() {
        repo.write("first.txt", "x\n");

        baselines.record("ws_1", "pane_1", repo.root, Instant.now());
        repo.write("first.txt", "x\ny\n");

        assertThat(baselines.turnSummary("ws_1").files()).containsExactly(new ChangedFile("first.txt", "modified", 1, 0, false));
        assertThat(repo.root.resolve(".git/index")).doesNotExist();
    }

    // seed R289
    @Test
    void recordsAFailedCaptureSoTurnReadsReportIt() throws Exception {
        Path plain = Files.createDirectories(tmp.resolve("plain"));
        TurnBaselines outside = new TurnBaselines(new GitRunner(withCeiling()), Duration.ofSeconds(5), Duration.ofSeconds(5));

        TurnBaselines.Baseline baseline = outside.record("ws_2", "pane_2", plain, Instant.now());

        assertThat(baseline.tree()).isNull();
        assertThat(baseline.error()).contains("not inside a git checkout");
        assertThatThrownBy(() -> outside.turnSummary("ws_2"))
                .isInstanceOfSatisfying(ProtocolException.class, e -> {
                    assertThat(e.code()).isEqualTo(ErrorCode.IO_ERROR);
                    assertThat(e.getMessage()).contains("could not be captured");
                });
    }

    @Test
    void refusesATurnReadBeforeAnyTurnStarted() {
        assertThatThrownBy(() -> baselines.turnSummary("ws_9"))
                .isInstanceOfSatisfying(ProtocolException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.BAD_PARAMS));
    }

    java.util.Map<String, String> withCeiling() {
        java.util.Map<String, String> env = new java.util.HashMap<>(repo.env);
        env.put("GIT_CEILING_DIRECTORIES", tmp.toString());
        return env;
    }
}
