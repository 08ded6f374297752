package dev.signaltty.cli.internal.view;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

/** The view's pure parts: laying out a layout tree (ADR-0070 wire form) and splitting key input. */
class LayoutAndInputTest {

    static final Map<String, Object> TREE = Map.of("direction", "right", "ratio", 0.5,
            "first", Map.of("pane_id", "a"),
            "second", Map.of("direction", "down", "ratio", 0.5, "first", Map.of("pane_id", "b"), "second", Map.of("pane_id", "c")));

    @Test
    void laysOutCellsAndDividersLikeTmuxAndFindsNeighbours() {
        LayoutTree.Geometry g = LayoutTree.layout(LayoutTree.parse(TREE), new LayoutTree.Rect(0, 0, 81, 25));
        assertThat(g.cell("a").rect()).isEqualTo(new LayoutTree.Rect(0, 0, 40, 25));
        assertThat(g.cell("b").rect()).isEqualTo(new LayoutTree.Rect(41, 0, 40, 12));
        assertThat(g.cell("c").rect()).isEqualTo(new LayoutTree.Rect(41, 13, 40, 12));
        assertThat(g.dividers()).hasSize(2);
        assertThat(g.dividerAt(40, 7).path()).isEmpty();
        assertThat(g.dividerAt(50, 12).path()).containsExactly(1);
        assertThat(g.dividerAt(40, 7).ratioAt(20, 7)).isEqualTo(0.25);
        assertThat(LayoutTree.neighbour(g, "a", 1, 0)).isIn("b", "c");
        assertThat(LayoutTree.neighbour(g, "b", 0, 1)).isEqualTo("c");
        assertThat(LayoutTree.neighbour(g, "c", -1, 0)).isEqualTo("a");
        assertThat(LayoutTree.neighbour(g, "a", -1, 0)).isNull();
        LayoutTree.Node moved = LayoutTree.withRatio(LayoutTree.parse(TREE), List.of(1), 0.25);
        assertThat(LayoutTree.layout(moved, new LayoutTree.Rect(0, 0, 81, 25)).cell("c").rect().h()).isEqualTo(18);
    }

    @Test
    void splitsMouseReportsAndKeysAndWaitsForACutSequence() {
        InputDecoder d = new InputDecoder();
        List<InputDecoder.Input> in = feed(d, "ab\u001b[<0;12;5M\u001b[A");
        assertThat(in).hasSize(4);
        assertThat(in.get(2)).isEqualTo(new InputDecoder.Mouse(0, 11, 4, false));
        assertThat(((InputDecoder.Key) in.get(3)).name()).isEqualTo("Up");
        assertThat(feed(d, "\u001b[<32;3")).isEmpty(); // cut: kept for the rest
        assertThat(d.pending()).isTrue();
        assertThat(feed(d, "0;7m")).containsExactly(new InputDecoder.Mouse(32, 29, 6, true));
        assertThat(feed(d, "\u001b")).isEmpty();
        assertThat(((InputDecoder.Key) d.flush().getFirst()).name()).isEqualTo("Escape"); // escape-time passed
    }

    @Test
    void aResizeKeyMovesThePanesRightOrLowerEdgeElseItsLeftOrUpperOneAsTmuxDoes() { // ADR 0820
        LayoutTree.Geometry g = LayoutTree.layout(LayoutTree.parse(TREE), new LayoutTree.Rect(0, 0, 81, 25));
        // a's right edge is the root divider; c has no right edge, so its left one (the same divider) moves
        assertThat(LayoutTree.edge(g, "a", true).path()).isEmpty();
        assertThat(LayoutTree.edge(g, "c", true).path()).isEmpty();
        // b's lower edge; c is last in its column, so its upper edge (the same divider); a has none
        assertThat(LayoutTree.edge(g, "b", false).path()).containsExactly(1);
        assertThat(LayoutTree.edge(g, "c", false).path()).containsExactly(1);
        assertThat(LayoutTree.edge(g, "a", false)).isNull();
        // five cells left: the ratio that lays the divider out at column 35, row 7 for one down
        LayoutTree.Divider root = LayoutTree.edge(g, "a", true);
        LayoutTree.Node left = LayoutTree.withRatio(LayoutTree.parse(TREE), root.path(), root.ratioMovedBy(-5));
        assertThat(LayoutTree.layout(left, new LayoutTree.Rect(0, 0, 81, 25)).cell("a").rect().w()).isEqualTo(35);
        LayoutTree.Divider lower = LayoutTree.edge(g, "b", false);
        LayoutTree.Node down = LayoutTree.withRatio(LayoutTree.parse(TREE), lower.path(), lower.ratioMovedBy(1));
        assertThat(LayoutTree.layout(down, new LayoutTree.Rect(0, 0, 81, 25)).cell("b").rect().h()).isEqualTo(13);
    }

    @Test
    void namesTheControlAndAltArrowsTmuxSendsForTheResizeKeys() {
        InputDecoder d = new InputDecoder();
        List<InputDecoder.Input> in = feed(d, "\u001b[1;5A\u001b[1;5D\u001b[1;3B\u001b[1;3C");
        assertThat(in).extracting(i -> ((InputDecoder.Key) i).name()).containsExactly("C-Up", "C-Left", "M-Down", "M-Right");
    }

    @Test
    void readsTheOuterTerminalsFocusReportsAsFocusNotKeys() { // ADR 0985: they reach no pane as they are
        InputDecoder d = new InputDecoder();
        List<InputDecoder.Input> in = feed(d, "\u001b[Ox\u001b[I\u001bOA");
        assertThat(in).hasSize(4);
        assertThat(in.get(0)).isEqualTo(new InputDecoder.Focus(false));
        assertThat(in.get(2)).isEqualTo(new InputDecoder.Focus(true));
        assertThat(((InputDecoder.Key) in.get(3)).name()).isEqualTo("Up"); // SS3's O is no focus report
    }

    @Test
    void readsTheOuterTerminalsThemeChangeReportsAsThemeNotKeys() { // ADR 1130: DECSET 2031's reports reach no pane
        InputDecoder d = new InputDecoder();
        List<InputDecoder.Input> in = feed(d, "\u001b[?997;1nx\u001b[?997;2n\u001b[?996n");
        assertThat(in).hasSize(4);
        assertThat(in.get(0)).isEqualTo(new InputDecoder.Theme(true));
        assertThat(in.get(2)).isEqualTo(new InputDecoder.Theme(false));
        assertThat(in.get(3)).isInstanceOf(InputDecoder.Key.class); // the query form passes as it is
    }

    private static List<InputDecoder.Input> feed(InputDecoder d, String s) {
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        return d.feed(b, b.length);
    }
}
