package dev.signaltty.cli.internal.view;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;

/** The prefix then q (ADR 0920): each pane's number in the middle of its cell, as tmux's display-panes. */
class PaneNumbersTest {

    private static InputDecoder.Key key(String s) {
        return new InputDecoder.Key(s.getBytes(StandardCharsets.UTF_8), "");
    }

    @Test
    void eachPanesNumberIsDrawnInTheMiddleOfItsCellInLayoutOrder() {
        Frame f = new Frame();
        f.resize(41, 11);
        LayoutTree.Node root = new LayoutTree.Node(null, "right", 0.5,
                new LayoutTree.Node("left", "", 0, null, null),
                new LayoutTree.Node(null, "down", 0.5, new LayoutTree.Node("top", "", 0, null, null),
                        new LayoutTree.Node("bottom", "", 0, null, null)));
        LayoutTree.Geometry g = LayoutTree.layout(root, new LayoutTree.Rect(0, 0, 41, 11));
        PaneNumbers.draw(f, g, "top");
        for (int i = 0; i < 3; i++) {
            LayoutTree.Rect r = g.cells().get(i).rect();
            int x = r.x() + (r.w() - 3) / 2;
            int y = r.y() + r.h() / 2;
            assertThat("" + f.charAt(x, y) + f.charAt(x + 1, y) + f.charAt(x + 2, y)).isEqualTo(" " + i + " ");
        }
        assertThat(g.cells().get(0).paneId()).isEqualTo("left");
    }

    @Test
    void digitsThenLettersChooseAPaneAndOtherKeysDoNot() {
        assertThat(PaneNumbers.index(key("0"))).isZero();
        assertThat(PaneNumbers.index(key("9"))).isEqualTo(9);
        assertThat(PaneNumbers.index(key("a"))).isEqualTo(10); // the 11th pane, as tmux's display-panes
        assertThat(PaneNumbers.label(11)).isEqualTo("b");
        assertThat(PaneNumbers.index(key("Q"))).isEqualTo(-1);
        assertThat(PaneNumbers.index(key("\u001b[A"))).isEqualTo(-1);
    }
}
