package dev.signaltty.cli.internal.view;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

import org.jspecify.annotations.Nullable;

/**
 * Copy mode over one pane's scrollback (history plus screen, as {@code pane.read} tail returns it),
 * after tmux's vi copy mode: a cursor cell moved with the arrows, h j k l, 0 $, half and whole pages,
 * g/G; {@code v} (or Space) starts a character-wise selection at the cursor, {@code V} a line-wise
 * one; {@code /} searches down and {@code ?} up by regular expression, {@code n} repeats in the same
 * direction and {@code N} in the other; Enter or y copies the selection (the cursor line without one)
 * to the outer terminal's clipboard with OSC 52.
 */
final class CopyMode {

    /** No selection, tmux's begin-selection (v, Space), select-line (V). */
    enum Selection { NONE, CHARS, LINES }

    final String paneId;
    private final List<String> lines;
    int cursor;
    /** The cursor's column in its line. */
    int col;
    int top;
    Selection selection = Selection.NONE;
    int markLine;
    int markCol;
    private @Nullable Pattern search;
    /** The last search's direction: +1 down (/), -1 up (?). */
    private int searchDirection = 1;

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

    /**
     * The selected columns of line {@code i}, [from, to), {@code to} = Integer.MAX_VALUE for "to the
     * end of the row"; null when nothing of it is selected. Without a selection, the cursor line.
     */
    int @Nullable [] selectedColumns(int i) {
        if (selection == Selection.NONE) {
            return i == cursor ? new int[] {0, Integer.MAX_VALUE} : null;
        }
        boolean markFirst = markLine < cursor || markLine == cursor && markCol <= col;
        int fromLine = markFirst ? markLine : cursor;
        int fromCol = markFirst ? markCol : col;
        int toLine = markFirst ? cursor : markLine;
        int toCol = markFirst ? col : markCol;
        if (i < fromLine || i > toLine) {
            return null;
        }
        if (selection == Selection.LINES) {
            return new int[] {0, Integer.MAX_VALUE};
        }
        return new int[] {i == fromLine ? fromCol : 0, i == toLine ? toCol + 1 : Integer.MAX_VALUE};
    }

    void move(int delta, int height) {
        cursor = Math.max(0, Math.min(lines.size() - 1, cursor + delta));
        follow(height);
    }

    /** h / l and the arrows: along the line, never past its last character. */
    void moveColumn(int delta) {
        col = Math.max(0, Math.min(lastColumn(), col + delta));
    }

    /** 0 and $: the start or the last character of the line. */
    void lineEdge(boolean end) {
        col = end ? lastColumn() : 0;
    }

    private int lastColumn() {
        return Math.max(0, line(cursor).length() - 1);
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

    /**
     * Sets the pattern and jumps to the nearest match after the cursor ({@code direction} +1, tmux's
     * {@code /}) or before it (-1, {@code ?}); the error text for a bad pattern or no match.
     */
    @Nullable String search(String regex, int direction, int height) {
        try {
            search = Pattern.compile(regex);
        } catch (PatternSyntaxException e) {
            return "bad regex: " + e.getDescription();
        }
        searchDirection = direction;
        return next(false, height);
    }

    /** n (the search's own direction) or N ({@code reverse}): the next match, wrapping round the ends. */
    @Nullable String next(boolean reverse, int height) {
        Pattern p = search;
        if (p == null) {
            return "no search yet (/ searches down, ? up)";
        }
        int direction = reverse ? -searchDirection : searchDirection;
        int n = lines.size();
        for (int step = 0; step <= n; step++) {
            int i = Math.floorMod(cursor + direction * step, n);
            int at = match(p, lines.get(i), step == 0 ? col : -1, direction);
            if (at >= 0) {
                cursor = i;
                col = at;
                follow(height);
                return null;
            }
        }
        return "no match for " + p.pattern();
    }

    /**
     * Where a match starts in {@code line}: going down the first one after column {@code after}
     * (-1: anywhere), going up the last one before it.
     */
    private static int match(Pattern p, String line, int after, int direction) {
        Matcher m = p.matcher(line);
        int found = -1;
        while (m.find()) {
            int start = m.start();
            if (direction > 0 && (after < 0 || start > after)) {
                return start;
            }
            if (direction < 0 && (after < 0 || start < after)) {
                found = start;
            }
            if (m.end() == m.start() && m.end() >= line.length()) {
                break;
            }
        }
        return direction > 0 ? -1 : found;
    }

    /** v / Space (characters) or V (lines): starts that selection at the cursor, or ends it when it is on. */
    void toggle(Selection kind) {
        if (selection == kind) {
            selection = Selection.NONE;
        } else {
            if (selection == Selection.NONE) {
                markLine = cursor;
                markCol = col;
            }
            selection = kind; // v after V (or V after v) changes the kind, as tmux's vi mode
        }
    }

    String selection() {
        StringBuilder out = new StringBuilder();
        int from = selection == Selection.NONE ? cursor : Math.min(markLine, cursor);
        int to = selection == Selection.NONE ? cursor : Math.max(markLine, cursor);
        for (int i = from; i <= to; i++) {
            int[] cols = selectedColumns(i);
            String text = line(i);
            if (cols != null) {
                int a = Math.min(cols[0], text.length());
                int b = Math.min(cols[1], text.length());
                out.append(i > from ? "\n" : "").append(text, a, Math.max(a, b));
            }
        }
        return out.toString();
    }

    /** OSC 52: the terminal (or tmux with set-clipboard) puts the text in its clipboard. */
    static String osc52(String text) {
        return "\u001b]52;c;" + Base64.getEncoder().encodeToString(text.getBytes(StandardCharsets.UTF_8)) + "\u0007";
    }
}
