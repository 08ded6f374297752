package dev.signaltty.pane.internal;

import java.util.LinkedHashMap;
import java.util.Map;

import org.jspecify.annotations.Nullable;

/**
 * The sizes a pane's viewers asked for, one per viewer connection, in the order they were asked
 * (ADR-0160). Bounded by the pane's viewers: an entry exists only while its connection is attached.
 * Guarded by the pane terminal's monitor, like the viewer registration it follows.
 */
final class ViewerSizes {

    /** A size in cells. */
    record Size(int cols, int rows) {
    }

    /** How several viewers' sizes make the pane's (tmux's {@code window-size}). */
    enum Policy {
        /** The viewer that sized it last wins; when it leaves, the last one before it. */
        LATEST,
        /** The smallest columns and rows any viewer asked for, so every viewer shows the whole pane. */
        SMALLEST;

        static Policy parse(String value) {
            return switch (value) {
                case "latest" -> LATEST;
                case "smallest" -> SMALLEST;
                default -> throw new IllegalArgumentException(
                        "signaltty.pane.size-policy must be latest or smallest, not " + value);
            };
        }
    }

    /** Insertion order is request order: a new request moves its viewer to the end. */
    private final LinkedHashMap<Long, Size> byViewer = new LinkedHashMap<>();

    void asked(long viewer, Size size) {
        byViewer.remove(viewer);
        byViewer.put(viewer, size);
    }

    /** True when the viewer had asked for a size (so the pane's size may have to change). */
    boolean left(long viewer) {
        return byViewer.remove(viewer) != null;
    }

    /** The size the remaining viewers make, or null when none asked (the pane keeps its size). */
    @Nullable Size effective(Policy policy) {
        if (byViewer.isEmpty()) {
            return null;
        }
        if (policy == Policy.LATEST) {
            Size last = null;
            for (Map.Entry<Long, Size> e : byViewer.entrySet()) {
                last = e.getValue();
            }
            return last;
        }
        int cols = Integer.MAX_VALUE;
        int rows = Integer.MAX_VALUE;
        for (Size s : byViewer.values()) {
            cols = Math.min(cols, s.cols());
            rows = Math.min(rows, s.rows());
        }
        return new Size(cols, rows);
    }
}
