package dev.signaltty.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

import dev.signaltty.cli.CliHarness.Run;
import dev.signaltty.workspace.internal.git.TestRepo;

/**
 * ADR 1440, 1441 through the real CLI and daemon: {@code worktree list} and {@code task diff} print for a person (a
 * table; the patch as git prints it) where they printed JSON lines, and the base a task's diff names is the commit its
 * branch started from, not that commit's tree.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class CliTaskDiffTest {

    CliHarness cli;
    TestRepo repo;
    String taskId;
    String baseCommit;
    String worktree;

    @BeforeAll
    void startATaskThatChangesTwoFiles(@TempDir Path temp) throws IOException {
        cli = new CliHarness(temp);
        repo = TestRepo.init(temp.resolve("payments"));
        repo.write("README", "one\ntwo\nthree\n");
        repo.commitAll("init");
        baseCommit = repo.git("rev-parse", "HEAD").strip();
        Path script = temp.resolve("fake_worker.py");
        try (InputStream in = getClass().getResourceAsStream("/task/fake_worker.py")) {
            Files.write(script, in.readAllBytes());
        }
        Run started = cli.run("--json", "task", "start", "--repo", repo.root.toString(), "--objective",
                "WRITE out.txt hi", "--submit-delay-ms", "50", "--", "python3", script.toString(), "work");
        assertThat(started.status()).as(started.toString()).isZero();
        @SuppressWarnings("unchecked")
        Map<String, Object> task = (Map<String, Object>) CliHarness.json(started).get("task");
        taskId = (String) task.get("task_id");
        worktree = (String) task.get("worktree");
        Run waited = cli.run("task", "wait", taskId, "--timeout", "60");
        assertThat(waited.status()).as(waited.toString()).isZero();
        // a change to a tracked file beside the worker's new one: the patch shows context, a removal and an addition
        Files.writeString(Path.of(worktree, "README"), "one\n2\nthree\n");
    }

    @AfterAll
    void stop() {
        cli.close();
    }

    @Test
    void taskDiffPrintsThePatchUnderAHeaderNamingTaskBranchAndBaseCommit() {
        Run diff = cli.run("task", "diff", taskId);
        assertThat(diff.status()).as(diff.toString()).isZero();
        List<String> lines = diff.out().lines().toList();
        assertThat(lines.getFirst()).startsWith("task " + taskId + "  branch ")
                .contains("  base commit " + baseCommit + "  (2 files, +2 -1)");
        assertThat(diff.out()).contains(String.join("\n",
                "diff --git a/README b/README",
                "--- a/README",
                "+++ b/README",
                "@@ -1,3 +1,3 @@",
                " one",
                "-two",
                "+2",
                " three"));
        assertThat(diff.out()).contains(String.join("\n",
                "diff --git a/out.txt b/out.txt",
                "new file",
                "--- /dev/null",
                "+++ b/out.txt",
                "@@ -0,0 +1 @@",
                "+hi"));
        assertThat(diff.out()).doesNotContain("{\"");
        // what the header names is a commit git takes: the same diff from git itself
        assertThat(repo.git("-C", worktree, "diff", baseCommit, "--", "README")).contains("-two\n+2\n");
    }

    @Test
    void taskDiffStatPrintsALineAFileAndTheTotals() {
        Run stat = cli.run("task", "diff", taskId, "--stat");
        assertThat(stat.status()).as(stat.toString()).isZero();
        assertThat(stat.out().lines().skip(1).toList()).containsExactly(
                " README  | 2 +-",
                " out.txt | 1 +",
                " 2 files changed, 2 insertions(+), 1 deletion(-)");
    }

    @Test
    void taskDiffJsonKeepsTheSummaryAndAddsTheBaseCommitBesideTheTree() {
        Run json = cli.run("--json", "task", "diff", taskId);
        assertThat(json.status()).as(json.toString()).isZero();
        Map<String, Object> result = CliHarness.json(json);
        assertThat(result.get("base_commit")).isEqualTo(baseCommit);
        assertThat(result.get("branch")).isEqualTo(repo.git("-C", worktree, "branch", "--show-current").strip());
        @SuppressWarnings("unchecked")
        Map<String, Object> diff = (Map<String, Object>) result.get("diff");
        // diff.base keeps its meaning, workspace.diff's: the tree of the base commit
        assertThat(diff.get("base")).isEqualTo(repo.git("rev-parse", baseCommit + "^{tree}").strip());
    }

    @Test
    void worktreeListPrintsATableWithWholePaths() throws IOException {
        Run source = cli.run("--json", "workspace", "create", "payments", "--cwd", repo.root.toString());
        assertThat(source.status()).as(source.toString()).isZero();
        Run list = cli.run("worktree", "list", "payments");
        assertThat(list.status()).as(list.toString()).isZero();
        List<String> lines = list.out().lines().toList();
        assertThat(lines.getFirst().split("\\s+")).containsExactly("BRANCH", "HEAD", "STATE", "WORKSPACES", "PATH");
        assertThat(lines.get(1)).contains(repo.git("rev-parse", "HEAD").strip().substring(0, 12)).contains("main")
                .endsWith(repo.root.toRealPath().toString());
        assertThat(list.out()).contains(worktree).doesNotContain("{\"");
        assertThat(cli.run("--json", "worktree", "list", "payments").out()).contains("\"worktrees\":[{");
    }
}
