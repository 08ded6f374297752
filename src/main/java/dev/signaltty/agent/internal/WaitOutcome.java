package dev.signaltty.agent.internal;

import java.util.Locale;

import org.jspecify.annotations.Nullable;

import com.fasterxml.jackson.annotation.JsonValue;

import dev.signaltty.agent.Attention;
import dev.signaltty.agent.AxisState;
import dev.signaltty.agent.Lifecycle;

/**
 * What {@code wait.until} accepts (ADR-0018, ADR 0340): every lifecycle and attention state, and two
 * pseudo-states of the attention axis, {@code seen} (a mark_seen clear) and {@code attention_cleared} (any
 * change to none). The binder refuses any other string with BAD_PARAMS naming {@code until}.
 */
enum WaitOutcome {
    UNKNOWN(Lifecycle.UNKNOWN), IDLE(Lifecycle.IDLE), WORKING(Lifecycle.WORKING), BLOCKED(Lifecycle.BLOCKED),
    DONE(Lifecycle.DONE), EXITED(Lifecycle.EXITED),
    NONE(Attention.NONE), UNREAD(Attention.UNREAD), INPUT_REQUIRED(Attention.INPUT_REQUIRED),
    PERMISSION_REQUIRED(Attention.PERMISSION_REQUIRED),
    SEEN(null), ATTENTION_CLEARED(null);

    /** The state this outcome is, null for the two pseudo-states. */
    private final @Nullable AxisState state;

    WaitOutcome(@Nullable AxisState state) {
        this.state = state;
    }

    @JsonValue
    String wire() {
        return name().toLowerCase(Locale.ROOT);
    }

    boolean onLifecycle() {
        return state instanceof Lifecycle;
    }

    /** The pane is in this outcome now (a wait without a baseline succeeds at once). */
    boolean matchesCurrent(AgentState s) {
        return switch (this) {
            case SEEN -> s.attention == Attention.NONE && MarkSeenHandler.CAUSE.equals(s.lastAttentionCause);
            case ATTENTION_CLEARED -> s.attention == Attention.NONE;
            default -> state == (onLifecycle() ? s.lifecycle : s.attention);
        };
    }

    /** The transition reached this outcome (only transitions on the outcome's own axis are asked). */
    boolean matches(Transition t) {
        return switch (this) {
            case SEEN -> MarkSeenHandler.CAUSE.equals(t.cause());
            case ATTENTION_CLEARED -> t.to() == Attention.NONE;
            default -> state == t.to();
        };
    }
}
