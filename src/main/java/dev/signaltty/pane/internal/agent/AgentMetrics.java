package dev.signaltty.pane.internal.agent;

import org.springframework.stereotype.Component;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;

/**
 * Agent panes by lifecycle and by attention state: one gauge per state of the fixed vocabularies, so
 * the tag set is bounded. Bound at startup by the metrics module when metrics are enabled (ADR-0100).
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
            Gauge.builder("signaltty.agent.panes.lifecycle", states, s -> s.countBy(true).getOrDefault(state, 0L))
                    .description("Panes running a known agent, by lifecycle state")
                    .tag("state", state)
                    .register(registry);
        }
        for (String state : States.ATTENTION) {
            Gauge.builder("signaltty.agent.panes.attention", states, s -> s.countBy(false).getOrDefault(state, 0L))
                    .description("Panes running a known agent, by attention state")
                    .tag("state", state)
                    .register(registry);
        }
    }
}
