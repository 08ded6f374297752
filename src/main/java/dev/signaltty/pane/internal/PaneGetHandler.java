package dev.signaltty.pane.internal;

import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Component;

import dev.signaltty.agent.AgentUsage;
import dev.signaltty.agent.Attention;
import dev.signaltty.agent.Lifecycle;
import dev.signaltty.agent.PaneAgents;
import dev.signaltty.transport.CallContext;
import dev.signaltty.transport.MethodHandler;

/** pane.get: One pane by id or name. */
@Component
class PaneGetHandler implements MethodHandler<PaneGetHandler.Params, PaneGetHandler.Result> {

    record Params(String paneId) {
    }

    record Result(Pane.PaneView pane, Lifecycle lifecycle, Attention attention, @Nullable String agent,
                  PaneAgents.WaitBaseline waitBaseline, AgentUsage.Usage usage) {
    }

    private final PaneRegistry registry;
    private final PaneLifecycle lifecycle;
    private final PaneAgents agents;
    private final AgentUsage usage;

    PaneGetHandler(PaneRegistry registry, PaneLifecycle lifecycle, PaneAgents agents, AgentUsage usage) {
        this.registry = registry;
        this.lifecycle = lifecycle;
        this.agents = agents;
        this.usage = usage;
    }

    @Override
    public String method() {
        return "pane.get";
    }

    @Override
    public String summary() {
        return "One pane by id or name.";
    }

    @Override
    public PaneGetHandler.Result handle(Params params, CallContext context) {
        Pane pane = registry.resolve(params.paneId());
        PaneAgents.AgentView agent = agents.view(pane.id);
        // usage: tokens from the agent's transcripts (ADR 0215)
        return new Result(pane.liveView(), agent.lifecycle(), agent.attention(), agent.agent(), agent.waitBaseline(),
                usage.of(pane.id));
    }
}
