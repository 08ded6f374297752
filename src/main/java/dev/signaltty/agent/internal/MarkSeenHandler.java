package dev.signaltty.agent.internal;

import java.util.List;

import org.springframework.stereotype.Component;

import dev.signaltty.agent.AgentPanes;
import dev.signaltty.agent.Attention;
import dev.signaltty.transport.CallContext;
import dev.signaltty.transport.MethodHandler;

/**
 * pane.mark_seen: a person or client saw the pane. It clears {@code unread} (that transition is the
 * {@code seen} outcome); required attention and a pending decision are kept: seeing is not answering.
 */
@Component
class MarkSeenHandler implements MethodHandler<MarkSeenHandler.Params, MarkSeenHandler.Result> {

    /** The cause of the clear, which is also the {@code seen} outcome of wait. */
    static final String CAUSE = "seen";

    record Params(String paneId) {
    }

    record Result(String paneId, Attention attention, boolean changed) {
    }

    private final AgentStates states;
    private final AgentPanes panes;

    MarkSeenHandler(AgentStates states, AgentPanes panes) {
        this.states = states;
        this.panes = panes;
    }

    @Override
    public String method() {
        return "pane.mark_seen";
    }

    @Override
    public String summary() {
        return "Marks a pane seen: clears unread attention (the seen outcome); keeps required attention.";
    }

    @Override
    public Class<Params> paramsType() {
        return Params.class;
    }

    @Override
    public Class<?> resultType() {
        return MarkSeenHandler.Result.class;
    }

    @Override
    public MarkSeenHandler.Result handle(Params params, CallContext context) {
        AgentPanes.PaneRef pane = panes.resolve(params.paneId());
        boolean[] changed = {false};
        states.mutate(pane, s -> {
            if (s.attention != Attention.UNREAD) {
                return List.of();
            }
            changed[0] = true;
            return states.transition(pane, s, null, Attention.NONE, CAUSE);
        });
        return new Result(pane.paneId(), states.view(pane.paneId()).attention(), changed[0]);
    }
}
