package dev.signaltty.task;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.signaltty.support.ProtocolClient;
import tools.jackson.databind.JsonNode;

/**
 * Issue 9's Show: three tasks in one context in a real repository, each run by the scripted fake worker
 * on a real PTY, which reads its prompt, writes a file and reports; one is merged, one discarded and
 * one finished into a conflict.
 */
class TaskOrchestrationTest extends TaskDaemonTest {

    @Test
    void threeWorkersInOneContextAreMergedDiscardedAndFinishedIntoAConflict() {
        String context = "ctx-" + tmp.getFileName();
        // worker A reports through the real CLI (signaltty report with the $SIGNALTTY_TASK fallback, seed R343)
        String a = f.client.call("task.start", f.paramsReportingByCli("WRITE a.txt alpha", "context_id", context))
                .get("task").get("task_id").asString();
        String b = f.start("WRITE b.txt beta", "work", "context_id", context).get("task").get("task_id").asString();
        JsonNode startedC = f.start("WRITE shared.txt gamma", "work", "context_id", context);
        String c = startedC.get("task").get("task_id").asString();
        assertThat(startedC.get("task").get("state").asString()).isEqualTo("pending"); // seed R339
        assertThat(startedC.get("pane").get("pane_id").asString()).startsWith("pane_");

        JsonNode settled = f.client.call("task.wait", Map.of("context_id", context, "timeout_s", 60)); // seed R63
        assertThat(settled.get("tasks")).hasSize(3);
        for (JsonNode task : settled.get("tasks")) {
            assertThat(task.get("state").asString()).isEqualTo("completed");
            assertThat(task.get("report").get("summary").asString()).startsWith("wrote ");
            assertThat(task.get("target_branch").asString()).isEqualTo("main"); // seed R45
        }
        Path worktreeA = Path.of(f.task(a).get("worktree").asString());
        assertThat(worktreeA.resolve("a.txt")).hasContent("alpha");
        JsonNode diff = f.client.call("task.diff", Map.of("task_id", a)).get("diff");
        assertThat(diff.get("files").get(0).get("path").asString()).isEqualTo("a.txt");
        JsonNode fileDiff = f.client.call("task.file_diff", Map.of("task_id", a, "path", "a.txt"));
        assertThat(fileDiff.get("content").get("kind").asString()).isEqualTo("text");

        // the fake worker's Stop hook (agent.done) follows its report; finishing closes the pane, so let
        // the turn end first or the event may never be sent
        String paneA = f.task(a).get("pane_id").asString();
        ProtocolClient.eventually(java.time.Duration.ofSeconds(20), () -> "done".equals(
                f.client.call("pane.get", Map.of("pane_id", paneA)).get("lifecycle").asString()));
        JsonNode merged = f.client.call("task.finish", Map.of("task_id", a, "merge", true)).get("task");
        assertThat(merged.get("disposition").asString()).isEqualTo("merged");
        assertThat(merged.get("worktree_removed").asBoolean()).isTrue();
        assertThat(f.repo.root.resolve("a.txt")).hasContent("alpha");
        assertThat(f.repo.git("log", "-1", "--format=%s", "main")).contains(merged.get("branch").asString());

        JsonNode discarded = f.client.call("task.finish", Map.of("task_id", b, "discard", true)).get("task");
        assertThat(discarded.get("disposition").asString()).isEqualTo("discarded");
        assertThat(f.repo.root.resolve("b.txt")).doesNotExist();

        // the source moves on: shared.txt now exists on main with other content
        f.repo.write("shared.txt", "main\n");
        f.repo.commitAll("main writes shared.txt");
        JsonNode conflict = f.client.request("task.finish", Map.of("task_id", c, "merge", true));
        assertThat(conflict.get("error").get("code").asString()).isEqualTo("MERGE_CONFLICT"); // seed R315
        assertThat(conflict.get("error").get("details").get("files").get(0).asString()).isEqualTo("shared.txt");
        JsonNode afterConflict = f.task(c);
        // seed R74
        assertThat(afterConflict.get("finish_error").get("files").get(0).asString()).isEqualTo("shared.txt");
        assertThat(afterConflict.path("disposition").isMissingNode()).isTrue();
        assertThat(f.repo.git("status", "--porcelain")).isEmpty();
        assertThat(f.repo.root.resolve(".git/MERGE_HEAD")).doesNotExist();
        assertThat(f.repo.root.resolve("shared.txt")).hasContent("main");

        Path worktreeC = Path.of(afterConflict.get("worktree").asString());
        assertThat(f.worktrees()).containsExactly(f.repo.root.toString(), worktreeC.toString());
        assertThat(worktreeC.resolve("shared.txt")).hasContent("gamma");

        List<String> names = new ArrayList<>();
        try (ProtocolClient events = ProtocolClient.connect(socket())) {
            JsonNode sub = events.call("subscribe", Map.of("events", List.of("*"), "task_ids", List.of(a), "from_seq", 0));
            int count = sub.get("replay").get("returned").asInt();
            for (int i = 0; i < count; i++) {
                JsonNode event = events.nextEvent();
                assertThat(event.get("payload").get("task_id").asString()).isEqualTo(a);
                names.add(event.get("event").asString());
                if (event.get("event").asString().equals("task.updated")
                        && event.get("payload").path("disposition").asString("").equals("merged")) {
                    names.add("disposition:merged"); // seed R73: the disposition is a task.updated transition
                }
            }
        }
        assertThat(names).contains("task.created", "task.updated", "pane.created", "agent.idle", "agent.working",
                "agent.done", "pane.closed", "disposition:merged");
    }
}
