package dev.signaltty.journal.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Predicate;

import dev.signaltty.transport.Connection;
import dev.signaltty.transport.EventFrame;

/**
 * A connection that records the frames offered to it, with a bounded queue like the real one:
 * beyond {@code capacity} frames it closes itself and refuses (lag).
 */
final class RecordingConnection implements Connection {

    private static final AtomicLong IDS = new AtomicLong();

    private final long id = IDS.incrementAndGet();
    private final int capacity;
    private final List<EventFrame> frames = new CopyOnWriteArrayList<>();
    private final List<Runnable> onClose = new ArrayList<>();
    private volatile Predicate<EventFrame> check = frame -> true;
    private volatile boolean open = true;
    private volatile String closeReason;

    RecordingConnection() {
        this(Integer.MAX_VALUE);
    }

    RecordingConnection(int capacity) {
        this.capacity = capacity;
    }

    /** A check every offered frame must pass (e.g. "already durable"); a failure is recorded as a violation. */
    RecordingConnection checking(Predicate<EventFrame> check) {
        this.check = check;
        return this;
    }

    final List<Long> violations = new CopyOnWriteArrayList<>();

    @Override
    public long id() {
        return id;
    }

    @Override
    public long peerPid() {
        return -1;
    }

    @Override
    public boolean sendEvent(EventFrame frame) {
        if (!open) {
            return false;
        }
        if (frames.size() >= capacity) {
            close("lag");
            return false;
        }
        if (!check.test(frame)) {
            violations.add(frame.seq());
        }
        frames.add(frame);
        return true;
    }

    @Override
    public boolean isOpen() {
        return open;
    }

    @Override
    public void close(String reason) {
        List<Runnable> actions;
        synchronized (this) {
            if (!open) {
                return;
            }
            open = false;
            closeReason = reason;
            actions = List.copyOf(onClose);
        }
        actions.forEach(Runnable::run);
    }

    @Override
    public void onClose(Runnable action) {
        synchronized (this) {
            if (open) {
                onClose.add(action);
                return;
            }
        }
        action.run();
    }

    List<EventFrame> frames() {
        return frames;
    }

    List<Long> seqs() {
        return frames.stream().map(EventFrame::seq).toList();
    }

    String closeReason() {
        return closeReason;
    }
}
