package dev.signaltty.task;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.signaltty.support.TestDaemon;
import tools.jackson.databind.JsonNode;

/** Tasks are persisted: after a restart they are still there, a running one failed (its worker is gone). */
class TaskRestartTest {

    @TempDir
    Path tmp;

    @Test
    void aRestartKeepsTasksAndFailsTheOnesWhoseWorkerWasRunning() throws Exception {
        Path home = Files.createDirectories(tmp.resolve("git-home"));
        Path root = tmp.resolve("daemon");
        String taskId;
        String worktree;
        TaskFixture f;
        try (TestDaemon daemon = TestDaemon.start(root, "signaltty.git.config-home=" + home)) {
            f = new TaskFixture(Files.createDirectories(tmp.resolve("work")), daemon.socket());
            Map<String, Object> params = f.params("survive a restart", "silent", "context_id", "restart");
            params.put("argv", List.of("bash", "-c", "exec cat"));
            JsonNode started = f.client.call("task.start", params);
            taskId = started.get("task").get("task_id").asString();
            worktree = started.get("task").get("worktree").asString();
            f.client.close();
        }
        try (TestDaemon daemon = TestDaemon.start(root, "signaltty.git.config-home=" + home);
             var client = daemon.connect()) {
            JsonNode task = client.call("task.get", Map.of("task_id", taskId)).get("task");
            assertThat(task.get("state").asString()).isEqualTo("failed");
            assertThat(task.get("evidence").get("stage").asString()).isEqualTo("server_restart");
            assertThat(task.get("evidence").get("previous_state").asString()).isEqualTo("pending");
            assertThat(client.call("task.list", Map.of("context_id", "restart")).get("tasks")).hasSize(1);
            JsonNode discarded = client.call("task.finish", Map.of("task_id", taskId, "discard", true)).get("task");
            assertThat(discarded.get("worktree_removed").asBoolean()).isTrue();
            assertThat(Path.of(worktree)).doesNotExist();
        }
    }
}
