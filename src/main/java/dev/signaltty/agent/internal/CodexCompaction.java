package dev.signaltty.agent.internal;

import org.jspecify.annotations.Nullable;

import dev.signaltty.agent.Lifecycle;

/**
 * Codex's {@code /compact} (0.171.0, ADR 0460): between turns, Codex runs the compaction as a task of its own
 * under a new {@code turn_id} and fires no UserPromptSubmit and no Stop, only PreCompact and PostCompact with
 * {@code trigger: manual} and that {@code turn_id}. Such a PreCompact is that task's start ({@code working},
 * the pane takes its turn id) and its PostCompact its end ({@code done}, cause {@code turn_end}, attention
 * unchanged: there is no answer to read). A compaction that fails fires no PostCompact: the rollout's
 * {@code task_complete} of that turn ends it ({@link TranscriptInterrupts}), an Esc fires Codex's Interrupt.
 * An automatic compaction ({@code trigger: auto}) runs inside the user's turn under its turn id: it moves
 * nothing, and that turn's Stop ends it. Claude's compaction hooks keep {@link HookMapping}'s rows.
 */
final class CodexCompaction {

    static final String MANUAL = "manual";

    private CodexCompaction() {
    }

    /** Codex's effect of a manual compaction's hook, or null when {@link HookMapping#effect}'s table applies. */
    static HookMapping.@Nullable Effect effect(@Nullable String agent, HookMapping.Report report, Lifecycle lifecycle,
                                               @Nullable String turnId) {
        if (!manual(agent, report)) {
            return null;
        }
        return switch (report.event()) {
            // /compact is refused while a task runs; a PreCompact inside a turn (never seen) leaves that turn alone
            case "PreCompact" -> new HookMapping.Effect(lifecycle.inTurn() || lifecycle == Lifecycle.EXITED ? null
                    : Lifecycle.WORKING, null, "PreCompact");
            case "PostCompact" -> new HookMapping.Effect(lifecycle.inTurn() && report.promptId() != null
                    && report.promptId().equals(turnId) ? Lifecycle.DONE : null, null, HookMapping.TURN_END);
            default -> null;
        };
    }

    /** A manual compaction's PreCompact that started its task: the pane is in that task's turn from now on. */
    static boolean started(@Nullable String agent, HookMapping.Report report, HookMapping.Effect effect) {
        return manual(agent, report) && "PreCompact".equals(report.event()) && effect.lifecycle() == Lifecycle.WORKING;
    }

    /** A Codex PreCompact/PostCompact of {@code /compact}. */
    static boolean manual(@Nullable String agent, HookMapping.Report report) {
        return "codex".equals(agent) && MANUAL.equals(report.trigger())
                && ("PreCompact".equals(report.event()) || "PostCompact".equals(report.event()));
    }
}
