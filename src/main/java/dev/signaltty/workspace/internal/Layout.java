package dev.signaltty.workspace.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;

import org.jspecify.annotations.Nullable;
import dev.signaltty.workspace.SplitDirection;
import dev.signaltty.workspace.SplitSide;

/**
 * A tab's layout: a binary tree whose leaves are panes. On the wire a leaf is {@code {pane_id}} and a
 * split is {@code {direction, ratio, first, second}}; {@code ratio} is the first child's share. Trees
 * are immutable values: every operation returns a new tree, so "did anything change" is {@code equals}.
 */
sealed interface Layout permits Layout.Leaf, Layout.Split {

    double MIN_RATIO = 0.05;
    double MAX_RATIO = 0.95;

    record Leaf(String paneId) implements Layout {
    }

    record Split(SplitDirection direction, double ratio, Layout first, Layout second) implements Layout {
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

    /** The node at {@code path} (0 = first, 1 = second from the root), or null if the path leaves the tree. */
    static @Nullable Layout at(Layout root, List<Integer> path) {
        Layout node = root;
        for (int step : path) {
            if (!(node instanceof Split split)) {
                return null;
            }
            node = step == 0 ? split.first() : split.second();
        }
        return node;
    }

    /** The tree with the node at {@code path} (which must exist) replaced by {@code change} of it. */
    static Layout replaceAt(Layout root, List<Integer> path, UnaryOperator<Layout> change) {
        if (path.isEmpty()) {
            return change.apply(root);
        }
        Split split = (Split) root;
        List<Integer> rest = path.subList(1, path.size());
        return path.getFirst() == 0
                ? new Split(split.direction(), split.ratio(), replaceAt(split.first(), rest, change), split.second())
                : new Split(split.direction(), split.ratio(), split.first(), replaceAt(split.second(), rest, change));
    }

    /** The path from the root to the leaf of {@code paneId}, or null if it is not in the tree. */
    static @Nullable List<Integer> pathTo(Layout root, String paneId) {
        List<Integer> path = new ArrayList<>();
        return find(root, paneId, path) ? path : null;
    }

    private static boolean find(Layout node, String paneId, List<Integer> path) {
        return switch (node) {
            case Leaf leaf -> leaf.paneId().equals(paneId);
            case Split split -> {
                path.add(0);
                if (find(split.first(), paneId, path)) {
                    yield true;
                }
                path.set(path.size() - 1, 1);
                if (find(split.second(), paneId, path)) {
                    yield true;
                }
                path.removeLast();
                yield false;
            }
        };
    }

    /**
     * Replaces the leaf {@code target} with a split of it and {@code added}: the target first and the added pane
     * second ({@code right}, {@code down}), or the other way round ({@code left}, {@code up}). With an explicit
     * ratio that ratio is the target's share; without one the same-direction group the new split joins is evened
     * out (see {@link #evenGroup}). The target must be in the tree.
     */
    static Layout splitAt(Layout root, String target, String added, SplitSide side, @Nullable Double ratio) {
        List<Integer> path = pathTo(root, target);
        if (path == null) {
            throw new IllegalArgumentException("pane " + target + " is not in the layout");
        }
        SplitDirection direction = side.direction();
        double share = ratio == null ? 0.5 : clampRatio(ratio);
        Layout split = replaceAt(root, path, leaf -> side.before()
                ? new Split(direction, clampRatio(1 - share), new Leaf(added), leaf)
                : new Split(direction, share, leaf, new Leaf(added)));
        if (ratio != null) {
            return split;
        }
        // climb while the ancestors split the same way: that whole group is one row (or column) of cells
        int top = path.size();
        while (top > 0 && at(split, path.subList(0, top - 1)) instanceof Split parent
                && parent.direction() == direction) {
            top--;
        }
        return replaceAt(split, path.subList(0, top), node -> evenGroup(node, direction));
    }

    /**
     * Gives every cell of a group of same-direction splits the same share. A cell is a child that is
     * not itself a split in that direction; a split's ratio becomes cells(first) / cells(both), which
     * for tmux's right-leaning run of n panes is 1/n, 1/(n-1), … Other splits keep their ratios.
     */
    static Layout evenGroup(Layout node, SplitDirection direction) {
        if (!(node instanceof Split split) || split.direction() != direction) {
            return node;
        }
        int first = cells(split.first(), direction);
        int second = cells(split.second(), direction);
        return new Split(direction, clampRatio((double) first / (first + second)),
                evenGroup(split.first(), direction), evenGroup(split.second(), direction));
    }

    private static int cells(Layout node, SplitDirection direction) {
        if (node instanceof Split split && split.direction() == direction) {
            return cells(split.first(), direction) + cells(split.second(), direction);
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

    /** The tree with leaf {@code from} renamed to {@code to} (and {@code to} to {@code from}): shape and ratios stay. */
    static Layout exchange(Layout node, String from, String to) {
        return switch (node) {
            case Leaf leaf -> leaf.paneId().equals(from) ? new Leaf(to)
                    : leaf.paneId().equals(to) ? new Leaf(from) : leaf;
            case Split split -> new Split(split.direction(), split.ratio(),
                    exchange(split.first(), from, to), exchange(split.second(), from, to));
        };
    }
}
