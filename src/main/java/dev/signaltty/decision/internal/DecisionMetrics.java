package dev.signaltty.decision.internal;

import org.springframework.stereotype.Component;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;

/** Decisions waiting for an answer; bound at startup when metrics are enabled (ADR-0100). */
@Component
class DecisionMetrics implements MeterBinder {

    private final DecisionStore store;

    DecisionMetrics(DecisionStore store) {
        this.store = store;
    }

    @Override
    public void bindTo(MeterRegistry registry) {
        Gauge.builder("signaltty.decisions.pending", store, DecisionStore::pendingCount)
                .description("Decisions waiting for an answer (at most one per pane)")
                .register(registry);
    }
}
