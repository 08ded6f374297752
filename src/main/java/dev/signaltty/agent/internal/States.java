package dev.signaltty.agent.internal;

import java.util.List;
import java.util.Set;

/** The state vocabularies (docs/protocol.md, "States") and what {@code wait.until} accepts. */
final class States {

    static final String UNKNOWN = "unknown";
    static final String IDLE = "idle";
    static final String WORKING = "working";
    static final String BLOCKED = "blocked";
    static final String DONE = "done";
    static final String EXITED = "exited";

    static final String NONE = "none";
    static final String UNREAD = "unread";
    static final String INPUT_REQUIRED = "input_required";
    static final String PERMISSION_REQUIRED = "permission_required";

    /** Pseudo-states: {@code seen} is a mark_seen clear; {@code attention_cleared} any change to none. */
    static final String SEEN = "seen";
    static final String ATTENTION_CLEARED = "attention_cleared";

    static final List<String> LIFECYCLE = List.of(UNKNOWN, IDLE, WORKING, BLOCKED, DONE, EXITED);
    static final List<String> ATTENTION = List.of(NONE, UNREAD, INPUT_REQUIRED, PERMISSION_REQUIRED);
    static final Set<String> PSEUDO = Set.of(SEEN, ATTENTION_CLEARED);

    private States() {
    }

    static boolean known(String state) {
        return LIFECYCLE.contains(state) || ATTENTION.contains(state) || PSEUDO.contains(state);
    }

    static Transition.Axis axisOf(String state) {
        return LIFECYCLE.contains(state) ? Transition.Axis.LIFECYCLE : Transition.Axis.ATTENTION;
    }

    /** Higher is more urgent (attention.pending order). */
    static int urgency(String attention) {
        return switch (attention) {
            case PERMISSION_REQUIRED -> 3;
            case INPUT_REQUIRED -> 2;
            case UNREAD -> 1;
            default -> 0;
        };
    }
}
