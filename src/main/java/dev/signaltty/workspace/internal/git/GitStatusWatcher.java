package dev.signaltty.workspace.internal.git;

import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.HashMap;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Supplier;

import org.jspecify.annotations.Nullable;

/**
 * Source of {@code git.changed} with a bounded cost (issue 8 §5): each tick it runs one
 * {@code git status --porcelain=v2 --branch} per watched checkout — at most {@code maxRepos} of them,
 * in the order the supplier lists them — and reports a checkout whose status differs from the previous
 * tick. A burst of edits inside one interval is one event (the interval is the debounce); the first
 * sighting of a checkout only records its status. Status runs with optional locks off, so it never
 * rewrites the user's index.
 */
public final class GitStatusWatcher {

    /**
     * @param branch  the checked-out branch, or {@code null} when detached/unborn
     * @param head    the HEAD commit, or {@code null} before the first commit
     * @param changed entries in the status (tracked changes and untracked files)
     */
    public record Change(String workspaceId, String path, @Nullable String branch, @Nullable String head, int changed) {
    }

    private static final long STATUS_CAP = 1024 * 1024;

    private final GitRunner git;
    private final int maxRepos;
    private final Duration perRepoDeadline;
    private final Map<String, String> fingerprints = new HashMap<>();

    public GitStatusWatcher(GitRunner git, int maxRepos, Duration perRepoDeadline) {
        this.git = git;
        this.maxRepos = maxRepos;
        this.perRepoDeadline = perRepoDeadline;
    }

    /**
     * One polling pass over {@code targets} (workspace id → checkout dir); calls {@code sink} for each
     * checkout whose status changed since the last pass. Workspaces that disappeared are forgotten.
     */
    public synchronized void poll(Map<String, Path> targets, Consumer<Change> sink) {
        Map<String, Path> watched = new LinkedHashMap<>();
        for (Map.Entry<String, Path> e : targets.entrySet()) {
            if (watched.size() >= maxRepos) {
                break;
            }
            watched.put(e.getKey(), e.getValue());
        }
        Set<String> gone = new HashSet<>(fingerprints.keySet());
        gone.removeAll(watched.keySet());
        gone.forEach(fingerprints::remove);
        watched.forEach((workspaceId, dir) -> {
            Change change;
            String fingerprint;
            try {
                GitResult status = git.run(dir, Deadline.in(perRepoDeadline), Map.of(), STATUS_CAP,
                        List.of("status", "--porcelain=v2", "--branch", "-z", "--untracked-files=normal"));
                if (!status.ok()) {
                    fingerprint = "not a checkout";
                    change = null;
                } else {
                    fingerprint = digest(status.stdout());
                    change = parse(workspaceId, dir, status.stdoutText());
                }
            } catch (RuntimeException e) {
                return; // a slow or failing checkout is retried next tick
            }
            String previous = fingerprints.put(workspaceId, fingerprint);
            if (previous != null && !previous.equals(fingerprint) && change != null) {
                sink.accept(change);
            }
        });
    }

    /** Runs {@link #poll} every {@code interval} on a virtual thread until interrupted. */
    public Thread start(Duration interval, Supplier<Map<String, Path>> targets, Consumer<Change> sink) {
        return Thread.ofVirtual().name("git-status-watcher").start(() -> {
            while (!Thread.currentThread().isInterrupted()) {
                try {
                    Thread.sleep(interval);
                    poll(targets.get(), sink);
                } catch (InterruptedException e) {
                    return;
                } catch (RuntimeException e) {
                    // keep watching: one bad pass must not end git.changed for good
                }
            }
        });
    }

    private static Change parse(String workspaceId, Path dir, String status) {
        String branch = null;
        String head = null;
        int changed = 0;
        for (String record : status.split("\0")) {
            if (record.startsWith("# branch.oid ")) {
                String oid = record.substring(13);
                head = oid.equals("(initial)") ? null : oid;
            } else if (record.startsWith("# branch.head ")) {
                String name = record.substring(14);
                branch = name.equals("(detached)") ? null : name;
            } else if (record.startsWith("1 ") || record.startsWith("2 ") || record.startsWith("u ")
                    || record.startsWith("? ")) {
                changed++;
            }
        }
        return new Change(workspaceId, dir.toString(), branch, head, changed);
    }

    private static String digest(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
