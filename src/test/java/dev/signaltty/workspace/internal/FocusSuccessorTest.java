package dev.signaltty.workspace.internal;

import static dev.signaltty.workspace.SplitDirection.DOWN;
import static dev.signaltty.workspace.SplitDirection.RIGHT;
import static dev.signaltty.workspace.internal.LayoutTest.leaf;
import static dev.signaltty.workspace.internal.LayoutTest.split;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Where a tab's focus goes when its focused pane leaves: the pane focused before, else the one taking its space. */
class FocusSuccessorTest {

    private static String after(Layout before, String leaving, String previous) {
        return FocusSuccessor.of(before, leaving, Layout.remove(before, leaving), previous);
    }

    @Test
    void thePaneFocusedBeforeTakesTheFocusBackWhileItIsThere() {
        Layout tree = split(RIGHT, 0.5, leaf("a"), split(DOWN, 0.5, leaf("b"), leaf("c")));
        assertThat(after(tree, "c", "a")).isEqualTo("a");
        assertThat(after(tree, "c", "c")).as("the leaving pane itself is no previous").isEqualTo("b");
        assertThat(after(tree, "c", "gone")).isEqualTo("b");
    }

    @Test
    void withoutOneThePaneNowCoveringTheLeavingPanesTopLeftCornerTakesIt() {
        // a | b over c: b leaves, c grows up into its space; a leaves, the column b/c grows left, b at the top
        Layout tree = split(RIGHT, 0.5, leaf("a"), split(DOWN, 0.5, leaf("b"), leaf("c")));
        assertThat(after(tree, "b", null)).isEqualTo("c");
        assertThat(after(tree, "a", null)).isEqualTo("b");
        // a over (b | c), b a third wide: c leaves, b grows right; b leaves, c grows left
        Layout row = split(DOWN, 0.5, leaf("a"), split(RIGHT, 1.0 / 3, leaf("b"), leaf("c")));
        assertThat(after(row, "c", null)).isEqualTo("b");
        assertThat(after(row, "b", null)).isEqualTo("c");
        // a | (b over c) | d in thirds: b leaves; the corner it had is c's now, not a's or d's
        Layout thirds = split(RIGHT, 1.0 / 3, leaf("a"), split(RIGHT, 0.5, split(DOWN, 0.5, leaf("b"), leaf("c")), leaf("d")));
        assertThat(after(thirds, "b", null)).isEqualTo("c");
    }

    @Test
    void theLastPaneLeavingLeavesNoFocus() {
        assertThat(FocusSuccessor.of(leaf("a"), "a", null, "b")).isNull();
    }
}
