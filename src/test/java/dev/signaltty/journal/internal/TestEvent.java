package dev.signaltty.journal.internal;

import java.util.Map;

import com.fasterxml.jackson.annotation.JsonValue;

import dev.signaltty.transport.EventPayload;

/**
 * A journal test's event: any name with any fields. The daemon's events are catalog records (ADR 0270);
 * the journal itself only needs a name and something Jackson writes.
 */
record TestEvent(String name, Object fields) implements EventPayload {

    static TestEvent of(String name, Object fields) {
        return new TestEvent(name, fields);
    }

    static TestEvent empty(String name) {
        return new TestEvent(name, Map.of());
    }

    @Override
    public String event() {
        return name;
    }

    @JsonValue
    Object json() {
        return fields;
    }
}
