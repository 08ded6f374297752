package dev.signaltty.agent.internal;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * Which Codex rollout line ends a turn that no hook ended: only the failed {@code task_complete} of that
 * very turn (the lines are the shape Codex 0.171.0 writes; the real run is CodexRealTest's API error).
 */
class CodexRolloutFailureTest {

    static final String TURN = "01a23349-2526-7bb0-be06-05bc04abe34d";

    static String taskComplete(String turn, String error) {
        return "{\"timestamp\":\"2026-12-01T20:26:01.962Z\",\"type\":\"event_msg\",\"payload\":{\"type\":\"task_complete\","
                + "\"root_turn_id\":\"" + turn + "\",\"turn_id\":\"" + turn + "\",\"last_agent_message\":null"
                + (error == null ? "" : ",\"error\":{\"message\":\"" + error + "\"}") + "}}";
    }

    @Test
    void theFailedTaskCompleteOfTheTurnEndsIt() {
        assertThat(TranscriptInterrupts.codexFailure(taskComplete(TURN, "high demand"), TURN))
                .isEqualTo("task_complete: high demand");
    }

    @Test
    void aCompletedTurnAnotherTurnOrAnotherLineDoNot() {
        assertThat(TranscriptInterrupts.codexFailure(taskComplete(TURN, null), TURN)).isNull(); // Stop ends it
        assertThat(TranscriptInterrupts.codexFailure(taskComplete("01a23349-0000-7bb0-be06-05bc04abe34d", "x"), TURN)).isNull();
        assertThat(TranscriptInterrupts.codexFailure("{\"type\":\"event_msg\",\"payload\":{\"type\":\"task_started\","
                + "\"turn_id\":\"" + TURN + "\"}}", TURN)).isNull();
        assertThat(TranscriptInterrupts.codexFailure("not json task_complete " + TURN, TURN)).isNull();
    }

    /** A {@code /compact} task ends at its task_complete either way (ADR 0460): failed, or completed with its PostCompact lost. */
    @Test
    void aCompactionTasksEndIsItsTaskCompleteFailedOrNot() {
        assertThat(TranscriptInterrupts.codexTaskEnd(taskComplete(TURN, "high demand"), TURN)).isEqualTo("task_complete: high demand");
        assertThat(TranscriptInterrupts.codexTaskEnd(taskComplete(TURN, null), TURN)).isEqualTo("task_complete");
        assertThat(TranscriptInterrupts.codexTaskEnd(taskComplete("01a23349-0000-7bb0-be06-05bc04abe34d", null), TURN)).isNull();
    }
}
