package dev.signaltty.transport;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.jspecify.annotations.Nullable;

/**
 * Every event signaltty emits, each with its one payload record (ADR 0270). The entries come from the
 * modules' {@link EventTypes} beans; the catalog refuses a name declared twice and any name the seed's
 * list ({@link #EVENTS}) does not have, and requires every listed name. {@code schema} lists the
 * entries with their payload fields.
 */
public final class EventCatalog {

    /** The seed's event names ("Events"), in its order. */
    public static final List<String> EVENTS = List.of(
            "workspace.created", "workspace.updated", "workspace.closed", "workspace.turn_started",
            "tab.created", "tab.updated", "tab.closed",
            "pane.created", "pane.updated", "pane.closed", "pane.exited",
            "agent.idle", "agent.working", "agent.blocked", "agent.done", "agent.exited",
            "attention.changed", "attention.cleared",
            "notification.created",
            "decision.created", "decision.answered", "decision.cleared",
            "worktree.changed", "git.changed",
            "task.created", "task.updated",
            "pty.data");

    public static final List<String> GLOBS = List.of(
            "*", "agent.*", "pane.*", "workspace.*", "tab.*", "attention.*", "notification.*",
            "decision.*", "worktree.*", "git.*", "pty.*", "task.*");

    private final Map<String, EventTypes.EventType> byName;

    public EventCatalog(Collection<? extends EventTypes> modules) {
        Map<String, EventTypes.EventType> declared = new LinkedHashMap<>();
        for (EventTypes module : modules) {
            for (EventTypes.EventType type : module.types()) {
                if (!EVENTS.contains(type.name())) {
                    throw new IllegalStateException("event " + type.name() + " (" + type.payload().getName()
                            + ") is not one of the seed's events");
                }
                EventTypes.EventType previous = declared.put(type.name(), type);
                if (previous != null) {
                    throw new IllegalStateException("event " + type.name() + " declared twice: "
                            + previous.payload().getName() + " and " + type.payload().getName());
                }
            }
        }
        Set<String> missing = new LinkedHashSet<>(EVENTS);
        missing.removeAll(declared.keySet());
        if (!missing.isEmpty()) {
            throw new IllegalStateException("events without a payload record: " + missing);
        }
        Map<String, EventTypes.EventType> ordered = new LinkedHashMap<>();
        EVENTS.forEach(name -> ordered.put(name, declared.get(name)));
        this.byName = java.util.Collections.unmodifiableMap(ordered);
    }

    /** Every entry, in the seed's order. */
    public Collection<EventTypes.EventType> types() {
        return byName.values();
    }

    public EventTypes.@Nullable EventType find(String name) {
        return byName.get(name);
    }

    /** True when {@code payload} is the record the catalog lists for the event it names. */
    public boolean matches(EventPayload payload) {
        EventTypes.EventType type = byName.get(payload.event());
        return type != null && type.payload() == payload.getClass();
    }
}
