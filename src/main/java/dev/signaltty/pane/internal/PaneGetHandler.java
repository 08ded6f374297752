package dev.signaltty.pane.internal;

import java.util.Map;

import org.springframework.stereotype.Component;

import dev.signaltty.pane.AgentUsage;
import dev.signaltty.pane.internal.agent.AgentStates;
import dev.signaltty.transport.CallContext;
import dev.signaltty.transport.MethodHandler;

/** pane.get: One pane by id or name. */
@Component
class PaneGetHandler implements MethodHandler<PaneGetHandler.Params, Map<String, Object>> {

    record Params(String paneId) {
    }

    private final PaneRegistry registry;
    private final PaneLifecycle lifecycle;
    private final AgentStates agents;
    private final AgentUsage usage;

    PaneGetHandler(PaneRegistry registry, PaneLifecycle lifecycle, AgentStates agents, AgentUsage usage) {
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
    public Class<Params> paramsType() {
        return Params.class;
    }

    @Override
    public Map<String, Object> handle(Params params, CallContext context) {
        Pane pane = registry.resolve(params.paneId());
        AgentStates.AgentView agent = agents.view(pane.id);
        Map<String, Object> result = new java.util.LinkedHashMap<>();
        result.put("pane", pane.view());
        result.put("lifecycle", agent.lifecycle());
        result.put("attention", agent.attention());
        if (agent.agent() != null) {
            result.put("agent", agent.agent());
        }
        result.put("wait_baseline", agent.waitBaseline());
        result.put("usage", usage.of(pane.id)); // tokens from the agent's transcripts (ADR 0215)
        return result;
    }
}
