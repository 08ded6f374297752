package dev.signaltty.workspace.internal.git;

import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import dev.signaltty.transport.ErrorCode;
import dev.signaltty.transport.ProtocolException;

import org.jspecify.annotations.Nullable;

/**
 * {@code worktree.list|create|open|remove} over the git CLI (seed R140, R141, R142, R143, R144, R145, R146, R147, R148). Git owns the
 * registrations; nothing here fetches a remote or deletes a branch, and removal never forces.
 */
public final class Worktrees {

    public static final Duration DEFAULT_LIST_DEADLINE = Duration.ofSeconds(8);
    public static final Duration DEFAULT_CHANGE_DEADLINE = Duration.ofSeconds(60);

    /**
     * Checks that run under the removal reservation, before git is asked: a workspace still open on
     * the worktree is BAD_PARAMS (R144), a live pane inside it is PANES_ALIVE (R145).
     */
    @FunctionalInterface
    public interface RemovalGuard {
        void check(Path worktree);
    }

    private final GitRunner git;
    private final CheckoutReservations reservations;
    private final Duration listDeadline;
    private final Duration changeDeadline;

    public Worktrees(GitRunner git, CheckoutReservations reservations, Duration listDeadline, Duration changeDeadline) {
        this.git = git;
        this.reservations = reservations;
        this.listDeadline = listDeadline;
        this.changeDeadline = changeDeadline;
    }

    /** The worktrees of the repository the checkout at {@code source} belongs to, main first. */
    public List<WorktreeInfo> list(Path source) {
        return list(source, Deadline.in(listDeadline));
    }

    private List<WorktreeInfo> list(Path source, Deadline d) {
        Checkout.require(git, source, d);
        GitResult result = git.run(source, d, "worktree", "list", "--porcelain", "-z").requireOk();
        List<WorktreeInfo> out = new ArrayList<>();
        Builder current = null;
        for (String field : result.stdoutText().split("\0", -1)) {
            if (field.isEmpty()) {
                if (current != null) {
                    out.add(current.build(out.isEmpty()));
                    current = null;
                }
                continue;
            }
            int space = field.indexOf(' ');
            String key = space < 0 ? field : field.substring(0, space);
            String value = space < 0 ? null : field.substring(space + 1);
            if (key.equals("worktree")) {
                current = new Builder(value);
            } else if (current != null) {
                current.accept(key, value);
            }
        }
        if (current != null) {
            out.add(current.build(out.isEmpty()));
        }
        return out;
    }

    /** The registered worktree at {@code path} (canonical comparison), or BAD_PARAMS naming {@code path}. */
    public WorktreeInfo find(Path source, Path path) {
        return find(list(source, Deadline.in(listDeadline)), path);
    }

    /**
     * A {@code path} parameter: non-empty, no NUL. Relative paths are resolved later against the main
     * worktree's parent, as {@link #create} does, so {@code repo-feat} names the sibling it made.
     */
    public static Path parsePath(String raw, String field) {
        if (raw.isEmpty() || raw.indexOf('\0') >= 0) {
            throw ProtocolException.badParams(field, "must be a non-empty path without NUL");
        }
        try {
            return Path.of(raw);
        } catch (java.nio.file.InvalidPathException e) {
            throw ProtocolException.badParams(field, "not a valid path: " + e.getMessage());
        }
    }

    private static WorktreeInfo find(List<WorktreeInfo> all, Path path) {
        Path main = Path.of(all.getFirst().path());
        Path base = main.getParent() == null ? main : main.getParent();
        Path wanted = CheckoutReservations.canonical(base.resolve(path));
        return all.stream()
                .filter(w -> CheckoutReservations.canonical(Path.of(w.path())).equals(wanted))
                .findFirst()
                .orElseThrow(() -> ProtocolException.badParams("path", path + " is not a worktree of this repository"));
    }

    /**
     * Creates a worktree on a new branch from {@code base} (default HEAD) without fetching.
     *
     * @param path where to put it; relative paths resolve against the main worktree's parent; default
     *             {@code <main>-<branch>} beside the main worktree
     */
    public WorktreeInfo create(Path source, @Nullable String path, String branch, @Nullable String base) {
        Deadline d = Deadline.in(changeDeadline);
        Checkout.require(git, source, d);
        if (branch.isEmpty() || branch.startsWith("-")
                || !git.run(source, d, "check-ref-format", "--branch", branch).ok()) {
            throw ProtocolException.badParams("branch", "not a valid branch name: " + branch);
        }
        if (git.run(source, d, "rev-parse", "-q", "--verify", "refs/heads/" + branch).ok()) {
            throw ProtocolException.badParams("branch", "branch " + branch + " already exists");
        }
        String baseRef = base == null ? "HEAD" : base;
        GitResult commit = git.run(source, d, "rev-parse", "-q", "--verify", "--end-of-options", baseRef + "^{commit}");
        if (!commit.ok()) {
            throw ProtocolException.badParams("base", baseRef + " does not name a commit");
        }
        List<WorktreeInfo> existing = list(source, d);
        Path mainPath = Path.of(existing.getFirst().path());
        Path parent = mainPath.getParent() == null ? mainPath : mainPath.getParent();
        Path target = path == null
                ? parent.resolve(mainPath.getFileName() + "-" + branch.replace('/', '-'))
                : parent.resolve(parsePath(path, "path")).normalize();
        if (Files.exists(target, LinkOption.NOFOLLOW_LINKS)) {
            throw ProtocolException.badParams("path", target + " already exists");
        }
        try (CheckoutReservations.Use use = reservations.beginUse(target, "path")) {
            git.run(source, d, Map.of(), GitRunner.DEFAULT_STDOUT_CAP, List.of("worktree", "add", "--quiet", "-b",
                    branch, "--", target.toString(), commit.stdoutText().strip())).requireOk();
            return find(list(source, d), target);
        }
    }

    /**
     * Removes a clean, unlocked, linked worktree. The branch stays. Refusals: not a registered
     * worktree, the main worktree, locked, prunable (already gone) or dirty → BAD_PARAMS; whatever the
     * guard refuses (open workspace, live panes); and a concurrent removal or launch (the reservation).
     */
    public WorktreeInfo remove(Path source, Path path, RemovalGuard guard) {
        Deadline d = Deadline.in(changeDeadline);
        WorktreeInfo target = find(list(source, d), path);
        if (target.main()) {
            throw ProtocolException.badParams("path", target.path() + " is the main worktree");
        }
        if (target.locked()) {
            throw new ProtocolException(ErrorCode.BAD_PARAMS, target.path() + " is locked"
                    + (target.lockedReason() == null ? "" : ": " + target.lockedReason()),
                    Map.of("field", "path", "reason", "locked"));
        }
        if (target.prunable()) {
            throw new ProtocolException(ErrorCode.BAD_PARAMS, target.path() + " is invalid: "
                    + (target.prunableReason() == null ? "prunable" : target.prunableReason()),
                    Map.of("field", "path", "reason", "invalid"));
        }
        Path worktree = Path.of(target.path());
        try (CheckoutReservations.Removal removal = reservations.reserveRemoval(worktree, "path")) {
            guard.check(removal.checkout());
            GitResult status = git.run(worktree, d, "status", "--porcelain", "-z", "--untracked-files=normal",
                    "--ignore-submodules=none").requireOk();
            if (!status.stdoutText().isEmpty()) {
                List<String> files = new ArrayList<>();
                for (String entry : status.stdoutText().split("\0")) {
                    if (entry.length() > 3 && files.size() < 20) {
                        files.add(entry.substring(3));
                    }
                }
                throw new ProtocolException(ErrorCode.BAD_PARAMS, target.path() + " has uncommitted or untracked changes",
                        Map.of("field", "path", "reason", "dirty", "files", files));
            }
            GitResult removed = git.run(source, d, "worktree", "remove", "--", target.path());
            if (!removed.ok()) {
                String why = removed.stderr().strip().lines().findFirst().orElse("git refused");
                throw new ProtocolException(ErrorCode.BAD_PARAMS, why, Map.of("field", "path", "reason", "refused"));
            }
            return target;
        }
    }

    private static final class Builder {
        final String path;
        String head;
        String branch;
        boolean detached;
        boolean bare;
        boolean locked;
        String lockedReason;
        boolean prunable;
        String prunableReason;

        Builder(String path) {
            this.path = path;
        }

        void accept(String key, @Nullable String value) {
            switch (key) {
                case "HEAD" -> head = value;
                case "branch" -> branch = value != null && value.startsWith("refs/heads/") ? value.substring(11) : value;
                case "detached" -> detached = true;
                case "bare" -> bare = true;
                case "locked" -> {
                    locked = true;
                    lockedReason = value;
                }
                case "prunable" -> {
                    prunable = true;
                    prunableReason = value;
                }
                default -> { } // future keys are ignored, like unknown protocol fields
            }
        }

        WorktreeInfo build(boolean main) {
            return new WorktreeInfo(path, head, branch, main, detached, bare, locked, lockedReason, prunable, prunableReason);
        }
    }
}
