package dev.signaltty.agent.real;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.jspecify.annotations.Nullable;

/**
 * What both scripted models ({@link ScriptedModel}, {@link ScriptedChatModel}) keep: the scenario scripts
 * (a list of model turns of the API's own step type {@code T}), which turn a request's
 * {@link Position} asks for, and the gates a test opens to let a held turn go on.
 */
final class Scripts<T> {

    private final Map<String, List<T>> scripts = new ConcurrentHashMap<>();
    private final Map<String, CountDownLatch> gates = new ConcurrentHashMap<>();

    /** Registers (or replaces) the script of scenario {@code name}. */
    void put(String name, List<T> steps) {
        scripts.put(name, List.copyOf(steps));
    }

    /**
     * The script's turn at {@code position}, or null when there is none: no scenario, a request without tools
     * (a title, a routing question), or a step past the script's end; the caller then answers {@link #plain}.
     */
    @Nullable T at(Position position, boolean tools) {
        List<T> script = position.scenario() == null ? null : scripts.get(position.scenario());
        return !tools || script == null || position.step() >= script.size() ? null : script.get(position.step());
    }

    /** The plain answer where the script has no turn. */
    static String plain(Position position, boolean tools) {
        return position.scenario() == null || !tools ? "Noted." : "Done.";
    }

    /** Lets the turn held at {@code gate} go on (also before it is reached). */
    void release(String gate) {
        gate(gate).countDown();
    }

    CountDownLatch gate(String name) {
        return gates.computeIfAbsent(name, n -> new CountDownLatch(1));
    }

    /** Blocks the request's thread until {@code gate} is released, at most {@code limit} (or {@link #openAll}). */
    void await(String gate, Duration limit) {
        try {
            gate(gate).await(limit.toSeconds(), TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Opens every gate (the server stops): no request thread stays held. */
    void openAll() {
        gates.values().forEach(CountDownLatch::countDown);
    }
}
