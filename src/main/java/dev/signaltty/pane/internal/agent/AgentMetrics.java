package dev.signaltty.pane.internal.agent;

import org.springframework.stereotype.Component;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;

/**
 * Agent panes by lifecycle and by attention state (ADR-0085): one gauge per state of the fixed
 * vocabularies, so the tag set is bounded and an empty state reads 0. Bound at startup by the metrics
 * module when metrics are enabled (ADR-0100); read under the agent lock at scrape time only.
 */
@Component
class AgentMetrics implements MeterBinder {

    private final AgentStates states;

    AgentMetrics(AgentStates states) {
        this.states = states;
    }

    @Override
    public void bindTo(MeterRegistry registry) {
        for (String state : States.LIFECYCLE) {
            Gauge.builder("signaltty.agent.panes.lifecycle", this, m -> m.count(true, state))
                    .description("Panes running a known agent, by lifecycle state")
                    .tag("state", state)
                    .register(registry);
        }
        for (String state : States.ATTENTION) {
            Gauge.builder("signaltty.agent.panes.attention", this, m -> m.count(false, state))
                    .description("Panes running a known agent, by attention state")
                    .tag("state", state)
                    .register(registry);
        }
    }

    long count(boolean lifecycle, String state) {
        states.lock().lock();
        try {
            return states.statesLocked().stream()
                    .filter(s -> !s.removed && s.agent != null && state.equals(lifecycle ? s.lifecycle : s.attention))
                    .count();
        } finally {
            states.lock().unlock();
        }
    }
}
