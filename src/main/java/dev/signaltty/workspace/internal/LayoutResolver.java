package dev.signaltty.workspace.internal;

import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.Set;
import java.util.function.Function;

import org.jspecify.annotations.Nullable;

import dev.signaltty.transport.ProtocolException;

/**
 * Checks a bound {@code tab.set_layout} tree against the tab (its shape was checked by the binder): every
 * fault is BAD_PARAMS naming the offending node by its path ({@code layout.first.second.pane_id}), and
 * nothing is applied until the whole tree is valid. Each pane of the tab appears exactly once; a ratio
 * must be finite and is clamped to 0.05–0.95, 0.5 when absent.
 */
final class LayoutResolver {

    private final Function<String, @Nullable String> resolve;
    private final Set<String> owned;
    private final Set<String> seen = new HashSet<>();
    private final int maxNodes;
    private int nodes;

    /**
     * @param resolve a leaf's id-or-name to a live pane id, or null
     * @param owned   the panes the tab owns: each must appear exactly once
     */
    private LayoutResolver(Function<String, @Nullable String> resolve, Collection<String> owned) {
        this.resolve = resolve;
        this.owned = new LinkedHashSet<>(owned);
        // a binary tree over n leaves has 2n-1 nodes: anything larger cannot be valid, so stop early
        this.maxNodes = Math.max(1, 2 * owned.size() - 1);
    }

    static Layout resolve(LayoutTree tree, Function<String, @Nullable String> resolve, Collection<String> owned) {
        LayoutResolver resolver = new LayoutResolver(resolve, owned);
        Layout layout = resolver.node(tree, "layout");
        for (String pane : resolver.owned) {
            if (!resolver.seen.contains(pane)) {
                throw ProtocolException.badParams("layout", "pane " + pane + " of this tab is missing");
            }
        }
        return layout;
    }

    private Layout node(LayoutTree node, String field) {
        if (++nodes > maxNodes) {
            throw ProtocolException.badParams(field, "more nodes than the tab's " + owned.size() + " panes allow");
        }
        return switch (node) {
            case LayoutTree.Leaf leaf -> leaf(leaf.paneId(), field + ".pane_id");
            case LayoutTree.Split split -> split(split, field);
        };
    }

    private Layout leaf(String idOrName, String field) {
        String id = resolve.apply(idOrName);
        if (id == null || !owned.contains(id)) {
            throw ProtocolException.badParams(field, "pane " + idOrName + " is not in this tab");
        }
        if (!seen.add(id)) {
            throw ProtocolException.badParams(field, "pane " + idOrName + " appears more than once");
        }
        return new Layout.Leaf(id);
    }

    private Layout split(LayoutTree.Split split, String field) {
        double ratio = 0.5;
        if (split.ratio() != null) {
            if (!Double.isFinite(split.ratio())) {
                throw ProtocolException.badParams(field + ".ratio", "must be a finite number");
            }
            ratio = Layout.clampRatio(split.ratio());
        }
        return new Layout.Split(split.direction(), ratio, node(split.first(), field + ".first"),
                node(split.second(), field + ".second"));
    }
}
