package dev.signaltty.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;

import dev.signaltty.support.Await;
import dev.signaltty.support.DaemonFixture;
import dev.signaltty.workspace.internal.git.TestRepo;

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
        TestRepo repo = TestRepo.init(Files.createTempDirectory("mcp-error-text"));
        repo.write("README", "hello\n");
        repo.commitAll("init");
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
        mcp.call("task_finish", Map.of("task_id", taskIds.get(1), "discard", true));
    }
}
