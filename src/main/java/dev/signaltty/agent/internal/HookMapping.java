package dev.signaltty.agent.internal;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

import org.jspecify.annotations.Nullable;

import dev.signaltty.agent.Attention;
import dev.signaltty.agent.Lifecycle;
import tools.jackson.databind.JsonNode;

/**
 * Native hook payloads → the two axes. {@link #RULES} is the table docs/agents.md shows (generated
 * from it, see {@code AgentsDocTest}); {@link #effect} is its code. Rules that keep stale or
 * reordered reports from moving a state backwards: once a turn is done only a new prompt (or session
 * start) starts work again, a PreToolUse never unblocks a pending permission, and a report from a
 * session the pane has left is ignored (see {@link AgentStates}).
 */
public final class HookMapping {

    /**
     * What a native payload says, independent of the current state. {@code promptId} is Claude's
     * {@code prompt_id} or Codex's {@code turn_id} (the turn a report belongs to; Claude's transcript's
     * interrupt marker and Codex's rollout line of a failed turn name it too),
     * {@code source} a SessionStart's {@code source} ({@code startup}, {@code resume}, {@code clear}, {@code compact}),
     * {@code agentId} the payload's {@code agent_id}: set on what a subagent reports (Claude's tool hooks inside its
     * Agent tool, every hook of a Codex child thread), and on SubagentStart/SubagentStop, whose subject it is;
     * {@code trigger} a PreCompact's or PostCompact's ({@code manual}, {@code auto}; {@link CodexCompaction}).
     */
    record Report(String event, @Nullable String sessionId, boolean sessionStart, @Nullable String notificationType,
                  @Nullable String message, @Nullable String promptId, @Nullable String source,
                  @Nullable String agentId, @Nullable String trigger) {

        /**
         * A report from inside a subagent, which runs within the main agent's turn (ADR 0455): its
         * UserPromptSubmit (a Codex child's own turn) starts no turn of the pane's, and its turn ends end none.
         */
        boolean fromSubagent() {
            return agentId != null && !event.equals("SubagentStart") && !event.equals("SubagentStop");
        }
    }

    /** The change to apply; null leaves an axis alone. */
    record Effect(@Nullable Lifecycle lifecycle, @Nullable Attention attention, String cause) {
    }

    /** One row of the mapping table: the event, what it does to each axis, and why. */
    public record Rule(String lifecycle, String attention, String notes) {
    }

    static final String TURN_END = "turn_end";
    /** Codex's {@code notify} payload type: the fallback turn end when its hooks do not run. */
    static final String NOTIFY = "agent-turn-complete";
    /** Turn ends that move nothing when a subagent reports them ({@link Report#fromSubagent}). */
    static final Set<String> SUBAGENT_IGNORED_ENDS = Set.of("Stop", "StopFailure", "SessionEnd", "Interrupt", NOTIFY);

    /**
     * Every hook event signaltty maps, in the order docs/agents.md lists them. An event not in this
     * table (and not in {@link #STATELESS}) is accepted and changes nothing. Claude Code and Codex use
     * the same names for the events they share.
     */
    public static final Map<String, Rule> RULES = rules();

    /**
     * Hook events of the agents that bear on no state (configuration, file watching, teammates,
     * task lists, display): not registered, and accepted without a change if they arrive.
     */
    public static final Set<String> STATELESS = Set.of("PostToolBatch", "UserPromptExpansion", "Setup",
            "TeammateIdle", "TaskCreated", "TaskCompleted", "ConfigChange", "WorktreeCreate", "WorktreeRemove",
            "InstructionsLoaded", "CwdChanged", "FileChanged", "MessageDisplay");

    private static Map<String, Rule> rules() {
        Map<String, Rule> r = new LinkedHashMap<>();
        r.put("SessionStart", new Rule("`idle` when `unknown` or `done`; unchanged mid-turn and after a compaction", "—",
                "discovers `agent_session_id`; a `compact`/`resume` start mid-turn does not end the turn, and "
                        + "`source: compact` (the same conversation, summarised) never moves it"));
        r.put("UserPromptSubmit", new Rule("`working`", "`none`",
                "a turn starts; `working` not from `blocked` publishes TurnStarting → `workspace.turn_started`. "
                        + "From a subagent (`agent_id`: a Codex child thread's turn) no turn starts: as SubagentStart"));
        r.put("PreToolUse", new Rule("`working`", "—",
                "ignored while `blocked` (a reordered report cannot unblock) and after the turn ended"));
        r.put("PostToolUse", new Rule("`working`", "`none` if it was `permission_required`",
                "ignored after the turn ended; leaving `blocked` clears a pending decision (`moved_on`)"));
        r.put("PostToolUseFailure", new Rule("`working`", "`none` if it was `permission_required`",
                "a failed or refused tool: the model goes on, as after PostToolUse"));
        r.put("PermissionDenied", new Rule("`working`", "`none` if it was `permission_required`",
                "a rule or classifier refused the tool; the model goes on"));
        r.put("PermissionRequest", new Rule("`blocked`", "`permission_required`",
                "with `--wait-for-answer` it also becomes a decision (see Decisions)"));
        r.put("Notification", new Rule("by `notification_type`, below", "by `notification_type`, below", ""));
        r.put("SubagentStart", new Rule("`working`", "—", "ignored while `blocked` and after the turn ended"));
        r.put("SubagentStop", new Rule("`working`", "—",
                "a subagent ended inside the turn: the main agent goes on; ignored while `blocked` / after the turn"));
        r.put("PreCompact", new Rule("Codex `trigger: manual`: `working` when not in a turn; otherwise —", "—",
                "an auto-compaction runs inside its turn: no move. Codex's `/compact` is a task of its own with no "
                        + "UserPromptSubmit or Stop (ADR 0460); Claude's moves nothing, as a failed one fires no PostCompact"));
        r.put("PostCompact", new Rule("Codex `trigger: manual`: `done` if in that compaction's turn; otherwise —", "—",
                "a failed Codex `/compact` fires none: its rollout's `task_complete` ends it; before it Claude reports "
                        + "SubagentStop (the summarising fork) and SessionStart `compact`"));
        r.put("Elicitation", new Rule("—", "`input_required` (kept at `permission_required`)",
                "an MCP server asks the user a question"));
        r.put("ElicitationResult", new Rule("—", "`none` if it was `input_required`", "the question was answered"));
        r.put("Stop", new Rule("`done`", "`unread` if `none`",
                "turn end: a pending decision is kept. A turn end with an `agent_id` (a subagent's) moves nothing"));
        r.put("StopFailure", new Rule("`done`", "`unread` if `none`",
                "turn end by an API error (`error`: `server_error`, `rate_limit`, …), shown in `attention.pending`"));
        r.put("SessionEnd", new Rule("`done` (unchanged when `idle`)", "`unread` if `none`", "turn end"));
        r.put("Interrupt", new Rule("`done`", "—", "Codex: the user interrupted the turn"));
        r.put("agent-turn-complete", new Rule("`done`", "`unread` if `none`",
                "Codex `notify`, the fallback when hooks do not run: ignored once the process reported a hook of its own; "
                        + "session from `thread-id`"));
        return java.util.Collections.unmodifiableMap(r);
    }

    /** The Notification rows: {@code notification_type} → what it does. */
    public static final Map<String, Rule> NOTIFICATIONS = notifications();

    private static Map<String, Rule> notifications() {
        Map<String, Rule> r = new LinkedHashMap<>();
        r.put("permission_prompt", new Rule("`blocked`", "`permission_required`", "Claude shows its permission prompt"));
        r.put("worker_permission_prompt", new Rule("—", "`permission_required`",
                "a teammate waits for a permission this session must give"));
        r.put("idle_prompt", new Rule("`done` if `working`", "`unread` if `none`, unless the turn was already `done`",
                "Claude waits at its prompt (after `messageIdleNotifThresholdMs`): no question, the news of a turn's end "
                        + "(ADR 1110). It also ends a turn that fired no Stop, e.g. an interrupt (Esc); after a Stop it "
                        + "adds nothing, so a pane seen since stays seen"));
        r.put("elicitation_dialog", new Rule("—", "`input_required` (kept at `permission_required`)", ""));
        r.put("elicitation_complete", new Rule("—", "`none` if it was `input_required`", ""));
        r.put("elicitation_response", new Rule("—", "`none` if it was `input_required`", ""));
        r.put("auth_success", new Rule("—", "—", "no news for a person"));
        r.put("computer_use_enter", new Rule("—", "—", ""));
        r.put("computer_use_exit", new Rule("—", "—", ""));
        r.put("(other)", new Rule("—", "`unread` if `none`", "its `message` shows in `attention.pending`"));
        return java.util.Collections.unmodifiableMap(r);
    }

    private HookMapping() {
    }

    /** Reads the event name and session from a Claude Code / Codex hook payload or a Codex notify payload. */
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
        String message = text(payload, "message");
        if (message == null && "StopFailure".equals(event)) {
            String error = text(payload, "error");
            message = error == null ? "the turn failed" : "the turn failed: " + error;
        }
        return new Report(event, session, "SessionStart".equals(event), text(payload, "notification_type"), message,
                // Codex names its turn turn_id: its rollout's task_complete for a failed turn names it too
                text(payload, "prompt_id") != null ? text(payload, "prompt_id") : text(payload, "turn_id"),
                text(payload, "source"), text(payload, "agent_id"), text(payload, "trigger"));
    }

    static Effect effect(Report report, Lifecycle lifecycle, Attention attention) {
        boolean turnOver = lifecycle == Lifecycle.DONE || lifecycle == Lifecycle.EXITED;
        boolean blocked = lifecycle == Lifecycle.BLOCKED;
        String event = report.event();
        if (report.fromSubagent() && "UserPromptSubmit".equals(event)) {
            // a Codex child thread's turn begins inside the pane's: as SubagentStart (no attention reset)
            return new Effect(turnOver || blocked ? null : Lifecycle.WORKING, null, event);
        }
        if (report.fromSubagent() && SUBAGENT_IGNORED_ENDS.contains(event)) {
            return new Effect(null, null, event); // a subagent's end is not the pane's: SubagentStop reports it
        }
        return switch (event) {
            case "SessionStart" -> new Effect("compact".equals(report.source()) ? null
                    : switch (lifecycle) {
                        case UNKNOWN, DONE -> Lifecycle.IDLE;
                        default -> null; // a compact/resume start mid-turn does not end the turn
                    }, null, event);
            case "UserPromptSubmit" -> new Effect(Lifecycle.WORKING, Attention.NONE, event);
            case "PreToolUse", "SubagentStart", "SubagentStop" -> new Effect(turnOver || blocked ? null : Lifecycle.WORKING,
                    null, event);
            case "PostToolUse", "PostToolUseFailure", "PermissionDenied" -> new Effect(turnOver ? null : Lifecycle.WORKING,
                    !turnOver && attention == Attention.PERMISSION_REQUIRED ? Attention.NONE : null, event);
            case "PermissionRequest" -> new Effect(lifecycle == Lifecycle.EXITED ? null : Lifecycle.BLOCKED,
                    Attention.PERMISSION_REQUIRED, event);
            case "Notification" -> notification(report, lifecycle, attention);
            case "Elicitation" -> new Effect(null, attention == Attention.PERMISSION_REQUIRED ? null : Attention.INPUT_REQUIRED,
                    event);
            case "ElicitationResult" -> new Effect(null, attention == Attention.INPUT_REQUIRED ? Attention.NONE : null, event);
            case "Stop", "StopFailure", "SessionEnd", "agent-turn-complete" -> new Effect(
                    lifecycle == Lifecycle.IDLE && "SessionEnd".equals(event) ? null : Lifecycle.DONE,
                    attention == Attention.NONE ? Attention.UNREAD : null, TURN_END);
            case "Interrupt" -> new Effect(lifecycle == Lifecycle.WORKING || blocked ? Lifecycle.DONE : null, null, TURN_END);
            default -> new Effect(null, null, event); // PreCompact, PostCompact and the stateless ones
        };
    }

    private static Effect notification(Report report, Lifecycle lifecycle, Attention attention) {
        String type = report.notificationType() == null ? "" : report.notificationType();
        boolean required = attention == Attention.PERMISSION_REQUIRED;
        return switch (type) {
            case "permission_prompt" -> new Effect(lifecycle == Lifecycle.EXITED ? null : Lifecycle.BLOCKED,
                    Attention.PERMISSION_REQUIRED, "Notification");
            case "worker_permission_prompt" -> new Effect(null, Attention.PERMISSION_REQUIRED, "Notification");
            // waiting at the prompt asks nothing (ADR 1110): while we think it works, the turn ended without a Stop
            // (an interrupt); after a Stop it is that turn end again, whose unread a person may have seen already
            case "idle_prompt" -> new Effect(lifecycle == Lifecycle.WORKING ? Lifecycle.DONE : null,
                    lifecycle != Lifecycle.DONE && attention == Attention.NONE ? Attention.UNREAD : null, "idle_prompt");
            case "elicitation_dialog" -> new Effect(null, required ? null : Attention.INPUT_REQUIRED, "Notification");
            case "elicitation_complete", "elicitation_response" -> new Effect(null,
                    attention == Attention.INPUT_REQUIRED ? Attention.NONE : null, "Notification");
            case "auth_success", "computer_use_enter", "computer_use_exit" -> new Effect(null, null, "Notification");
            default -> new Effect(null, attention == Attention.NONE ? Attention.UNREAD : null, "Notification");
        };
    }

    private static @Nullable String text(JsonNode node, String field) {
        JsonNode value = node.get(field);
        return value != null && value.isString() && !value.asString().isEmpty() ? value.asString() : null;
    }
}
