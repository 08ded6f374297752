package dev.signaltty.agent.internal;

import org.jspecify.annotations.Nullable;

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

    static HookMapping.Effect effect(ScreenReport report, String lifecycle, String attention) {
        String cause = CAUSE_PREFIX + report.manifest() + "/" + report.rule();
        String to = lifecycle(report.lifecycle(), lifecycle);
        String att = report.attention();
        if (att == null && to != null) {
            att = switch (to) {
                case States.WORKING -> States.NONE;
                case States.BLOCKED -> States.PERMISSION_REQUIRED;
                case States.DONE -> States.UNREAD;
                default -> null;
            };
        }
        return new HookMapping.Effect(to, att, cause);
    }

    /** The lifecycle to move to, or null to stay. */
    private static @Nullable String lifecycle(@Nullable String named, String current) {
        if (named == null) {
            return null;
        }
        boolean inTurn = States.WORKING.equals(current) || States.BLOCKED.equals(current);
        return switch (named) {
            case States.IDLE -> inTurn ? States.DONE : States.UNKNOWN.equals(current) ? States.IDLE : null;
            case States.DONE -> States.UNKNOWN.equals(current) ? States.IDLE : States.IDLE.equals(current) ? null : States.DONE;
            default -> named;
        };
    }
}
