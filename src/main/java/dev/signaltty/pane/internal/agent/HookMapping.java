package dev.signaltty.pane.internal.agent;

import org.jspecify.annotations.Nullable;

import tools.jackson.databind.JsonNode;

/**
 * Native hook payloads → the two axes. The table is docs/agents.md; this class is its code. Rules that
 * keep stale or reordered reports from moving a state backwards: once a turn is done only a new
 * prompt (or session start) starts work again, a PreToolUse never unblocks a pending permission, and a
 * report from a session the pane has left is ignored (see {@link AgentStates}).
 */
final class HookMapping {

    /** What a native payload says, independent of the current state. */
    record Report(String event, @Nullable String sessionId, boolean sessionStart, @Nullable String notificationType,
                  @Nullable String message) {
    }

    /** The change to apply; null leaves an axis alone. */
    record Effect(@Nullable String lifecycle, @Nullable String attention, String cause) {
    }

    static final String TURN_END = "turn_end";

    private HookMapping() {
    }

    /** Reads the event name and session from a Claude Code hook payload or a Codex notify payload. */
    static @Nullable Report read(JsonNode payload) {
        String event = text(payload, "hook_event_name");
        String session = text(payload, "session_id");
        if (event == null) {
            // Codex's notify program: {"type":"agent-turn-complete","thread-id":…,"turn-id":…}
            event = text(payload, "type");
            if (session == null) {
                session = text(payload, "thread-id");
            }
        }
        if (event == null) {
            return null;
        }
        return new Report(event, session, "SessionStart".equals(event), text(payload, "notification_type"),
                text(payload, "message"));
    }

    static Effect effect(Report report, String lifecycle, String attention) {
        boolean turnOver = States.DONE.equals(lifecycle) || States.EXITED.equals(lifecycle);
        String event = report.event();
        return switch (event) {
            case "SessionStart" -> new Effect(
                    switch (lifecycle) {
                        case States.UNKNOWN, States.DONE -> States.IDLE;
                        default -> null; // a compact/resume start mid-turn does not end the turn
                    }, null, event);
            case "UserPromptSubmit" -> new Effect(States.WORKING, States.NONE, event);
            case "PreToolUse" -> new Effect(turnOver || States.BLOCKED.equals(lifecycle) ? null : States.WORKING,
                    null, event);
            case "PostToolUse", "PostToolUseFailure" -> new Effect(turnOver ? null : States.WORKING,
                    !turnOver && States.PERMISSION_REQUIRED.equals(attention) ? States.NONE : null, event);
            case "PermissionRequest" -> new Effect(States.EXITED.equals(lifecycle) ? null : States.BLOCKED,
                    States.PERMISSION_REQUIRED, event);
            case "Notification" -> notification(report, lifecycle, attention);
            case "Stop", "SessionEnd", "agent-turn-complete" -> new Effect(
                    States.IDLE.equals(lifecycle) && "SessionEnd".equals(event) ? null : States.DONE,
                    States.NONE.equals(attention) ? States.UNREAD : null, TURN_END);
            default -> new Effect(null, null, event); // SubagentStop, PreCompact, …: no state of their own
        };
    }

    private static Effect notification(Report report, String lifecycle, String attention) {
        String type = report.notificationType() == null ? "" : report.notificationType();
        return switch (type) {
            case "permission_prompt" -> new Effect(States.EXITED.equals(lifecycle) ? null : States.BLOCKED,
                    States.PERMISSION_REQUIRED, "Notification");
            case "idle_prompt", "elicitation_dialog" -> new Effect(null,
                    States.PERMISSION_REQUIRED.equals(attention) ? null : States.INPUT_REQUIRED, "Notification");
            default -> new Effect(null, States.NONE.equals(attention) ? States.UNREAD : null, "Notification");
        };
    }

    private static @Nullable String text(JsonNode node, String field) {
        JsonNode value = node.get(field);
        return value != null && value.isString() && !value.asString().isEmpty() ? value.asString() : null;
    }
}
