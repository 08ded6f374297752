package dev.signaltty.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;

import dev.signaltty.agent.AgentDaemonFixture;
import dev.signaltty.support.Await;
import dev.signaltty.support.DaemonFixture;
import dev.signaltty.support.ProtocolClient;
import dev.signaltty.workspace.internal.git.TestRepo;
import tools.jackson.databind.JsonNode;

/**
 * A tool error's text (all a text-only MCP client gives its model) carries the details its message does not say,
 * through a real {@code signaltty mcp} on a real daemon (ADR 1460).
 */
class McpErrorTextTest {

    @RegisterExtension
    static final DaemonFixture daemon = new DaemonFixture("mcp-error-text");

    @RegisterExtension
    static final McpSession mcp = new McpSession(daemon);

    /**
     * Two workers change README; the second merge conflicts. Its text names the file (before: "conflicts in 1
     * file(s)", the files only in structured content), while an error whose message says it all reads as before.
     */
    @Test
    @SuppressWarnings("unchecked")
    void aMergeConflictsTextNamesTheConflictingFiles() throws Exception {
        TestRepo repo = TestRepo.withReadme(Files.createTempDirectory("mcp-error-text"));
        List<String> taskIds = new ArrayList<>();
        for (String word : List.of("left", "right")) {
            CallToolResult started = mcp.call("task_start", Map.of("repo", repo.root.toString(), "objective", "say " + word,
                    "argv", List.of("sh", "-c", "echo " + word + " > README; sleep 600")));
            assertThat(started.isError()).as(started.toString()).isFalse();
            Map<String, Object> task = (Map<String, Object>) ((Map<String, Object>) started.structuredContent()).get("task");
            taskIds.add((String) task.get("task_id"));
            Path readme = Path.of((String) task.get("worktree"), "README");
            Await.until(Duration.ofSeconds(30), "the worker wrote " + readme,
                    () -> Files.exists(readme) && Files.readString(readme).startsWith(word));
        }

        CallToolResult merged = mcp.call("task_finish", Map.of("task_id", taskIds.get(0), "merge", true));
        assertThat(merged.isError()).as(merged.toString()).isFalse();
        CallToolResult conflict = mcp.call("task_finish", Map.of("task_id", taskIds.get(1), "merge", true));

        assertThat(conflict.isError()).isTrue();
        assertThat(McpSession.text(conflict)).startsWith("MERGE_CONFLICT: merging signaltty/" + taskIds.get(1) + " into main")
                .endsWith(" (details: {\"files\":[\"README\"]})");
        assertThat((Map<String, Object>) ((Map<String, Object>) conflict.structuredContent()).get("details"))
                .containsEntry("files", List.of("README")).containsEntry("task_id", taskIds.get(1));

        assertThat(McpSession.text(mcp.call("task_get", Map.of("task_id", "task_nope")))).isEqualTo("NO_SUCH_TASK: no task task_nope");

        // the message's next step (ADR 1482), in the tool's name, taken as it says: merge main into the task's branch
        // in its worktree, resolve, commit, finish again
        String worktree = (String) ((Map<String, Object>) ((Map<String, Object>) mcp.call("task_get",
                Map.of("task_id", taskIds.get(1))).structuredContent()).get("task")).get("worktree");
        assertThat(McpSession.text(conflict)).contains("in its worktree " + worktree + " (git merge main, resolve, git commit)")
                .contains("finish again (task_finish merge true), else discard it (task_finish discard true)")
                .doesNotContain("task.finish");
        assertThatThrownBy(() -> repo.git("-C", worktree, "merge", "main")).hasMessageContaining("CONFLICT");
        Files.writeString(Path.of(worktree, "README"), "left and right\n");
        repo.git("-C", worktree, "add", "README");
        repo.git("-C", worktree, "commit", "-q", "--no-edit");
        CallToolResult again = mcp.call("task_finish", Map.of("task_id", taskIds.get(1), "merge", true));
        assertThat(again.isError()).as(again.toString()).isFalse();
        assertThat(repo.root.resolve("README")).hasContent("left and right");
    }

    /**
     * A refusal that names what to call next names the MCP tool, not the socket method: a worker waiting for a
     * decision said "answer it with decision.answer (signaltty decision answer …)", a method and a CLI command an MCP
     * client has neither of (ADR 1483). The structured content keeps the daemon's words.
     */
    @Test
    @SuppressWarnings("unchecked")
    void aRefusalNamesTheToolToCallNotTheMethod() {
        String pane = AgentDaemonFixture.sleeper(daemon.client(), daemon.workspace());
        AgentDaemonFixture.hook(daemon.client(), pane, "SessionStart", "s1");
        AgentDaemonFixture.hook(daemon.client(), pane, "UserPromptSubmit", "s1");
        try (ProtocolClient reporter = daemon.connect()) {
            CompletableFuture<JsonNode> asked = AgentDaemonFixture.askPermission(reporter, pane, "rm -rf build", 120);
            String decision = AgentDaemonFixture.awaitPendingDecision(daemon.client(), pane, Duration.ofSeconds(30));

            CallToolResult busy = mcp.call("submit", Map.of("pane_id", pane, "text", "go on"));
            assertThat(busy.isError()).as(busy.toString()).isTrue();
            assertThat(McpSession.text(busy)).startsWith("AGENT_BUSY: the pane's agent is waiting for decision " + decision
                    + ": answer it with decision_answer, then submit again");
            assertThat((String) ((Map<String, Object>) busy.structuredContent()).get("message"))
                    .contains("decision.answer");

            mcp.call("decision_answer", Map.of("decision_id", decision, "option_id", "deny"));
            assertThat(asked.join().get("ok").asBoolean()).isTrue();
        }
        // a shell without integration: "use pane.submit and pane.wait_for_output instead" in the tools' names
        String plain = (String) ((Map<String, Object>) mcp.call("spawn", Map.of("workspace_id", daemon.workspace(),
                "argv", List.of("bash", "--norc", "--noprofile"))).structuredContent()).get("pane_id");
        assertThat(McpSession.text(mcp.call("run", Map.of("pane_id", plain, "command", "true")))).endsWith(
                "use submit and wait_for_output instead");
    }
}
