package dev.signaltty.cli.internal.view;

import java.util.List;

/**
 * Lines shown in a box over the panes until a key is pressed, as tmux shows a command's output in view
 * mode: the key list (the prefix then {@code ?}) and what a {@code :} command printed. A window too
 * short for every line shows a page and says so; Space shows the next page, and on the last page (or
 * any other key) the box closes. Guarded by the view's monitor.
 */
final class TextBox {

    /** At most this many lines are kept (a command's output is cut there, with a last line saying so). */
    static final int MAX_LINES = 2_000;

    private final String title;
    private final List<String> lines;
    private int first;
    private int room = Integer.MAX_VALUE;

    TextBox(String title, List<String> lines) {
        this.title = title;
        this.lines = lines.size() <= MAX_LINES ? List.copyOf(lines)
                : java.util.stream.Stream.concat(lines.subList(0, MAX_LINES).stream(),
                        java.util.stream.Stream.of("… " + (lines.size() - MAX_LINES) + " more lines not shown")).toList();
    }

    /** A key: true when the box stays open (Space with a page left). */
    boolean key(InputDecoder.Key key) {
        int next = first + room;
        if (key.is(' ') && next < lines.size()) {
            first = next;
            return true;
        }
        return false;
    }

    /** Draws the box over {@code area} from the current page, remembering how many lines fit. */
    void draw(Frame f, LayoutTree.Rect area) {
        room = Math.max(1, area.h() - 3);
        boolean paged = lines.size() > room;
        int from = paged ? Math.min(first, lines.size() - 1) : 0;
        int to = Math.min(lines.size(), from + room);
        int width = 0;
        for (String line : lines) {
            width = Math.max(width, line.length());
        }
        String heading = !paged ? title + " (any key closes this)"
                : title + ", " + (from + 1) + "-" + to + " of " + lines.size()
                        + (to < lines.size() ? " (Space: more, other keys close)" : " (any key closes this)");
        LayoutTree.Rect box = f.titledBox(area, heading, width, to - from);
        for (int i = from; i < to && 2 + i - from < box.h(); i++) {
            f.text(box.x() + 2, box.y() + 2 + i - from, lines.get(i), Frame.BOX, box.x() + box.w());
        }
    }
}
