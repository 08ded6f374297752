package dev.signaltty.agent.real;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import dev.signaltty.support.ProtocolClient;
import tools.jackson.databind.JsonNode;

/**
 * Every agent, attention and decision event of the daemon, recorded from a subscription of its own, so a
 * test can read one pane's exact lifecycle / attention / decision sequence. Public for other suites.
 */
public final class Timeline implements AutoCloseable {

    private volatile ProtocolClient connection;
    private final List<JsonNode> events = new CopyOnWriteArrayList<>();
    private final Thread reader;
    private volatile boolean closed;

    public Timeline(ProtocolClient connection) {
        this(connection, null);
    }

    /**
     * With {@code reconnect}, a subscription the client closed after its line deadline (no event for
     * 120 s, e.g. while a test waits out a timeout) is opened again, so later tests still see events.
     */
    public Timeline(java.util.function.Supplier<ProtocolClient> reconnect) {
        this(reconnect.get(), reconnect);
    }

    private Timeline(ProtocolClient first, java.util.function.@org.jspecify.annotations.Nullable Supplier<ProtocolClient> reconnect) {
        this.connection = subscribed(first);
        reader = Thread.ofVirtual().name("timeline").start(() -> {
            while (!closed) {
                try {
                    events.add(connection.nextEvent());
                } catch (RuntimeException | AssertionError e) {
                    if (closed || reconnect == null) {
                        return;
                    }
                    connection = subscribed(reconnect.get());
                }
            }
        });
    }

    private static ProtocolClient subscribed(ProtocolClient connection) {
        connection.call("subscribe", Map.of("events", List.of("agent.*", "attention.*", "decision.*", "task.*")));
        return connection;
    }

    private List<JsonNode> of(String pane) {
        return events.stream().filter(e -> pane.equals(e.path("payload").path("pane_id").asString())).toList();
    }

    /** The pane's lifecycle moves in order: {@code idle, working, done, …}. */
    public List<String> lifecycle(String pane) {
        return of(pane).stream().map(e -> e.get("event").asString()).filter(e -> e.startsWith("agent."))
                .map(e -> e.substring("agent.".length())).toList();
    }

    /** The pane's attention moves in order (a clear reads {@code none}). */
    public List<String> attention(String pane) {
        return of(pane).stream().filter(e -> e.get("event").asString().startsWith("attention."))
                .map(e -> e.get("payload").get("attention").asString()).toList();
    }

    /**
     * The pane's states in order as {@code lifecycle/attention} pairs ({@code idle/none, working/none,
     * done/unread, …}), one per move of either axis; a lifecycle move and the attention move the same
     * transition made (the pane's next event, with the same cause) are one step. A new pane starts at
     * attention {@code none}, so its first lifecycle move reads {@code idle/none} when nothing else moved.
     */
    public List<String> states(String pane) {
        List<String> out = new ArrayList<>();
        String lifecycle = "unknown";
        String attention = "none";
        String lastCause = null;
        boolean lastWasLifecycle = false;
        for (JsonNode e : of(pane)) {
            String name = e.get("event").asString();
            JsonNode p = e.get("payload");
            if (name.startsWith("agent.")) {
                lifecycle = name.substring("agent.".length());
                out.add(lifecycle + "/" + attention);
                lastWasLifecycle = true;
                lastCause = p.path("cause").asString();
            } else if (name.startsWith("attention.")) {
                attention = p.get("attention").asString();
                boolean sameTransition = lastWasLifecycle && p.path("cause").asString().equals(lastCause);
                if (sameTransition) {
                    out.removeLast();
                }
                out.add(lifecycle + "/" + attention);
                lastWasLifecycle = false;
            }
        }
        return out;
    }

    /** The pane's decision events in order: {@code created, answered:allow_once, cleared:native_cancelled}. */
    public List<String> decisions(String pane) {
        List<String> out = new ArrayList<>();
        for (JsonNode e : of(pane)) {
            String name = e.get("event").asString();
            JsonNode p = e.get("payload");
            switch (name) {
                case "decision.created" -> out.add("created");
                case "decision.answered" -> out.add("answered:" + p.path("option_id").asString());
                case "decision.cleared" -> out.add("cleared:" + p.path("reason").asString());
                default -> {
                }
            }
        }
        return out;
    }

    /** The task's states in order, from its task.created / task.updated events (repeats folded). */
    public List<String> task(String taskId) {
        List<String> out = new ArrayList<>();
        for (JsonNode e : events) {
            if (taskId.equals(e.path("payload").path("task_id").asString())
                    && e.get("event").asString().startsWith("task.")) {
                String state = e.get("payload").get("state").asString();
                if (out.isEmpty() || !out.getLast().equals(state)) {
                    out.add(state);
                }
            }
        }
        return out;
    }

    /** Waits until the pane's lifecycle sequence ends with {@code last}, then returns the whole sequence. */
    public List<String> awaitLifecycle(String pane, Duration timeout, String... last) {
        List<String> tail = List.of(last);
        try {
            ProtocolClient.eventually(timeout, () -> {
                List<String> seen = lifecycle(pane);
                return seen.size() >= tail.size() && seen.subList(seen.size() - tail.size(), seen.size()).equals(tail);
            });
        } catch (AssertionError e) {
            throw new AssertionError("pane " + pane + " lifecycle " + lifecycle(pane) + " never ended with " + tail, e);
        }
        return lifecycle(pane);
    }

    /**
     * Waits until the pane's lifecycle is exactly {@code whole}. Waiting for a tail instead returned at once when the
     * lifecycle before a new turn already ended with that tail (done, working, done, working, done before the
     * turn's own working and done arrived), so the assertion after it raced the turn.
     */
    public List<String> awaitWholeLifecycle(String pane, Duration timeout, List<String> whole) {
        try {
            ProtocolClient.eventually(timeout, () -> lifecycle(pane).equals(whole));
        } catch (AssertionError e) {
            throw new AssertionError("pane " + pane + " lifecycle " + lifecycle(pane) + " never became " + whole, e);
        }
        return lifecycle(pane);
    }

    @Override
    public void close() {
        closed = true;
        connection.close();
        reader.interrupt();
    }
}
