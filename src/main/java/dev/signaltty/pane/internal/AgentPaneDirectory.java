package dev.signaltty.pane.internal;

import java.util.Optional;

import org.springframework.stereotype.Component;

import dev.signaltty.agent.AgentPanes;

/** Lets the agent-state code see panes without reaching into {@link Pane}. */
@Component
class AgentPaneDirectory implements AgentPanes {

    private final PaneRegistry registry;

    AgentPaneDirectory(PaneRegistry registry) {
        this.registry = registry;
    }

    @Override
    public PaneRef resolve(String idOrName) {
        return ref(registry.resolve(idOrName));
    }

    @Override
    public Optional<PaneRef> find(String paneId) {
        return registry.all().stream().filter(pane -> pane.id.equals(paneId)).findFirst().map(AgentPaneDirectory::ref);
    }

    static PaneRef ref(Pane pane) {
        return new PaneRef(pane.id, pane.workspaceId, pane.taskId(), pane.alive());
    }
}
