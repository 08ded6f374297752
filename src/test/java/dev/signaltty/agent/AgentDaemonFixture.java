package dev.signaltty.agent;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import dev.signaltty.support.ProtocolClient;
import tools.jackson.databind.JsonNode;

/** Shared helpers: panes running a long sleep, and Claude-Code-shaped hook payloads posted over the socket. */
public final class AgentDaemonFixture {

    /** The common pool has one thread on a 2-core machine: blocking calls in tests get their own threads. */
    static final java.util.concurrent.ExecutorService THREADS = java.util.concurrent.Executors.newVirtualThreadPerTaskExecutor();

    private AgentDaemonFixture() {
    }

    static String workspace(ProtocolClient client, java.nio.file.Path cwd) {
        return client.call("workspace.create", Map.of("name", "agents", "cwd", cwd.toString()))
                .get("workspace_id").asString();
    }

    public static String sleeper(ProtocolClient client, String workspace) {
        return client.call("pane.spawn", Map.of("workspace_id", workspace, "argv", List.of("sleep", "600")))
                .get("pane_id").asString();
    }

    /** A Claude Code hook input (documented fields: session_id, transcript_path, cwd, hook_event_name, …). */
    static Map<String, Object> claude(String event, String session, Map<String, Object> extra) {
        Map<String, Object> payload = new HashMap<>();
        payload.put("session_id", session);
        payload.put("transcript_path", "/tmp/transcripts/" + session + ".jsonl");
        payload.put("cwd", "/tmp/project");
        payload.put("permission_mode", "default");
        payload.put("hook_event_name", event);
        payload.putAll(extra);
        return payload;
    }

    public static JsonNode hook(ProtocolClient client, String pane, String event, String session) {
        return hook(client, pane, claude(event, session, Map.of()));
    }

    static JsonNode hook(ProtocolClient client, String pane, Map<String, Object> payload) {
        return client.call("hook-event", Map.of("pane_id", pane, "payload", payload));
    }

    static JsonNode baseline(ProtocolClient client, String pane) {
        return client.call("pane.get", Map.of("pane_id", pane)).get("wait_baseline");
    }

    /**
     * Posts a PermissionRequest for {@code Bash command} that waits for its answer, on {@code reporter}
     * (a connection of its own: the answer blocks it), with {@code timeoutS} as wait_timeout_s when not
     * null; returns the future response.
     */
    public static java.util.concurrent.CompletableFuture<JsonNode> askPermission(ProtocolClient reporter, String pane, String command,
            Integer timeoutS) {
        Map<String, Object> params = new HashMap<>(Map.of("pane_id", pane, "wait_for_answer", true,
                "payload", claude("PermissionRequest", "s1", toolUse("Bash", command))));
        if (timeoutS != null) {
            params.put("wait_timeout_s", timeoutS);
        }
        return java.util.concurrent.CompletableFuture.supplyAsync(() -> reporter.request("hook-event", params), THREADS);
    }

    /**
     * Waits up to {@code deadline} until {@code pane} has a pending decision and returns its id (the first, when
     * there are several).
     */
    public static String awaitPendingDecision(ProtocolClient client, String pane, java.time.Duration deadline) {
        String[] id = new String[1];
        ProtocolClient.eventually(deadline, () -> {
            JsonNode list = client.call("decision.list", Map.of("pane_id", pane, "status", "pending")).get("decisions");
            id[0] = list.isEmpty() ? null : list.get(0).get("decision_id").asString();
            return id[0] != null;
        });
        return id[0];
    }

    static Map<String, Object> toolUse(String tool, String command) {
        return Map.of("tool_name", tool, "tool_input", Map.of("command", command), "tool_use_id", "toolu_" + command.hashCode());
    }

}
