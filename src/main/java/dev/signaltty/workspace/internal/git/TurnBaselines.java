package dev.signaltty.workspace.internal.git;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

import dev.signaltty.transport.ErrorCode;
import dev.signaltty.transport.ProtocolException;
import dev.signaltty.workspace.DiffContent;
import dev.signaltty.workspace.DiffSummary;

import org.jspecify.annotations.Nullable;

/**
 * Turn baselines (the seed's ADR-0029, R286, R287, R288, R289): when a pane starts a turn, the workspace checkout's
 * working tree — tracked and unignored untracked files, with clean filters applied — is written as a
 * tree object through a {@link TempIndex}. The user's index, HEAD and refs are never touched; the only
 * repository effect is new loose objects, which git's own gc prunes once unreferenced.
 *
 * <p>The latest baseline per workspace is kept in memory. A failed capture is recorded too, so
 * turn-scoped reads report that error instead of a stale baseline.
 */
public final class TurnBaselines {

    public static final Duration DEFAULT_CAPTURE_DEADLINE = Duration.ofSeconds(30);

    /**
     * @param tree  the captured tree, or {@code null} when the capture failed
     * @param error why the capture failed
     */
    public record Baseline(String workspaceId, String paneId, Instant startedAt, Path root, @Nullable String tree,
                           @Nullable String error) {
    }

    private final GitRunner git;
    private final Duration captureDeadline;
    private final FileDiffReader files;
    private final DiffSummaryReader summaries;
    private final Duration readDeadline;
    private final Map<String, Baseline> latest = new ConcurrentHashMap<>();

    public TurnBaselines(GitRunner git, Duration captureDeadline, Duration readDeadline) {
        this.git = git;
        this.captureDeadline = captureDeadline;
        this.readDeadline = readDeadline;
        this.files = new FileDiffReader(git, readDeadline);
        this.summaries = new DiffSummaryReader(git, readDeadline);
    }

    /** Writes the working tree of the checkout containing {@code dir} as a tree object; returns its id. */
    public String captureTree(Path dir) {
        Deadline d = Deadline.in(captureDeadline);
        Checkout checkout = Checkout.require(git, dir, d);
        try (TempIndex temp = TempIndex.copyWritingObjects(git, checkout.root(), d)) {
            git.run(checkout.root(), d, temp.env(), GitRunner.DEFAULT_STDOUT_CAP,
                    List.of("add", "--all", "--", ".")).requireOk();
            return git.run(checkout.root(), d, temp.env(), GitRunner.DEFAULT_STDOUT_CAP,
                    List.of("write-tree")).requireOk().stdoutText().strip();
        }
    }

    /**
     * Records the latest baseline of a workspace; never throws (the turn_started event follows either
     * way, R289).
     */
    public Baseline record(String workspaceId, String paneId, Path checkout, Instant startedAt) {
        Baseline baseline;
        try {
            baseline = new Baseline(workspaceId, paneId, startedAt, checkout, captureTree(checkout), null);
        } catch (ProtocolException e) {
            baseline = new Baseline(workspaceId, paneId, startedAt, checkout, null, e.code() + ": " + e.getMessage());
        } catch (RuntimeException e) {
            baseline = new Baseline(workspaceId, paneId, startedAt, checkout, null, "INTERNAL: " + e);
        }
        latest.put(workspaceId, baseline);
        return baseline;
    }

    public Optional<Baseline> latest(String workspaceId) {
        return Optional.ofNullable(latest.get(workspaceId));
    }

    public void forget(String workspaceId) {
        latest.remove(workspaceId);
    }

    /** What changed since the workspace's latest baseline. */
    public DiffSummary turnSummary(String workspaceId) {
        return turnSummary(current(workspaceId));
    }

    public DiffSummary turnSummary(Baseline baseline) {
        Deadline d = Deadline.in(readDeadline);
        return summaries.summarizeSince(Checkout.require(git, baseline.root(), d).root(), baseline.tree(), d);
    }

    /** One file's change since the workspace's latest baseline, in the file_diff shape. */
    public DiffContent turnFileDiff(String workspaceId, RepoPath path) {
        return turnFileDiff(current(workspaceId), path);
    }

    public DiffContent turnFileDiff(Baseline baseline, RepoPath path) {
        Deadline d = Deadline.in(readDeadline);
        return files.read(Checkout.require(git, baseline.root(), d).root(), baseline.tree(), path, d);
    }

    /**
     * The latest baseline of a workspace: BAD_PARAMS before any turn, IO_ERROR carrying the capture's
     * error when it failed (R289).
     */
    public Baseline current(String workspaceId) {
        Baseline baseline = latest.get(workspaceId);
        if (baseline == null) {
            throw new ProtocolException(ErrorCode.BAD_PARAMS, "no turn has started in workspace " + workspaceId,
                    Map.of("field", "workspace_id"));
        }
        if (baseline.tree() == null) {
            throw new ProtocolException(ErrorCode.IO_ERROR,
                    "the turn baseline could not be captured: " + baseline.error(),
                    Map.of("pane_id", baseline.paneId(), "started_at", baseline.startedAt().toString()));
        }
        return baseline;
    }
}
