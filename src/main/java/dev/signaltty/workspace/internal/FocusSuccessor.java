package dev.signaltty.workspace.internal;

import org.jspecify.annotations.Nullable;

import dev.signaltty.workspace.SplitDirection;

/**
 * Which pane a tab focuses when its focused pane leaves the layout (closed, moved out): as tmux, the
 * pane focused before it while that one is still there, else the pane that takes the leaving pane's
 * space, the one now covering its top-left corner. The tab view made this choice per view until the
 * daemon's focus became the shared one (ADR 1010); made here, every client shows the same pane.
 * Geometry is the unit square split by the ratios, so the choice does not depend on any terminal's size.
 */
final class FocusSuccessor {

    private FocusSuccessor() {
    }

    /**
     * The pane to focus in {@code after} once {@code leaving} (focused in {@code before}) has gone, or
     * null when {@code after} is empty.
     */
    static @Nullable String of(Layout before, String leaving, @Nullable Layout after, @Nullable String previous) {
        if (after == null) {
            return null;
        }
        if (previous != null && !previous.equals(leaving) && after.panes().contains(previous)) {
            return previous;
        }
        double[] corner = corner(before, leaving, 0, 0, 1, 1);
        return corner == null ? after.panes().getFirst() : at(after, corner[0], corner[1], 0, 0, 1, 1);
    }

    /** The top-left corner of {@code paneId}'s cell in the rect (x, y, w, h), or null when it is not in the tree. */
    private static double @Nullable [] corner(Layout node, String paneId, double x, double y, double w, double h) {
        return switch (node) {
            case Layout.Leaf leaf -> leaf.paneId().equals(paneId) ? new double[] {x, y} : null;
            case Layout.Split split -> {
                double[] inFirst = split.direction() == SplitDirection.RIGHT
                        ? corner(split.first(), paneId, x, y, w * split.ratio(), h)
                        : corner(split.first(), paneId, x, y, w, h * split.ratio());
                yield inFirst != null ? inFirst : split.direction() == SplitDirection.RIGHT
                        ? corner(split.second(), paneId, x + w * split.ratio(), y, w * (1 - split.ratio()), h)
                        : corner(split.second(), paneId, x, y + h * split.ratio(), w, h * (1 - split.ratio()));
            }
        };
    }

    /** The pane whose cell holds the point (px, py); a point on a divider belongs to the cell after it. */
    private static String at(Layout node, double px, double py, double x, double y, double w, double h) {
        return switch (node) {
            case Layout.Leaf leaf -> leaf.paneId();
            case Layout.Split split -> {
                if (split.direction() == SplitDirection.RIGHT) {
                    double edge = x + w * split.ratio();
                    yield px < edge ? at(split.first(), px, py, x, y, edge - x, h)
                            : at(split.second(), px, py, edge, y, x + w - edge, h);
                }
                double edge = y + h * split.ratio();
                yield py < edge ? at(split.first(), px, py, x, y, w, edge - y)
                        : at(split.second(), px, py, x, edge, w, y + h - edge);
            }
        };
    }
}
