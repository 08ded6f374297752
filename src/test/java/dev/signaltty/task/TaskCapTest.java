package dev.signaltty.task;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.signaltty.support.TestDaemon;
import tools.jackson.databind.JsonNode;

/** The start cap (seed R25, seed R26): over it, RATE_LIMITED before anything is created. */
class TaskCapTest {

    @TempDir
    Path tmp;

    TestDaemon daemon;
    TaskFixture f;

    @BeforeEach
    void setUp() throws Exception {
        Path home = Files.createDirectories(tmp.resolve("git-home"));
        daemon = TestDaemon.start(tmp.resolve("daemon"), "signaltty.task.max-unfinished=2",
                "signaltty.git.config-home=" + home);
        f = new TaskFixture(Files.createDirectories(tmp.resolve("work")), daemon.socket());
    }

    @AfterEach
    void tearDown() {
        f.close();
        daemon.close();
    }

    @Test
    void aStartOverTheCapIsRateLimitedAndCreatesNothing() {
        Map<String, Object> worker = Map.of();
        String first = f.client.call("task.start", bash("one")).get("task").get("task_id").asString();
        f.client.call("task.start", bash("two"));
        String branches = f.repo.git("branch", "--list");
        int worktrees = f.worktrees().size();

        JsonNode refused = f.client.request("task.start", bash("three"));
        assertThat(refused.get("error").get("code").asString()).isEqualTo("RATE_LIMITED");
        assertThat(refused.get("error").get("details").get("limit").asInt()).isEqualTo(2);
        assertThat(f.client.call("task.list", worker).get("tasks")).hasSize(2);
        assertThat(f.worktrees()).hasSize(worktrees);
        assertThat(f.repo.git("branch", "--list")).isEqualTo(branches);
        assertThat(f.client.call("pane.list", Map.of()).toString()).doesNotContain("three");

        // a finished task no longer counts
        f.client.call("task.finish", Map.of("task_id", first, "discard", true));
        assertThat(f.client.call("task.start", bash("four")).get("task").get("state").asString()).isEqualTo("pending");
    }

    private Map<String, Object> bash(String name) {
        Map<String, Object> params = f.params("objective " + name, "silent");
        params.put("argv", java.util.List.of("bash", "-c", "echo worker-" + name + "; exec cat"));
        return params;
    }
}
