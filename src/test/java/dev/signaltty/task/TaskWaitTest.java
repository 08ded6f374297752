package dev.signaltty.task;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.signaltty.support.ProtocolClient;
import tools.jackson.databind.JsonNode;

/** task.wait's parameters, its pseudo-states and its single-flight cancellation; task.list's state filter. */
class TaskWaitTest extends TaskDaemonTest {

    private JsonNode error(Map<String, ?> params) {
        JsonNode response = f.client.request("task.wait", params);
        assertThat(response.get("ok").asBoolean()).isFalse();
        return response.get("error");
    }

    @Test
    void bothOrNeitherOfTaskIdAndContextIdIsBadParams() { // seed R59
        assertThat(error(Map.of()).get("code").asString()).isEqualTo("BAD_PARAMS");
        assertThat(error(Map.of("task_id", "task_x", "context_id", "c")).get("code").asString()).isEqualTo("BAD_PARAMS");
    }

    @Test
    void anUnknownUntilStringOrAnEmptyUntilArrayIsBadParams() { // seed R67, seed R68
        assertBadUntil(error(Map.of("context_id", "c", "until", List.of("settled", "finished"))), "until[1]",
                "unknown value 'finished' (one of pending, working, input_required, completed, failed, canceled, "
                        + "rejected, terminal, settled)");
        assertBadUntil(error(Map.of("context_id", "c", "until", List.of())), "until", "must not be empty");
        assertBadUntil(error(Map.of("context_id", "c", "until", "finished")), "until", "unknown value 'finished'");
        assertBadUntil(error(Map.of("context_id", "c", "until", "Completed")), "until", "unknown value 'Completed'");
        assertBadUntil(error(Map.of("context_id", "c", "until", 7)), "until", "must be a string");
    }

    @Test
    void taskListsStateFilterIsMatchedExactlyLikeUntilAndListsTheStates() {
        JsonNode unknown = f.client.request("task.list", Map.of("state", "finished")).get("error");
        assertBadUntil(unknown, "state", "unknown value 'finished' (one of pending, working, input_required, completed, "
                + "failed, canceled, rejected)");
        assertBadUntil(f.client.request("task.list", Map.of("state", "COMPLETED")).get("error"), "state",
                "unknown value 'COMPLETED'");
        // a near miss names the value meant (ADR 1064)
        assertBadUntil(f.client.request("task.list", Map.of("state", "completd")).get("error"), "state",
                "unknown value 'completd' (did you mean 'completed'?) (one of pending,");
        assertThat(f.client.call("task.list", Map.of("state", "completed")).get("tasks").findValuesAsString("state"))
                .containsOnly("completed");
    }

    static void assertBadUntil(JsonNode error, String field, String message) {
        assertThat(error.get("code").asString()).isEqualTo("BAD_PARAMS");
        assertThat(error.get("details").get("field").asString()).isEqualTo(field);
        assertThat(error.get("message").asString()).contains(message);
    }

    @Test
    void anUnknownTaskIsNoSuchTask() { // seed R65
        assertThat(error(Map.of("task_id", "task_nope")).get("code").asString()).isEqualTo("NO_SUCH_TASK");
    }

    @Test
    void anEmptyContextMatchesAtOnce() { // seed R64
        JsonNode result = f.client.call("task.wait", Map.of("context_id", "nobody-" + tmp.getFileName(), "timeout_s", 5));
        assertThat(result.get("tasks")).isEmpty();
    }

    @Test
    void expiryIsTimeoutAndTheTaskCarriesOn() { // seed R66, seed R72
        String taskId = f.start("WRITE t.txt x", "silent", "stall_timeout_s", 30).get("task").get("task_id").asString();
        JsonNode timeout = error(Map.of("task_id", taskId, "until", List.of("completed"), "timeout_s", 0.3));
        assertThat(timeout.get("code").asString()).isEqualTo("TIMEOUT");
        assertThat(f.task(taskId).get("state").asString()).isEqualTo("pending");
    }

    @Test
    void untilAcceptsTaskStatesAndTerminalAndSettledDefaults() { // seed R60, seed R61, seed R62, seed R63
        String context = "ctx-" + tmp.getFileName();
        String done = f.start("WRITE u.txt x", "work", "context_id", context).get("task").get("task_id").asString();
        JsonNode pending = f.client.call("task.wait", Map.of("task_id", done, "until", List.of("pending", "working"),
                "timeout_s", 30));
        assertThat(pending.get("matched").asString()).isIn("pending", "working");
        assertThat(f.client.call("task.wait", Map.of("task_id", done, "until", List.of("terminal"), "timeout_s", 30))
                .get("matched").asString()).isEqualTo("completed");
        // one state may be given as a plain string, as the CLI sends `task wait`'s default
        assertThat(f.client.call("task.wait", Map.of("task_id", done, "until", "terminal", "timeout_s", 30))
                .get("matched").asString()).isEqualTo("completed");
        String stalled = f.start("WRITE v.txt x", "silent", "context_id", context, "stall_timeout_s", 0.6)
                .get("task").get("task_id").asString();
        // settled (the default) = terminal or input_required; the context waits for every task
        JsonNode settled = f.client.call("task.wait", Map.of("context_id", context, "timeout_s", 30));
        assertThat(settled.get("tasks").findValuesAsString("state")).containsExactlyInAnyOrder("completed", "input_required");
        JsonNode timeout = error(Map.of("task_id", stalled, "until", List.of("terminal"), "timeout_s", 0.3));
        assertThat(timeout.get("code").asString()).isEqualTo("TIMEOUT");
    }

    @Test
    void anotherRequestOnTheSameConnectionCancelsTheWaiter() { // seed R69, seed R70, seed R71
        String taskId = f.start("WRITE c.txt x", "silent", "stall_timeout_s", 30).get("task").get("task_id").asString();
        try (ProtocolClient waiter = ProtocolClient.connect(socket())) {
            waiter.sendRaw("{\"id\":\"w\",\"method\":\"task.wait\",\"params\":{\"task_id\":\"" + taskId
                    + "\",\"until\":[\"completed\"]}}\n");
            waiter.sendRaw("{\"id\":\"p\",\"method\":\"ping\"}\n");
            JsonNode first = waiter.nextResponse();
            JsonNode second = waiter.nextResponse();
            assertThat(first.get("id").asString()).isEqualTo("w"); // answered before the superseding request
            assertThat(second.get("id").asString()).isEqualTo("p");
            assertThat(first.get("error").get("code").asString()).isEqualTo("TIMEOUT");
            assertThat(first.get("error").get("details").get("reason").asString()).isEqualTo("cancelled");
        }
        assertThat(f.task(taskId).get("state").asString()).isEqualTo("pending");
    }
}
