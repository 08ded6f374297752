package dev.signaltty.task.internal;

/**
 * The label a task's worker pane is spawned with: what the task is for, its objective's first line
 * cut to {@link #MAX} characters. Clients show a pane's label when it has no name, next to the task id
 * (dashboard card and header, {@code pane list}); a label {@code task task_…} only repeated that id
 * (ADR 0790 "Found and left", ADR 0820).
 */
final class TaskPaneLabel {

    /** Long enough to tell tasks apart, short enough for a status line of several panes. */
    static final int MAX = 40;

    private TaskPaneLabel() {
    }

    static String of(String objective) {
        String first = "";
        for (String line : objective.split("\\R")) {
            if (!line.isBlank()) {
                first = line.strip().replaceAll("\\s+", " ");
                break;
            }
        }
        if (first.codePointCount(0, first.length()) <= MAX) {
            return first;
        }
        return first.substring(0, first.offsetByCodePoints(0, MAX - 1)).stripTrailing() + "…";
    }
}
