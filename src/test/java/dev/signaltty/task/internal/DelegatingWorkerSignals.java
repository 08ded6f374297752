package dev.signaltty.task.internal;

import java.io.IOException;
import java.util.Set;

import org.jspecify.annotations.Nullable;

import dev.signaltty.agent.Lifecycle;

/**
 * The real worker signals, for a test that holds or observes one step of the first submit: it overrides that
 * step and leaves the rest to the real thing.
 */
class DelegatingWorkerSignals implements WorkerSignals {

    final WorkerSignals real;

    DelegatingWorkerSignals(WorkerSignals real) {
        this.real = real;
    }

    @Override
    public Lifecycle lifecycle(String paneId) {
        return real.lifecycle(paneId);
    }

    @Override
    public long lifecycleSeq(String paneId) {
        return real.lifecycleSeq(paneId);
    }

    @Override
    public boolean awaitLifecycle(String paneId, Set<Lifecycle> states, long deadlineNanos) throws InterruptedException {
        return real.awaitLifecycle(paneId, states, deadlineNanos);
    }

    @Override
    public boolean awaitActivity(String paneId, long afterSeq, long deadlineNanos) throws InterruptedException {
        return real.awaitActivity(paneId, afterSeq, deadlineNanos);
    }

    @Override
    public @Nullable String pendingDecision(String paneId) {
        return real.pendingDecision(paneId);
    }

    @Override
    public boolean unlessDecision(String paneId, Write write) throws IOException {
        return real.unlessDecision(paneId, write);
    }

    @Override
    public void clearAttention(String paneId, String cause) {
        real.clearAttention(paneId, cause);
    }
}
