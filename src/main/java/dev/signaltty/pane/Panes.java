package dev.signaltty.pane;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.jspecify.annotations.Nullable;

/**
 * Panes as other modules (tasks) drive them: spawn, find, write, read the screen, close. Implemented
 * in {@code pane/internal} over the same lifecycle {@code pane.spawn} and {@code pane.close} use, so
 * launches are validated, published and journaled the same way.
 */
public interface Panes {

    /**
     * A launch. {@code env} entries are added to the pane's environment (after the daemon's own are
     * stripped). {@code taskId} tags a task worker: every view and event about the pane carries
     * {@code task_id}, and its process gets {@code SIGNALTTY_TASK} so its own commands find the task.
     */
    record SpawnRequest(String workspaceId, @Nullable String tabId, List<String> argv, Path cwd,
                        Map<String, String> env, @Nullable String parentPaneId, @Nullable String label,
                        @Nullable String relationship, @Nullable String taskId) {
    }

    record PaneInfo(String paneId, String workspaceId, String tabId, Path cwd, boolean alive,
                    @Nullable String taskId) {
    }

    /** Launches a pane; the pane module's errors (NO_SUCH_WORKSPACE/TAB/PANE, SPAWN_FAILED, BAD_PARAMS). */
    PaneInfo spawn(SpawnRequest request);

    /** A pane by id (closed panes are gone). */
    Optional<PaneInfo> find(String paneId);

    /** Writes input bytes; IOException once the pane has exited or closed. */
    void write(String paneId, byte[] bytes) throws IOException;

    /** Whether the program enabled bracketed paste (DECSET 2004). */
    boolean bracketedPaste(String paneId);

    /** The last {@code lines} non-empty lines of the current screen (empty when the pane is gone). */
    String screenTail(String paneId, int lines);

    /**
     * Drops the pane's agent attention to {@code none} (journaled as {@code attention.cleared} with
     * {@code cause}); a pending decision clears with it. Used when a task closes its worker.
     */
    void clearAttention(String paneId, String cause);

    /** Closes a pane (hang up, reap) like {@code pane.close}; a no-op when it is already gone. */
    void close(String paneId);

    /**
     * Waits up to {@code timeout} for a closed or exiting pane's process to be reaped (the close grants
     * a hang-up grace period before it kills); true once it has.
     */
    boolean awaitExit(String paneId, java.time.Duration timeout) throws InterruptedException;
}
