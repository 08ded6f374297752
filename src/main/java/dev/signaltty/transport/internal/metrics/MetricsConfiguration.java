package dev.signaltty.transport.internal.metrics;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.composite.CompositeMeterRegistry;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The daemon's one {@link MeterRegistry}. With {@code signaltty.metrics.enabled=false} (the default) it
 * is an empty composite registry: every meter taken from it is a no-op, no module binder runs and the
 * Prometheus classes are never loaded, so metrics cost nothing at start-up or per request (ADR 0100).
 */
@Configuration(proxyBeanMethods = false)
class MetricsConfiguration {

    static final String ENABLED = "signaltty.metrics.enabled";

    @Bean
    MeterRegistry meterRegistry(@Value("${" + ENABLED + ":false}") boolean enabled) {
        if (!enabled) {
            return new CompositeMeterRegistry();
        }
        return PrometheusRegistry.create();
    }

    /** Kept apart so a disabled daemon never resolves the Prometheus classes. */
    private static final class PrometheusRegistry {
        static MeterRegistry create() {
            return new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        }
    }
}
