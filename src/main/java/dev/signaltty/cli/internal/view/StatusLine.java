package dev.signaltty.cli.internal.view;

import java.time.LocalTime;
import java.time.format.DateTimeFormatter;
import java.util.List;

import org.jspecify.annotations.Nullable;

/**
 * The bottom row: workspace and tab, each pane's name with its agent lifecycle and attention as
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

    static void draw(Frame f, int y, String workspace, String tab, List<PaneScreen> panes, @Nullable String focus,
            @Nullable String middle, LocalTime now) {
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
        String right = " decisions " + pending + " " + now.format(CLOCK) + " ";
        int rightStart = Math.max(0, cols - right.length());
        int x = f.text(0, y, " " + workspace + " » " + tab + " ", Frame.Style.of(15, 6, true), rightStart);
        if (middle != null) {
            f.text(x + 1, y, middle, Frame.Style.of(0, 3, false), rightStart);
        } else {
            for (PaneScreen p : panes) {
                boolean focused = p.id.equals(focus);
                x = f.text(x + 1, y, (focused ? "*" : "") + p.label(), Frame.Style.of(0, 7, focused), rightStart);
                String life = p.exited ? "exited" : p.lifecycle;
                if (lifecycleStyle(life) != 0) {
                    x = f.text(x + 1, y, " " + life + " ", lifecycleStyle(life), rightStart);
                }
                if (attentionStyle(p.attention) != 0) {
                    x = f.text(x + 1, y, " " + p.attention + " ", attentionStyle(p.attention), rightStart);
                }
                if (p.pendingDecision != null) {
                    x = f.text(x, y, "?", Frame.Style.of(15, 1, true), rightStart);
                }
            }
        }
        f.text(rightStart, y, right, pending > 0 ? Frame.Style.of(15, 1, true) : Frame.Style.STATUS, cols);
    }
}
