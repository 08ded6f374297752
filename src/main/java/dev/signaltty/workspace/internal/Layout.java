package dev.signaltty.workspace.internal;

import java.util.ArrayList;
import java.util.List;

import org.jspecify.annotations.Nullable;

/**
 * A tab's layout: a binary tree whose leaves are panes. On the wire a leaf is {@code {pane_id}} and a
 * split is {@code {direction, ratio, first, second}}; {@code ratio} is the first child's share.
 */
sealed interface Layout permits Layout.Leaf, Layout.Split {

    double MIN_RATIO = 0.05;
    double MAX_RATIO = 0.95;

    record Leaf(String paneId) implements Layout {
    }

    record Split(String direction, double ratio, Layout first, Layout second) implements Layout {
    }

    static double clampRatio(double ratio) {
        return Math.max(MIN_RATIO, Math.min(MAX_RATIO, ratio));
    }

    default List<String> panes() {
        List<String> out = new ArrayList<>();
        collect(this, out);
        return out;
    }

    private static void collect(Layout node, List<String> out) {
        switch (node) {
            case Leaf leaf -> out.add(leaf.paneId());
            case Split split -> {
                collect(split.first(), out);
                collect(split.second(), out);
            }
        }
    }

    /** Replaces the leaf {@code target} with a split of it and {@code added}; evens out a same-direction run. */
    static Layout splitAt(Layout node, String target, String added, String direction, @Nullable Double ratio) {
        Layout split = splitLeaf(node, target, added, direction, ratio);
        return ratio == null ? even(split, direction) : split;
    }

    private static Layout splitLeaf(Layout node, String target, String added, String direction, @Nullable Double ratio) {
        return switch (node) {
            case Leaf leaf -> leaf.paneId().equals(target)
                    ? new Split(direction, ratio == null ? 0.5 : clampRatio(ratio), leaf, new Leaf(added))
                    : leaf;
            case Split split -> new Split(split.direction(), split.ratio(),
                    splitLeaf(split.first(), target, added, direction, ratio),
                    splitLeaf(split.second(), target, added, direction, ratio));
        };
    }

    /**
     * Evens out right-leaning runs of splits in {@code direction}: a run of n panes gets ratios
     * 1/n, 1/(n-1), … so every pane in the run has the same share (tmux's even layout).
     */
    static Layout even(Layout node, String direction) {
        return switch (node) {
            case Leaf leaf -> leaf;
            case Split split -> {
                Layout first = even(split.first(), direction);
                Layout second = even(split.second(), direction);
                if (!split.direction().equals(direction)) {
                    yield new Split(split.direction(), split.ratio(), first, second);
                }
                int run = 1 + runLength(second, direction);
                yield new Split(split.direction(), clampRatio(1.0 / run), first, second);
            }
        };
    }

    private static int runLength(Layout node, String direction) {
        if (node instanceof Split split && split.direction().equals(direction)) {
            return 1 + runLength(split.second(), direction);
        }
        return 1;
    }

    /** The tree without {@code paneId}; its parent split collapses into the sibling. Null if nothing is left. */
    static @Nullable Layout remove(Layout node, String paneId) {
        return switch (node) {
            case Leaf leaf -> leaf.paneId().equals(paneId) ? null : leaf;
            case Split split -> {
                Layout first = remove(split.first(), paneId);
                Layout second = remove(split.second(), paneId);
                if (first == null) {
                    yield second;
                }
                if (second == null) {
                    yield first;
                }
                yield new Split(split.direction(), split.ratio(), first, second);
            }
        };
    }
}
