package dev.signaltty.task;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import dev.signaltty.agent.AgentDaemonFixture;
import dev.signaltty.support.ProtocolClient;
import tools.jackson.databind.JsonNode;

/**
 * A decision that arrives after the Enter was written but before the activity gate confirmed the
 * submit: the task stays at input_required with the decision as evidence, for the background first
 * prompt and for a follow-up submit (seed R58). The worker is the fake "silent" agent (it reads the
 * prompt line and never turns working); the permission request is what its hook would post.
 */
class TaskDecisionAfterEnterTest extends TaskDaemonTest {

    private static final ExecutorService THREADS = Executors.newVirtualThreadPerTaskExecutor();
    private ProtocolClient reporter;

    @AfterEach
    void closeReporter() {
        if (reporter != null) {
            reporter.close(); // cancels a still-waiting permission request
        }
    }

    /** The worker's waiting PermissionRequest, on its own connection as a hook's would be. */
    private CompletableFuture<JsonNode> askPermission(String paneId) {
        reporter = ProtocolClient.connect(socket());
        ProtocolClient own = reporter;
        return CompletableFuture.supplyAsync(() -> own.request("hook-event", Map.of("pane_id", paneId,
                "agent", "claude", "wait_for_answer", true, "payload", Map.of("session_id", "sess-" + paneId,
                        "hook_event_name", "PermissionRequest", "tool_name", "Bash",
                        "tool_input", Map.of("command", "rm -rf build")))), THREADS);
    }

    private String pendingDecision(String paneId) {
        return AgentDaemonFixture.awaitPendingDecision(f.client, paneId, java.time.Duration.ofSeconds(10));
    }

    @Test
    void aDecisionAfterTheFirstPromptsEnterKeepsTheTaskAtInputRequiredWithItsEvidence() { // seed R58
        // a long gate: the only activity it can see is the permission request below
        JsonNode started = f.start("WRITE late.txt x", "silent", "stall_timeout_s", 40);
        String taskId = started.get("task").get("task_id").asString();
        String paneId = started.get("pane").get("pane_id").asString();
        f.eventuallyOnScreen(paneId, "got prompt: WRITE late.txt x"); // the Enter was written and read
        assertThat(f.task(taskId).get("state").asString()).isEqualTo("pending"); // not confirmed yet

        CompletableFuture<JsonNode> hook = askPermission(paneId);
        String decisionId = pendingDecision(paneId);

        JsonNode task = f.await(taskId, "settled");
        assertThat(task.get("state").asString()).isEqualTo("input_required");
        JsonNode evidence = task.get("evidence");
        assertThat(evidence.get("reason").asString()).isEqualTo("decision_required");
        assertThat(evidence.get("stage").asString()).isEqualTo("activity_gate");
        assertThat(evidence.get("decision_id").asString()).isEqualTo(decisionId);
        assertThat(evidence.get("paste_delivered").asBoolean()).isTrue();
        // the pane's decision stays unanswered (seed R57)
        assertThat(f.client.call("decision.get", Map.of("decision_id", decisionId)).get("status").asString())
                .isEqualTo("pending");
        assertThat(hook).isNotDone();
    }

    @Test
    void aDecisionAfterAFollowUpsEnterKeepsInputRequiredWithTheDecisionAsEvidence() throws Exception { // seed R58
        JsonNode started = f.start("WRITE follow.txt x", "silent", "stall_timeout_s", 0.8);
        String taskId = started.get("task").get("task_id").asString();
        String paneId = started.get("pane").get("pane_id").asString();
        JsonNode parked = f.await(taskId, "settled");
        assertThat(parked.get("evidence").get("reason").asString()).isEqualTo("submit_unconfirmed");

        // the follow-up's gate is long: it ends on the permission request's blocked transition
        CompletableFuture<JsonNode> submit = CompletableFuture.supplyAsync(() -> {
            try (ProtocolClient submitter = ProtocolClient.connect(socket())) {
                return submitter.call("pane.submit", Map.of("pane_id", paneId, "text", "go on please",
                        "submit_delay_ms", 50, "stall_timeout_s", 40));
            }
        }, THREADS);
        f.eventuallyOnScreen(paneId, "extra line 'go on please"); // its Enter was written and read
        assertThat(submit).isNotDone();

        askPermission(paneId);
        String decisionId = pendingDecision(paneId);
        JsonNode submitted = submit.get(30, TimeUnit.SECONDS);
        assertThat(submitted.get("submitted").asBoolean()).isTrue();
        assertThat(submitted.get("confirmed").asBoolean()).isTrue();

        JsonNode task = f.task(taskId);
        assertThat(task.get("state").asString()).isEqualTo("input_required"); // not resumed to working
        assertThat(task.get("evidence").get("reason").asString()).isEqualTo("decision_required");
        assertThat(task.get("evidence").get("stage").asString()).isEqualTo("follow_up");
        assertThat(task.get("evidence").get("decision_id").asString()).isEqualTo(decisionId);
        JsonNode stillParked = f.client.request("task.wait", Map.of("task_id", taskId, "until", List.of("working"),
                "timeout_s", 0.5));
        assertThat(stillParked.get("error").get("code").asString()).isEqualTo("TIMEOUT");

        // answering it is what resumes the task (seed R327)
        f.client.call("decision.answer", Map.of("decision_id", decisionId, "option_id", "allow_once"));
        assertThat(f.await(taskId, "working").get("evidence").get("decision_id").asString()).isEqualTo(decisionId);
    }
}
