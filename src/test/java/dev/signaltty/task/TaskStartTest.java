package dev.signaltty.task;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

import tools.jackson.databind.JsonNode;

/** task.start's synchronous rules: validation, the failure stages, idempotency and the worker's environment. */
class TaskStartTest extends TaskDaemonTest {

    int taskCount() {
        return f.client.call("task.list", Map.of()).get("tasks").size();
    }

    @Nested
    class BeforeTheCheckoutExists {

        @Test
        void startingWithoutAgentOrArgvIsBadParams() { // seed R24
            Map<String, Object> params = f.params("WRITE x.txt y", "work");
            params.remove("argv");
            JsonNode response = f.client.request("task.start", params);
            assertThat(response.get("error").get("code").asString()).isEqualTo("BAD_PARAMS");
            assertThat(response.get("error").get("details").get("field").asString()).isEqualTo("argv");
        }

        @Test
        void aRepoThatIsNotAGitCheckoutAnUnknownBaseOrATakenBranchCreateNoTask() throws Exception { // seed R27
            int before = taskCount();
            Path plain = Files.createDirectories(tmp.resolve("plain"));
            assertThat(error(f.params("o", "work", "repo", plain.toString()))).containsEntry("field", "repo");
            assertThat(error(f.params("o", "work", "base", "no-such-ref"))).containsEntry("field", "base");
            assertThat(error(f.params("o", "work", "branch", "main"))).containsEntry("field", "branch");
            assertThat(taskCount()).isEqualTo(before);
            assertThat(f.worktrees()).containsExactly(f.repo.root.toString());
            assertThat(f.repo.git("branch", "--list")).isEqualTo("* main\n");
        }

        private Map<String, String> error(Map<String, Object> params) {
            JsonNode response = f.client.request("task.start", params);
            assertThat(response.get("error").get("code").asString()).isEqualTo("BAD_PARAMS");
            return Map.of("field", response.get("error").get("details").get("field").asString());
        }
    }

    @Nested
    class AfterTheCheckoutExists {

        @Test
        void anUnknownWorkspacePersistsAFailedTaskAtStageWorkspace() { // seed R28, seed R29, seed R30
            expectFailedAt(f.params("o", "work", "workspace_id", "ws_missing"), "NO_SUCH_WORKSPACE", "workspace");
        }

        @Test
        void anUnknownTabPersistsAFailedTaskAtStageTab() {
            expectFailedAt(f.params("o", "work", "tab_id", "tab_missing"), "NO_SUCH_TAB", "tab");
        }

        @Test
        void anUnknownParentPanePersistsAFailedTaskAtStageParent() {
            expectFailedAt(f.params("o", "work", "parent_pane_id", "pane_missing"), "NO_SUCH_PANE", "parent");
        }

        @Test
        void aProgramThatCannotLaunchPersistsAFailedTaskAtStageSpawn() {
            Map<String, Object> params = f.params("o", "work");
            params.put("argv", List.of(tmp.resolve("no-such-program").toString()));
            expectFailedAt(params, "SPAWN_FAILED", "spawn");
        }

        private void expectFailedAt(Map<String, Object> params, String code, String stage) {
            JsonNode response = f.client.request("task.start", params);
            JsonNode error = response.get("error");
            assertThat(error.get("code").asString()).isEqualTo(code);
            assertThat(error.get("details").get("stage").asString()).isEqualTo(stage);
            String taskId = error.get("details").get("task_id").asString();
            // the message says a task and its worktree were kept, and how to let them go
            assertThat(error.get("message").asString()).startsWith(stage + " failed: ")
                    .endsWith("(task " + taskId + " is failed; its worktree stays for inspection until task finish "
                            + taskId + " --discard)");
            JsonNode task = f.task(taskId);
            assertThat(task.get("state").asString()).isEqualTo("failed");
            assertThat(task.get("evidence").get("stage").asString()).isEqualTo(stage);
            // the worktree stays for inspection or discard (seed R29)
            assertThat(Path.of(task.get("worktree").asString())).isDirectory();
            assertThat(f.worktrees()).contains(task.get("worktree").asString());
            JsonNode discarded = f.client.call("task.finish", Map.of("task_id", taskId, "discard", true)).get("task");
            assertThat(discarded.get("worktree_removed").asBoolean()).isTrue();
        }
    }

    @Nested
    class Idempotency {

        @Test
        void aRepeatedClientRequestIdReturnsTheExistingTaskAndPane() { // seed R43
            int before = taskCount();
            JsonNode first = f.start("WRITE i.txt one", "silent", "client_request_id", "req-" + tmp.getFileName());
            JsonNode again = f.start("WRITE i.txt one", "silent", "client_request_id", "req-" + tmp.getFileName());
            assertThat(again.get("task").get("task_id")).isEqualTo(first.get("task").get("task_id"));
            assertThat(again.get("pane").get("pane_id")).isEqualTo(first.get("pane").get("pane_id"));
            assertThat(taskCount()).isEqualTo(before + 1);
            assertThat(f.worktrees()).hasSize(2);
        }

        @Test
        void withoutAClientRequestIdEveryRetryCreatesANewTask() { // seed R44
            JsonNode first = f.start("WRITE i.txt one", "silent");
            JsonNode again = f.start("WRITE i.txt one", "silent");
            assertThat(again.get("task").get("task_id")).isNotEqualTo(first.get("task").get("task_id"));
            assertThat(f.worktrees()).hasSize(3);
        }
    }

    @Test
    void theSubmitSettingsDefaultToThirtySecondsReadyThreeHundredMillisDelayAndFiveSecondsStall() { // seed R34, seed R35, seed R36
        Map<String, Object> params = f.params("o", "silent");
        params.remove("submit_delay_ms");
        params.put("argv", List.of("bash", "-c", "exec cat"));
        JsonNode settings = f.client.call("task.start", params).get("task").get("settings");
        assertThat(settings.get("ready_timeout_s").asDouble()).isEqualTo(30.0);
        assertThat(settings.get("submit_delay_ms").asInt()).isEqualTo(300);
        assertThat(settings.get("stall_timeout_s").asDouble()).isEqualTo(5.0);
    }

    @Test
    void theWorkerRunsInItsWorktreeWithSignalttyTaskAndPaneSet() {
        Map<String, Object> params = f.params("o", "work");
        params.put("argv", List.of("bash", "-c", "echo T=$SIGNALTTY_TASK; echo P=$SIGNALTTY_PANE; echo D=$PWD; exec cat"));
        JsonNode started = f.client.call("task.start", params);
        String taskId = started.get("task").get("task_id").asString();
        String paneId = started.get("pane").get("pane_id").asString();
        f.eventuallyOnScreen(paneId, "P=" + paneId);
        assertThat(f.screen(paneId)).contains("T=" + taskId);
        // the worktree path (in the state dir, ADR 0195) can be longer than the 80-column screen: unwrap
        assertThat(f.screen(paneId).replace("\n", "")).contains("D=" + started.get("task").get("worktree").asString());
        assertThat(started.get("task").get("branch").asString()).isEqualTo("signaltty/" + taskId);
        assertThat(started.get("task").get("base_commit").asString()).isEqualTo(f.repo.git("rev-parse", "HEAD").strip());
        JsonNode pane = f.client.call("pane.get", Map.of("pane_id", paneId)).get("pane");
        assertThat(pane.get("task_id").asString()).isEqualTo(taskId);
    }

    @Test
    void theWorkerPaneIsLabelledWithTheObjectivesFirstLineNotTheTaskId() { // ADR 0820
        Map<String, Object> params = f.params("make the login test pass\nthen tidy up", "silent");
        JsonNode started = f.client.call("task.start", params);
        String taskId = started.get("task").get("task_id").asString();
        JsonNode pane = f.client.call("pane.get", Map.of("pane_id", started.get("pane").get("pane_id").asString())).get("pane");
        assertThat(pane.get("label").asString()).isEqualTo("make the login test pass").doesNotContain(taskId);
    }
}
