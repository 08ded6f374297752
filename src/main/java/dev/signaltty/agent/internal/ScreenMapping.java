package dev.signaltty.agent.internal;

import org.jspecify.annotations.Nullable;

import dev.signaltty.agent.Attention;
import dev.signaltty.agent.Lifecycle;

/**
 * A screen rule's state → the move it makes, the screen path's counterpart of {@link HookMapping}
 * (docs/agents.md, "Screen rules"). A rule names what the screen shows: {@code idle} is "waiting at
 * its prompt", which ends a turn ({@code done}) when the pane was working or blocked, as a Stop hook
 * does; {@code done} before any turn was seen reads {@code idle}. Without an attention of its own, a
 * rule's move brings the attention a hook's would: a turn start clears it, blocked is
 * {@code permission_required}, a turn end is {@code unread}.
 */
final class ScreenMapping {

    static final String CAUSE_PREFIX = "screen:";

    private ScreenMapping() {
    }

    /**
     * {@code blockedOutsideTurn}: the pane is blocked by a question asked outside a turn (entered from idle or
     * unknown, attention input_required; Codex's "Trust this folder?" at launch, ADR 1141). The screen's idle then ends the question, not
     * a turn: the pane reads idle again and the answered question's attention drops to none.
     */
    static HookMapping.Effect effect(ScreenReport report, Lifecycle lifecycle, Attention attention,
                                     boolean blockedOutsideTurn) {
        String cause = CAUSE_PREFIX + report.manifest() + "/" + report.rule();
        if (blockedOutsideTurn && lifecycle == Lifecycle.BLOCKED && report.lifecycle() == Lifecycle.IDLE) {
            return new HookMapping.Effect(Lifecycle.IDLE, report.attention() != null ? report.attention() : Attention.NONE,
                    cause);
        }
        Lifecycle to = lifecycle(report.lifecycle(), lifecycle);
        Attention att = report.attention();
        if (att == null && to != null) {
            att = switch (to) {
                case WORKING -> Attention.NONE;
                case BLOCKED -> Attention.PERMISSION_REQUIRED;
                case DONE -> Attention.UNREAD;
                default -> null;
            };
        }
        return new HookMapping.Effect(to, att, cause);
    }

    /**
     * The lifecycle a screen verdict moves the pane from: its own, except for a program kept running through a restart
     * in place while it was last told in a turn (ADR 1421). That one reads {@code unknown} until its next report (ADR
     * 1192), but its prompt seen now ends the turn clients were last told of ({@code done}), as it would have with the
     * old daemon watching; from {@code unknown} it would be {@code idle}, and a task it works for would wait on a turn
     * end that never comes.
     */
    static Lifecycle movingFrom(AgentState s) {
        return s.lifecycle == Lifecycle.UNKNOWN && s.toldLifecycle != null && s.toldLifecycle.inTurn()
                ? s.toldLifecycle : s.lifecycle;
    }

    /**
     * The attention message a rule's matched text makes: its rows stripped, blank ones left out, joined by " — ", so
     * a question drawn over several rows (Codex's "Hooks need review" and the count under it, ADR 1232) reads as
     * one line in attention.pending and the dashboard.
     */
    static String message(String matched) {
        return java.util.Arrays.stream(matched.split("\n")).map(String::strip).filter(row -> !row.isEmpty())
                .collect(java.util.stream.Collectors.joining(" — "));
    }

    /** The lifecycle to move to, or null to stay. */
    private static @Nullable Lifecycle lifecycle(@Nullable Lifecycle named, Lifecycle current) {
        if (named == null) {
            return null;
        }
        return switch (named) {
            case IDLE -> current.inTurn() ? Lifecycle.DONE : current == Lifecycle.UNKNOWN ? Lifecycle.IDLE : null;
            case DONE -> current == Lifecycle.UNKNOWN ? Lifecycle.IDLE : current == Lifecycle.IDLE ? null : Lifecycle.DONE;
            default -> named;
        };
    }

    /**
     * Blocked by a question asked outside a turn (ADR 1141): the last lifecycle move was into blocked from idle or
     * unknown (not from a turn, nor from done, after which a turn's working may have been too short to see), and the
     * attention is the question's input_required, not a permission.
     */
    static boolean blockedOutsideTurn(AgentState s) {
        if (s.attention != Attention.INPUT_REQUIRED) {
            return false;
        }
        Transition last = null;
        for (Transition t : s.history) {
            if (t.onLifecycle()) {
                last = t;
            }
        }
        return last != null && last.to() == Lifecycle.BLOCKED
                && (last.from() == Lifecycle.IDLE || last.from() == Lifecycle.UNKNOWN);
    }
}
