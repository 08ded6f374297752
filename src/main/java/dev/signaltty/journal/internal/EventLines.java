package dev.signaltty.journal.internal;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import tools.jackson.databind.JsonNode;

/**
 * One {@code daemon.log} line per lifecycle event worth a person's attention, taken from the journal
 * as it publishes: every module's state changes pass here, so no module sprinkles log calls of its own.
 * Workspaces opened and closed, panes spawned, exited (with the code) and closed, task state
 * transitions (not every progress update), decisions raised, answered and cleared.
 */
final class EventLines {

    private static final Logger log = LoggerFactory.getLogger("dev.signaltty.events");
    private static final int MAX_TEXT = 120;
    /** Tasks remembered for "did the state change"; past the cap the memory starts over (a repeated line at worst). */
    private static final int MAX_TASKS = 10_000;

    private static final Map<String, List<String>> FIELDS = Map.of(
            "workspace.created", List.of("workspace_id", "name", "cwd"),
            "workspace.closed", List.of("workspace_id"),
            "pane.created", List.of("pane_id", "workspace_id", "pid", "argv"),
            "pane.exited", List.of("pane_id", "exit_code"),
            "pane.closed", List.of("pane_id"),
            "task.created", List.of("task_id", "state", "branch", "objective"),
            "task.updated", List.of("task_id", "state", "status_message"),
            "decision.created", List.of("decision_id", "pane_id", "kind", "summary"),
            "decision.answered", List.of("decision_id", "pane_id", "option_id"),
            "decision.cleared", List.of("decision_id", "pane_id", "reason"));

    private final Map<String, String> taskStates = new LinkedHashMap<>();

    /** Called on the journal's writer thread, in seq order. */
    void published(AuditRecord record) {
        List<String> fields = FIELDS.get(record.event());
        if (fields == null || !log.isInfoEnabled()) {
            return;
        }
        if (record.event().startsWith("task.") && !stateChanged(record.payload())) {
            return;
        }
        StringBuilder line = new StringBuilder(record.event()).append(" seq=").append(record.seq());
        for (String field : fields) {
            JsonNode value = record.payload().get(field);
            if (value == null || value.isNull()) {
                continue;
            }
            String text = value.isString() ? value.asString() : value.toString();
            if (text.length() > MAX_TEXT) {
                text = text.substring(0, MAX_TEXT) + "…";
            }
            line.append(' ').append(field).append('=').append(text.replace('\n', ' '));
        }
        log.info(line.toString());
    }

    private boolean stateChanged(JsonNode payload) {
        JsonNode id = payload.get("task_id");
        JsonNode state = payload.get("state");
        if (id == null || state == null) {
            return true;
        }
        if (taskStates.size() >= MAX_TASKS) {
            taskStates.clear();
        }
        return !state.asString().equals(taskStates.put(id.asString(), state.asString()));
    }
}
