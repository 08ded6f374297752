package dev.signaltty.agent.internal;

import java.util.Locale;

import com.fasterxml.jackson.annotation.JsonValue;

/**
 * The attention vocabulary (docs/protocol.md, "States") as event payloads carry it (ADR 0270); on the wire
 * each value is its lower-case name, exactly the seed's strings ({@link States}).
 */
enum Attention {
    NONE, UNREAD, INPUT_REQUIRED, PERMISSION_REQUIRED;

    @JsonValue
    public String wire() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The value of a wire string; IllegalArgumentException for one outside the vocabulary. */
    static Attention of(String wire) {
        return valueOf(wire.toUpperCase(Locale.ROOT));
    }
}
