package dev.signaltty.task;

import java.util.Optional;

/**
 * What other modules may ask of task orchestration. A worker pane is also tagged with its task id by
 * the spawn request ({@code Panes.SpawnRequest.taskId}), which is how the pane module puts
 * {@code task_id} on its events (the pane module cannot depend on this one: tasks drive panes).
 */
public interface Tasks {

    /** The task whose worker is {@code paneId}, if any. */
    Optional<String> taskIdOfPane(String paneId);
}
