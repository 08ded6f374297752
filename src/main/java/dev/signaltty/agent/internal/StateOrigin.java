package dev.signaltty.agent.internal;

import java.time.Instant;

import org.jspecify.annotations.Nullable;

/**
 * What set an axis's current state, for {@code agent.explain}: the source ({@code hook}, {@code screen},
 * {@code transcript}, {@code status_file}, {@code notify}, {@code terminal} (a bell or an OSC notification), {@code mark_seen}, {@code decision}, {@code exit},
 * {@code resume}, {@code restart}), the transition's cause, the hook event, the screen rule or the line of the
 * agent's own file, when, and the journal seq of the event that recorded it (0 when the move journaled none, e.g. a restart).
 */
public record StateOrigin(String source, String cause, @Nullable String hookEvent, @Nullable String notificationType,
                          @Nullable ScreenReport screen, @Nullable AgentFile agentFile, Instant at, long seq) {

    /**
     * A file the agent itself writes that set the state, and what in it matched: Claude's transcript and its
     * interrupt marker (source {@code transcript}, ADR 0290), or Claude's status file turned idle (source
     * {@code status_file}, ADR 0320).
     */
    public record AgentFile(String file, String matched) {
    }

    /** The source a transition cause implies; applyHook and applyScreen replace it with the details. */
    static StateOrigin of(String cause, long seq) {
        String source = switch (cause) {
            case "exit" -> "exit";
            case "notify" -> "notify";
            case TerminalSignalRouter.BELL, TerminalSignalRouter.NOTIFICATION -> "terminal";
            case MarkSeenHandler.CAUSE -> "mark_seen";
            case "decision_answered" -> "decision";
            default -> cause.startsWith(ScreenMapping.CAUSE_PREFIX) ? "screen" : "hook";
        };
        return new StateOrigin(source, cause, null, null, null, null, Instant.now(), seq);
    }

    StateOrigin withHook(String event, @Nullable String notificationType) {
        return new StateOrigin("hook", cause, event, notificationType, null, null, at, seq);
    }

    StateOrigin withScreen(ScreenReport report) {
        return new StateOrigin("screen", cause, null, null, report, null, at, seq);
    }

    /** {@code source} is {@code transcript} or {@code status_file}. */
    StateOrigin withAgentFile(String source, AgentFile line) {
        return new StateOrigin(source, cause, null, null, null, line, at, seq);
    }
}
