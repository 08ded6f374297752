package dev.signaltty.workspace.internal;

import org.jspecify.annotations.Nullable;
import dev.signaltty.workspace.SplitDirection;

/**
 * {@code tab.set_layout}'s tree as the client sends it (ADR 0341): a leaf names a pane by id or name, a
 * split has a direction, an optional ratio and two subtrees. The binder picks the alternative by the
 * fields a node uses and names the faulty field ({@code layout.first.direction}); {@link LayoutResolver}
 * then checks it against the tab's panes and turns it into a {@link Layout}.
 */
sealed interface LayoutTree permits LayoutTree.Leaf, LayoutTree.Split {

    record Leaf(String paneId) implements LayoutTree {
    }

    /** {@code ratio}: the first child's share; absent means a half. */
    record Split(SplitDirection direction, @Nullable Double ratio, LayoutTree first, LayoutTree second) implements LayoutTree {
    }
}
