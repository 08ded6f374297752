package dev.signaltty.agent.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Test;

import dev.signaltty.agent.AgentStateChanged;
import dev.signaltty.agent.Attention;
import dev.signaltty.agent.AxisState;
import dev.signaltty.agent.Lifecycle;
import dev.signaltty.transport.ProtocolJson;

/** The typed state vocabulary (ADR 0340): wait's outcomes cover both axes, and a move stays on its axis. */
class WaitOutcomeTest {

    @Test
    void waitAcceptsEveryStateOfBothAxesAndTheTwoPseudoStates() { // seed R20, seed R21
        List<String> states = new ArrayList<>();
        Arrays.stream(Lifecycle.values()).map(Lifecycle::wire).forEach(states::add);
        Arrays.stream(Attention.values()).map(Attention::wire).forEach(states::add);
        states.add("seen");
        states.add("attention_cleared");
        assertThat(Arrays.stream(WaitOutcome.values()).map(WaitOutcome::wire)).containsExactlyElementsOf(states);
        for (WaitOutcome outcome : WaitOutcome.values()) {
            boolean lifecycle = Arrays.stream(Lifecycle.values()).anyMatch(l -> l.wire().equals(outcome.wire()));
            assertThat(outcome.onLifecycle()).as(outcome.wire()).isEqualTo(lifecycle);
        }
    }

    @Test
    void theWireStringsAreTheSeedsLowerCaseNames() {
        assertThat(AxisState.of(Lifecycle.class, "blocked")).isEqualTo(Lifecycle.BLOCKED);
        assertThat(Attention.INPUT_REQUIRED.wire()).isEqualTo("input_required");
        assertThatThrownBy(() -> AxisState.of(Lifecycle.class, "BLOCKED")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("not a state of lifecycle: BLOCKED");
        assertThatThrownBy(() -> AxisState.of(Attention.class, "urgent")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("not a state of attention: urgent");
        // the wire string is what JSON carries, both ways (AxisState's @JsonValue)
        assertThat(ProtocolJson.MAPPER.writeValueAsString(Lifecycle.BLOCKED)).isEqualTo("\"blocked\"");
        assertThat(ProtocolJson.MAPPER.readValue("\"input_required\"", Attention.class)).isEqualTo(Attention.INPUT_REQUIRED);
    }

    @Test
    void aTransitionCannotMixTheAxes() {
        assertThatThrownBy(() -> new Transition(Lifecycle.WORKING, Attention.NONE, 1, "x"))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new AgentStateChanged("pane_1", "ws_1", null, Attention.UNREAD, Lifecycle.DONE, 1, "x"))
                .isInstanceOf(IllegalArgumentException.class);
        AgentStateChanged leftBlocked = new AgentStateChanged("pane_1", "ws_1", null, Lifecycle.BLOCKED,
                Lifecycle.WORKING, 2, "PostToolUse");
        assertThat(leftBlocked.leftBlocked()).isTrue();
        assertThat(leftBlocked.lifecycle()).isEqualTo(Lifecycle.WORKING);
        assertThat(leftBlocked.attention()).isNull();
        AgentStateChanged cleared = new AgentStateChanged("pane_1", "ws_1", null, Attention.PERMISSION_REQUIRED,
                Attention.NONE, 3, "PostToolUse");
        assertThat(cleared.clearedRequiredAttention()).isTrue();
        assertThat(cleared.leftBlocked()).isFalse();
    }
}
