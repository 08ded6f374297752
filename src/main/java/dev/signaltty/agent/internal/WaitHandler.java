package dev.signaltty.agent.internal;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Component;

import dev.signaltty.transport.CallContext;
import dev.signaltty.transport.ErrorCode;
import dev.signaltty.transport.MethodHandler;
import dev.signaltty.transport.OneOrMany;
import dev.signaltty.transport.ProtocolException;
import dev.signaltty.agent.AgentPanes;
import dev.signaltty.agent.Attention;
import dev.signaltty.agent.Lifecycle;

/**
 * wait: blocks until the pane's agent reaches one of {@code until} (ADR-0018). Single-flight: EOF,
 * another request on the connection or shutdown cancels it (TIMEOUT with details.reason cancelled).
 */
@Component
class WaitHandler implements MethodHandler<WaitHandler.Params, WaitHandler.Result> {

    /**
     * {@code until}: one outcome or a nonempty array of them, matched in the caller's order; {@code after}:
     * the wait_baseline of pane.get, whole.
     */
    record Params(String paneId, @OneOrMany List<WaitOutcome> until, AgentStates.@Nullable WaitBaseline after,
                  @Nullable Double timeoutS) {
        Params {
            if (after != null) {
                Baselines.validate(after);
            }
            if (timeoutS == null) {
                timeoutS = 3600.0;
            }
            if (!(timeoutS > 0) || timeoutS.isInfinite()) {
                throw ProtocolException.badParams("timeout_s", "must be a positive number of seconds");
            }
        }
    }

    record Result(String paneId, WaitOutcome outcome, long transitionSeq, Lifecycle lifecycle, Attention attention,
                  AgentStates.WaitBaseline waitBaseline) {
    }

    private final StateTable states;
    private final AgentPanes panes;

    WaitHandler(StateTable states, AgentPanes panes) {
        this.states = states;
        this.panes = panes;
    }

    @Override
    public String method() {
        return "wait";
    }

    @Override
    public String summary() {
        return "Waits for a pane's agent to reach a lifecycle or attention state (until), after a baseline.";
    }

    @Override
    public Class<Params> paramsType() {
        return Params.class;
    }

    @Override
    public Class<?> resultType() {
        return Result.class;
    }

    @Override
    public boolean singleFlight() {
        return true;
    }

    @Override
    public Result handle(Params params, CallContext context) {
        List<WaitOutcome> until = params.until();
        String paneId = panes.resolve(params.paneId()).paneId();
        AgentStates.WaitBaseline after = params.after();
        if (after != null) {
            Baselines.checkPane(after, paneId);
        }
        long deadline = System.nanoTime() + (long) (params.timeoutS() * 1e9);
        context.cancellation().onCancel(states::wakeAll);
        boolean current = after == null;
        AgentStates.WaitBaseline[] base = {after}; // without one: the state when the wait starts, read under the lock
        try {
            return states.await(paneId, deadline, s -> {
                if (base[0] == null) {
                    base[0] = AgentStates.baseline(s);
                }
                if (s.removed) {
                    throw new ProtocolException(ErrorCode.NO_SUCH_PANE, "pane " + paneId + " was closed",
                            Map.of("pane_id", paneId));
                }
                Baselines.checkIdentity(base[0], s);
                Transition match = null;
                WaitOutcome outcome = null;
                for (WaitOutcome alternative : until) {
                    match = current ? Baselines.currentMatch(s, alternative) : null;
                    if (match == null) {
                        match = Baselines.firstNewer(s, alternative, base[0]);
                    }
                    if (match != null) {
                        outcome = alternative;
                        break;
                    }
                }
                if (match != null) {
                    return new Result(paneId, outcome, match.seq(), s.lifecycle, s.attention, AgentStates.baseline(s));
                }
                if (context.cancellation().isCancelled()) {
                    throw new ProtocolException(ErrorCode.TIMEOUT, "wait cancelled",
                            Map.of("reason", "cancelled", "cause", context.cancellation().reason()));
                }
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    Map<String, Object> details = new LinkedHashMap<>();
                    details.put("pane_id", paneId);
                    details.put("lifecycle", s.lifecycle.wire());
                    details.put("attention", s.attention.wire());
                    throw new ProtocolException(ErrorCode.TIMEOUT, timedOut(paneId, until, params.timeoutS(), s), details);
                }
                return null;
            });
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ProtocolException(ErrorCode.TIMEOUT, "wait interrupted",
                    Map.of("reason", "cancelled", "cause", "shutdown"));
        }
    }

    /**
     * The TIMEOUT message: what was waited for, how long, where the pane is now, and, while its lifecycle is
     * {@code unknown} and a lifecycle state was asked, why: nothing reports a plain program's agent state, so
     * {@code signaltty wait <bash pane> --until idle} can only time out; the output waits are what work there.
     */
    static String timedOut(String paneId, List<WaitOutcome> until, double timeoutS, AgentState s) {
        StringBuilder text = new StringBuilder("pane ").append(paneId).append(" reached none of ")
                .append(String.join(", ", until.stream().map(WaitOutcome::wire).toList()))
                .append(" within ").append(timeoutS).append(" s (now lifecycle ").append(s.lifecycle.wire())
                .append(", attention ").append(s.attention.wire()).append(')');
        boolean reportedOnly = until.stream().anyMatch(o -> o.onLifecycle() && o != WaitOutcome.UNKNOWN
                && o != WaitOutcome.EXITED);
        if (s.lifecycle == Lifecycle.UNKNOWN && reportedOnly) {
            text.append("; nothing has reported this pane's agent state (no agent hook, screen rule or manifest"
                    + " matched its program): a program that is not an agent never becomes idle, working or done;"
                    + " wait for its output with pane wait-output, or run a command line with pane run");
        }
        return text.toString();
    }
}
