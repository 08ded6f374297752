package dev.signaltty.task;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import tools.jackson.databind.JsonNode;

/**
 * Clearing a decision never resumes the worker's task (seed R326): a task parked at input_required by
 * a decision stays there when the decision drops unanswered, even though the worker itself moved on.
 */
class TaskDecisionClearingTest extends TaskDaemonTest {

    @Test
    void aDecisionClearedBecauseTheWorkerMovedOnLeavesTheTaskAtInputRequired() { // seed R326, seed R329
        JsonNode started = f.start("WRITE c.txt x", "decision", "submit_delay_ms", 800, "stall_timeout_s", 2);
        String taskId = started.get("task").get("task_id").asString();
        String paneId = started.get("pane").get("pane_id").asString();
        JsonNode parked = f.await(taskId, "settled");
        assertThat(parked.get("evidence").get("reason").asString()).isEqualTo("decision_required");
        String decisionId = parked.get("evidence").get("decision_id").asString();

        // the worker goes on without an answer: the bar drops as moved_on, and the worker is working
        f.client.call("hook-event", Map.of("pane_id", paneId, "agent", "claude", "payload", Map.of(
                "session_id", "sess-" + paneId, "hook_event_name", "PostToolUse", "tool_name", "Bash",
                "tool_input", Map.of("command", "ls"))));
        JsonNode decision = f.client.call("decision.get", Map.of("decision_id", decisionId));
        assertThat(decision.get("status").asString()).isEqualTo("cleared");
        assertThat(decision.get("reason").asString()).isEqualTo("moved_on");
        assertThat(f.client.call("pane.get", Map.of("pane_id", paneId)).get("lifecycle").asString())
                .isEqualTo("working");

        JsonNode waited = f.client.request("task.wait", Map.of("task_id", taskId, "until", List.of("working"),
                "timeout_s", 1));
        assertThat(waited.get("error").get("code").asString()).isEqualTo("TIMEOUT");
        JsonNode task = f.task(taskId);
        assertThat(task.get("state").asString()).isEqualTo("input_required");
        assertThat(task.get("evidence").get("decision_id").asString()).isEqualTo(decisionId);
    }

    @Test
    void aTurnEndKeepsTheDecisionAndTheTaskParked() { // seed R325, seed R329
        JsonNode started = f.start("WRITE t.txt x", "decision", "submit_delay_ms", 800, "stall_timeout_s", 2);
        String taskId = started.get("task").get("task_id").asString();
        String paneId = started.get("pane").get("pane_id").asString();
        String decisionId = f.await(taskId, "settled").get("evidence").get("decision_id").asString();
        f.hook(paneId, "Stop");
        assertThat(f.client.call("decision.get", Map.of("decision_id", decisionId)).get("status").asString())
                .isEqualTo("pending");
        assertThat(f.task(taskId).get("state").asString()).isEqualTo("input_required");
        f.client.call("decision.answer", Map.of("decision_id", decisionId, "option_id", "deny"));
        assertThat(f.await(taskId, "working").get("evidence").get("option_id").asString()).isEqualTo("deny");
    }
}
