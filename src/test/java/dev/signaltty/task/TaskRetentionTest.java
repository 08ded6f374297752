package dev.signaltty.task;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.signaltty.support.TestDaemon;

/** The task set is bounded: beyond the retention, the oldest finished and cleaned-up tasks are forgotten. */
class TaskRetentionTest {

    @TempDir
    Path tmp;

    @Test
    void theOldestFinishedTasksBeyondTheRetentionAreForgotten() throws Exception {
        Path home = Files.createDirectories(tmp.resolve("git-home"));
        try (TestDaemon daemon = TestDaemon.start(tmp.resolve("daemon"), "signaltty.task.retain-finished=1",
                "signaltty.git.config-home=" + home)) {
            TaskFixture f = new TaskFixture(Files.createDirectories(tmp.resolve("work")), daemon.socket());
            String[] ids = new String[3];
            for (int i = 0; i < ids.length; i++) {
                Map<String, Object> params = f.params("task " + i, "silent");
                params.put("argv", List.of("bash", "-c", "exec cat"));
                ids[i] = f.client.call("task.start", params).get("task").get("task_id").asString();
            }
            f.client.call("task.finish", Map.of("task_id", ids[0], "discard", true));
            f.client.call("task.finish", Map.of("task_id", ids[1], "discard", true));
            List<String> left = f.client.call("task.list", Map.of()).get("tasks").findValuesAsString("task_id");
            assertThat(left).containsExactly(ids[1], ids[2]); // the unfinished one is always kept
            assertThat(f.client.request("task.get", Map.of("task_id", ids[0])).get("error").get("code").asString())
                    .isEqualTo("NO_SUCH_TASK");
            f.close();
        }
    }
}
