/**
 * Task: a unit of agent work in its own git worktree and branch. Owns the task store, the start flow
 * (worktree, worker pane, background first submit), the lifecycle that follows the worker's turns and
 * reports, and finish (merge or discard) and cancel. Publishes {@link dev.signaltty.task.Tasks} for
 * other modules; uses {@code pane} for workers and {@code decision} for what blocks them (ADR 0090–0092).
 */
@NullMarked
package dev.signaltty.task;

import org.jspecify.annotations.NullMarked;
