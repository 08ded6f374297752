package dev.signaltty.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;

import dev.signaltty.support.DaemonFixture;
import dev.signaltty.workspace.internal.git.TestRepo;

/**
 * The MCP tools that answer records (fleet, pane_list, spawn, task_*) answer by default the fields an orchestrating
 * agent acts on, through a real {@code signaltty mcp} on a real daemon (ADR 1230): it pays tokens for every field.
 */
class McpCompactResultsTest {

    @RegisterExtension
    static final DaemonFixture daemon = new DaemonFixture("mcp-compact");

    @RegisterExtension
    static final McpSession mcp = new McpSession(daemon);

    /**
     * A fleet of six panes (four shells, two task workers): fleet, pane_list, task_list and task_get answer the
     * fields an agent acts on, full: true the whole record; the text (what a model reads) is measured both ways.
     */
    @Test
    @SuppressWarnings("unchecked")
    void recordToolsAnswerTheFieldsToActOnAndTheWholeRecordWhenAskedForFull() throws Exception {
        Path tmp = Files.createTempDirectory("mcp-compact");
        TestRepo repo = TestRepo.withReadme(tmp);
        String shell = null;
        for (int i = 0; i < 4; i++) {
            CallToolResult spawned = mcp.call("spawn", Map.of("workspace_id", daemon.workspace(), "argv", List.of("bash")));
            assertThat(spawned.isError()).as(spawned.toString()).isFalse();
            assertThat(structured(spawned)).containsKeys("pane_id", "argv", "status").doesNotContainKeys("pid", "cols",
                    "output_offset", "created_at");
            shell = (String) structured(spawned).get("pane_id");
        }
        String taskId = null;
        for (int i = 0; i < 2; i++) {
            CallToolResult started = mcp.call("task_start", Map.of("repo", repo.root.toString(), "objective", "step " + i,
                    "argv", List.of("sh", "-c", "sleep 600")));
            assertThat(started.isError()).as(started.toString()).isFalse();
            taskId = (String) ((Map<String, Object>) structured(started).get("task")).get("task_id");
        }

        Map<String, Object> pane = onlyPane(structured(mcp.call("pane_list", Map.of())), shell);
        assertThat(pane).containsEntry("argv", List.of("bash")).containsEntry("status", "running")
                .containsEntry("workspace_id", daemon.workspace())
                .doesNotContainKeys("tab_id", "cwd", "pid", "cols", "rows", "output_offset", "created_at", "started_at");
        Map<String, Object> fullPane = onlyPane(structured(mcp.call("pane_list", Map.of("full", true))), shell);
        assertThat(fullPane).containsKeys("tab_id", "cwd", "pid", "cols", "rows", "output_offset", "created_at");

        Map<String, Object> task = (Map<String, Object>) structured(mcp.call("task_get", Map.of("task_id", taskId))).get("task");
        assertThat(task).containsKeys("task_id", "state", "objective", "branch", "worktree", "pane_id")
                .doesNotContainKeys("base_commit", "settings", "created_at", "updated_at", "workspace_owned", "repo");
        Map<String, Object> fullTask = (Map<String, Object>) structured(mcp.call("task_get",
                Map.of("task_id", taskId, "full", true))).get("task");
        assertThat(fullTask).containsKeys("base_commit", "settings", "created_at", "updated_at", "workspace_owned", "repo");

        Map<String, Object> fleetPane = fleetPane(structured(mcp.call("fleet", Map.of())), shell);
        assertThat(fleetPane).containsEntry("status", "running").doesNotContainKeys("focused", "attention", "lifecycle");
        Map<String, Object> fullFleetPane = fleetPane(structured(mcp.call("fleet", Map.of("full", true))), shell);
        assertThat(fullFleetPane).containsEntry("attention", "none").containsEntry("lifecycle", "unknown").containsKey("focused");

        StringBuilder figures = new StringBuilder("MCP answer text, 6 panes (4 shells, 2 task workers), bytes compact/full:");
        for (Map.Entry<String, Map<String, Object>> tool : List.of(Map.entry("fleet", Map.<String, Object>of()),
                Map.entry("pane_list", Map.<String, Object>of()), Map.entry("task_list", Map.<String, Object>of()),
                Map.entry("task_get", Map.<String, Object>of("task_id", taskId)))) {
            int compact = McpSession.text(mcp.call(tool.getKey(), tool.getValue())).length();
            Map<String, Object> full = new java.util.HashMap<>(tool.getValue());
            full.put("full", true);
            int whole = McpSession.text(mcp.call(tool.getKey(), full)).length();
            assertThat(compact).as(tool.getKey()).isLessThan(whole);
            figures.append(' ').append(tool.getKey()).append(' ').append(compact).append('/').append(whole);
        }
        System.out.println(figures);
    }

    /**
     * task_cancel and task_finish answer the task as task_get does: its state, disposition and worktree_removed, not
     * its argv, settings, base commit and timestamps (an orchestrator finishing ten tasks read 900 bytes each, ADR
     * 1460); full: true still gives the whole record.
     */
    @Test
    @SuppressWarnings("unchecked")
    void taskCancelAndFinishAnswerTheTaskAsTaskGetDoes() throws Exception {
        TestRepo repo = TestRepo.withReadme(Files.createTempDirectory("mcp-compact-finish"));
        List<String> taskIds = new java.util.ArrayList<>();
        for (int i = 0; i < 2; i++) {
            CallToolResult started = mcp.call("task_start", Map.of("repo", repo.root.toString(), "objective", "finish " + i,
                    "argv", List.of("sh", "-c", "sleep 600")));
            assertThat(started.isError()).as(started.toString()).isFalse();
            taskIds.add((String) ((Map<String, Object>) structured(started).get("task")).get("task_id"));
        }
        List<String> bookkeeping = List.of("argv", "settings", "base_commit", "created_at", "updated_at", "repo");

        CallToolResult canceled = mcp.call("task_cancel", Map.of("task_id", taskIds.get(0)));
        assertThat(canceled.isError()).as(canceled.toString()).isFalse();
        Map<String, Object> task = (Map<String, Object>) structured(canceled).get("task");
        assertThat(task).containsEntry("state", "canceled").doesNotContainKeys(bookkeeping.toArray(String[]::new));

        CallToolResult finished = mcp.call("task_finish", Map.of("task_id", taskIds.get(0), "discard", true));
        assertThat(finished.isError()).as(finished.toString()).isFalse();
        task = (Map<String, Object>) structured(finished).get("task");
        assertThat(task).containsEntry("disposition", "discarded").containsEntry("worktree_removed", true)
                .doesNotContainKeys(bookkeeping.toArray(String[]::new));
        assertThat(McpSession.text(finished)).doesNotContain("\"settings\"");

        CallToolResult whole = mcp.call("task_finish", Map.of("task_id", taskIds.get(1), "discard", true, "full", true));
        assertThat(whole.isError()).as(whole.toString()).isFalse();
        assertThat((Map<String, Object>) structured(whole).get("task")).containsEntry("disposition", "discarded")
                .containsKeys(bookkeeping.toArray(String[]::new));
    }

    /** full is a boolean; the tools whose answers are compact say they take it. */
    @Test
    @SuppressWarnings("unchecked")
    void fullIsABooleanArgumentOfTheRecordTools() {
        CallToolResult wrong = mcp.call("pane_list", Map.of("full", "yes"));
        assertThat(wrong.isError()).isTrue();
        assertThat(McpSession.text(wrong)).isEqualTo("BAD_PARAMS: full: expected a boolean (true for the whole record), got \"yes\"");
        assertThat(McpSession.text(mcp.call("fleet", Map.of("full", 1)))).startsWith("BAD_PARAMS: full: expected a boolean");
        assertThat(mcp.call("read", Map.of("pane_id", "nope", "full", true)).structuredContent().toString())
                .contains("full: not a parameter of read");
        for (McpSchema.Tool tool : mcp.client().listTools().tools()) {
            Map<String, Object> properties = (Map<String, Object>) tool.inputSchema().get("properties");
            if (List.of("fleet", "pane_list", "spawn", "task_start", "task_list", "task_get", "task_wait", "task_finish",
                    "task_cancel").contains(tool.name())) {
                assertThat((Map<String, Object>) properties.get("full")).as(tool.name()).containsEntry("type", "boolean");
            } else {
                assertThat(properties).as(tool.name()).doesNotContainKey("full");
            }
        }
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> onlyPane(Map<String, Object> list, String paneId) {
        return ((List<Map<String, Object>>) list.get("panes")).stream().filter(p -> paneId.equals(p.get("pane_id")))
                .findFirst().orElseThrow();
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> fleetPane(Map<String, Object> tree, String paneId) {
        return ((List<Map<String, Object>>) tree.get("workspaces")).stream()
                .flatMap(w -> ((List<Map<String, Object>>) w.get("tabs")).stream())
                .flatMap(t -> ((List<Map<String, Object>>) t.get("panes")).stream())
                .filter(p -> paneId.equals(p.get("pane_id"))).findFirst().orElseThrow();
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> structured(CallToolResult result) {
        return (Map<String, Object>) result.structuredContent();
    }
}
