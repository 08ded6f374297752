package dev.signaltty.task;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import tools.jackson.databind.JsonNode;

/** The background first submit: ready wait, prompt, delayed Enter, activity gate, stall and resume. */
class TaskFirstSubmitTest extends TaskDaemonTest {

    @Test
    void aWorkerThatNeverGetsReadyFailsWithReadyTimeoutAndItsScreenTail() { // seed R31, seed R32, seed R34
        JsonNode started = f.start("WRITE r.txt x", "never_ready", "ready_timeout_s", 8.0);
        String taskId = started.get("task").get("task_id").asString();
        String paneId = started.get("pane").get("pane_id").asString();
        JsonNode task = f.await(taskId, "terminal");
        assertThat(task.get("state").asString()).isEqualTo("failed");
        assertThat(task.get("evidence").get("stage").asString()).isEqualTo("ready_timeout");
        assertThat(task.get("evidence").get("screen_tail").asString()).contains("booting forever");
        // the worker is kept running beside its worktree (seed R29), and the failure says so and how it ends (ADR 1113)
        assertThat(task.get("evidence").get("message").asString())
                .startsWith("the worker python3 never said it was ready within 8 s: ")
                .endsWith("The worker pane " + paneId
                        + " is kept running for inspection, as the worktree is; task finish --discard ends it");
        assertThat(f.client.call("pane.get", Map.of("pane_id", paneId)).get("pane").get("status").asString())
                .isEqualTo("running");
        f.client.call("task.finish", Map.of("task_id", taskId, "discard", true));
        assertThat(f.client.call("pane.list", Map.of()).toString()).doesNotContain(paneId);
    }

    @Test
    void aShellAsTheWorkerFailsSayingItNeverReportsTheReadinessTaskStartWaitsFor() { // seed R34
        // bash is no agent: no hook, screen rule or manifest ever says it is idle, so the objective is never handed over
        Map<String, Object> params = f.params("o", "unused", "ready_timeout_s", 3.0);
        params.put("argv", List.of("bash", "--norc", "--noprofile"));
        JsonNode started = f.client.call("task.start", params);
        String taskId = started.get("task").get("task_id").asString();
        JsonNode task = f.await(taskId, "terminal");
        assertThat(task.get("state").asString()).isEqualTo("failed");
        JsonNode evidence = task.get("evidence");
        assertThat(evidence.get("stage").asString()).isEqualTo("ready_timeout");
        assertThat(evidence.get("lifecycle").asString()).isEqualTo("unknown");
        assertThat(evidence.get("message").asString()).contains("the worker bash never said it was ready within 3 s",
                "once the worker's agent state is idle", "by hooks", "by screen rules", "by a manifest (docs/agents.md)",
                "bash reported no state at all", "start the agent itself, e.g. -- claude");
        f.client.call("task.finish", Map.of("task_id", taskId, "discard", true));
    }

    @Test
    void aWorkerGoneBeforeThePasteFailsWithSubmitRefused() { // seed R33
        Map<String, Object> params = f.params("o", "work");
        params.put("argv", List.of("bash", "-c", "sleep 0.3"));
        String taskId = f.client.call("task.start", params).get("task").get("task_id").asString();
        JsonNode task = f.await(taskId, "terminal");
        assertThat(task.get("state").asString()).isEqualTo("failed");
        assertThat(task.get("evidence").get("stage").asString()).isEqualTo("submit_refused");
        assertThat(task.get("evidence").get("paste_delivered").asBoolean()).isFalse();
    }

    @Test
    void theComposedPromptCarriesTheObjectiveAndHowToReport() {
        JsonNode started = f.start("WRITE p.txt x", "silent", "stall_timeout_s", 30);
        String paneId = started.get("pane").get("pane_id").asString();
        f.eventuallyOnScreen(paneId, "got prompt: WRITE p.txt x");
        // the fake worker prints the first 60 characters; the rest of the line is the report instructions
        JsonNode read = f.client.call("pane.read", Map.of("pane_id", paneId, "mode", "tail"));
        assertThat(read.get("text").asString()).contains("WRITE p.txt x When you have finished, report");
    }

    @Test
    void aWorkerTurningWorkingWithinTheGateMovesTheTaskToWorking() { // seed R36
        String taskId = f.start("WRITE w.txt x", "work", "stall_timeout_s", 20).get("task").get("task_id").asString();
        f.await(taskId, "completed");
        List<String> states = new java.util.ArrayList<>();
        try (var events = dev.signaltty.support.ProtocolClient.connect(socket())) {
            JsonNode sub = events.call("subscribe", Map.of("events", List.of("task.*"), "task_ids", List.of(taskId),
                    "from_seq", 0));
            for (int i = sub.get("replay").get("returned").asInt(); i > 0; i--) {
                states.add(events.nextEvent().get("payload").get("state").asString());
            }
        }
        assertThat(states).containsSubsequence("pending", "working", "completed");
    }

    @Test
    // seed R37, seed R38, seed R39
    void aSilentWorkerStallsAtInputRequiredAfterOneEnterRetryAndResumesWhenItTurnsWorking() {
        JsonNode started = f.start("WRITE s.txt x", "silent", "stall_timeout_s", 1.2);
        String taskId = started.get("task").get("task_id").asString();
        String paneId = started.get("pane").get("pane_id").asString();
        JsonNode task = f.await(taskId, "settled");
        assertThat(task.get("state").asString()).isEqualTo("input_required");
        assertThat(task.get("evidence").get("reason").asString()).isEqualTo("submit_unconfirmed");
        assertThat(task.get("evidence").get("stage").asString()).isEqualTo("activity_gate");
        // the worker read the prompt line, then the one retry Enter as an empty line
        f.eventuallyOnScreen(paneId, "extra line '\\n'");
        assertThat(f.screen(paneId).split("extra line", -1)).hasSize(2);

        f.hook(paneId, "UserPromptSubmit");
        JsonNode resumed = f.await(taskId, "working");
        assertThat(resumed.get("state").asString()).isEqualTo("working");
    }

    @Test
    void aDecisionAfterThePasteParksTheTaskWithDecisionRequiredEvidenceAndNoEnter() { // seed R54, seed R55
        JsonNode started = f.start("WRITE d.txt x", "decision", "submit_delay_ms", 800, "stall_timeout_s", 2);
        String taskId = started.get("task").get("task_id").asString();
        String paneId = started.get("pane").get("pane_id").asString();
        JsonNode task = f.await(taskId, "settled");
        assertThat(task.get("state").asString()).isEqualTo("input_required"); // recoverable, not failed
        assertThat(task.get("evidence").get("reason").asString()).isEqualTo("decision_required");
        assertThat(task.get("evidence").get("stage").asString()).isEqualTo("delayed_enter");
        assertThat(task.get("evidence").get("paste_delivered").asBoolean()).isTrue();
        assertThat(f.screen(paneId)).contains("asked for permission");

        String decisionId = task.get("evidence").get("decision_id").asString();
        assertThat(decisionId).startsWith("dec_");
        JsonNode decision = f.client.call("decision.get", Map.of("decision_id", decisionId));
        assertThat(decision.toString()).contains("pending"); // the submit never answers or clears it

        // the parked task does not resume by itself (seed R327, seed R328, seed R329: only an answer or an accepted
        // follow-up)
        JsonNode waited = f.client.request("task.wait", Map.of("task_id", taskId, "until", List.of("working"), "timeout_s", 0.5));
        assertThat(waited.get("error").get("code").asString()).isEqualTo("TIMEOUT");

        // an explicit answer does (seed R327)
        f.client.call("decision.answer", Map.of("decision_id", decisionId, "option_id", "allow_once"));
        JsonNode resumed = f.await(taskId, "working");
        assertThat(resumed.get("evidence").get("resumed_from").asString()).isEqualTo("decision_required");
    }

    @Test
    void anAcceptedFollowUpSubmitResumesAStalledTask() { // seed R328
        JsonNode started = f.start("WRITE f.txt x", "silent", "stall_timeout_s", 0.8);
        String taskId = started.get("task").get("task_id").asString();
        String paneId = started.get("pane").get("pane_id").asString();
        assertThat(f.await(taskId, "settled").get("state").asString()).isEqualTo("input_required");
        JsonNode submitted = f.client.call("pane.submit", Map.of("pane_id", paneId, "text", "please go on",
                "submit_delay_ms", 50, "stall_timeout_s", 0.4));
        assertThat(submitted.get("submitted").asBoolean()).isTrue();
        JsonNode resumed = f.await(taskId, "working");
        assertThat(resumed.get("evidence").get("resumed_by").asString()).isEqualTo("follow_up_submit");
        f.eventuallyOnScreen(paneId, "please go on");
    }

    @Test
    void aWorkerThatRejectsItsObjectiveEndsRejected() {
        String taskId = f.start("WRITE no.txt x", "reject").get("task").get("task_id").asString();
        JsonNode task = f.await(taskId, "terminal");
        assertThat(task.get("state").asString()).isEqualTo("rejected");
        assertThat(task.get("report").get("summary").asString()).isEqualTo("not doing that");
    }
}
