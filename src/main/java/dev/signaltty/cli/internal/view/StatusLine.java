package dev.signaltty.cli.internal.view;

import java.time.LocalTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;

import org.jspecify.annotations.Nullable;

/**
 * The bottom row: workspace, its tabs as tmux lists windows ({@link TabList}; the tab shown alone
 * when it is the only one), each pane's name with its agent lifecycle and attention as
 * colour badges (a {@code ?} when a decision waits), the count of pending decisions and a clock. A
 * prompt or a short message takes the middle when there is one.
 */
final class StatusLine {

    private static final DateTimeFormatter CLOCK = DateTimeFormatter.ofPattern("HH:mm:ss");

    private StatusLine() {
    }

    static int lifecycleStyle(String lifecycle) {
        return switch (lifecycle) {
            case "idle" -> Frame.Style.of(15, 4, true);
            case "working" -> Frame.Style.of(0, 3, true);
            case "blocked" -> Frame.Style.of(15, 1, true);
            case "done" -> Frame.Style.of(0, 2, true);
            case "exited" -> Frame.Style.of(15, 8, false);
            default -> 0;
        };
    }

    static int attentionStyle(String attention) {
        return switch (attention) {
            case "unread" -> Frame.Style.of(15, 5, true);
            case "input_required", "permission_required" -> Frame.Style.of(15, 1, true);
            default -> 0;
        };
    }

    /** One piece of the status line: text, its style, and whether a space goes before it. */
    private record Piece(String text, int style, boolean gap) {
        int width() {
            return text.length() + (gap ? 1 : 0);
        }
    }

    /** Where a tab's entry was drawn on the status line, columns [from, to): a click there shows tab {@code index}. */
    record TabSpan(int from, int to, int index) {
    }

    /** Where a pane's name and badges were drawn, columns [from, to): a click there focuses the pane. */
    record PaneSpan(int from, int to, String paneId) {
    }

    /** What a click on the status line can reach: the tab list's entries and the panes' names. */
    record Spans(List<TabSpan> tabs, List<PaneSpan> panes) {
        static final Spans NONE = new Spans(List.of(), List.of());
    }

    /** Draws the line; returns where the tab list's entries (none when the list is not shown) and the panes are. */
    static Spans draw(Frame f, int y, String workspace, String tab, List<TabList.Entry> tabs, List<PaneScreen> panes,
            @Nullable String focus,
            @Nullable String middle, @Nullable String hint, int elsewhere, LocalTime now) {
        int cols = f.cols();
        for (int x = 0; x < cols; x++) {
            f.put(x, y, ' ', Frame.Style.STATUS);
        }
        int pending = 0;
        for (PaneScreen p : panes) {
            if (p.pendingDecision != null) {
                pending++;
            }
        }
        // tmux flags activity in other windows; here a decision waiting in another tab or workspace counts too
        String right = " decisions " + (pending + elsewhere) + (elsewhere > 0 ? " (" + elsewhere + " elsewhere)" : "") + " "
                + now.format(CLOCK) + " ";
        int rightStart = Math.max(0, cols - right.length());
        List<TabSpan> spans = new ArrayList<>();
        List<PaneSpan> paneSpans = new ArrayList<>();
        if (middle != null || tabs.size() < 2) {
            // a prompt keeps its place after the tab shown (the cursor is put there)
            int x = f.text(0, y, " " + workspace + " » " + tab + " ", Frame.Style.of(15, 6, true), rightStart);
            if (middle != null) {
                f.text(x + 1, y, middle, Frame.Style.of(0, 3, false), rightStart);
            } else {
                panes(f, y, x, panes, focus, hint, rightStart, paneSpans);
            }
        } else {
            int x = f.text(0, y, " " + workspace + " » ", Frame.Style.of(15, 6, true), rightStart);
            // the tabs get up to half of what is left, the panes of the tab shown the rest
            x = tabs(f, y, x, tabs, Math.max(1, (rightStart - x) / 2), rightStart, spans);
            panes(f, y, x, panes, focus, hint, rightStart, paneSpans);
        }
        f.text(rightStart, y, right, pending + elsewhere > 0 ? Frame.Style.of(15, 1, true) : Frame.Style.STATUS, cols);
        return new Spans(List.copyOf(spans), List.copyOf(paneSpans));
    }

    /** The workspace's tabs, tmux's window list: the shown one highlighted, one that wants someone in red. */
    private static int tabs(Frame f, int y, int x, List<TabList.Entry> tabs, int width, int limit, List<TabSpan> spans) {
        TabList.Fit fit = TabList.fit(tabs, width);
        if (fit.from() > 0) {
            x = f.text(x, y, "< ", Frame.Style.STATUS, limit);
        }
        for (int i = fit.from(); i < fit.to(); i++) {
            TabList.Entry e = tabs.get(i);
            int style = e.current() ? Frame.Style.of(15, 6, true)
                    : e.needsAttention() ? Frame.Style.of(1, 7, true) : Frame.Style.STATUS;
            int from = x + (i > fit.from() ? 1 : 0);
            x = f.text(from, y, e.text(), style, limit);
            spans.add(new TabSpan(from, x, e.index()));
        }
        if (fit.to() < tabs.size()) {
            x = f.text(x, y, " >", Frame.Style.STATUS, limit);
        }
        return x + 1;
    }

    /** The panes of the tab shown, from {@code x}: the focused one always in sight. */
    private static void panes(Frame f, int y, int x, List<PaneScreen> panes, @Nullable String focus, @Nullable String hint,
            int rightStart, List<PaneSpan> spans) {
        List<List<Piece>> each = new ArrayList<>();
        int focused = 0;
        for (PaneScreen p : panes) {
            if (p.id.equals(focus)) {
                focused = each.size();
            }
            each.add(pieces(p, p.id.equals(focus)));
        }
        // more panes than fit (8+, or a narrow window): start late enough that the focused one shows, as
        // tmux's window list scrolls to the current window, and say with < that some are left out
        int first = 0;
        while (first < focused && x + 2 + width(each, first, focused + 1) > rightStart) {
            first++;
        }
        if (first > 0) {
            x = f.text(x + 1, y, "<", Frame.Style.STATUS, rightStart);
        }
        for (int i = first; i < each.size(); i++) {
            int from = x + 1;
            for (Piece piece : each.get(i)) {
                x = f.text(x + (piece.gap() ? 1 : 0), y, piece.text(), piece.style(), rightStart);
            }
            if (x > from) {
                spans.add(new PaneSpan(from, x, panes.get(i).id));
            }
        }
        if (hint != null && x + 3 < rightStart) {
            f.text(x + 2, y, hint, Frame.Style.of(0, 3, false), rightStart);
        }
    }

    private static int width(List<List<Piece>> each, int from, int to) {
        int w = 0;
        for (int i = from; i < to; i++) {
            for (Piece piece : each.get(i)) {
                w += piece.width();
            }
        }
        return w;
    }

    /** A pane's name ({@code *} when focused), lifecycle and attention badges, and {@code ?} for a decision. */
    private static List<Piece> pieces(PaneScreen p, boolean focused) {
        List<Piece> out = new ArrayList<>();
        out.add(new Piece((focused ? "*" : "") + p.label(), Frame.Style.of(0, 7, focused), true));
        String life = p.exited ? "exited" : p.lifecycle;
        if (lifecycleStyle(life) != 0) {
            out.add(new Piece(" " + life + " ", lifecycleStyle(life), true));
        }
        if (attentionStyle(p.attention) != 0) {
            out.add(new Piece(" " + p.attention + " ", attentionStyle(p.attention), true));
        }
        if (p.pendingDecision != null) {
            out.add(new Piece("?", Frame.Style.of(15, 1, true), false));
        }
        return out;
    }
}
