package dev.signaltty.workspace;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

import tools.jackson.databind.JsonNode;

/** pane.split, tab.set_layout and tab.set_ratio through a real daemon. */
class LayoutMethodsTest extends LayoutDaemonTest {

    String ws;
    String a;
    String tab;

    @BeforeEach
    void oneTabWithOnePane() {
        ws = workspace();
        JsonNode first = spawn(ws, Map.of());
        a = first.get("pane_id").asString();
        tab = first.get("tab_id").asString();
    }

    @Nested
    class PaneSplit {

        @Test
        void splitsBesideThePaneEvensTheRunAndFocusesTheNewPane() { // seed R239
            long mark = log.mark();
            String b = split(a, "right", Map.of()).get("pane_id").asString();
            JsonNode c = split(b, "right", Map.of());
            assertThat(c.get("tab_id").asString()).isEqualTo(tab);
            JsonNode layout = tab(tab).get("layout");
            assertThat(layout.get("direction").asString()).isEqualTo("right");
            assertThat(layout.get("ratio").asDouble()).isCloseTo(1.0 / 3, within(1e-9));
            assertThat(layout.get("first").get("pane_id").asString()).isEqualTo(a);
            assertThat(layout.get("second").get("ratio").asDouble()).isCloseTo(0.5, within(1e-9));
            assertThat(layout.get("second").get("second").get("pane_id").asString()).isEqualTo(c.get("pane_id").asString());
            assertThat(tab(tab).get("focused_pane_id").asString()).isEqualTo(c.get("pane_id").asString());
            assertThat(names(log.since(mark))).containsExactly("tab.updated", "pane.created", "tab.updated", "pane.created");
        }

        @Test
        void splitsToTheRightByDefault() {
            String b = client.call("pane.split", Map.of("pane_id", a, "argv", List.of("sleep", "600")))
                    .get("pane_id").asString();
            JsonNode layout = tab(tab).get("layout");
            assertThat(layout.get("direction").asString()).isEqualTo("right");
            assertThat(layout.get("second").get("pane_id").asString()).isEqualTo(b);
        }

        @Test
        void splitsLeftAndUpWithTheNewPaneFirstAndEvensTheRun() { // seed R239
            String b = split(a, "left", Map.of()).get("pane_id").asString();
            JsonNode row = tab(tab).get("layout");
            assertThat(row.get("direction").asString()).isEqualTo("right");
            assertThat(row.get("first").get("pane_id").asString()).isEqualTo(b);
            assertThat(row.get("second").get("pane_id").asString()).isEqualTo(a);
            assertThat(tab(tab).get("focused_pane_id").asString()).isEqualTo(b);

            String c = split(b, "left", Map.of()).get("pane_id").asString();
            JsonNode three = tab(tab).get("layout"); // right(right(c, b), a): three equal columns c, b, a
            assertThat(three.get("ratio").asDouble()).isCloseTo(2.0 / 3, within(1e-9));
            assertThat(three.get("first").get("ratio").asDouble()).isCloseTo(0.5, within(1e-9));
            assertThat(List.of(three.get("first").get("first").get("pane_id").asString(),
                    three.get("first").get("second").get("pane_id").asString(),
                    three.get("second").get("pane_id").asString())).containsExactly(c, b, a);

            String d = split(a, "up", Map.of()).get("pane_id").asString();
            JsonNode column = tab(tab).get("layout").get("second");
            assertThat(column.get("direction").asString()).isEqualTo("down");
            assertThat(column.get("first").get("pane_id").asString()).isEqualTo(d);
            assertThat(column.get("second").get("pane_id").asString()).isEqualTo(a);
        }

        @Test
        void takesAnExplicitRatioAsTheSplitPanesShareOnEitherSide() {
            split(a, "left", Map.of("ratio", 0.7));
            JsonNode layout = tab(tab).get("layout"); // a is second now: the new pane's share comes first
            assertThat(layout.get("second").get("pane_id").asString()).isEqualTo(a);
            assertThat(layout.get("ratio").asDouble()).isCloseTo(0.3, within(1e-9));
        }

        @Test
        void takesAnExplicitRatioAsTheTargetsShareClamped() {
            split(a, "down", Map.of("ratio", 0.999));
            JsonNode layout = tab(tab).get("layout");
            assertThat(layout.get("direction").asString()).isEqualTo("down");
            assertThat(layout.get("ratio").asDouble()).isEqualTo(0.95);
        }

        @Test
        void recordsParentLabelAndRelationshipWithTheParentNamedByName() { // seed R228
            client.call("pane.rename", Map.of("pane_id", a, "name", "lead"));
            JsonNode helper = split("lead", "down", Map.of("parent_pane_id", "lead", "label", "tests",
                    "relationship", "helper"));
            assertThat(helper.get("parent_pane_id").asString()).isEqualTo(a);
            assertThat(helper.get("label").asString()).isEqualTo("tests");
            assertThat(helper.get("relationship").asString()).isEqualTo("helper");
            JsonNode spawned = spawn(ws, Map.of("parent_pane_id", "lead", "relationship", "reviewer"));
            assertThat(spawned.get("parent_pane_id").asString()).isEqualTo(a);
            assertThat(pane(spawned.get("pane_id").asString()).get("relationship").asString()).isEqualTo("reviewer");
        }

        @Test
        void rejectsAParentPaneOfAnotherWorkspace() {
            String foreign = spawn(workspace(), Map.of()).get("pane_id").asString();
            assertRejectedUnchanged(ws, "parent_pane_id", "pane.split", Map.of("pane_id", a, "direction", "down",
                    "argv", List.of("sleep", "600"), "parent_pane_id", foreign));
        }

        @Test
        void anchorsARelativeExecutableToItsLaunchDirectory() throws Exception { // seed R361
            Path bin = Files.createDirectories(root.resolve("split-tools"));
            Path script = bin.resolve("helper.sh");
            Files.writeString(script, "#!/bin/sh\nsleep 600\n");
            Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwx------"));
            JsonNode pane = client.call("pane.split", Map.of("pane_id", a, "direction", "right",
                    "cwd", bin.toString(), "argv", List.of("./helper.sh")));
            assertThat(pane.get("argv").get(0).asString()).isEqualTo(script.toString());
        }

        @Test
        void theSchemaShowsTheLayoutsDirectionsAndTheSplitsSidesAsEnums() { // seed R219
            JsonNode layout = null;
            JsonNode splitDirection = null;
            for (JsonNode method : client.call("schema", Map.of()).get("methods")) {
                if (method.get("name").asString().equals("tab.set_layout")) {
                    layout = method.get("result").get("layout").get("type");
                }
                if (method.get("name").asString().equals("pane.split")) {
                    splitDirection = method.get("params").get("direction").get("type");
                }
            }
            assertThat(layout).isNotNull();
            assertThat(layout.get("name").asString()).isEqualTo("Layout");
            JsonNode split = layout.get("one_of").get(1);
            assertThat(split.get("direction").get("type").get("enum").toString()).isEqualTo("[\"right\",\"down\"]");
            // a split takes the layouts' two directions, and left / up for the new pane first (ADR 1121)
            assertThat(splitDirection.get("enum").toString()).isEqualTo("[\"right\",\"down\",\"left\",\"up\"]");
            // and the values the daemon returns are those names, exactly
            client.call("pane.split", Map.of("pane_id", a, "direction", "down"));
            JsonNode tree = client.call("tab.get", Map.of("tab_id", tab)).get("layout");
            assertThat(tree.get("direction").asString()).isEqualTo("down");
            assertThat(client.errorCode("pane.split", Map.of("pane_id", a, "direction", "DOWN")))
                    .isEqualTo("BAD_PARAMS");
        }

        @Test
        void rejectsADirectionOtherThanRightDownLeftOrUp() {
            assertRejectedUnchanged(ws, "direction", "pane.split", Map.of("pane_id", a, "direction", "sideways"));
            assertThat(client.errorCode("pane.split", Map.of("pane_id", "pane_gone", "direction", "down")))
                    .isEqualTo("NO_SUCH_PANE");
        }

        @Test
        void collapsesTheParentOnCloseAndLeavesTheLastTabEmpty() { // seed R223
            String b = split(a, "right", Map.of()).get("pane_id").asString();
            client.call("pane.close", Map.of("pane_id", b));
            assertThat(tab(tab).get("layout").get("pane_id").asString()).isEqualTo(a);
            assertThat(tab(tab).get("focused_pane_id").asString()).isEqualTo(a);
            client.call("pane.close", Map.of("pane_id", a));
            JsonNode empty = tab(tab);
            assertThat(empty.has("layout")).isFalse();
            assertThat(empty.get("pane_ids").size()).isZero();
        }
    }

    @Nested
    class SetLayout {

        String b;
        String c;

        @BeforeEach
        void threePanes() {
            b = split(a, "right", Map.of()).get("pane_id").asString();
            c = split(b, "down", Map.of()).get("pane_id").asString();
        }

        @Test
        void roundTrippingTheTreeChangesNothing() {
            JsonNode before = tab(tab);
            long mark = log.mark();
            JsonNode echoed = client.call("tab.set_layout", Map.of("tab_id", tab, "layout", before.get("layout")));
            assertThat(echoed).isEqualTo(before);
            assertThat(tab(tab)).isEqualTo(before);
            assertThat(log.since(mark)).isEmpty();
        }

        @Test
        // seed R218, seed R221, seed R222, seed R224, seed R229
        void rearrangesByIdsAndNamesClampsRatiosAndEmitsOneTabUpdated() {
            client.call("pane.rename", Map.of("pane_id", c, "name", "bottom"));
            List<Long> pids = List.of(pane(a).get("pid").asLong(), pane(b).get("pid").asLong(), pane(c).get("pid").asLong());
            long mark = log.mark();
            JsonNode tree = node("down", 1.5, leaf("bottom"), node("right", -3, leaf(b), leaf(a)));
            JsonNode result = client.call("tab.set_layout", Map.of("tab_id", tab, "layout", tree));
            JsonNode expected = node("down", 0.95, leaf(c), node("right", 0.05, leaf(b), leaf(a)));
            assertThat(result.get("layout")).isEqualTo(expected);
            assertThat(result.get("focused_pane_id").asString()).isEqualTo(c);
            List<Recorded> events = log.since(mark);
            assertThat(names(events)).containsExactly("tab.updated");
            assertThat(events.getFirst().payload().get("layout")).isEqualTo(expected);
            assertThat(List.of(pane(a).get("pid").asLong(), pane(b).get("pid").asLong(), pane(c).get("pid").asLong()))
                    .isEqualTo(pids);
        }

        @Test
        void rejectsAMissingPane() { // seed R219
            assertRejectedUnchanged(ws, "layout", "tab.set_layout", Map.of("tab_id", tab,
                    "layout", node("right", 0.5, leaf(a), leaf(b))));
        }

        @Test
        void rejectsAPaneOfAnotherTab() { // seed R219
            String otherTab = client.call("tab.create", Map.of("workspace_id", ws)).get("tab_id").asString();
            String foreign = spawn(ws, Map.of("tab_id", otherTab)).get("pane_id").asString();
            assertRejectedUnchanged(ws, "layout.second.second.pane_id", "tab.set_layout", Map.of("tab_id", tab,
                    "layout", node("right", 0.5, leaf(a), node("down", 0.5, leaf(b), leaf(foreign)))));
        }

        @Test
        void rejectsAnUnknownPane() { // seed R219
            assertRejectedUnchanged(ws, "layout.first.pane_id", "tab.set_layout", Map.of("tab_id", tab,
                    "layout", node("right", 0.5, leaf("pane_nope"), node("down", 0.5, leaf(b), leaf(c)))));
        }

        @Test
        void rejectsARepeatedPaneEvenWhenOnceByName() { // seed R219, seed R229
            client.call("pane.rename", Map.of("pane_id", a, "name", "left"));
            assertRejectedUnchanged(ws, "layout.second.pane_id", "tab.set_layout", Map.of("tab_id", tab,
                    "layout", node("right", 0.5, node("down", 0.5, leaf(a), leaf(b)), leaf("left"))));
        }

        @Test
        void rejectsANonFiniteRatio() throws Exception { // seed R220
            String line = "{\"id\":\"nf\",\"method\":\"tab.set_layout\",\"params\":{\"tab_id\":\"" + tab + "\",\"layout\":"
                    + "{\"direction\":\"right\",\"ratio\":1e999,\"first\":{\"pane_id\":\"" + a + "\"},\"second\":"
                    + "{\"direction\":\"down\",\"ratio\":0.5,\"first\":{\"pane_id\":\"" + b + "\"},\"second\":{\"pane_id\":\""
                    + c + "\"}}}}}\n";
            JsonNode before = state(ws);
            long mark = log.mark();
            client.sendRaw(line);
            JsonNode response = client.nextResponse();
            assertThat(response.get("error").get("code").asString()).isEqualTo("BAD_PARAMS");
            assertThat(response.get("error").get("details").get("field").asString()).isEqualTo("layout.ratio");
            assertThat(state(ws)).isEqualTo(before);
            assertThat(log.since(mark)).isEmpty();
        }

        /** The binder reads the tree's shape (ADR 0341): each fault names its node, nothing is applied. */
        @Test
        void rejectsAMalformedTreeNamingTheNode() { // seed R219, seed R220
            Map<String, Object> leafB = Map.of("pane_id", b);
            Map<String, Object> leafC = Map.of("pane_id", c);
            assertRejectedUnchanged(ws, "layout.second.direction", "tab.set_layout", Map.of("tab_id", tab,
                    "layout", Map.of("direction", "right", "first", leaf(a), "second",
                            Map.of("direction", "left", "first", leafB, "second", leafC))));
            assertRejectedUnchanged(ws, "layout.first.pane_id", "tab.set_layout", Map.of("tab_id", tab,
                    "layout", Map.of("direction", "right", "first", Map.of("pane_id", 7), "second", leafB)));
            assertRejectedUnchanged(ws, "layout.second", "tab.set_layout", Map.of("tab_id", tab,
                    "layout", Map.of("direction", "right", "first", leafB)));
            assertRejectedUnchanged(ws, "layout", "tab.set_layout", Map.of("tab_id", tab, "layout", List.of(1)));
            assertRejectedUnchanged(ws, "layout", "tab.set_layout", Map.of("tab_id", tab, "layout", Map.of()));
            assertRejectedUnchanged(ws, "layout.first", "tab.set_layout", Map.of("tab_id", tab,
                    "layout", Map.of("direction", "down", "first", Map.of("pane_id", a, "second", leafB),
                            "second", leafC)));
            JsonNode mixed = client.request("tab.set_layout", Map.of("tab_id", tab,
                    "layout", Map.of("pane_id", a, "direction", "down")));
            assertThat(mixed.get("error").get("message").asString())
                    .contains("mixes the fields of {pane_id} or {direction, ratio, first, second}");
        }

        @Test
        void theSchemaShowsTheTreeItTakes() {
            JsonNode layout = null;
            for (JsonNode method : client.call("schema", Map.of()).get("methods")) {
                if (method.get("name").asString().equals("tab.set_layout")) {
                    layout = method.get("params").get("layout").get("type");
                }
            }
            assertThat(layout).isNotNull();
            assertThat(layout.get("name").asString()).isEqualTo("LayoutTree");
            assertThat(layout.get("one_of").get(0).get("pane_id").get("type").asString()).isEqualTo("string");
            JsonNode split = layout.get("one_of").get(1);
            assertThat(split.get("direction").get("type").get("enum").toString()).isEqualTo("[\"right\",\"down\"]");
            assertThat(split.get("ratio").get("required").asBoolean()).isFalse();
            assertThat(split.get("first").get("type").asString()).isEqualTo("LayoutTree");
        }

        @Test
        void rejectsAnUnknownDirectionAndAMissingLayout() {
            assertRejectedUnchanged(ws, "layout.direction", "tab.set_layout", Map.of("tab_id", tab,
                    "layout", node("sideways", 0.5, leaf(a), node("down", 0.5, leaf(b), leaf(c)))));
            assertRejectedUnchanged(ws, "layout", "tab.set_layout", Map.of("tab_id", tab));
        }

        @Test
        void acceptsNoLayoutForAnEmptyTabOnly() {
            String empty = client.call("tab.create", Map.of("workspace_id", ws)).get("tab_id").asString();
            long mark = log.mark();
            assertThat(client.call("tab.set_layout", Map.of("tab_id", empty)).has("layout")).isFalse();
            assertThat(log.since(mark)).isEmpty();
            assertRejectedUnchanged(ws, "layout.pane_id", "tab.set_layout", Map.of("tab_id", empty, "layout", leaf(a)));
        }
    }

    @Nested
    class SetRatio {

        String b;
        String c;

        @BeforeEach
        void threePanes() {
            b = split(a, "right", Map.of()).get("pane_id").asString();
            c = split(b, "down", Map.of()).get("pane_id").asString();
        }

        @Test
        void movesOneDividerClampsItAndEchoesTabUpdated() { // seed R243, seed R245, seed R246
            long mark = log.mark();
            JsonNode result = client.call("tab.set_ratio", Map.of("tab_id", tab, "path", List.of(1), "ratio", 0.01));
            assertThat(result.get("layout").get("second").get("ratio").asDouble()).isEqualTo(0.05);
            assertThat(result.get("layout").get("ratio").asDouble()).isEqualTo(0.5);
            client.call("tab.set_ratio", Map.of("tab_id", tab, "path", List.of(), "ratio", 0.7));
            assertThat(tab(tab).get("layout").get("ratio").asDouble()).isEqualTo(0.7);
            List<Recorded> events = log.since(mark);
            assertThat(names(events)).containsExactly("tab.updated", "tab.updated");
            assertThat(events.getLast().payload().get("layout")).isEqualTo(tab(tab).get("layout"));
        }

        @Test
        void emitsNothingWhenTheRatioIsAlreadyThere() {
            long mark = log.mark();
            client.call("tab.set_ratio", Map.of("tab_id", tab, "path", List.of(), "ratio", 0.5));
            client.call("tab.set_ratio", Map.of("tab_id", tab, "path", List.of(1), "ratio", 2)); // clamps to 0.95
            client.call("tab.set_ratio", Map.of("tab_id", tab, "path", List.of(1), "ratio", 0.99));
            assertThat(names(log.since(mark))).containsExactly("tab.updated");
        }

        @Test
        void rejectsAPathThatEndsAtAPaneOrLeavesTheTree() { // seed R244
            assertRejectedUnchanged(ws, "path", "tab.set_ratio", Map.of("tab_id", tab, "path", List.of(0), "ratio", 0.3));
            assertRejectedUnchanged(ws, "path", "tab.set_ratio", Map.of("tab_id", tab, "path", List.of(1, 1, 0), "ratio", 0.3));
            assertRejectedUnchanged(ws, "path[1]", "tab.set_ratio", Map.of("tab_id", tab, "path", List.of(1, 2), "ratio", 0.3));
        }

        @Test
        void rejectsARootPathOnATabWithoutSplits() { // seed R244
            String single = client.call("tab.create", Map.of("workspace_id", ws)).get("tab_id").asString();
            assertRejectedUnchanged(ws, "path", "tab.set_ratio", Map.of("tab_id", single, "path", List.of(), "ratio", 0.3));
            spawn(ws, Map.of("tab_id", single));
            assertRejectedUnchanged(ws, "path", "tab.set_ratio", Map.of("tab_id", single, "path", List.of(), "ratio", 0.3));
        }

        @Test
        void rejectsANonFiniteRatio() {
            JsonNode before = state(ws);
            long mark = log.mark();
            client.sendRaw("{\"id\":\"r\",\"method\":\"tab.set_ratio\",\"params\":{\"tab_id\":\"" + tab
                    + "\",\"path\":[],\"ratio\":-1e999}}\n");
            JsonNode response = client.nextResponse();
            assertThat(response.get("error").get("details").get("field").asString()).isEqualTo("ratio");
            assertThat(state(ws)).isEqualTo(before);
            assertThat(log.since(mark)).isEmpty();
        }
    }
}
