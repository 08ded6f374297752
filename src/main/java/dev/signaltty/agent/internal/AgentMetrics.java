package dev.signaltty.agent.internal;

import org.springframework.stereotype.Component;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;

import dev.signaltty.agent.Attention;
import dev.signaltty.agent.AxisState;
import dev.signaltty.agent.Lifecycle;

/**
 * Agent panes by lifecycle and by attention state (ADR-0085): one gauge per state of the fixed
 * vocabularies, so the tag set is bounded and an empty state reads 0. Bound at startup by the metrics
 * module when metrics are enabled (ADR-0100); read under the agent lock at scrape time only.
 */
@Component
class AgentMetrics implements MeterBinder {

    private final StateTable states;
    private final UsageLedger usage;

    AgentMetrics(StateTable states, UsageLedger usage) {
        this.states = states;
        this.usage = usage;
    }

    @Override
    public void bindTo(MeterRegistry registry) {
        for (Lifecycle state : Lifecycle.values()) {
            Gauge.builder("signaltty.agent.panes.lifecycle", this, m -> m.count(state))
                    .description("Panes running a known agent, by lifecycle state")
                    .tag("state", state.wire())
                    .register(registry);
        }
        for (Attention state : Attention.values()) {
            Gauge.builder("signaltty.agent.panes.attention", this, m -> m.count(state))
                    .description("Panes running a known agent, by attention state")
                    .tag("state", state.wire())
                    .register(registry);
        }
        // tokens read from the agents' transcripts (ADR 0215): 2 agents x 5 kinds, a bounded tag set
        for (String agent : UsageLedger.AGENTS) {
            for (String kind : UsageLedger.KINDS) {
                FunctionCounter.builder("signaltty.agent.tokens", usage, u -> u.total(agent, kind))
                        .description("Tokens the agents' transcripts report, by agent and kind, since the daemon started")
                        .tag("agent", agent)
                        .tag("kind", kind)
                        .register(registry);
            }
        }
    }

    long count(AxisState state) {
        return states.readAll(all -> all.stream()
                    .filter(s -> !s.removed && s.agent != null && (state == s.lifecycle || state == s.attention))
                    .count());
    }
}
