package dev.signaltty.pane.internal;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.springframework.stereotype.Component;

import dev.signaltty.pane.Panes;
import dev.signaltty.agent.PaneAgents;
import dev.signaltty.transport.ProtocolException;

/** {@link Panes} over the pane lifecycle and registry, for modules that drive panes (tasks). */
@Component
class PaneAccess implements Panes {

    private final PaneLifecycle lifecycle;
    private final PaneRegistry registry;

    private final PaneAgents agents;

    PaneAccess(PaneLifecycle lifecycle, PaneRegistry registry, PaneAgents agents) {
        this.lifecycle = lifecycle;
        this.registry = registry;
        this.agents = agents;
    }

    @Override
    public PaneInfo spawn(SpawnRequest r) {
        Pane pane = lifecycle.spawn(SpawnSpec.in(r.workspaceId(), r.tabId())
                .command(r.argv(), r.cwd().toString(), r.env()).label(r.label())
                .parent(r.parentPaneId(), r.relationship()).task(r.taskId()).build());
        return info(pane);
    }

    @Override
    public Optional<PaneInfo> find(String paneId) {
        return pane(paneId).map(PaneAccess::info);
    }

    @Override
    public void write(String paneId, byte[] bytes) throws IOException {
        Pane pane = pane(paneId).orElseThrow(() -> new IOException("pane " + paneId + " is gone"));
        pane.write(bytes);
    }

    @Override
    public boolean bracketedPaste(String paneId) {
        return pane(paneId).map(p -> p.terminal.bracketedPaste()).orElse(false);
    }

    @Override
    public String screenTail(String paneId, int lines) {
        Optional<Pane> pane = pane(paneId);
        if (pane.isEmpty()) {
            return "";
        }
        List<String> kept = new ArrayList<>();
        for (String line : pane.get().terminal.screen(false).split("\n", -1)) {
            if (!line.isBlank()) {
                kept.add(line.stripTrailing());
            }
        }
        return String.join("\n", kept.subList(Math.max(0, kept.size() - lines), kept.size()));
    }

    @Override
    public void clearAttention(String paneId, String cause) {
        agents.clearAttention(paneId, cause);
    }

    @Override
    public void close(String paneId) {
        pane(paneId).ifPresent(lifecycle::close);
    }

    @Override
    public boolean awaitExit(String paneId, java.time.Duration timeout) throws InterruptedException {
        return lifecycle.awaitExit(paneId, timeout.toMillis());
    }

    private Optional<Pane> pane(String paneId) {
        try {
            Pane pane = registry.resolve(paneId);
            return pane.id.equals(paneId) ? Optional.of(pane) : Optional.empty();
        } catch (ProtocolException e) {
            return Optional.empty();
        }
    }

    private static PaneInfo info(Pane pane) {
        return new PaneInfo(pane.id, pane.workspaceId, pane.tabId, pane.cwd, pane.alive() && !pane.closed,
                pane.taskId());
    }
}
