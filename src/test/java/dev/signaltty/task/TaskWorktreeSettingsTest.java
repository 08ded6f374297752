package dev.signaltty.task;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.signaltty.support.TestDaemon;
import tools.jackson.databind.JsonNode;

/**
 * Issue 18 "Files", ADR 0195: where task.start puts a worktree ({@code signaltty.task.worktree-root})
 * and whether task.finish deletes the branch ({@code keep-branch-after-merge|discard}), with real git.
 */
class TaskWorktreeSettingsTest extends TaskDaemonTest {

    static boolean branchExists(TaskFixture fixture, String branch) {
        try {
            fixture.repo.git("rev-parse", "-q", "--verify", "refs/heads/" + branch);
            return true;
        } catch (IllegalStateException missing) {
            return false;
        }
    }

    static String completed(TaskFixture fixture, String file) {
        String taskId = fixture.start("WRITE " + file + " done", "work").get("task").get("task_id").asString();
        assertThat(fixture.await(taskId, "terminal").get("state").asString()).isEqualTo("completed");
        return taskId;
    }

    /** A commit on the task's branch that the source never gets: only -D deletes such a branch. */
    static void commitInWorktree(TaskFixture fixture, JsonNode task) throws IOException {
        Path worktree = Path.of(task.get("worktree").asString());
        Files.writeString(worktree.resolve("unmerged.txt"), "only here\n");
        fixture.repo.git("-C", worktree.toString(), "add", "unmerged.txt");
        fixture.repo.git("-C", worktree.toString(), "commit", "-q", "-m", "worker commit");
    }

    @Test
    void byDefaultTheWorktreeIsInTheStateDirNotBesideTheRepo() throws IOException {
        String taskId = completed(f, "w.txt");
        Path worktree = Path.of(f.task(taskId).get("worktree").asString());
        Path expected = SHARED.resolve("state/signaltty/worktrees").toRealPath().resolve("repo").resolve(taskId);
        assertThat(worktree).isEqualTo(expected);
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(worktree.getParent())))
                .as("the per-repository directory is ours: private").isEqualTo("rwx------");
        assertThat(worktree.resolve("w.txt")).hasContent("done");
        assertThat(f.worktrees()).contains(worktree.toString());
        try (var beside = Files.list(f.repo.root.getParent())) {
            assertThat(beside.map(p -> p.getFileName().toString())).noneMatch(n -> n.startsWith("repo-"));
        }
    }

    @Test
    void byDefaultAMergedBranchIsDeletedAndADiscardedOneKept() throws IOException {
        String merged = completed(f, "m.txt");
        String mergedBranch = f.task(merged).get("branch").asString();
        JsonNode done = f.client.call("task.finish", Map.of("task_id", merged, "merge", true)).get("task");
        assertThat(done.get("disposition").asString()).isEqualTo("merged");
        assertThat(done.path("finish_error").isMissingNode() || done.path("finish_error").isNull())
                .as(done.toString()).isTrue();
        assertThat(f.repo.root.resolve("m.txt")).hasContent("done");
        assertThat(branchExists(f, mergedBranch)).as("merged branch deleted with -d").isFalse();

        String discarded = completed(f, "d.txt");
        JsonNode task = f.task(discarded);
        commitInWorktree(f, task);
        f.client.call("task.finish", Map.of("task_id", discarded, "discard", true));
        assertThat(branchExists(f, task.get("branch").asString())).as("discarded branch kept").isTrue();
        assertThat(Path.of(task.get("worktree").asString())).doesNotExist();
    }

    /** A daemon of its own with every setting turned the other way. */
    @Nested
    class Configured {

        @TempDir
        Path own;

        @Test
        void theWorktreeGoesUnderTheConfiguredRootAndBranchesFollowTheFlags() throws IOException {
            Path root = own.resolve("my-worktrees");
            try (TestDaemon daemon = TestDaemon.start(own.resolve("daemon"),
                    "signaltty.task.worktree-root=" + root,
                    "signaltty.task.keep-branch-after-merge=true",
                    "signaltty.task.keep-branch-after-discard=false",
                    "signaltty.git.config-home=" + SHARED.resolve("home"));
                 TaskFixture g = new TaskFixture(own.resolve("r"), daemon.socket())) {
                String merged = completed(g, "m.txt");
                JsonNode mergedTask = g.task(merged);
                assertThat(Path.of(mergedTask.get("worktree").asString()))
                        .isEqualTo(root.toRealPath().resolve("repo").resolve(merged));
                g.client.call("task.finish", Map.of("task_id", merged, "merge", true));
                assertThat(branchExists(g, mergedTask.get("branch").asString())).as("kept after merge").isTrue();

                String discarded = completed(g, "d.txt");
                JsonNode task = g.task(discarded);
                commitInWorktree(g, task);
                JsonNode done = g.client.call("task.finish", Map.of("task_id", discarded, "discard", true)).get("task");
                assertThat(done.path("finish_error").isMissingNode() || done.path("finish_error").isNull())
                        .as(done.toString()).isTrue();
                assertThat(branchExists(g, task.get("branch").asString())).as("unmerged branch deleted with -D")
                        .isFalse();

                // a deletion git refuses (the ref is locked) is stored on the task, the discard itself stands
                String locked = completed(g, "l.txt");
                String lockedBranch = g.task(locked).get("branch").asString();
                Path lock = g.repo.root.resolve(".git/refs/heads/" + lockedBranch + ".lock");
                Files.createDirectories(lock.getParent());
                Files.writeString(lock, "");
                JsonNode failed = g.client.call("task.finish", Map.of("task_id", locked, "discard", true)).get("task");
                assertThat(failed.get("disposition").asString()).isEqualTo("discarded");
                assertThat(failed.get("worktree_removed").asBoolean()).isTrue();
                assertThat(failed.get("finish_error").get("reason").asString()).as(failed.toString())
                        .isEqualTo("branch_delete_failed");
                assertThat(failed.get("finish_error").get("message").asString()).contains(lockedBranch);
                assertThat(branchExists(g, lockedBranch)).isTrue();
                Files.delete(lock);
            }
        }

        @Test
        void besideRepoKeepsTheSiblingPlace() throws IOException {
            try (TestDaemon daemon = TestDaemon.start(own.resolve("daemon"),
                    "signaltty.task.worktree-root=beside-repo",
                    "signaltty.git.config-home=" + SHARED.resolve("home"));
                 TaskFixture g = new TaskFixture(own.resolve("r"), daemon.socket())) {
                String taskId = completed(g, "s.txt");
                JsonNode task = g.task(taskId);
                assertThat(Path.of(task.get("worktree").asString())).isEqualTo(g.repo.root.resolveSibling(
                        "repo-" + task.get("branch").asString().replace('/', '-')));
            }
        }
    }
}
