package dev.signaltty.transport.internal.metrics;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;

import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.SmartLifecycle;
import org.springframework.stereotype.Component;

/**
 * {@code GET /metrics} in the Prometheus text format, on 127.0.0.1 only — never another interface,
 * whatever the configuration says (the daemon drives terminals; its figures are for the local user).
 * The JDK's own HTTP server: the web starter would add about a second to start-up. One platform
 * thread serves scrapes one at a time; a scrape renders the registry, which is small and bounded.
 * Port 0 binds an ephemeral port ({@link #port()}; the log line names it).
 *
 * <p>Always a bean, serving only when {@code signaltty.metrics.enabled} is true at run time: the daemon
 * runs Spring's build-time AOT, which freezes a condition at the build's value (ADRs 0356, 0425).
 */
@Component
public class MetricsEndpoint implements SmartLifecycle {

    private static final Logger log = LoggerFactory.getLogger(MetricsEndpoint.class);
    public static final String PATH = "/metrics";

    private final @Nullable PrometheusMeterRegistry registry;
    private final int configuredPort;
    private volatile @Nullable HttpServer server;
    private volatile @Nullable ExecutorService executor;

    MetricsEndpoint(MeterRegistry registry, @Value("${" + MetricsConfiguration.ENABLED + ":false}") boolean enabled,
                    @Value("${signaltty.metrics.port:9464}") int port) {
        if (port < 0 || port > 65_535) {
            throw new IllegalArgumentException("signaltty.metrics.port must be 0..65535, was " + port);
        }
        this.configuredPort = port;
        this.registry = enabled ? prometheus(registry) : null; // disabled: the Prometheus classes stay unloaded
    }

    private static PrometheusMeterRegistry prometheus(MeterRegistry registry) {
        if (!(registry instanceof PrometheusMeterRegistry prometheus)) {
            throw new IllegalStateException("metrics are enabled but the registry is not Prometheus's");
        }
        return prometheus;
    }

    @Override
    public void start() {
        PrometheusMeterRegistry prometheus = registry;
        if (prometheus == null) {
            return; // signaltty.metrics.enabled is false
        }
        try {
            HttpServer http = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), configuredPort), 16);
            http.createContext(PATH, exchange -> scrape(prometheus, exchange));
            ExecutorService pool = Executors.newSingleThreadExecutor(Thread.ofPlatform().daemon().name("metrics-http").factory());
            http.setExecutor(pool);
            http.start();
            executor = pool;
            server = http;
            log.info("metrics on http://127.0.0.1:{}{}", http.getAddress().getPort(), PATH);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot serve metrics on 127.0.0.1:" + configuredPort, e);
        }
    }

    private static void scrape(PrometheusMeterRegistry registry, HttpExchange exchange) throws IOException {
        try (exchange) {
            if (!"GET".equals(exchange.getRequestMethod()) && !"HEAD".equals(exchange.getRequestMethod())) {
                exchange.sendResponseHeaders(405, -1);
                return;
            }
            byte[] body = registry.scrape().getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().set("Content-Type", "text/plain; version=0.0.4; charset=utf-8");
            if ("HEAD".equals(exchange.getRequestMethod())) {
                exchange.sendResponseHeaders(200, -1);
                return;
            }
            exchange.sendResponseHeaders(200, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        }
    }

    /** The bound port (the ephemeral one when configured as 0); -1 when not serving. */
    public int port() {
        HttpServer http = server;
        return http == null ? -1 : http.getAddress().getPort();
    }

    @Override
    public void stop() {
        HttpServer http = server;
        server = null;
        if (http != null) {
            http.stop(0);
        }
        ExecutorService pool = executor;
        executor = null;
        if (pool != null) {
            pool.shutdownNow();
        }
    }

    @Override
    public boolean isRunning() {
        return server != null;
    }
}
