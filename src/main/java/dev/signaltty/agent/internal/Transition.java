package dev.signaltty.agent.internal;

import dev.signaltty.agent.AxisState;

/** One recorded move on one axis (the type of {@code from}/{@code to}); {@code seq} is the journal seq of its event. */
record Transition(AxisState from, AxisState to, long seq, String cause) {

    Transition {
        if (from.getClass() != to.getClass()) {
            throw new IllegalArgumentException("a transition stays on one axis: " + from + " -> " + to);
        }
    }

    boolean onLifecycle() {
        return to instanceof dev.signaltty.agent.Lifecycle;
    }
}
