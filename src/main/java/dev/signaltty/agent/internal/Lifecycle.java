package dev.signaltty.agent.internal;

import java.util.Locale;

import com.fasterxml.jackson.annotation.JsonValue;

/**
 * The lifecycle vocabulary (docs/protocol.md, "States") as event payloads carry it (ADR 0270); on the wire
 * each value is its lower-case name, exactly the seed's strings ({@link States}).
 */
enum Lifecycle {
    UNKNOWN, IDLE, WORKING, BLOCKED, DONE, EXITED;

    @JsonValue
    public String wire() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The value of a wire string; IllegalArgumentException for one outside the vocabulary. */
    static Lifecycle of(String wire) {
        return valueOf(wire.toUpperCase(Locale.ROOT));
    }
}
