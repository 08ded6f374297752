package dev.signaltty.workspace.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.Map;

import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

import dev.signaltty.transport.ProtocolException;
import dev.signaltty.workspace.SplitDirection;
import dev.signaltty.workspace.SplitSide;

/** The layout tree as a value: splitting, evening, removing, exchanging, and reading a set_layout tree. */
class LayoutTest {

    static Layout leaf(String id) {
        return new Layout.Leaf(id);
    }

    static Layout split(SplitDirection direction, double ratio, Layout first, Layout second) {
        return new Layout.Split(direction, ratio, first, second);
    }

    @Nested
    class Splitting {

        @Test
        void evensARightLeaningRunOfThreeToThirds() {
            Layout two = Layout.splitAt(leaf("a"), "a", "b", SplitSide.RIGHT, null);
            Layout three = Layout.splitAt(two, "b", "c", SplitSide.RIGHT, null);
            Layout.Split root = (Layout.Split) three;
            assertThat(root.ratio()).isCloseTo(1.0 / 3, within(1e-9));
            assertThat(((Layout.Split) root.second()).ratio()).isCloseTo(0.5, within(1e-9));
            assertThat(three.panes()).containsExactly("a", "b", "c");
        }

        @Test
        void evensAGroupGrownThroughAFirstChild() {
            // right(a, b) then split a right: right(right(a, c), b) — three equal columns
            Layout tree = Layout.splitAt(split(SplitDirection.RIGHT, 0.5, leaf("a"), leaf("b")), "a", "c", SplitSide.RIGHT, null);
            Layout.Split root = (Layout.Split) tree;
            assertThat(root.ratio()).isCloseTo(2.0 / 3, within(1e-9));
            assertThat(((Layout.Split) root.first()).ratio()).isCloseTo(0.5, within(1e-9));
        }

        @Test
        void leavesDividersOutsideTheGroupAlone() {
            // down(right(a,b) at 0.7, c) at 0.8: splitting c right must not touch the upper row's 0.7
            Layout tree = split(SplitDirection.DOWN, 0.8, split(SplitDirection.RIGHT, 0.7, leaf("a"), leaf("b")), leaf("c"));
            Layout.Split root = (Layout.Split) Layout.splitAt(tree, "c", "d", SplitSide.RIGHT, null);
            assertThat(root.ratio()).isEqualTo(0.8);
            assertThat(((Layout.Split) root.first()).ratio()).isEqualTo(0.7);
            assertThat(((Layout.Split) root.second()).ratio()).isEqualTo(0.5);
        }

        @Test
        void keepsAnExplicitRatioClamped() {
            Layout.Split root = (Layout.Split) Layout.splitAt(leaf("a"), "a", "b", SplitSide.DOWN, 0.99);
            assertThat(root.ratio()).isEqualTo(Layout.MAX_RATIO);
            assertThat(root.direction()).isEqualTo(SplitDirection.DOWN);
        }

        @Test
        void putsTheNewPaneFirstOnTheLeftOrAboveWithTheTargetsShareKept() {
            assertThat(Layout.splitAt(leaf("a"), "a", "b", SplitSide.LEFT, null))
                    .isEqualTo(split(SplitDirection.RIGHT, 0.5, leaf("b"), leaf("a")));
            Layout.Split above = (Layout.Split) Layout.splitAt(leaf("a"), "a", "b", SplitSide.UP, 0.99);
            assertThat(above.direction()).isEqualTo(SplitDirection.DOWN);
            assertThat(above.first()).isEqualTo(leaf("b"));
            assertThat(above.ratio()).isCloseTo(Layout.MIN_RATIO, within(1e-9)); // a keeps 0.95, clamped as on the other side
        }
    }

    @Nested
    class Removing {

        @Test
        void collapsesTheParentIntoTheSibling() { // seed R223
            Layout tree = split(SplitDirection.DOWN, 0.3, split(SplitDirection.RIGHT, 0.7, leaf("a"), leaf("b")), leaf("c"));
            assertThat(Layout.remove(tree, "b")).isEqualTo(split(SplitDirection.DOWN, 0.3, leaf("a"), leaf("c")));
            assertThat(Layout.remove(leaf("a"), "a")).isNull();
        }

        @Test
        void exchangesTwoLeavesKeepingShapeAndRatios() { // seed R235
            Layout tree = split(SplitDirection.DOWN, 0.3, split(SplitDirection.RIGHT, 0.7, leaf("a"), leaf("b")), leaf("c"));
            assertThat(Layout.exchange(tree, "a", "c"))
                    .isEqualTo(split(SplitDirection.DOWN, 0.3, split(SplitDirection.RIGHT, 0.7, leaf("c"), leaf("b")), leaf("a")));
        }

        @Test
        void addressesNodesByPath() { // seed R243
            Layout tree = split(SplitDirection.DOWN, 0.3, split(SplitDirection.RIGHT, 0.7, leaf("a"), leaf("b")), leaf("c"));
            assertThat(Layout.at(tree, List.of())).isSameAs(tree);
            assertThat(Layout.at(tree, List.of(0, 1))).isEqualTo(leaf("b"));
            assertThat(Layout.at(tree, List.of(1, 0))).isNull();
            assertThat(Layout.pathTo(tree, "b")).containsExactly(0, 1);
        }
    }

    @Nested
    class ResolvingASetLayoutTree {

        final Map<String, String> names = Map.of("pane_a", "pane_a", "pane_b", "pane_b", "pane_c", "pane_c",
                "lead", "pane_a", "pane_x", "pane_x");
        final List<String> owned = List.of("pane_a", "pane_b", "pane_c");

        static LayoutTree node(String paneId) {
            return new LayoutTree.Leaf(paneId);
        }

        static LayoutTree node(SplitDirection direction, @Nullable Double ratio, LayoutTree first, LayoutTree second) {
            return new LayoutTree.Split(direction, ratio, first, second);
        }

        Layout resolve(LayoutTree tree) {
            return LayoutResolver.resolve(tree, names::get, owned);
        }

        String badField(LayoutTree tree) {
            try {
                resolve(tree);
            } catch (ProtocolException e) {
                assertThat(e.code().name()).isEqualTo("BAD_PARAMS");
                return (String) e.details().get("field");
            }
            throw new AssertionError("accepted " + tree);
        }

        @Test
        void acceptsNamesClampsRatiosAndDefaultsThemToAHalf() { // seed R221, seed R229
            Layout layout = resolve(node(SplitDirection.RIGHT, 0.01, node("lead"),
                    node(SplitDirection.DOWN, null, node("pane_b"), node("pane_c"))));
            assertThat(layout).isEqualTo(split(SplitDirection.RIGHT, Layout.MIN_RATIO, leaf("pane_a"),
                    split(SplitDirection.DOWN, 0.5, leaf("pane_b"), leaf("pane_c"))));
        }

        /** The shape faults (types, directions, missing children) are the binder's: LayoutMethodsTest. */
        @Test
        void namesTheFieldOfEachFault() { // seed R219, seed R220
            LayoutTree b = node("pane_b");
            LayoutTree c = node("pane_c");
            SplitDirection right = SplitDirection.RIGHT;
            SplitDirection down = SplitDirection.DOWN;
            assertThat(badField(node(right, null, node("pane_a"), b))).isEqualTo("layout"); // pane_c missing
            assertThat(badField(node(right, null, node("pane_x"), node(down, null, b, c))))
                    .isEqualTo("layout.first.pane_id"); // foreign
            assertThat(badField(node(right, null, node("lead"), node(down, null, node("pane_a"), c))))
                    .isEqualTo("layout.second.first.pane_id"); // repeated (by name, then by id)
            assertThat(badField(node(right, Double.POSITIVE_INFINITY, b, c))).isEqualTo("layout.ratio");
        }

        @Test
        void stopsReadingATreeLargerThanTheTabCanFill() {
            LayoutTree deep = node("pane_a");
            for (int i = 0; i < 200; i++) {
                deep = node(SplitDirection.RIGHT, null, deep, node("pane_b"));
            }
            LayoutTree tree = deep;
            assertThatThrownBy(() -> resolve(tree)).isInstanceOf(ProtocolException.class);
        }
    }
}
