package dev.signaltty.task;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.signaltty.support.ProtocolClient;
import dev.signaltty.workspace.internal.git.TestRepo;
import tools.jackson.databind.JsonNode;

/** A real repository, the fake worker script and a client: what every task test starts from. */
final class TaskFixture implements AutoCloseable {

    final TestRepo repo;
    final Path script;
    final ProtocolClient client;

    TaskFixture(Path tmp, Path socket) {
        repo = TestRepo.init(tmp);
        repo.write("README", "hello\n");
        repo.commitAll("init");
        script = tmp.resolve("fake_worker.py");
        try (InputStream in = TaskFixture.class.getResourceAsStream("/task/fake_worker.py")) {
            Files.write(script, in.readAllBytes());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        client = ProtocolClient.connect(socket);
    }

    /** task.start params for a fake worker in {@code mode} with objective {@code objective}. */
    Map<String, Object> params(String objective, String mode, Object... extra) {
        Map<String, Object> p = new LinkedHashMap<>();
        p.put("repo", repo.root.toString());
        p.put("objective", objective);
        p.put("argv", List.of("python3", script.toString(), mode));
        p.put("submit_delay_ms", 50);
        for (int i = 0; i < extra.length; i += 2) {
            p.put((String) extra[i], extra[i + 1]);
        }
        return p;
    }

    /** Like {@link #params}, but the worker reports through the real CLI ({@code signaltty report}). */
    Map<String, Object> paramsReportingByCli(String objective, Object... extra) {
        Map<String, Object> p = params(objective, "work", extra);
        String java = ProcessHandle.current().info().command().orElse("java");
        p.put("argv", List.of("python3", script.toString(), "work", "--cli", java, System.getProperty("java.class.path")));
        return p;
    }

    JsonNode start(String objective, String mode, Object... extra) {
        return client.call("task.start", params(objective, mode, extra));
    }

    JsonNode task(String taskId) {
        return client.call("task.get", Map.of("task_id", taskId)).get("task");
    }

    JsonNode await(String taskId, String... until) {
        return client.call("task.wait", Map.of("task_id", taskId, "until", List.of(until), "timeout_s", 60)).get("task");
    }

    /** Posts a Claude-shaped hook for the fake worker's session, as its hooks would. */
    JsonNode hook(String paneId, String event) {
        return client.call("hook-event", Map.of("pane_id", paneId, "agent", "claude",
                "payload", Map.of("session_id", "sess-" + paneId, "hook_event_name", event)));
    }

    List<String> worktrees() {
        List<String> out = new ArrayList<>();
        for (String line : repo.git("worktree", "list", "--porcelain").split("\n")) {
            if (line.startsWith("worktree ")) {
                out.add(line.substring("worktree ".length()));
            }
        }
        return out;
    }

    String screen(String paneId) {
        return client.call("pane.read", Map.of("pane_id", paneId, "mode", "tail")).get("text").asString();
    }

    void eventuallyOnScreen(String paneId, String text) {
        ProtocolClient.eventually(Duration.ofSeconds(20), () -> screen(paneId).contains(text));
    }

    /** Finishes (discards) whatever a test left unfinished, so the cap and the worktrees start clean. */
    @Override
    public void close() {
        for (JsonNode task : client.call("task.list", Map.of()).get("tasks")) {
            if (task.path("disposition").isMissingNode() || task.path("disposition").isNull()) {
                client.request("task.finish", Map.of("task_id", task.get("task_id").asString(), "discard", true));
            }
        }
        client.close();
    }
}
