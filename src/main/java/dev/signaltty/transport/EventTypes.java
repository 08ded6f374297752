package dev.signaltty.transport;

import java.util.List;

/**
 * One module's part of {@link EventCatalog}: the events it emits, each with its payload record. A
 * module declares one bean of this type; the catalog refuses to start on a name declared twice.
 */
public interface EventTypes {

    List<EventType> types();

    /** An event name, the record its payload is and what it announces (for {@code schema}). */
    record EventType(String name, Class<? extends EventPayload> payload, String summary) {
    }
}
