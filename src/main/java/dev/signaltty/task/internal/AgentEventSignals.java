package dev.signaltty.task.internal;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

import org.jspecify.annotations.Nullable;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;

import dev.signaltty.agent.AgentDecisions;
import dev.signaltty.agent.AgentStateChanged;
import dev.signaltty.agent.Attention;
import dev.signaltty.agent.Lifecycle;
import dev.signaltty.pane.Panes;
import dev.signaltty.pane.PaneClosed;

/**
 * {@link WorkerSignals} from the agent-state module's published transitions ({@link AgentStateChanged}
 * carries the journal seq of each); decisions come from the decision store ({@link AgentDecisions}), whose
 * read guard also covers the delayed Enter; attention is cleared through {@link Panes}. Per pane, the last {@value #HISTORY} transitions are kept: the gate only
 * looks at ones newer than its baseline, which are always among the latest.
 */
@Component
class AgentEventSignals implements WorkerSignals {

    static final int HISTORY = 64;
    static final String PENDING = "pending";

    private record Move(long seq, Lifecycle to) {
    }

    private static final class State {
        Lifecycle lifecycle = Lifecycle.UNKNOWN;
        long lifecycleSeq;
        Attention attention = Attention.NONE;
        final Deque<Move> moves = new ArrayDeque<>();
        boolean gone;
    }

    /** Closed panes, so a late waiter ends at once; bounded (oldest forgotten first). */
    static final int GONE_CAP = 4096;
    private final java.util.LinkedHashSet<String> gone = new java.util.LinkedHashSet<>();

    private final AgentDecisions decisions;
    private final Panes paneAccess;

    AgentEventSignals(AgentDecisions decisions, Panes paneAccess) {
        this.decisions = decisions;
        this.paneAccess = paneAccess;
    }

    private final ReentrantLock lock = new ReentrantLock();
    private final Condition changed = lock.newCondition();
    private final Map<String, State> panes = new HashMap<>();

    @EventListener
    void on(AgentStateChanged event) {
        lock.lock();
        try {
            if (gone.contains(event.paneId())) {
                return;
            }
            State s = panes.computeIfAbsent(event.paneId(), id -> new State());
            switch (event.to()) {
                case Lifecycle to -> {
                    s.lifecycle = to;
                    s.lifecycleSeq = Math.max(s.lifecycleSeq, event.seq());
                    s.moves.addLast(new Move(event.seq(), to));
                    while (s.moves.size() > HISTORY) {
                        s.moves.removeFirst();
                    }
                }
                case Attention to -> s.attention = to;
            }
            changed.signalAll();
        } finally {
            lock.unlock();
        }
    }

    @EventListener
    void on(PaneClosed event) {
        gone(event.paneId());
    }

    /** An exited worker cannot become ready or take input: waits on it end at once. */
    @EventListener
    void on(dev.signaltty.pane.PaneExited event) {
        gone(event.paneId());
    }

    private void gone(String paneId) {
        lock.lock();
        try {
            panes.remove(paneId);
            gone.add(paneId);
            if (gone.size() > GONE_CAP) {
                gone.remove(gone.iterator().next());
            }
            changed.signalAll();
        } finally {
            lock.unlock();
        }
    }

    @Override
    public Lifecycle lifecycle(String paneId) {
        return read(paneId).lifecycle;
    }

    @Override
    public long lifecycleSeq(String paneId) {
        return read(paneId).lifecycleSeq;
    }

    private State read(String paneId) {
        lock.lock();
        try {
            State s = copy(panes.get(paneId));
            s.gone = gone.contains(paneId);
            return s;
        } finally {
            lock.unlock();
        }
    }

    private static State copy(@Nullable State s) {
        State out = new State();
        if (s != null) {
            out.lifecycle = s.lifecycle;
            out.lifecycleSeq = s.lifecycleSeq;
            out.attention = s.attention;
            out.gone = s.gone;
        }
        return out;
    }

    @Override
    public boolean awaitLifecycle(String paneId, Set<Lifecycle> states, long deadlineNanos) throws InterruptedException {
        return await(paneId, deadlineNanos, s -> states.contains(s.lifecycle));
    }

    @Override
    public boolean awaitActivity(String paneId, long afterSeq, long deadlineNanos) throws InterruptedException {
        return await(paneId, deadlineNanos, s -> activeSince(s, afterSeq));
    }

    private static boolean activeSince(State s, long afterSeq) {
        return s.moves.stream().anyMatch(m -> m.seq() > afterSeq && m.to().inTurn());
    }

    private boolean await(String paneId, long deadlineNanos, java.util.function.Predicate<State> done)
            throws InterruptedException {
        lock.lock();
        try {
            while (true) {
                State s = panes.get(paneId);
                if (s != null && done.test(s)) {
                    return true;
                }
                long left = deadlineNanos - System.nanoTime();
                if (left <= 0 || gone.contains(paneId)) {
                    return false;
                }
                changed.await(left, TimeUnit.NANOSECONDS);
            }
        } finally {
            lock.unlock();
        }
    }

    @Override
    public @Nullable String pendingDecision(String paneId) {
        String decision = decisions.pendingDecision(paneId);
        if (decision != null) {
            return decision;
        }
        return read(paneId).attention == Attention.PERMISSION_REQUIRED ? PENDING : null;
    }

    @Override
    public boolean unlessDecision(String paneId, Write write) throws java.io.IOException {
        // the decision store's read guard: no decision can be set between its check and the write
        try {
            return decisions.unlessPending(paneId, () -> read(paneId).attention == Attention.PERMISSION_REQUIRED, () -> {
                try {
                    write.run();
                } catch (java.io.IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            });
        } catch (java.io.UncheckedIOException e) {
            throw e.getCause();
        }
    }

    @Override
    public void clearAttention(String paneId, String cause) {
        paneAccess.clearAttention(paneId, cause);
    }
}
