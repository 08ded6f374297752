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
import dev.signaltty.transport.ProtocolJson;
import tools.jackson.databind.JsonNode;

/** The layout tree as a value: splitting, evening, removing, exchanging, and reading a set_layout tree. */
class LayoutTest {

    static Layout leaf(String id) {
        return new Layout.Leaf(id);
    }

    static Layout split(String direction, double ratio, Layout first, Layout second) {
        return new Layout.Split(direction, ratio, first, second);
    }

    @Nested
    class Splitting {

        @Test
        void evensARightLeaningRunOfThreeToThirds() {
            Layout two = Layout.splitAt(leaf("a"), "a", "b", "right", null);
            Layout three = Layout.splitAt(two, "b", "c", "right", null);
            Layout.Split root = (Layout.Split) three;
            assertThat(root.ratio()).isCloseTo(1.0 / 3, within(1e-9));
            assertThat(((Layout.Split) root.second()).ratio()).isCloseTo(0.5, within(1e-9));
            assertThat(three.panes()).containsExactly("a", "b", "c");
        }

        @Test
        void evensAGroupGrownThroughAFirstChild() {
            // right(a, b) then split a right: right(right(a, c), b) — three equal columns
            Layout tree = Layout.splitAt(split("right", 0.5, leaf("a"), leaf("b")), "a", "c", "right", null);
            Layout.Split root = (Layout.Split) tree;
            assertThat(root.ratio()).isCloseTo(2.0 / 3, within(1e-9));
            assertThat(((Layout.Split) root.first()).ratio()).isCloseTo(0.5, within(1e-9));
        }

        @Test
        void leavesDividersOutsideTheGroupAlone() {
            // down(right(a,b) at 0.7, c) at 0.8: splitting c right must not touch the upper row's 0.7
            Layout tree = split("down", 0.8, split("right", 0.7, leaf("a"), leaf("b")), leaf("c"));
            Layout.Split root = (Layout.Split) Layout.splitAt(tree, "c", "d", "right", null);
            assertThat(root.ratio()).isEqualTo(0.8);
            assertThat(((Layout.Split) root.first()).ratio()).isEqualTo(0.7);
            assertThat(((Layout.Split) root.second()).ratio()).isEqualTo(0.5);
        }

        @Test
        void keepsAnExplicitRatioClamped() {
            Layout.Split root = (Layout.Split) Layout.splitAt(leaf("a"), "a", "b", "down", 0.99);
            assertThat(root.ratio()).isEqualTo(Layout.MAX_RATIO);
            assertThat(root.direction()).isEqualTo("down");
        }
    }

    @Nested
    class Removing {

        @Test
        void collapsesTheParentIntoTheSibling() { // seed R223
            Layout tree = split("down", 0.3, split("right", 0.7, leaf("a"), leaf("b")), leaf("c"));
            assertThat(Layout.remove(tree, "b")).isEqualTo(split("down", 0.3, leaf("a"), leaf("c")));
            assertThat(Layout.remove(leaf("a"), "a")).isNull();
        }

        @Test
        void exchangesTwoLeavesKeepingShapeAndRatios() { // seed R235
            Layout tree = split("down", 0.3, split("right", 0.7, leaf("a"), leaf("b")), leaf("c"));
            assertThat(Layout.exchange(tree, "a", "c"))
                    .isEqualTo(split("down", 0.3, split("right", 0.7, leaf("c"), leaf("b")), leaf("a")));
        }

        @Test
        void addressesNodesByPath() { // seed R243
            Layout tree = split("down", 0.3, split("right", 0.7, leaf("a"), leaf("b")), leaf("c"));
            assertThat(Layout.at(tree, List.of())).isSameAs(tree);
            assertThat(Layout.at(tree, List.of(0, 1))).isEqualTo(leaf("b"));
            assertThat(Layout.at(tree, List.of(1, 0))).isNull();
            assertThat(Layout.pathTo(tree, "b")).containsExactly(0, 1);
        }
    }

    @Nested
    class ReadingASetLayoutTree {

        final Map<String, String> names = Map.of("pane_a", "pane_a", "pane_b", "pane_b", "pane_c", "pane_c",
                "lead", "pane_a", "pane_x", "pane_x");
        final List<String> owned = List.of("pane_a", "pane_b", "pane_c");

        Layout parse(String json) {
            JsonNode tree = ProtocolJson.MAPPER.readTree(json);
            return LayoutParser.parse(tree, this::resolve, owned);
        }

        @Nullable String resolve(String idOrName) {
            return names.get(idOrName);
        }

        String badField(String json) {
            try {
                parse(json);
            } catch (ProtocolException e) {
                assertThat(e.code().name()).isEqualTo("BAD_PARAMS");
                return (String) e.details().get("field");
            }
            throw new AssertionError("accepted " + json);
        }

        @Test
        void acceptsNamesClampsRatiosAndDefaultsThemToAHalf() { // seed R221, seed R229
            Layout layout = parse("""
                    {"direction":"right","ratio":0.01,"first":{"pane_id":"lead"},
                     "second":{"direction":"down","first":{"pane_id":"pane_b"},"second":{"pane_id":"pane_c"}}}""");
            assertThat(layout).isEqualTo(split("right", Layout.MIN_RATIO, leaf("pane_a"),
                    split("down", 0.5, leaf("pane_b"), leaf("pane_c"))));
        }

        @Test
        void namesTheFieldOfEachFault() { // seed R219, seed R220
            String b = "{\"pane_id\":\"pane_b\"}";
            String c = "{\"pane_id\":\"pane_c\"}";
            assertThat(badField("{\"direction\":\"right\",\"first\":{\"pane_id\":\"pane_a\"},\"second\":" + b + "}"))
                    .isEqualTo("layout"); // pane_c missing
            assertThat(badField("{\"direction\":\"right\",\"first\":{\"pane_id\":\"pane_x\"},\"second\":"
                    + "{\"direction\":\"down\",\"first\":" + b + ",\"second\":" + c + "}}"))
                    .isEqualTo("layout.first.pane_id"); // foreign
            assertThat(badField("{\"direction\":\"right\",\"first\":{\"pane_id\":\"lead\"},\"second\":"
                    + "{\"direction\":\"down\",\"first\":{\"pane_id\":\"pane_a\"},\"second\":" + c + "}}"))
                    .isEqualTo("layout.second.first.pane_id"); // repeated (by name, then by id)
            assertThat(badField("{\"direction\":\"left\",\"first\":" + b + ",\"second\":" + c + "}"))
                    .isEqualTo("layout.direction");
            assertThat(badField("{\"direction\":\"right\",\"ratio\":1e999,\"first\":" + b + ",\"second\":" + c + "}"))
                    .isEqualTo("layout.ratio");
            assertThat(badField("{\"direction\":\"right\",\"first\":" + b + "}")).isEqualTo("layout.second");
            assertThat(badField("[1]")).isEqualTo("layout");
            assertThat(badField("{\"pane_id\":7}")).isEqualTo("layout.pane_id");
        }

        @Test
        void stopsReadingATreeLargerThanTheTabCanFill() {
            StringBuilder deep = new StringBuilder();
            for (int i = 0; i < 200; i++) {
                deep.append("{\"direction\":\"right\",\"second\":{\"pane_id\":\"pane_b\"},\"first\":");
            }
            deep.append("{\"pane_id\":\"pane_a\"}").append("}".repeat(200));
            assertThatThrownBy(() -> parse(deep.toString())).isInstanceOf(ProtocolException.class);
        }
    }
}
