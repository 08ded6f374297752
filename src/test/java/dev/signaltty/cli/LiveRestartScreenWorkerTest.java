package dev.signaltty.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
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
 * A task worker whose state only its screen tells (no hooks; a user manifest) kept running mid-turn through
 * {@code signaltty server restart} (ADR 1340), whose turn ends while no daemon reads its screen: the new daemon's
 * first verdict is its prompt. The pane was last told {@code working}, so that prompt ends the turn ({@code done})
 * and the task that got no report parks in {@code input_required} (seed L83), as it would have without the restart
 * (ADR 1421). Before, the kept pane read {@code unknown} and a prompt seen from {@code unknown} was {@code idle}, not
 * a turn end: the task stayed {@code working} until a person looked.
 */
class LiveRestartScreenWorkerTest {

    /**
     * Waits at its prompt, works on the line it reads until the file {@code $1} exists (the old daemon's hand-over
     * file: the restart's stop is under way), then is back at its prompt.
     */
    static final String WORKER = """
            #!/bin/bash
            printf 'agent> '
            read -r prompt
            while read -r -t 1 more; do :; done # the rest of the task's prompt, the instructions under the objective
            printf 'working on it\\r\\n'
            while [ ! -e "$1" ]; do sleep 0.1; done
            printf 'finished\\r\\nagent> '
            exec sleep 600
            """;

    static final String MANIFEST = """
            {"programs": ["screenworker"], "rules": [
              {"id": "working", "priority": 50, "region": "last_lines", "regex": "^working on it", "lifecycle": "working"},
              {"id": "prompt", "priority": 10, "region": "last_lines", "regex": "^agent>\\\\s*$", "lifecycle": "idle"}]}
            """;

    @TempDir
    Path temp;

    @Test
    void aScreenWorkerWhoseTurnEndsDuringARestartInPlaceEndsItsTurnByItsPrompt() throws Exception {
        TestRepo repo = TestRepo.withReadme(Files.createDirectories(temp.resolve("git")));
        try (CliHarness cli = new CliHarness(temp)) {
            Files.createDirectories(cli.configDir().resolve("agents"));
            Files.writeString(cli.configDir().resolve("agents/screenworker.json"), MANIFEST);
            Path worker = cli.cwd().resolve("screenworker");
            Files.writeString(worker, WORKER);
            Files.setPosixFilePermissions(worker, PosixFilePermissions.fromString("rwx------"));
            Path release = Path.of(cli.socket() + ".handover");
            Run start = cli.run("server", "start", "--signaltty.git.config-home=" + repo.home);
            assertThat(start.status()).as(start.toString()).isZero();
            String taskId;
            String paneId;
            try (ProtocolClient daemon = ProtocolClient.connect(cli.socket())) {
                JsonNode started = daemon.call("task.start", Map.of("repo", repo.root.toString(),
                        "objective", "survive a restart in place", "argv", List.of(worker.toString(), release.toString())));
                taskId = started.get("task").get("task_id").asString();
                paneId = started.get("pane").get("pane_id").asString();
                awaitTask(daemon, taskId, paneId, "working");
                assertThat(lifecycle(daemon, paneId)).isEqualTo("working");
            }

            Run restart = cli.run("server", "restart");
            assertThat(restart.status()).as(restart.toString()).isZero();

            try (ProtocolClient daemon = ProtocolClient.connect(cli.socket())) {
                awaitLifecycle(daemon, paneId, "done");
                awaitTask(daemon, taskId, paneId, "input_required"); // parked for a person
                JsonNode task = daemon.call("task.get", Map.of("task_id", taskId)).get("task");
                assertThat(task.get("evidence").toString()).as(task.toString()).contains("screen:screenworker/prompt");
            }
        }
    }

    private static void awaitTask(ProtocolClient daemon, String taskId, String paneId, String state) throws Exception {
        try {
            Await.until(LiveRestart.WAIT, "the task " + state, () -> state(daemon, taskId).equals(state));
        } catch (AssertionError e) {
            throw new AssertionError(daemon.call("task.get", Map.of("task_id", taskId)) + "\n"
                    + daemon.call("agent.explain", Map.of("pane_id", paneId)) + "\n" + LiveRestart.tail(daemon, paneId), e);
        }
    }

    private static void awaitLifecycle(ProtocolClient daemon, String paneId, String lifecycle) throws Exception {
        try {
            Await.until(LiveRestart.WAIT, "the worker " + lifecycle, () -> lifecycle(daemon, paneId).equals(lifecycle));
        } catch (AssertionError e) {
            throw new AssertionError(daemon.call("agent.explain", Map.of("pane_id", paneId)) + "\n"
                    + LiveRestart.tail(daemon, paneId), e);
        }
    }

    private static String lifecycle(ProtocolClient daemon, String paneId) {
        return daemon.call("pane.get", Map.of("pane_id", paneId)).get("lifecycle").asString();
    }

    private static String state(ProtocolClient daemon, String taskId) {
        return daemon.call("task.get", Map.of("task_id", taskId)).get("task").get("state").asString();
    }
}
