package dev.signaltty.workspace.internal;

import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

import org.jspecify.annotations.Nullable;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.SmartLifecycle;
import org.springframework.stereotype.Component;

import dev.signaltty.journal.EventLog;
import dev.signaltty.workspace.internal.git.GitStatusWatcher;

/**
 * Emits {@code git.changed {workspace_id, path, branch, head, changed}} when a workspace checkout's git
 * status changes. Polls every {@code signaltty.git.watch-interval-ms} (the debounce), watching at most
 * {@code signaltty.git.watch-max-repos} workspaces (the oldest ones).
 */
@Component
class GitChangedPublisher implements SmartLifecycle {

    private final WorkspaceStore store;
    private final GitStatusWatcher watcher;
    private final EventLog events;
    private final Duration interval;
    private volatile @Nullable Thread thread;

    GitChangedPublisher(WorkspaceStore store, GitStatusWatcher watcher, EventLog events,
                        @Value("${signaltty.git.watch-interval-ms:2000}") long intervalMs) {
        this.store = store;
        this.watcher = watcher;
        this.events = events;
        this.interval = Duration.ofMillis(intervalMs);
    }

    private Map<String, Path> targets() {
        Map<String, Path> out = new LinkedHashMap<>();
        store.list().forEach(w -> out.put(w.workspaceId(), Path.of(w.cwd())));
        return out;
    }

    private void publish(GitStatusWatcher.Change change) {
        var payload = new WorkspaceEvents.GitChanged(change.workspaceId(), change.path(), change.branch(), change.head(),
                change.changed());
        store.lock().run(() -> events.append(payload));
    }

    @Override
    public void start() {
        thread = watcher.start(interval, this::targets, this::publish);
    }

    @Override
    public void stop() {
        Thread t = thread;
        if (t != null) {
            t.interrupt();
        }
        thread = null;
    }

    @Override
    public boolean isRunning() {
        return thread != null;
    }
}
