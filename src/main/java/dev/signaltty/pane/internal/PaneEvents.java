package dev.signaltty.pane.internal;

import java.util.List;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Component;

import dev.signaltty.transport.EventPayload;
import dev.signaltty.transport.EventTypes;

/**
 * The pane module's events and their payloads (ADR 0270). {@code pane.created} and {@code pane.updated}
 * carry the whole pane view, as {@code pane.list} shows it; agent state moves are {@code agent.*} and
 * {@code attention.*} (the agent's events).
 */
@Component
class PaneEvents implements EventTypes {

    record Created(@JsonUnwrapped Pane.PaneView pane) implements EventPayload {
        @Override
        public String event() {
            return "pane.created";
        }
    }

    /** A rename, resize, move, swap, restart policy change or resume: the view after it. */
    record Updated(@JsonUnwrapped Pane.PaneView pane) implements EventPayload {
        @Override
        public String event() {
            return "pane.updated";
        }
    }

    /** {@code exitCode} null with {@code exitUnknown} saying why when the status is lost (ADR 0952). */
    record Exited(String paneId, String workspaceId, @Nullable Integer exitCode, @Nullable String exitUnknown,
                  @Nullable String taskId) implements EventPayload {
        @Override
        public String event() {
            return "pane.exited";
        }
    }

    record Closed(String paneId, String workspaceId, String tabId, @Nullable String taskId) implements EventPayload {
        @Override
        public String event() {
            return "pane.closed";
        }
    }

    /** Output for an attached viewer, not journaled; {@code output_offset} is the offset after it. */
    record PtyData(String paneId, String dataB64, long outputOffset) implements EventPayload {
        @Override
        public String event() {
            return "pty.data";
        }
    }

    @Override
    public List<EventType> types() {
        return List.of(
                new EventType("pane.created", Created.class, "A pane was spawned (or split off)."),
                new EventType("pane.updated", Updated.class,
                        "A pane's view changed: name, size, tab, restart policy, or a resume."),
                new EventType("pane.closed", Closed.class, "A pane was closed and removed."),
                new EventType("pane.exited", Exited.class, "A pane's process exited; the pane stays until closed."),
                new EventType("pty.data", PtyData.class, "Output bytes for an attached viewer (pane.attach)."));
    }
}
