package dev.signaltty.cli.internal.view;

import java.util.List;

import org.jspecify.annotations.Nullable;

/**
 * A list drawn in a box over the panes that a key chooses from, as tmux's choose-tree: the tab chooser
 * (the prefix then {@code w}, {@link TabChooser}) and the fleet chooser (the prefix then {@code s},
 * {@link FleetChooser}). The keys are {@link ViewKeys}'s: j/k or the arrows move, h/l or Left/Right
 * fold and unfold (where there is a tree), Enter chooses, q or Esc leaves. Guarded by the view's monitor.
 */
interface Chooser {

    /** j / k, Down / Up: the next or previous line, stopping at the ends (as tmux's choose-tree). */
    void move(int delta);

    /** h / Left ({@code fold}), l / Right: fold or unfold the branch of the line chosen; nothing in a flat list. */
    default void fold(boolean fold) {
    }

    /** Enter: what showing the line chosen asks of the daemon, run after the monitor is let go; null for nothing. */
    @Nullable Runnable enter();

    /** Draws the box over {@code area}. Holds the view's monitor. */
    void draw(Frame f, LayoutTree.Rect area);

    /** A piece of a line: its text and style (0: the box's, reversed on the line chosen). */
    record Span(String text, int style) {
    }

    /** A line of spans. */
    record Line(List<Span> spans) {
        static Line plain(String text) {
            return new Line(List.of(new Span(text, 0)));
        }

        int width() {
            int w = 0;
            for (Span s : spans) {
                w += s.text().length();
            }
            return w;
        }
    }

    /**
     * Draws a box over {@code area}: the title, then the lines, line {@code selected} reversed; scrolled to
     * keep it in sight. A span with its own style (a badge) keeps it on the line chosen too.
     */
    static void drawBox(Frame f, LayoutTree.Rect area, String title, List<Line> lines, int selected) {
        int inner = 0;
        for (Line l : lines) {
            inner = Math.max(inner, l.width());
        }
        LayoutTree.Rect box = f.titledBox(area, title, inner, lines.size());
        int x0 = box.x();
        int y0 = box.y();
        int width = box.w();
        int height = box.h();
        int style = Frame.BOX;
        int room = Math.max(1, height - 2);
        int first = Math.max(0, selected - room + 1);
        for (int i = first; i < lines.size() && y0 + 2 + i - first < y0 + height; i++) {
            int y = y0 + 2 + i - first;
            int lineStyle = i == selected ? Frame.Style.of(0, 7, true) : style;
            if (i == selected) {
                for (int x = x0 + 1; x < x0 + width - 1; x++) {
                    f.put(x, y, ' ', lineStyle);
                }
            }
            int x = x0 + 2;
            for (Span span : lines.get(i).spans()) {
                x = f.text(x, y, span.text(), span.style() == 0 ? lineStyle : span.style(), x0 + width - 1);
            }
        }
    }
}
