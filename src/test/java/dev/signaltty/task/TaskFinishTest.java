package dev.signaltty.task;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

import tools.jackson.databind.JsonNode;

/** task.finish's merge target, live-pane, second-finish and cleanup rules, and task.cancel. */
class TaskFinishTest extends TaskDaemonTest {

    /** A task whose worker wrote {@code file} and reported completed. */
    String completed(String file, Object... extra) {
        String taskId = f.start("WRITE " + file + " done", "work", extra).get("task").get("task_id").asString();
        assertThat(f.await(taskId, "terminal").get("state").asString()).isEqualTo("completed");
        return taskId;
    }

    JsonNode finishError(Map<String, Object> params) {
        JsonNode response = f.client.request("task.finish", params);
        assertThat(response.get("ok").asBoolean()).as(response.toString()).isFalse();
        return response.get("error");
    }

    @Test
    void finishNeedsExactlyOneOfMergeOrDiscardInEitherForm() {
        String taskId = completed("m.txt");
        assertThat(finishError(Map.of("task_id", taskId)).get("code").asString()).isEqualTo("BAD_PARAMS");
        assertThat(finishError(Map.of("task_id", taskId, "merge", true, "discard", true)).get("code").asString())
                .isEqualTo("BAD_PARAMS");
        assertThat(finishError(Map.of("task_id", "task_nope", "discard", true)).get("code").asString())
                .isEqualTo("NO_SUCH_TASK");
        assertThat(finishError(Map.of("task_id", taskId, "disposition", "keep")).get("code").asString())
                .isEqualTo("BAD_PARAMS");
        assertThat(finishError(Map.of("task_id", taskId, "disposition", "merge", "discard", true)).get("code")
                .asString()).isEqualTo("BAD_PARAMS");
        // the CLI's form: disposition merge|discard
        JsonNode discarded = f.client.call("task.finish", Map.of("task_id", taskId, "disposition", "discard")).get("task");
        assertThat(discarded.get("disposition").asString()).isEqualTo("discarded");
    }

    @Nested
    class MergeTarget {

        @Test
        void theTargetDefaultsToTheRecordedBranchWhichMustStillBeCheckedOut() { // seed R46, seed R48
            String taskId = completed("t.txt");
            f.repo.git("checkout", "-q", "-b", "elsewhere");
            JsonNode error = finishError(Map.of("task_id", taskId, "merge", true));
            assertThat(error.get("code").asString()).isEqualTo("BAD_PARAMS");
            assertThat(error.get("details").get("expected").asString()).isEqualTo("main");
            assertThat(error.get("details").get("actual").asString()).isEqualTo("elsewhere");
            // nothing happened: the worker's file is still only in its worktree
            assertThat(f.repo.root.resolve("t.txt")).doesNotExist();
            f.repo.git("checkout", "-q", "main");
            JsonNode merged = f.client.call("task.finish", Map.of("task_id", taskId, "merge", true)).get("task");
            assertThat(merged.get("disposition").asString()).isEqualTo("merged");
            assertThat(f.repo.root.resolve("t.txt")).hasContent("done");
        }

        @Test
        void anExplicitTargetRefMustBeTheCheckedOutBranch() { // seed R48
            String taskId = completed("e.txt");
            JsonNode error = finishError(Map.of("task_id", taskId, "merge", true, "target_ref", "release"));
            assertThat(error.get("details").get("expected").asString()).isEqualTo("release");
            assertThat(error.get("details").get("actual").asString()).isEqualTo("main");
            JsonNode merged = f.client.call("task.finish", Map.of("task_id", taskId, "merge", true,
                    "target_ref", "refs/heads/main")).get("task");
            assertThat(merged.get("disposition").asString()).isEqualTo("merged");
        }

        @Test
        void aStartOnADetachedHeadNeedsAnExplicitTargetRef() { // seed R47
            f.repo.git("checkout", "-q", "--detach");
            String taskId = completed("d.txt");
            assertThat(f.task(taskId).path("target_branch").isMissingNode()).isTrue();
            f.repo.git("checkout", "-q", "main");
            JsonNode error = finishError(Map.of("task_id", taskId, "merge", true));
            assertThat(error.get("code").asString()).isEqualTo("BAD_PARAMS");
            assertThat(error.get("details").get("field").asString()).isEqualTo("target_ref");
            f.client.call("task.finish", Map.of("task_id", taskId, "merge", true, "target_ref", "main"));
            assertThat(f.repo.root.resolve("d.txt")).hasContent("done");
        }
    }

    @Nested
    class LivePanes {

        String spawnIn(String workspaceId, Path cwd) {
            return f.client.call("pane.spawn", Map.of("workspace_id", workspaceId, "cwd", cwd.toString(),
                    "argv", List.of("sleep", "600"))).get("pane_id").asString();
        }

        @Test
        void aForeignPaneInsideTheWorktreeBlocksTheFinishButASiblingDoesNot() throws Exception { // seed R78, seed R79
            String taskId = completed("p.txt");
            JsonNode task = f.task(taskId);
            Path worktree = Path.of(task.get("worktree").asString());
            Path sibling = Files.createDirectories(Path.of(worktree + "-other"));
            String workspaceId = task.get("workspace_id").asString();
            String outside = spawnIn(workspaceId, sibling);
            String inside = spawnIn(workspaceId, Files.createDirectories(worktree.resolve("sub")));
            JsonNode error = finishError(Map.of("task_id", taskId, "discard", true));
            assertThat(error.get("code").asString()).isEqualTo("PANES_ALIVE");
            assertThat(error.get("details").get("pane_ids").findValuesAsString("pane_ids")).isEmpty();
            assertThat(error.get("details").get("pane_ids").toString()).contains(inside).doesNotContain(outside);
            f.client.call("pane.close", Map.of("pane_id", inside));
            ProtocolClientWait.untilGone(f, inside);
            JsonNode finished = f.client.call("task.finish", Map.of("task_id", taskId, "discard", true)).get("task");
            assertThat(finished.get("disposition").asString()).isEqualTo("discarded");
            f.client.request("pane.close", Map.of("pane_id", outside));
        }

        @Test
        void aPaneWhoseCwdIsASymlinkToTheWorktreeBlocksTheFinish() throws Exception { // seed R80
            String taskId = completed("s.txt");
            JsonNode task = f.task(taskId);
            Path link = Files.createSymbolicLink(tmp.resolve("link-to-worktree"), Path.of(task.get("worktree").asString()));
            String viaLink = spawnIn(task.get("workspace_id").asString(), link);
            JsonNode error = finishError(Map.of("task_id", taskId, "merge", true));
            assertThat(error.get("code").asString()).isEqualTo("PANES_ALIVE");
            assertThat(error.get("details").get("pane_ids").toString()).contains(viaLink);
            assertThat(f.repo.root.resolve("s.txt")).doesNotExist();
            f.client.call("pane.close", Map.of("pane_id", viaLink));
            ProtocolClientWait.untilGone(f, viaLink);
        }
    }

    @Nested
    class SecondFinish {

        @Test
        void aSecondFinishOnceTheWorktreeIsGoneIsBadParams() { // seed R76
            String taskId = completed("g.txt");
            f.client.call("task.finish", Map.of("task_id", taskId, "discard", true));
            JsonNode error = finishError(Map.of("task_id", taskId, "merge", true));
            assertThat(error.get("code").asString()).isEqualTo("BAD_PARAMS");
            assertThat(error.get("details").get("disposition").asString()).isEqualTo("discarded");
        }

        @Test
        void aCleanupFailureIsStoredAndASecondFinishRetriesTheRemovalWithoutMergingAgain() { // seed R75, seed R77
            String taskId = completed("c.txt");
            String worktree = f.task(taskId).get("worktree").asString();
            f.repo.git("worktree", "lock", "--reason", "held by the test", worktree);
            JsonNode first = f.client.call("task.finish", Map.of("task_id", taskId, "merge", true)).get("task");
            assertThat(first.get("disposition").asString()).isEqualTo("merged");
            assertThat(first.get("finish_error").get("reason").asString()).isEqualTo("cleanup_failed");
            assertThat(first.get("worktree_removed").asBoolean()).isFalse();
            assertThat(Path.of(worktree)).isDirectory();
            String head = f.repo.git("rev-parse", "HEAD");

            f.repo.git("worktree", "unlock", worktree);
            JsonNode second = f.client.call("task.finish", Map.of("task_id", taskId, "merge", true)).get("task");
            assertThat(second.get("worktree_removed").asBoolean()).isTrue();
            assertThat(second.path("finish_error").isMissingNode()).isTrue();
            assertThat(Path.of(worktree)).doesNotExist();
            assertThat(f.repo.git("rev-parse", "HEAD")).isEqualTo(head); // no second merge
        }
    }

    @Nested
    class Cancel {

        @Test
        void cancelStopsTheWorkerAndKeepsTheWorktreeForFinish() {
            JsonNode started = f.start("WRITE k.txt x", "silent", "stall_timeout_s", 30);
            String taskId = started.get("task").get("task_id").asString();
            String paneId = started.get("pane").get("pane_id").asString();
            JsonNode canceled = f.client.call("task.cancel", Map.of("task_id", taskId)).get("task");
            assertThat(canceled.get("state").asString()).isEqualTo("canceled");
            ProtocolClientWait.untilGone(f, paneId);
            assertThat(Path.of(canceled.get("worktree").asString())).isDirectory();
            JsonNode discarded = f.client.call("task.finish", Map.of("task_id", taskId, "discard", true)).get("task");
            assertThat(discarded.get("state").asString()).isEqualTo("canceled");
            assertThat(discarded.get("worktree_removed").asBoolean()).isTrue();
        }

        @Test
        void finishingClosesTheWorkerAndClearsItsAttentionFirst() { // seed R40
            String taskId = completed("w.txt");
            String paneId = f.task(taskId).get("pane_id").asString();
            // the worker reports before its Stop hook, which leaves its attention at unread
            dev.signaltty.support.ProtocolClient.eventually(java.time.Duration.ofSeconds(10), () -> "unread".equals(
                    f.client.call("pane.get", Map.of("pane_id", paneId)).get("attention").asString()));
            f.client.call("task.finish", Map.of("task_id", taskId, "discard", true));
            ProtocolClientWait.untilGone(f, paneId);
            assertThat(eventsOf(taskId)).containsSubsequence("attention.changed", "attention.cleared:task_finish",
                    "pane.closed");
        }

        @Test
        void cancellingClearsTheAttentionOfAWorkerWaitingOnADecision() { // seed R41
            JsonNode started = f.start("WRITE q.txt x", "decision", "submit_delay_ms", 500, "stall_timeout_s", 2);
            String taskId = started.get("task").get("task_id").asString();
            f.await(taskId, "settled");
            f.client.call("task.cancel", Map.of("task_id", taskId));
            ProtocolClientWait.untilGone(f, started.get("pane").get("pane_id").asString());
            assertThat(eventsOf(taskId)).containsSubsequence("attention.changed", "attention.cleared:task_cancel",
                    "pane.closed");
        }

        /** The task's journaled events (subscribe's task_ids filter), attention clears with their cause. */
        private List<String> eventsOf(String taskId) {
            List<String> names = new java.util.ArrayList<>();
            try (var events = dev.signaltty.support.ProtocolClient.connect(socket())) {
                JsonNode sub = events.call("subscribe", Map.of("events", List.of("*"), "task_ids", List.of(taskId),
                        "from_seq", 0));
                for (int i = sub.get("replay").get("returned").asInt(); i > 0; i--) {
                    JsonNode event = events.nextEvent();
                    String name = event.get("event").asString();
                    names.add(name.equals("attention.cleared") ? name + ":" + event.get("payload").path("cause").asString()
                            : name);
                }
            }
            return names;
        }
    }
}
