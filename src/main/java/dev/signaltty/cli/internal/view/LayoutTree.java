package dev.signaltty.cli.internal.view;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.jspecify.annotations.Nullable;

/**
 * A tab's layout tree as the daemon sends it (ADR-0070: a leaf {@code {pane_id}}, a split
 * {@code {direction, ratio, first, second}}), laid out on a grid of cells the way tmux does: each
 * split gives one column (right) or one row (down) to a divider and the rest by ratio.
 */
final class LayoutTree {

    /** A node: a leaf has a pane id; a split has both children. */
    record Node(@Nullable String paneId, String direction, double ratio, @Nullable Node first, @Nullable Node second) {
        boolean leaf() {
            return paneId != null;
        }
    }

    /** A rectangle of cells. */
    record Rect(int x, int y, int w, int h) {
        boolean contains(int cx, int cy) {
            return cx >= x && cx < x + w && cy >= y && cy < y + h;
        }
    }

    /** Where a pane is drawn. */
    record Cell(String paneId, Rect rect) {
    }

    /** A divider line, with the split's path (0/1 steps from the root) and the area the split divides. */
    record Divider(List<Integer> path, boolean vertical, int at, int from, int to, Rect area) {
        boolean contains(int cx, int cy) {
            return vertical ? cx == at && cy >= from && cy < to : cy == at && cx >= from && cx < to;
        }

        /** The ratio that moves this divider by {@code cells} columns (vertical) or rows (a resize key). */
        double ratioMovedBy(int cells) {
            return vertical ? ratioAt(at + cells, 0) : ratioAt(0, at + cells);
        }

        /** The ratio that puts this divider at the given column (vertical) or row. */
        double ratioAt(int cx, int cy) {
            int avail = (vertical ? area.w() : area.h()) - 1;
            int pos = (vertical ? cx - area.x() : cy - area.y());
            return Math.max(0.05, Math.min(0.95, avail <= 0 ? 0.5 : (double) pos / avail));
        }
    }

    /** The laid-out tree: pane cells in layout order, and the dividers. */
    record Geometry(List<Cell> cells, List<Divider> dividers) {
        @Nullable Cell cell(String paneId) {
            for (Cell c : cells) {
                if (c.paneId().equals(paneId)) {
                    return c;
                }
            }
            return null;
        }

        @Nullable Cell at(int x, int y) {
            for (Cell c : cells) {
                if (c.rect().contains(x, y)) {
                    return c;
                }
            }
            return null;
        }

        @Nullable Divider dividerAt(int x, int y) {
            for (Divider d : dividers) {
                if (d.contains(x, y)) {
                    return d;
                }
            }
            return null;
        }
    }

    private LayoutTree() {
    }

    /** Reads the wire form; null for an absent or malformed tree (an empty tab). */
    static @Nullable Node parse(@Nullable Object wire) {
        if (!(wire instanceof Map<?, ?> map)) {
            return null;
        }
        if (map.get("pane_id") instanceof String id) {
            return new Node(id, "", 0, null, null);
        }
        Node first = parse(map.get("first"));
        Node second = parse(map.get("second"));
        if (first == null || second == null) {
            return null;
        }
        double ratio = map.get("ratio") instanceof Number n ? n.doubleValue() : 0.5;
        return new Node(null, "down".equals(map.get("direction")) ? "down" : "right", ratio, first, second);
    }

    /** The tree with the split at {@code path} given a new ratio (a divider dragged, before the echo). */
    static Node withRatio(Node node, List<Integer> path, double ratio) {
        if (node.leaf()) {
            return node;
        }
        if (path.isEmpty()) {
            return new Node(null, node.direction(), ratio, node.first(), node.second());
        }
        List<Integer> rest = path.subList(1, path.size());
        return path.getFirst() == 0
                ? new Node(null, node.direction(), node.ratio(), withRatio(node.first(), rest, ratio), node.second())
                : new Node(null, node.direction(), node.ratio(), node.first(), withRatio(node.second(), rest, ratio));
    }

    /** The panes in layout order (first before second, as {@link #layout} places them). */
    static List<String> leaves(@Nullable Node node) {
        List<String> out = new ArrayList<>();
        collect(node, out);
        return out;
    }

    private static void collect(@Nullable Node node, List<String> out) {
        if (node == null) {
            return;
        }
        if (node.leaf()) {
            out.add(node.paneId());
        } else {
            collect(node.first(), out);
            collect(node.second(), out);
        }
    }

    /**
     * The wire form of the tree (tab.set_layout's {@code layout}) with its leaves taken in order from
     * {@code panes}: the same shape and ratios with the panes in other places (tmux's rotate-window).
     */
    static Map<String, Object> wire(Node node, java.util.Iterator<String> panes) {
        Map<String, Object> out = new java.util.LinkedHashMap<>();
        if (node.leaf()) {
            out.put("pane_id", panes.next());
            return out;
        }
        out.put("direction", node.direction());
        out.put("ratio", node.ratio());
        out.put("first", wire(java.util.Objects.requireNonNull(node.first()), panes));
        out.put("second", wire(java.util.Objects.requireNonNull(node.second()), panes));
        return out;
    }

    static Geometry layout(@Nullable Node root, Rect area) {
        List<Cell> cells = new ArrayList<>();
        List<Divider> dividers = new ArrayList<>();
        if (root != null) {
            place(root, area, new ArrayList<>(), cells, dividers);
        }
        return new Geometry(List.copyOf(cells), List.copyOf(dividers));
    }

    private static void place(Node node, Rect r, List<Integer> path, List<Cell> cells, List<Divider> dividers) {
        if (node.leaf()) {
            cells.add(new Cell(node.paneId(), r));
            return;
        }
        boolean vertical = node.direction().equals("right");
        int total = vertical ? r.w() : r.h();
        int avail = total - 1;
        int firstSize = avail < 2 ? Math.max(0, avail) : Math.max(1, Math.min(avail - 1, (int) Math.round(avail * node.ratio())));
        int secondSize = Math.max(0, avail - firstSize);
        Rect a;
        Rect b;
        if (vertical) {
            a = new Rect(r.x(), r.y(), firstSize, r.h());
            b = new Rect(r.x() + firstSize + 1, r.y(), secondSize, r.h());
            dividers.add(new Divider(List.copyOf(path), true, r.x() + firstSize, r.y(), r.y() + r.h(), r));
        } else {
            a = new Rect(r.x(), r.y(), r.w(), firstSize);
            b = new Rect(r.x(), r.y() + firstSize + 1, r.w(), secondSize);
            dividers.add(new Divider(List.copyOf(path), false, r.y() + firstSize, r.x(), r.x() + r.w(), r));
        }
        path.add(0);
        place(node.first(), a, path, cells, dividers);
        path.set(path.size() - 1, 1);
        place(node.second(), b, path, cells, dividers);
        path.removeLast();
    }

    /**
     * The pane beside {@code from} in a direction (dx, dy one of -1/0/1): the cell across the divider
     * that overlaps it most, or null at the edge.
     */
    static @Nullable String neighbour(Geometry g, String from, int dx, int dy) {
        Cell f = g.cell(from);
        if (f == null) {
            return null;
        }
        Rect fr = f.rect();
        String best = null;
        int bestOverlap = 0;
        for (Cell c : g.cells()) {
            Rect r = c.rect();
            boolean across = dx < 0 ? r.x() + r.w() + 1 == fr.x() : dx > 0 ? fr.x() + fr.w() + 1 == r.x()
                    : dy < 0 ? r.y() + r.h() + 1 == fr.y() : fr.y() + fr.h() + 1 == r.y();
            if (!across || c.paneId().equals(from)) {
                continue;
            }
            int overlap = dx != 0 ? Math.min(r.y() + r.h(), fr.y() + fr.h()) - Math.max(r.y(), fr.y())
                    : Math.min(r.x() + r.w(), fr.x() + fr.w()) - Math.max(r.x(), fr.x());
            if (overlap > bestOverlap) {
                bestOverlap = overlap;
                best = c.paneId();
            }
        }
        return best;
    }

    /**
     * The divider a resize key moves for {@code paneId}, as tmux's resize-pane picks it: the pane's
     * right (vertical) or bottom edge, else its left or top edge when the pane is last in its row or
     * column; null when no divider of that kind borders the pane.
     */
    static @Nullable Divider edge(Geometry g, String paneId, boolean vertical) {
        Cell c = g.cell(paneId);
        if (c == null) {
            return null;
        }
        Rect r = c.rect();
        Divider before = null;
        for (Divider d : g.dividers()) {
            if (d.vertical() != vertical) {
                continue;
            }
            boolean spans = vertical ? d.from() <= r.y() && d.to() >= r.y() + r.h() : d.from() <= r.x() && d.to() >= r.x() + r.w();
            int far = vertical ? r.x() + r.w() : r.y() + r.h();
            int near = vertical ? r.x() - 1 : r.y() - 1;
            if (spans && d.at() == far) {
                return d;
            }
            if (spans && d.at() == near) {
                before = d;
            }
        }
        return before;
    }
}
