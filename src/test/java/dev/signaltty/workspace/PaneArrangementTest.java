package dev.signaltty.workspace;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

import tools.jackson.databind.JsonNode;

/** pane.rename, pane.swap and pane.move through a real daemon: layouts change, processes do not. */
class PaneArrangementTest extends LayoutDaemonTest {

    String ws;
    String tab;
    String a;
    String b;
    String c;

    /** One tab: right(a, down(b, c)) with the root divider at 0.3 and focus on c. */
    @BeforeEach
    void threePanes() {
        ws = workspace();
        JsonNode first = spawn(ws, Map.of());
        a = first.get("pane_id").asString();
        tab = first.get("tab_id").asString();
        b = split(a, "right", Map.of()).get("pane_id").asString();
        c = split(b, "down", Map.of()).get("pane_id").asString();
        client.call("tab.set_ratio", Map.of("tab_id", tab, "path", List.of(), "ratio", 0.3));
    }

    long pid(String pane) {
        return pane(pane).get("pid").asLong();
    }

    String secondTabWithOnePane() {
        String other = client.call("tab.create", Map.of("workspace_id", ws)).get("tab_id").asString();
        return spawn(ws, Map.of("tab_id", other)).get("pane_id").asString();
    }

    @Nested
    class Rename {

        @Test
        void namesAPaneAndEmitsPaneUpdated() { // seed R225, seed R232
            long mark = log.mark();
            JsonNode renamed = client.call("pane.rename", Map.of("pane_id", a, "name", "build-2_x"));
            assertThat(renamed.get("name").asString()).isEqualTo("build-2_x");
            List<Recorded> events = log.since(mark);
            assertThat(names(events)).containsExactly("pane.updated");
            assertThat(events.getFirst().payload().get("name").asString()).isEqualTo("build-2_x");
        }

        @Test
        void acceptsTheNameWhereverAPaneIdGoes() { // seed R228
            client.call("pane.rename", Map.of("pane_id", a, "name", "lead"));
            client.call("pane.rename", Map.of("pane_id", c, "name", "worker"));
            assertThat(pane("lead").get("pane_id").asString()).isEqualTo(a);
            client.call("pane.swap", Map.of("pane_id", "lead", "target_pane_id", "worker"));
            assertThat(tab(tab).get("layout").get("first").get("pane_id").asString()).isEqualTo(c);
            assertThat(split("worker", "down", Map.of("parent_pane_id", "lead")).get("parent_pane_id").asString())
                    .isEqualTo(a);
        }

        @Test
        void letsARealIdWinOverAName() { // seed R230
            client.call("pane.rename", Map.of("pane_id", b, "name", a));
            assertThat(pane(a).get("pane_id").asString()).isEqualTo(a);
            client.call("pane.close", Map.of("pane_id", a));
            assertThat(pane(a).get("pane_id").asString()).isEqualTo(b); // once the id is gone, the name answers
        }

        @Test
        void rejectsInvalidNames() { // seed R225, seed R226
            for (String bad : List.of("", "Lead", "1st", "-x", "a b", "émile", "a.b", "x".repeat(33))) {
                assertRejectedUnchanged(ws, "name", "pane.rename", Map.of("pane_id", a, "name", bad));
            }
            assertThat(client.call("pane.rename", Map.of("pane_id", a, "name", "x".repeat(32))).get("name").asString())
                    .hasSize(32);
        }

        @Test
        void rejectsANameAnotherPaneHolds() { // seed R227
            client.call("pane.rename", Map.of("pane_id", a, "name", "taken"));
            assertRejectedUnchanged(ws, "name", "pane.rename", Map.of("pane_id", b, "name", "taken"));
        }

        @Test
        void emitsNothingForTheSameNameAndClearsWithoutOne() {
            client.call("pane.rename", Map.of("pane_id", a, "name", "same"));
            long mark = log.mark();
            client.call("pane.rename", Map.of("pane_id", "same", "name", "same"));
            assertThat(log.since(mark)).isEmpty();
            assertThat(client.call("pane.rename", Map.of("pane_id", a)).has("name")).isFalse();
            assertThat(names(log.since(mark))).containsExactly("pane.updated");
            client.call("pane.rename", Map.of("pane_id", b, "name", "same")); // free again
        }
    }

    @Nested
    class Swap {

        @Test
        void keepsShapeRatiosAndProcessesAndFocusStaysOnItsSlot() { // seed R233, seed R235, seed R237, seed R240
            JsonNode before = tab(tab).get("layout");
            long pidA = pid(a);
            long pidC = pid(c);
            long mark = log.mark();
            client.call("pane.swap", Map.of("pane_id", a, "target_pane_id", c));
            JsonNode after = tab(tab);
            assertThat(after.get("layout").get("ratio").asDouble()).isEqualTo(before.get("ratio").asDouble());
            assertThat(after.get("layout").get("first").get("pane_id").asString()).isEqualTo(c);
            assertThat(after.get("layout").get("second").get("second").get("pane_id").asString()).isEqualTo(a);
            assertThat(after.get("layout").get("second").get("ratio").asDouble())
                    .isEqualTo(before.get("second").get("ratio").asDouble());
            assertThat(after.get("focused_pane_id").asString()).isEqualTo(a); // c's slot was focused
            assertThat(names(log.since(mark))).containsExactly("tab.updated");
            assertThat(pid(a)).isEqualTo(pidA);
            assertThat(pid(c)).isEqualTo(pidC);
        }

        @Test
        void movesEachPaneToTheOtherTabAcrossTabs() { // seed R236, seed R237, seed R240, seed R241
            String d = secondTabWithOnePane();
            String otherTab = pane(d).get("tab_id").asString();
            long mark = log.mark();
            JsonNode result = client.call("pane.swap", Map.of("pane_id", c, "target_pane_id", d));
            assertThat(result.get("pane").get("tab_id").asString()).isEqualTo(otherTab);
            assertThat(pane(d).get("tab_id").asString()).isEqualTo(tab);
            assertThat(tab(tab).get("layout").get("second").get("second").get("pane_id").asString()).isEqualTo(d);
            assertThat(tab(tab).get("focused_pane_id").asString()).isEqualTo(d);
            assertThat(tab(otherTab).get("layout").get("pane_id").asString()).isEqualTo(c);
            assertThat(tab(otherTab).get("focused_pane_id").asString()).isEqualTo(c);
            List<Recorded> events = log.since(mark);
            assertThat(names(events)).containsExactly("tab.updated", "tab.updated", "pane.updated", "pane.updated");
            assertThat(events.get(2).payload().get("tab_id").asString()).isEqualTo(otherTab);
            assertThat(client.call("pane.list", Map.of("tab_id", otherTab)).get("panes").get(0).get("pane_id").asString())
                    .isEqualTo(c);
        }

        @Test
        void rejectsTheSamePaneEvenByName() { // seed R234
            client.call("pane.rename", Map.of("pane_id", a, "name", "me"));
            assertRejectedUnchanged(ws, "target_pane_id", "pane.swap", Map.of("pane_id", a, "target_pane_id", a));
            assertRejectedUnchanged(ws, "target_pane_id", "pane.swap", Map.of("pane_id", a, "target_pane_id", "me"));
        }

        @Test
        void rejectsAPaneOfAnotherWorkspace() { // seed R234
            String foreign = spawn(workspace(), Map.of()).get("pane_id").asString();
            assertRejectedUnchanged(ws, "target_pane_id", "pane.swap", Map.of("pane_id", a, "target_pane_id", foreign));
        }
    }

    @Nested
    class Move {

        @Test
        void collapsesTheOldParentSplitsTheTargetAndEvensTheRun() { // seed R238, seed R239
            long pidA = pid(a);
            long mark = log.mark();
            client.call("pane.move", Map.of("pane_id", a, "target_pane_id", c, "direction", "down"));
            JsonNode layout = tab(tab).get("layout");
            // a's parent collapsed into down(b, c); splitting c down joins that column: three equal rows
            assertThat(layout.get("direction").asString()).isEqualTo("down");
            assertThat(layout.get("first").get("pane_id").asString()).isEqualTo(b);
            assertThat(layout.get("ratio").asDouble()).isCloseTo(1.0 / 3, within(1e-9));
            assertThat(layout.get("second").get("second").get("pane_id").asString()).isEqualTo(a);
            assertThat(layout.get("second").get("ratio").asDouble()).isCloseTo(0.5, within(1e-9));
            assertThat(tab(tab).get("focused_pane_id").asString()).isEqualTo(a);
            assertThat(names(log.since(mark))).containsExactly("tab.updated");
            assertThat(pid(a)).isEqualTo(pidA);
        }

        @Test
        void defaultsToRightAndLeavesAnEmptiedTabEmpty() { // seed R238, seed R240, seed R241
            String d = secondTabWithOnePane();
            String otherTab = pane(d).get("tab_id").asString();
            long pidD = pid(d);
            long mark = log.mark();
            JsonNode moved = client.call("pane.move", Map.of("pane_id", d, "target_pane_id", a));
            assertThat(moved.get("pane").get("tab_id").asString()).isEqualTo(tab);
            JsonNode emptied = tab(otherTab);
            assertThat(emptied.has("layout")).isFalse();
            assertThat(emptied.has("focused_pane_id")).isFalse();
            JsonNode first = tab(tab).get("layout").get("first");
            assertThat(first.get("direction").asString()).isEqualTo("right");
            assertThat(first.get("first").get("pane_id").asString()).isEqualTo(a);
            assertThat(first.get("second").get("pane_id").asString()).isEqualTo(d);
            // a's group now holds a, d and the b/c column: three equal columns
            assertThat(tab(tab).get("layout").get("ratio").asDouble()).isCloseTo(2.0 / 3, within(1e-9));
            assertThat(names(log.since(mark))).containsExactly("tab.updated", "tab.updated", "pane.updated");
            assertThat(pid(d)).isEqualTo(pidD);
            assertThat(client.call("tab.list", Map.of("workspace_id", ws)).get("tabs").size()).isEqualTo(2);
        }

        @Test
        void upAndLeftPutThePaneBeforeTheTarget() { // seed R238, seed R239
            long pidA = pid(a);
            client.call("pane.move", Map.of("pane_id", a, "target_pane_id", c, "direction", "up"));
            JsonNode layout = tab(tab).get("layout");
            // a's parent collapsed into down(b, c); a goes above c in that column: three equal rows b, a, c
            assertThat(layout.get("direction").asString()).isEqualTo("down");
            assertThat(layout.get("first").get("pane_id").asString()).isEqualTo(b);
            assertThat(layout.get("ratio").asDouble()).isCloseTo(1.0 / 3, within(1e-9));
            assertThat(layout.get("second").get("first").get("pane_id").asString()).isEqualTo(a);
            assertThat(layout.get("second").get("second").get("pane_id").asString()).isEqualTo(c);
            assertThat(tab(tab).get("focused_pane_id").asString()).isEqualTo(a);
            assertThat(pid(a)).isEqualTo(pidA);

            client.call("pane.move", Map.of("pane_id", c, "target_pane_id", b, "direction", "left"));
            JsonNode top = tab(tab).get("layout").get("first");
            assertThat(top.get("direction").asString()).isEqualTo("right");
            assertThat(top.get("first").get("pane_id").asString()).isEqualTo(c);
            assertThat(top.get("second").get("pane_id").asString()).isEqualTo(b);
        }

        @Test
        void rejectsTheSamePaneAnotherWorkspaceAndABadDirection() { // seed R234
            assertRejectedUnchanged(ws, "target_pane_id", "pane.move", Map.of("pane_id", b, "target_pane_id", b));
            String foreign = spawn(workspace(), Map.of()).get("pane_id").asString();
            assertRejectedUnchanged(ws, "target_pane_id", "pane.move", Map.of("pane_id", b, "target_pane_id", foreign));
            assertRejectedUnchanged(ws, "direction", "pane.move", Map.of("pane_id", b, "target_pane_id", a,
                    "direction", "above"));
            assertThat(client.errorCode("pane.move", Map.of("pane_id", b, "target_pane_id", "nobody")))
                    .isEqualTo("NO_SUCH_PANE");
        }
    }
}
