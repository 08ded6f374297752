package dev.signaltty.journal;

import static dev.signaltty.support.ProtocolClient.eventually;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.signaltty.support.ProtocolClient;
import dev.signaltty.workspace.internal.git.TestRepo;
import tools.jackson.databind.JsonNode;

/**
 * Issue 17 item 5: kill -9 the daemon under load — panes printing, an agent reporting, a decision
 * pending, a task's worker waiting on it — restart on the same state dir, and compare with what was
 * acknowledged before the kill: pane list, names, screens and scrollback (to the last line read:
 * ADR 0230), exit codes, agent sessions, decisions (the pending one cleared as native_cancelled: its
 * hook died with the daemon, ADR-0084) and the task (failed with stage server_restart and its state at
 * the kill).
 */
class KillNineUnderLoadTest {

    @Test
    void everythingAcknowledgedBeforeAKill9IsThereAfterTheRestart(@TempDir Path root) throws Exception { // seed R302
        TestRepo repo = TestRepo.withReadme(root.resolve("repo"));
        Path worker = root.resolve("fake_worker.py");
        try (InputStream in = KillNineUnderLoadTest.class.getResourceAsStream("/task/fake_worker.py")) {
            Files.write(worker, in.readAllBytes());
        }
        String ws;
        String agent;
        String task;
        String taskDecision;
        String agentDecision;
        String lastTick;
        Map<String, JsonNode> panesBefore = new HashMap<>();
        JsonNode taskBefore;
        JsonNode agentBefore;
        try (DaemonProcess daemon = DaemonProcess.start(root); ProtocolClient client = ProtocolClient.connect(daemon.socket);
             ProtocolClient reporter = ProtocolClient.connect(daemon.socket)) {
            ws = client.call("workspace.create", Map.of("name", "load", "cwd", root.toString())).get("workspace_id").asString();
            List<String> printers = List.of(
                    spawn(client, ws, "seq 1 200000 | sed s/^/fast-/; sleep 600"),
                    spawn(client, ws, "i=0; while true; do i=$((i+1)); printf '\\033[32mtick-%d\\033[0m\\n' $i; sleep 0.01; done"));
            String exited = spawn(client, ws, "echo done-here; exit 7");
            client.call("pane.rename", Map.of("pane_id", printers.get(1), "name", "ticker"));

            agent = client.call("pane.spawn", Map.of("workspace_id", ws, "argv", List.of("sleep", "600"))).get("pane_id").asString();
            hook(client, agent, "SessionStart");
            hook(client, agent, "UserPromptSubmit");
            CompletableFuture<JsonNode> asked = CompletableFuture.supplyAsync(() -> reporter.request("hook-event",
                    Map.of("pane_id", agent, "wait_for_answer", true, "payload", claude("PermissionRequest",
                            Map.of("tool_name", "Bash", "tool_input", Map.of("command", "make deploy"), "tool_use_id", "toolu_1")))));

            task = client.call("task.start", Map.of("repo", repo.root.toString(), "objective", "WRITE a.txt b",
                    "argv", List.of("python3", worker.toString(), "decision"), "submit_delay_ms", 50)).get("task").get("task_id").asString();
            String[] ids = new String[2];
            eventually(Duration.ofSeconds(60), () -> {
                for (JsonNode d : client.call("decision.list", Map.of("status", "pending")).get("decisions")) {
                    if (d.get("pane_id").asString().equals(agent)) {
                        ids[0] = d.get("decision_id").asString();
                    } else {
                        ids[1] = d.get("decision_id").asString();
                    }
                }
                return ids[0] != null && ids[1] != null;
            });
            agentDecision = ids[0];
            taskDecision = ids[1];
            eventually(Duration.ofSeconds(60), () -> client.call("pane.get", Map.of("pane_id", exited))
                    .get("pane").get("status").asString().equals("exited"));
            // The task follows its worker's decision through an event, a moment after decision.list shows
            // it: read the task once it is input_required, the state the kill must preserve.
            eventually(Duration.ofSeconds(60), () -> client.call("task.get", Map.of("task_id", task))
                    .get("task").get("state").asString().equals("input_required"));
            agentBefore = client.call("pane.get", Map.of("pane_id", agent));
            taskBefore = client.call("task.get", Map.of("task_id", task)).get("task");
            for (JsonNode p : client.call("pane.list", Map.of()).get("panes")) {
                panesBefore.put(p.get("pane_id").asString(), p);
            }
            String[] read = tail(client, printers.get(1)).split("\n");
            lastTick = read[read.length - 1];
            assertThat(asked).isNotDone();
            daemon.kill9();
        }
        try (DaemonProcess daemon = DaemonProcess.start(root); ProtocolClient client = ProtocolClient.connect(daemon.socket)) {
            Map<String, JsonNode> after = new HashMap<>();
            for (JsonNode p : client.call("pane.list", Map.of()).get("panes")) {
                after.put(p.get("pane_id").asString(), p);
            }
            assertThat(after.keySet()).isEqualTo(panesBefore.keySet());
            for (JsonNode before : panesBefore.values()) {
                JsonNode pane = after.get(before.get("pane_id").asString());
                for (String fact : List.of("name", "created_at", "cols", "rows", "argv", "exit_code", "workspace_id")) {
                    assertThat(pane.get(fact)).as(fact).isEqualTo(before.get(fact));
                }
            }
            String ticker = after.values().stream().filter(p -> "ticker".equals(p.path("name").asString(null)))
                    .findFirst().orElseThrow().get("pane_id").asString();
            assertThat(List.of(tail(client, ticker).split("\n"))).as("the last line read before the kill").contains(lastTick);
            JsonNode colour = client.call("pane.read", Map.of("pane_id", ticker, "mode", "tail", "lines", 3, "strip_ansi", false));
            assertThat(colour.get("text").asString()).as("styles kept").contains("\u001b[");

            JsonNode agentPane = client.call("pane.get", Map.of("pane_id", agent));
            assertThat(agentPane.path("agent").asString("")).isEqualTo(agentBefore.path("agent").asString("")).isEqualTo("claude");
            assertThat(agentPane.path("wait_baseline").path("agent_session_id").asString("")).isEqualTo("s1");

            for (String id : List.of(agentDecision, taskDecision)) {
                JsonNode d = client.call("decision.get", Map.of("decision_id", id));
                assertThat(d.get("status").asString()).as(id).isEqualTo("cleared");
                assertThat(d.get("reason").asString()).isEqualTo("native_cancelled");
            }
            assertThat(client.call("decision.get", Map.of("decision_id", agentDecision)).get("tool_input").get("command")
                    .asString()).isEqualTo("make deploy");

            JsonNode taskAfter = client.call("task.get", Map.of("task_id", task)).get("task");
            assertThat(taskAfter.get("state").asString()).isEqualTo("failed");
            assertThat(taskAfter.get("evidence").get("stage").asString()).isEqualTo("server_restart");
            assertThat(taskAfter.get("evidence").get("previous_state").asString()).isEqualTo(taskBefore.get("state").asString());
            assertThat(taskAfter.get("objective")).isEqualTo(taskBefore.get("objective"));
        }
    }

    private static String spawn(ProtocolClient client, String ws, String script) {
        return client.call("pane.spawn", Map.of("workspace_id", ws, "argv", List.of("sh", "-c", script))).get("pane_id").asString();
    }

    private static String tail(ProtocolClient client, String pane) {
        return client.call("pane.read", Map.of("pane_id", pane, "mode", "tail", "lines", 5000)).get("text").asString();
    }

    private static Map<String, Object> claude(String event, Map<String, Object> extra) {
        Map<String, Object> payload = new HashMap<>(Map.of("session_id", "s1", "transcript_path", "/tmp/s1.jsonl",
                "cwd", "/tmp/project", "permission_mode", "default", "hook_event_name", event));
        payload.putAll(extra);
        return payload;
    }

    private static void hook(ProtocolClient client, String pane, String event) {
        client.call("hook-event", Map.of("pane_id", pane, "payload", claude(event, Map.of())));
    }
}
