package dev.signaltty.workspace.internal;

import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.Set;
import java.util.function.Function;

import org.jspecify.annotations.Nullable;

import dev.signaltty.transport.ProtocolException;
import tools.jackson.databind.JsonNode;

/**
 * Reads a {@code tab.set_layout} tree strictly: every fault is BAD_PARAMS naming the offending node by
 * its path ({@code layout.first.second.pane_id}), and nothing is applied until the whole tree is valid.
 * A leaf is {@code {pane_id}} (an id or a pane name); a split is {@code {direction, ratio?, first,
 * second}} with ratio defaulting to 0.5, required finite, and clamped to 0.05–0.95.
 */
final class LayoutParser {

    private final Function<String, @Nullable String> resolve;
    private final Set<String> owned;
    private final Set<String> seen = new HashSet<>();
    private final int maxNodes;
    private int nodes;

    /**
     * @param resolve a leaf's id-or-name to a live pane id, or null
     * @param owned   the panes the tab owns: each must appear exactly once
     */
    private LayoutParser(Function<String, @Nullable String> resolve, Collection<String> owned) {
        this.resolve = resolve;
        this.owned = new LinkedHashSet<>(owned);
        // a binary tree over n leaves has 2n-1 nodes: anything larger cannot be valid, so stop early
        this.maxNodes = Math.max(1, 2 * owned.size() - 1);
    }

    static Layout parse(JsonNode tree, Function<String, @Nullable String> resolve, Collection<String> owned) {
        LayoutParser parser = new LayoutParser(resolve, owned);
        Layout layout = parser.node(tree, "layout");
        for (String pane : parser.owned) {
            if (!parser.seen.contains(pane)) {
                throw ProtocolException.badParams("layout", "pane " + pane + " of this tab is missing");
            }
        }
        return layout;
    }

    private Layout node(JsonNode node, String field) {
        if (++nodes > maxNodes) {
            throw ProtocolException.badParams(field, "more nodes than the tab's " + owned.size() + " panes allow");
        }
        if (!node.isObject()) {
            throw ProtocolException.badParams(field, "must be an object");
        }
        JsonNode paneId = present(node, "pane_id");
        boolean split = present(node, "first") != null || present(node, "second") != null
                || present(node, "direction") != null;
        if (paneId != null && split) {
            throw ProtocolException.badParams(field, "is both a leaf (pane_id) and a split");
        }
        return paneId != null ? leaf(paneId, field + ".pane_id") : split(node, field);
    }

    private Layout leaf(JsonNode value, String field) {
        if (!value.isString()) {
            throw ProtocolException.badParams(field, "must be a string");
        }
        String id = resolve.apply(value.asString());
        if (id == null || !owned.contains(id)) {
            throw ProtocolException.badParams(field, "pane " + value.asString() + " is not in this tab");
        }
        if (!seen.add(id)) {
            throw ProtocolException.badParams(field, "pane " + value.asString() + " appears more than once");
        }
        return new Layout.Leaf(id);
    }

    private Layout split(JsonNode node, String field) {
        JsonNode direction = present(node, "direction");
        if (direction == null || !direction.isString() || !Layout.DIRECTIONS.contains(direction.asString())) {
            throw ProtocolException.badParams(field + ".direction", "must be \"right\" or \"down\"");
        }
        JsonNode ratioNode = present(node, "ratio");
        double ratio = 0.5;
        if (ratioNode != null) {
            if (!ratioNode.isNumber() || !Double.isFinite(ratioNode.doubleValue())) {
                throw ProtocolException.badParams(field + ".ratio", "must be a finite number");
            }
            ratio = Layout.clampRatio(ratioNode.doubleValue());
        }
        JsonNode first = present(node, "first");
        JsonNode second = present(node, "second");
        if (first == null) {
            throw ProtocolException.badParams(field + ".first", "is required");
        }
        if (second == null) {
            throw ProtocolException.badParams(field + ".second", "is required");
        }
        return new Layout.Split(direction.asString(), ratio, node(first, field + ".first"),
                node(second, field + ".second"));
    }

    private static @Nullable JsonNode present(JsonNode node, String name) {
        JsonNode value = node.get(name);
        return value == null || value.isNull() || value.isMissingNode() ? null : value;
    }
}
