package dev.signaltty.cli.internal.view;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

import org.jspecify.annotations.Nullable;

/**
 * Copy mode over one pane's scrollback (history plus screen, as {@code pane.read} tail returns it):
 * a cursor line moved with the arrows, PageUp/PageDown, g/G; {@code /} searches backwards by regular
 * expression and {@code n}/{@code N} repeat it; Space marks the start of a line selection and Enter
 * copies it (or the cursor line) to the outer terminal's clipboard with OSC 52.
 */
final class CopyMode {

    final String paneId;
    private final List<String> lines;
    int cursor;
    int top;
    int mark = -1;
    private @Nullable Pattern search;

    CopyMode(String paneId, List<String> lines, int height) {
        this.paneId = paneId;
        this.lines = lines.isEmpty() ? List.of("") : lines;
        this.cursor = this.lines.size() - 1;
        this.top = Math.max(0, this.lines.size() - height);
    }

    int size() {
        return lines.size();
    }

    String line(int i) {
        return i >= 0 && i < lines.size() ? lines.get(i) : "";
    }

    boolean selected(int i) {
        return mark >= 0 ? i >= Math.min(mark, cursor) && i <= Math.max(mark, cursor) : i == cursor;
    }

    void move(int delta, int height) {
        cursor = Math.max(0, Math.min(lines.size() - 1, cursor + delta));
        follow(height);
    }

    /** Scrolls the view (the wheel); true when it is back at the bottom. */
    boolean scroll(int delta, int height) {
        top = Math.max(0, Math.min(Math.max(0, lines.size() - height), top + delta));
        cursor = Math.max(top, Math.min(top + height - 1, cursor));
        return top >= lines.size() - height;
    }

    private void follow(int height) {
        if (cursor < top) {
            top = cursor;
        } else if (cursor >= top + height) {
            top = cursor - height + 1;
        }
    }

    /** Sets the pattern and jumps to the nearest match above; the error text for a bad pattern. */
    @Nullable String search(String regex, int height) {
        try {
            search = Pattern.compile(regex);
        } catch (PatternSyntaxException e) {
            return "bad regex: " + e.getDescription();
        }
        return next(-1, height);
    }

    /** The next match in a direction (-1 up, +1 down), wrapping; a message when there is none. */
    @Nullable String next(int direction, int height) {
        Pattern p = search;
        if (p == null) {
            return "no search yet (/ to search)";
        }
        int n = lines.size();
        for (int step = 1; step <= n; step++) {
            int i = Math.floorMod(cursor + direction * step, n);
            if (p.matcher(lines.get(i)).find()) {
                cursor = i;
                follow(height);
                return null;
            }
        }
        return "no match for " + p.pattern();
    }

    void toggleMark() {
        mark = mark >= 0 ? -1 : cursor;
    }

    String selection() {
        int from = mark >= 0 ? Math.min(mark, cursor) : cursor;
        int to = mark >= 0 ? Math.max(mark, cursor) : cursor;
        return String.join("\n", lines.subList(from, to + 1));
    }

    /** OSC 52: the terminal (or tmux with set-clipboard) puts the text in its clipboard. */
    static String osc52(String text) {
        return "\u001b]52;c;" + Base64.getEncoder().encodeToString(text.getBytes(StandardCharsets.UTF_8)) + "\u0007";
    }
}
