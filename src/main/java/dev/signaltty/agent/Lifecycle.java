package dev.signaltty.agent;

/**
 * The lifecycle vocabulary (docs/protocol.md, "States"). On the wire, in the journal and in metrics labels
 * each value is its lower-case name, exactly the seed's strings (ADR 0270, ADR 0340).
 */
public enum Lifecycle implements AxisState {
    UNKNOWN, IDLE, WORKING, BLOCKED, DONE, EXITED;

    @Override
    public String axis() {
        return "lifecycle";
    }

    /** Inside a turn: working on it or waiting for a permission answer. */
    public boolean inTurn() {
        return this == WORKING || this == BLOCKED;
    }
}
