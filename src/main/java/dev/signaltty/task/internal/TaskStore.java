package dev.signaltty.task.internal;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;
import java.util.function.Predicate;
import java.util.function.Supplier;

import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

import tools.jackson.databind.node.ObjectNode;

import dev.signaltty.journal.EventLog;
import dev.signaltty.journal.JournalTail;
import dev.signaltty.journal.SnapshotStore;
import dev.signaltty.task.Tasks;
import dev.signaltty.transport.Cancellation;
import dev.signaltty.transport.ErrorCode;
import dev.signaltty.transport.ProtocolException;
import dev.signaltty.transport.ProtocolJson;
import dev.signaltty.transport.Waits;

/**
 * Every task, under one guard. Each transition is journaled ({@code task.created}/{@code task.updated},
 * payload = the task's view with a top-level {@code task_id}) while the guard is held, so seq order is
 * state order, and the whole set is saved to the snapshot store so tasks survive a restart.
 */
@Component
class TaskStore implements Tasks {

    private static final Logger log = LoggerFactory.getLogger(TaskStore.class);
    static final String SNAPSHOT = "tasks";

    /**
     * The snapshot document; {@code seq} is the journal position it reflects (null in documents of older
     * versions): a crash between a transition's journaling and the save is caught up at start (ADR 0130).
     */
    record Saved(@Nullable Long seq, List<Task.View> tasks) {
    }

    private final ReentrantLock lock = new ReentrantLock();
    private final Condition changed = lock.newCondition();
    private final Map<String, Task> tasks = new LinkedHashMap<>();
    private final EventLog events;
    private final SnapshotStore snapshots;

    private final int retainFinished;

    private final JournalTail journal;

    TaskStore(EventLog events, SnapshotStore snapshots, JournalTail journal,
              @org.springframework.beans.factory.annotation.Value("${signaltty.task.retain-finished:500}") int retainFinished) {
        this.events = events;
        this.snapshots = snapshots;
        this.journal = journal;
        this.retainFinished = retainFinished;
        Optional<Saved> loaded = snapshots.load(SNAPSHOT, Saved.class);
        Saved saved = loaded.orElse(new Saved(null, List.of()));
        Map<String, Task.View> views = new LinkedHashMap<>();
        saved.tasks().forEach(v -> views.put(v.taskId(), v));
        journal.replayAfter(SNAPSHOT, saved.seq(), event -> event.equals("task.created") || event.equals("task.updated"),
                record -> {
                    Task.View view = ProtocolJson.MAPPER.treeToValue(record.payload(), Task.View.class);
                    views.put(view.taskId(), view);
                });
        views.values().forEach(v -> tasks.put(v.taskId(), Task.from(v)));
        if (loaded.isEmpty()) {
            locked(() -> {
                save(); // so a crash before the first task's save still finds a position to catch up from
                return null;
            });
        }
    }

    /**
     * After a restart a task that was still running fails with {@code stage: server_restart} (its worktree stays
     * for finish), unless {@code workerKept} says its worker runs on: a restart in place kept the worker's program
     * (ADR 1340), so a working or input_required task goes on where it was. A pending one fails either way: its first
     * submit was cut off with the old image, and whether its prompt was typed cannot be told.
     */
    void recover(Predicate<Task> workerKept) {
        for (Task task : List.copyOf(tasks.values())) {
            if (!task.state.terminal() && !(task.state != TaskState.PENDING && workerKept.test(task))) {
                update(task.id, t -> {
                    t.evidence = Evidence.serverRestart(t.state);
                    t.state = TaskState.FAILED;
                });
            }
        }
    }

    /**
     * Set when the daemon begins to stop: its workers are then killed by the shutdown, not failing on
     * their own, so background transitions (first submit, worker exit) no longer apply; a restart
     * records those tasks as {@code server_restart}.
     */
    private volatile boolean stopping;

    @org.springframework.context.event.EventListener(org.springframework.context.event.ContextClosedEvent.class)
    void stopping() {
        stopping = true;
    }

    <T> T locked(Supplier<T> body) {
        lock.lock();
        try {
            return body.get();
        } finally {
            lock.unlock();
        }
    }

    void create(Task task) {
        locked(() -> {
            tasks.put(task.id, task);
            events.append(new TaskEvents.Created(task.view()));
            save();
            changed.signalAll();
            return null;
        });
    }

    /** Applies {@code change} and emits {@code task.updated}; NO_SUCH_TASK for an unknown id. */
    Task.View update(String taskId, Consumer<Task> change) {
        return locked(() -> {
            Task task = require(taskId);
            change.accept(task);
            return commit(task);
        });
    }

    /**
     * Applies {@code change} only while {@code when} holds for the task (checked under the guard) and the
     * daemon is not stopping; returns whether it did. For transitions no request asked for.
     */
    boolean updateIf(String taskId, Predicate<Task> when, Consumer<Task> change) {
        return locked(() -> {
            Task task = tasks.get(taskId);
            if (task == null || stopping || !when.test(task)) {
                return false;
            }
            change.accept(task);
            commit(task);
            return true;
        });
    }

    private Task.View commit(Task task) {
        task.updatedAt = Instant.now();
        events.append(new TaskEvents.Updated(task.view()));
        save();
        changed.signalAll();
        return task.view();
    }

    Task require(String taskId) {
        Task task = tasks.get(taskId);
        if (task == null) {
            throw new ProtocolException(ErrorCode.NO_SUCH_TASK, "no task " + taskId, Map.of("task_id", taskId));
        }
        return task;
    }

    Task.View view(String taskId) {
        return locked(() -> require(taskId).view());
    }

    /** A snapshot of one task's fields for work outside the guard. */
    <T> T read(String taskId, java.util.function.Function<Task, T> reader) {
        return locked(() -> reader.apply(require(taskId)));
    }

    List<Task.View> list(@Nullable String contextId, @Nullable TaskState state) {
        return locked(() -> tasks.values().stream()
                .filter(t -> contextId == null || contextId.equals(t.contextId))
                .filter(t -> state == null || t.state == state)
                .map(Task::view).toList());
    }

    Optional<Task.View> byClientRequest(String clientRequestId) {
        return locked(() -> tasks.values().stream().filter(t -> clientRequestId.equals(t.clientRequestId))
                .findFirst().map(Task::view));
    }

    Optional<Task> byPane(String paneId) {
        return locked(() -> tasks.values().stream().filter(t -> paneId.equals(t.paneId)).findFirst());
    }

    @Override
    public Optional<String> taskIdOfPane(String paneId) {
        return byPane(paneId).map(t -> t.id);
    }

    /** Tasks in one state, for the tasks-by-state gauge. */
    long count(TaskState state) {
        return locked(() -> tasks.values().stream().filter(t -> t.state == state).count());
    }

    long unfinished() {
        return locked(() -> tasks.values().stream().filter(Task::unfinished).count());
    }

    /**
     * Blocks until {@code done} returns a value (evaluated under the guard after every transition),
     * the deadline passes (TIMEOUT) or the request is cancelled.
     */
    <T> T await(Supplier<@Nullable T> done, long deadlineNanos, Cancellation cancellation, Map<String, ?> timeoutDetails) {
        cancellation.onCancel(() -> locked(() -> {
            changed.signalAll();
            return null;
        }));
        lock.lock();
        try {
            while (true) {
                T result = done.get();
                if (result != null) {
                    return result;
                }
                Waits.throwIfCancelled(cancellation);
                long left = deadlineNanos - System.nanoTime();
                if (left <= 0) {
                    throw new ProtocolException(ErrorCode.TIMEOUT, "task wait timed out", timeoutDetails);
                }
                changed.await(Math.min(left, TimeUnit.SECONDS.toNanos(1)), TimeUnit.NANOSECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw Waits.cancelled("interrupted");
        } finally {
            lock.unlock();
        }
    }

    /** Tasks in a context, under the guard (for waits). */
    List<Task> inContextLocked(String contextId) {
        List<Task> out = new ArrayList<>();
        for (Task task : tasks.values()) {
            if (contextId.equals(task.contextId)) {
                out.add(task);
            }
        }
        return out;
    }

    Optional<Task> findLocked(String taskId) {
        return Optional.ofNullable(tasks.get(taskId));
    }

    /**
     * Tasks are never deleted by a method; so the set stays bounded, the oldest tasks that are finished
     * and cleaned up (nothing left to act on) are forgotten beyond {@code signaltty.task.retain-finished}.
     */
    private void prune() {
        long done = tasks.values().stream().filter(t -> t.disposition != null && t.worktreeRemoved).count();
        var it = tasks.values().iterator();
        while (done > retainFinished && it.hasNext()) {
            Task t = it.next();
            if (t.disposition != null && t.worktreeRemoved) {
                it.remove();
                done--;
            }
        }
    }

    /**
     * {@code Saved(seq, [])} as the tree Jackson writes for it: a first start saves this on the main thread's
     * way to the socket, where the record would first make Jackson build the serializers of {@code Task.View}
     * and everything it holds (ADR 0621).
     */
    static ObjectNode emptySnapshot(long seq) {
        ObjectNode json = ProtocolJson.MAPPER.createObjectNode().put("seq", seq);
        json.putArray("tasks");
        return json;
    }

    private void save() {
        prune();
        try {
            // under the guard the task events are appended under: the seq covers exactly these views
            long seq = journal.issuedThrough();
            journal.awaitDurable(seq);
            snapshots.save(SNAPSHOT, tasks.isEmpty() ? emptySnapshot(seq)
                    : new Saved(seq, tasks.values().stream().map(Task::view).toList()));
        } catch (RuntimeException e) {
            // the journal already has the transition; a lagging snapshot is allowed (seed R178)
            log.warn("cannot save the task snapshot: {}", e.toString());
        }
    }
}
