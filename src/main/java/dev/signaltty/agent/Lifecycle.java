package dev.signaltty.agent;

import java.util.Locale;

import com.fasterxml.jackson.annotation.JsonValue;

/**
 * The lifecycle vocabulary (docs/protocol.md, "States"). On the wire, in the journal and in metrics labels
 * each value is its lower-case name, exactly the seed's strings (ADR 0270, ADR 0340).
 */
public enum Lifecycle implements AxisState {
    UNKNOWN, IDLE, WORKING, BLOCKED, DONE, EXITED;

    @JsonValue
    @Override
    public String wire() {
        return name().toLowerCase(Locale.ROOT);
    }

    @Override
    public String axis() {
        return "lifecycle";
    }

    /** Inside a turn: working on it or waiting for a permission answer. */
    public boolean inTurn() {
        return this == WORKING || this == BLOCKED;
    }

    /** The value of a wire string; IllegalArgumentException for one outside the vocabulary. */
    public static Lifecycle of(String wire) {
        for (Lifecycle value : values()) {
            if (value.wire().equals(wire)) {
                return value;
            }
        }
        throw new IllegalArgumentException("not a lifecycle state: " + wire);
    }
}
