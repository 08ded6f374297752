package dev.signaltty.workspace.internal;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;

import org.jspecify.annotations.Nullable;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.core.env.Environment;
import org.springframework.stereotype.Component;

import dev.signaltty.transport.ErrorCode;
import dev.signaltty.transport.PrivateFiles;
import dev.signaltty.transport.ProtocolException;
import dev.signaltty.transport.SignalttyPaths;

/**
 * Where task.start puts a task's worktree: {@code signaltty.task.worktree-root} (ADR 0195). Empty (the
 * default) is {@code $XDG_STATE_HOME/signaltty/worktrees}; {@code beside-repo} is the sibling
 * {@code <repo>-<branch>}; anything else must be an absolute path or start with {@code ~/}. A task's
 * worktree is {@code <root>/<repo-name>/<task-id>}. A bad value stops start-up, naming the key.
 */
@Component
class TaskWorktreeRoot {

    static final String KEY = "signaltty.task.worktree-root";
    static final String BESIDE_REPO = "beside-repo";

    /** Null means beside the repository. */
    private final @Nullable Path root;

    TaskWorktreeRoot(Environment environment, @Value("${" + KEY + ":}") String setting) {
        this.root = parse(setting.strip(), SignalttyPaths.resolve(environment::getProperty).stateDir(),
                environment.getProperty("HOME", System.getProperty("user.home")));
    }

    static @Nullable Path parse(String setting, Path stateDir, String home) {
        if (setting.isEmpty()) {
            return stateDir.resolve("worktrees");
        }
        if (setting.equals(BESIDE_REPO)) {
            return null;
        }
        Path path;
        try {
            path = setting.startsWith("~/") ? Path.of(home, setting.substring(2)) : Path.of(setting);
        } catch (java.nio.file.InvalidPathException e) {
            throw invalid(setting);
        }
        if (!path.isAbsolute() || setting.indexOf('\0') >= 0) {
            throw invalid(setting);
        }
        return path.normalize();
    }

    private static IllegalArgumentException invalid(String setting) {
        return new IllegalArgumentException(KEY + " must be empty (the state dir's worktrees/), " + BESIDE_REPO
                + ", an absolute path or ~/path; was '" + setting + "'");
    }

    /**
     * The worktree path for a task of the repository at {@code repoRoot}, its per-repository directory
     * created 0700 (ours, like the state dir; the worktree's own files keep git's modes, executable bits
     * included); null: Worktrees' sibling default.
     */
    @Nullable String pathFor(Path repoRoot, String taskId) {
        if (root == null) {
            return null;
        }
        Path name = repoRoot.getFileName();
        Path repoDir = root.resolve(name == null ? "repo" : name.toString());
        try {
            PrivateFiles.directory(repoDir);
        } catch (IOException e) {
            throw new ProtocolException(ErrorCode.IO_ERROR, "cannot create " + repoDir + " (" + KEY + "): " + e,
                    Map.of("path", repoDir.toString()));
        }
        return repoDir.resolve(taskId).toString();
    }
}
