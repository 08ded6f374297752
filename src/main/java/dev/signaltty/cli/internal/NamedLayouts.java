package dev.signaltty.cli.internal;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * tmux's named layouts as {@code tab.set_layout} trees over a tab's panes in layout order
 * ({@code tab set-layout <tab> tiled}). The CLI builds the tree from {@code tab.get}'s {@code pane_ids};
 * the daemon checks it as any other tree, so a pane added in between makes the call fail, never guess.
 */
public final class NamedLayouts {

    /** The main pane's share in main-vertical / main-horizontal (tmux sizes it in cells; a share fits any size). */
    static final double MAIN_SHARE = 0.6;

    public static final List<String> NAMES = List.of("even-horizontal", "even-vertical", "main-vertical",
            "main-horizontal", "tiled");

    private NamedLayouts() {
    }

    /** The tree for {@code name}; {@code panes} is never empty. */
    public static Map<String, Object> build(String name, List<String> panes) {
        return switch (name) {
            case "even-horizontal" -> even(panes, "right");
            case "even-vertical" -> even(panes, "down");
            case "main-vertical" -> main(panes, "right", "down");
            case "main-horizontal" -> main(panes, "down", "right");
            case "tiled" -> tiled(panes);
            default -> throw new IllegalArgumentException(name);
        };
    }

    /** Equal shares side by side ({@code right}) or stacked ({@code down}). */
    private static Map<String, Object> even(List<String> panes, String direction) {
        if (panes.size() == 1) {
            return Map.of("pane_id", panes.getFirst());
        }
        return split(direction, 1.0 / panes.size(), Map.of("pane_id", panes.getFirst()),
                even(panes.subList(1, panes.size()), direction));
    }

    private static Map<String, Object> main(List<String> panes, String direction, String rest) {
        if (panes.size() == 1) {
            return Map.of("pane_id", panes.getFirst());
        }
        return split(direction, MAIN_SHARE, Map.of("pane_id", panes.getFirst()), even(panes.subList(1, panes.size()), rest));
    }

    /** A grid of ⌈√n⌉ columns, rows stacked evenly; the last row may hold fewer panes, each wider. */
    private static Map<String, Object> tiled(List<String> panes) {
        int columns = (int) Math.ceil(Math.sqrt(panes.size()));
        int rows = (panes.size() + columns - 1) / columns;
        return rows(panes, columns, rows);
    }

    private static Map<String, Object> rows(List<String> panes, int columns, int rows) {
        List<String> row = panes.subList(0, Math.min(columns, panes.size()));
        if (rows == 1 || row.size() == panes.size()) {
            return even(row, "right");
        }
        return split("down", 1.0 / rows, even(row, "right"), rows(panes.subList(row.size(), panes.size()), columns, rows - 1));
    }

    private static Map<String, Object> split(String direction, double ratio, Map<String, Object> first,
            Map<String, Object> second) {
        Map<String, Object> node = new LinkedHashMap<>();
        node.put("direction", direction);
        node.put("ratio", BigDecimal.valueOf(ratio).setScale(4, RoundingMode.HALF_EVEN));
        node.put("first", first);
        node.put("second", second);
        return node;
    }
}
