package dev.signaltty.task.internal;

import java.util.List;
import java.util.Locale;

import org.jspecify.annotations.Nullable;

import com.fasterxml.jackson.annotation.JsonValue;

/**
 * Why the last {@code task.finish} did not complete (ADR 0420): the task keeps its worktree and state,
 * and a retry clears this. {@code files} lists the conflicting paths of a merge conflict.
 */
record FinishError(Reason reason, @Nullable String message, @Nullable List<String> files, String at) {

    enum Reason {
        MERGE_CONFLICT, CLEANUP_FAILED, BRANCH_DELETE_FAILED;

        @JsonValue
        String wire() {
            return name().toLowerCase(Locale.ROOT);
        }
    }
}
