package dev.signaltty.workspace;

import java.util.List;

import org.jspecify.annotations.Nullable;

/**
 * {@code workspace.diff}: the changed files of a checkout with added/removed line counts. Untracked
 * files are listed (status {@code untracked}, no counts) and left out of the totals (seed R277).
 *
 * @param base      the tree compared against (HEAD's, the empty tree, or a turn baseline)
 * @param truncated more files changed than the reader's cap listed
 */
public record DiffSummary(String base, List<ChangedFile> files, int added, int removed, boolean truncated) {

    public DiffSummary {
        files = List.copyOf(files);
    }

    /**
     * @param status  {@code added}, {@code modified}, {@code deleted}, {@code type_changed},
     *                {@code unmerged} or {@code untracked}
     * @param added   lines added; absent for binary and untracked files
     * @param removed lines removed; absent for binary and untracked files
     */
    public record ChangedFile(String path, String status, @Nullable Integer added, @Nullable Integer removed,
                              boolean binary) {
    }
}
