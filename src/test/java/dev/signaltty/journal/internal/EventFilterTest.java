package dev.signaltty.journal.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.signaltty.transport.ErrorCode;
import dev.signaltty.transport.ProtocolException;
import dev.signaltty.transport.ProtocolJson;

class EventFilterTest {

    static AuditRecord record(long seq, String event, Map<String, ?> payload) {
        return new AuditRecord(seq, event, ProtocolJson.MAPPER.valueToTree(payload), Instant.now());
    }

    @Test
    void acceptsEveryGlobOfTheSeed() { // seed R139
        List<String> globs = List.of("*", "agent.*", "pane.*", "workspace.*", "tab.*", "attention.*",
                "notification.*", "decision.*", "worktree.*", "git.*", "pty.*", "task.*");
        EventFilter filter = EventFilter.parse(globs, null);
        assertThat(filter.all()).isTrue();
    }

    @Test
    void selectsEverythingButPtyDataByDefault() { // seed R306
        EventFilter filter = EventFilter.parse(null, null);
        assertThat(filter.matches(record(1, "pane.created", Map.of()))).isTrue();
        assertThat(filter.matches(record(2, "task.updated", Map.of()))).isTrue();
        assertThat(filter.matches(record(3, "pty.data", Map.of()))).isFalse();
    }

    @Test
    void selectsAFamilyByItsGlobAndAnEventByItsExactName() {
        EventFilter filter = EventFilter.parse(List.of("agent.*", "pane.exited"), null);
        assertThat(filter.matches(record(1, "agent.idle", Map.of()))).isTrue();
        assertThat(filter.matches(record(2, "pane.exited", Map.of()))).isTrue();
        assertThat(filter.matches(record(3, "pane.created", Map.of()))).isFalse();
        assertThat(filter.matches(record(4, "agentx.idle", Map.of()))).isFalse();
    }

    @Test
    void acceptsPtyGlobButSelectsNothingWithIt() { // seed R306
        EventFilter filter = EventFilter.parse(List.of("pty.*"), null);
        assertThat(filter.matches(record(1, "pty.data", Map.of()))).isFalse();
        assertThat(filter.matches(record(2, "pane.created", Map.of()))).isFalse();
    }

    @Test
    void rejectsAnUnknownGlobAsBadParamsNamingEvents() {
        for (String bad : List.of("foo.*", "pane*", "pane.**", "", "*.*", "PANE.created", "server.stopped")) {
            assertThatThrownBy(() -> EventFilter.parse(List.of(bad), null))
                    .isInstanceOfSatisfying(ProtocolException.class, e -> {
                        assertThat(e.code()).isEqualTo(ErrorCode.BAD_PARAMS);
                        assertThat(e.details()).containsEntry("field", "events");
                    });
        }
        assertThatThrownBy(() -> EventFilter.parse(List.of(), null)).isInstanceOf(ProtocolException.class);
    }

    @Test
    void narrowsToEventsWhosePayloadCarriesAMatchingTaskId() { // seed R81, seed R82
        EventFilter filter = EventFilter.parse(List.of("task.*", "pane.*"), List.of("task_a"));
        assertThat(filter.matches(record(1, "task.updated", Map.of("task_id", "task_a")))).isTrue();
        assertThat(filter.matches(record(2, "task.updated", Map.of("task_id", "task_b")))).isFalse();
        assertThat(filter.matches(record(3, "pane.created", Map.of("pane_id", "pane_1")))).isFalse();
        assertThat(filter.matches(record(4, "agent.idle", Map.of("task_id", "task_a")))).isFalse();
        assertThat(filter.matches(record(5, "pane.updated", Map.of("nested", Map.of("task_id", "task_a")))))
                .isFalse();
    }

    @Test
    void rejectsAnEmptyTaskIdList() {
        assertThatThrownBy(() -> EventFilter.parse(null, List.of()))
                .isInstanceOfSatisfying(ProtocolException.class,
                        e -> assertThat(e.details()).containsEntry("field", "task_ids"));
    }
}
