package dev.signaltty.transport.internal;

import java.util.ArrayList;
import java.util.List;

import dev.signaltty.transport.Cancellation;

/** A one-shot cancellation flag with callbacks. */
final class CancellationToken implements Cancellation {

    private final List<Runnable> actions = new ArrayList<>();
    private volatile String reason = "";
    private volatile boolean cancelled;

    void cancel(String why) {
        List<Runnable> toRun;
        synchronized (this) {
            if (cancelled) {
                return;
            }
            reason = why;
            cancelled = true;
            toRun = List.copyOf(actions);
            actions.clear();
        }
        toRun.forEach(Runnable::run);
    }

    @Override
    public boolean isCancelled() {
        return cancelled;
    }

    @Override
    public String reason() {
        return reason;
    }

    @Override
    public void onCancel(Runnable action) {
        synchronized (this) {
            if (!cancelled) {
                actions.add(action);
                return;
            }
        }
        action.run();
    }
}
