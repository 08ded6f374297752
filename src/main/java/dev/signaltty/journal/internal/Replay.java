package dev.signaltty.journal.internal;

import org.jspecify.annotations.Nullable;

/**
 * The {@code replay} block of a subscribe reply (seed R186).
 *
 * @param status         complete, history_lost, truncated, unavailable or cursor_ahead
 * @param requestedAfter the client's {@code from_seq} (replay is of events after it)
 * @param retainedAfter  the lowest cursor from which the server can prove completeness
 * @param through        the handoff fence: replay covers {@code (requested_after, through]}, live
 *                       delivery starts above it
 * @param returned       replay frames that follow the reply (0 unless complete)
 * @param recovery       {@code snapshot_then_resubscribe} for every status but complete
 */
public record Replay(String status, long requestedAfter, long retainedAfter, long through, int returned,
        @Nullable String recovery) {

    public static final String COMPLETE = "complete";
    public static final String HISTORY_LOST = "history_lost";
    public static final String TRUNCATED = "truncated";
    public static final String UNAVAILABLE = "unavailable";
    public static final String CURSOR_AHEAD = "cursor_ahead";
    public static final String RECOVERY = "snapshot_then_resubscribe";

    public boolean complete() {
        return COMPLETE.equals(status);
    }
}
