package dev.signaltty.transport.internal;

import com.fasterxml.jackson.annotation.JsonValue;

/**
 * A type written in {@code schema}'s notation (a JSON string such as {@code "integer"} or an object
 * such as {@code {"array": T}}, see docs/protocol-reference.md), as {@code schema} itself returns it
 * for each method's params and result and each event's payload. {@link TypeDescriber} makes the
 * description; this record gives it a type of its own, described as {@code "type"}, so {@code schema}
 * describes itself without {@code "any"}.
 */
record TypeNotation(Object description) {

    @JsonValue
    Object json() {
        return description;
    }
}
