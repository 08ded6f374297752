package dev.signaltty.transport.internal.metrics;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;

import org.springframework.stereotype.Component;

/**
 * Request counts and latency by method and outcome ({@code ok} or the error code), and connections
 * closed for lag. Tag values come from bounded sets only: the method of a registered handler, or
 * {@code unknown} / {@code invalid} for everything a client can make up, so a fuzzing client cannot grow
 * the registry.
 */
@Component
public class RequestMetrics {

    /** The method tag of a request naming no registered method. */
    public static final String UNKNOWN_METHOD = "unknown";
    /** The method tag of a line that is not a readable request envelope. */
    public static final String INVALID = "invalid";

    private final MeterRegistry registry;
    private final Map<String, Timer> timers = new ConcurrentHashMap<>();
    private final Counter lagClosures;

    public RequestMetrics(MeterRegistry registry) {
        this.registry = registry;
        this.lagClosures = Counter.builder("signaltty.connections.lag.closures")
                .description("Connections closed because their undelivered events exceeded the cap")
                .register(registry);
    }

    /** Records one answered request that started at {@code startNanos} ({@link System#nanoTime}). */
    public void record(String method, String outcome, long startNanos) {
        long elapsed = System.nanoTime() - startNanos;
        timers.computeIfAbsent(method + ' ' + outcome, key -> Timer.builder("signaltty.requests")
                .description("Requests answered, by method and outcome (ok or the error code)")
                .tag("method", method)
                .tag("outcome", outcome)
                .publishPercentileHistogram()
                .minimumExpectedValue(Duration.ofNanos(20_000))
                .maximumExpectedValue(Duration.ofSeconds(30))
                .register(registry))
              .record(elapsed, java.util.concurrent.TimeUnit.NANOSECONDS);
    }

    public void lagClosure() {
        lagClosures.increment();
    }
}
