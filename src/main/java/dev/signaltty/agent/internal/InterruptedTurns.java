package dev.signaltty.agent.internal;

import java.util.List;

import org.springframework.stereotype.Component;

import dev.signaltty.agent.AgentPanes;
import dev.signaltty.agent.Lifecycle;

/**
 * Turns the user interrupted (Esc / Ctrl-C), which the agents fire no hook for (ADR 0290, 0320):
 * {@link TranscriptInterrupts} reads them from the agent's transcript or Claude's status file, and this
 * applies them to the pane's state, each check and its move one step under the state table's lock, so a
 * marker read late never ends a newer turn.
 */
@Component
class InterruptedTurns {

    private final AgentStates states;
    private final StateTable table;

    InterruptedTurns(AgentStates states, StateTable table) {
        this.states = states;
        this.table = table;
    }

    /**
     * The turn ends ({@code done}, cause {@code turn_end}, attention unchanged, as Codex's Interrupt hook)
     * only if the pane is still {@code working}/{@code blocked} in the turn of {@code promptId}, read from
     * {@code source}. Any hook of a later turn has replaced the prompt id, so a marker read late never ends
     * a newer turn.
     */
    boolean apply(AgentPanes.PaneRef pane, String promptId, String source, StateOrigin.AgentFile line) {
        boolean[] applied = {false};
        states.mutate(pane, s -> {
            if (!inTurn(s, promptId)) {
                return List.of();
            }
            List<Runnable> after = states.transition(pane, s, Lifecycle.DONE, null, HookMapping.TURN_END);
            if (s.lifecycleOrigin != null) {
                s.lifecycleOrigin = s.lifecycleOrigin.withAgentFile(source, line);
            }
            applied[0] = true;
            return after;
        });
        return applied[0];
    }

    /**
     * The turn of {@code promptId} that Claude's status file ended (ADR 0320) is still the pane's last and
     * still {@code done} from it: its transcript's interrupt marker, read later, becomes what explains it.
     * Moves nothing and journals nothing. False when anything else has happened since.
     */
    boolean refine(String paneId, String promptId, StateOrigin.AgentFile marker) {
        boolean[] refined = {false};
        table.update(paneId, s -> {
            StateOrigin origin = s.lifecycleOrigin;
            if (promptId.equals(s.promptId) && s.lifecycle == Lifecycle.DONE && origin != null
                    && TranscriptInterrupts.STATUS_FILE.equals(origin.source())) {
                s.lifecycleOrigin = origin.withAgentFile(TranscriptInterrupts.TRANSCRIPT, marker);
                refined[0] = true;
            }
        });
        return refined[0];
    }

    /** True while the pane is in the turn of {@code promptId} and that turn has not ended (false once closed). */
    boolean inTurn(String paneId, String promptId) {
        return states.read(paneId, s -> inTurn(s, promptId));
    }

    private static boolean inTurn(AgentState s, String promptId) {
        return promptId.equals(s.promptId) && s.lifecycle.inTurn();
    }
}
