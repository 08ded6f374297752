package dev.signaltty.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.signaltty.cli.CliHarness.Run;
import dev.signaltty.support.Await;
import dev.signaltty.support.ProtocolClient;
import dev.signaltty.workspace.internal.git.TestRepo;
import tools.jackson.databind.JsonNode;

/**
 * A task whose worker is at work when {@code signaltty server restart} runs goes on (ADR 1340): the restart in place
 * keeps the worker's program, so the task stays {@code working} and the worker's report completes it. Before, every
 * unfinished task failed with {@code stage: server_restart}, as after a stop, and the report that followed was only
 * kept as {@code late_report} evidence. A pending task still fails: its first submit was cut off with the old image.
 */
class LiveRestartKeepsTasksTest {

    @TempDir
    Path temp;

    @Test
    void aWorkingTaskWhoseWorkerIsKeptRunningGoesOnAndCompletesAfterARestartInPlace() throws Exception {
        TestRepo repo = TestRepo.withReadme(Files.createDirectories(temp.resolve("git")));
        try (CliHarness cli = new CliHarness(temp)) {
            Run start = cli.run("server", "start", "--signaltty.git.config-home=" + repo.home);
            assertThat(start.status()).as(start.toString()).isZero();
            String taskId;
            String paneId;
            String pendingId;
            try (ProtocolClient daemon = ProtocolClient.connect(cli.socket())) {
                // the worker types back the prompt it read and then waits, as an agent at work does
                JsonNode started = daemon.call("task.start", Map.of("repo", repo.root.toString(),
                        "objective", "survive a restart in place", "submit_delay_ms", 50,
                        "argv", List.of("bash", "-c", "read -r prompt; echo \"got: $prompt\"; exec cat")));
                taskId = started.get("task").get("task_id").asString();
                paneId = started.get("pane").get("pane_id").asString();
                hook(daemon, paneId, "SessionStart");
                Await.until(LiveRestart.WAIT, "the prompt typed into the worker",
                        () -> LiveRestart.tail(daemon, paneId).contains("got: survive a restart in place"));
                hook(daemon, paneId, "UserPromptSubmit");
                Await.until(LiveRestart.WAIT, "the task working", () -> state(daemon, taskId).equals("working"));
                // a worker that never gets to its prompt keeps its task pending through the restart
                pendingId = daemon.call("task.start", Map.of("repo", repo.root.toString(),
                        "objective", "never typed", "argv", List.of("cat"))).get("task").get("task_id").asString();
            }

            Run restart = cli.run("server", "restart");
            assertThat(restart.status()).as(restart.toString()).isZero();

            try (ProtocolClient daemon = ProtocolClient.connect(cli.socket())) {
                JsonNode task = task(daemon, taskId);
                assertThat(task.get("state").asString()).as(task.toString()).isEqualTo("working");
                assertThat(LiveRestart.pane(daemon, paneId).get("status").asString()).isEqualTo("running");
                JsonNode pending = task(daemon, pendingId);
                assertThat(pending.get("state").asString()).as(pending.toString()).isEqualTo("failed");
                assertThat(pending.get("evidence").get("stage").asString()).isEqualTo("server_restart");

                Run report = cli.run(Map.of("SIGNALTTY_TASK", taskId, "SIGNALTTY_PANE", paneId), "",
                        "report", "--status", "completed", "--summary", "done after the restart");
                assertThat(report.status()).as(report.toString()).isZero();
                JsonNode completed = task(daemon, taskId);
                assertThat(completed.get("state").asString()).as(completed.toString()).isEqualTo("completed");
                assertThat(completed.get("report").get("summary").asString()).isEqualTo("done after the restart");
            }
        }
    }

    private static void hook(ProtocolClient daemon, String pane, String event) {
        daemon.call("hook-event", Map.of("pane_id", pane, "agent", "claude", "payload",
                Map.of("hook_event_name", event, "session_id", "s-" + pane)));
    }

    private static JsonNode task(ProtocolClient daemon, String taskId) {
        return daemon.call("task.get", Map.of("task_id", taskId)).get("task");
    }

    private static String state(ProtocolClient daemon, String taskId) {
        return task(daemon, taskId).get("state").asString();
    }
}
