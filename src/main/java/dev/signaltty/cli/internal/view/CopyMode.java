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
 * after tmux's vi copy mode: a cursor cell moved with the arrows, h j k l, 0 $, the word motions
 * w b e W B E, half and whole pages, g/G; {@code v} (or Space) starts a character-wise selection at the cursor, {@code V} a line-wise
 * one; {@code /} searches down and {@code ?} up by regular expression, {@code n} repeats in the same
 * direction and {@code N} in the other; Enter or y copies the selection (the cursor line without one)
 * to the outer terminal's clipboard with OSC 52.
 */
final class CopyMode {

    /** No selection, tmux's begin-selection (v, Space), select-line (V). */
    enum Selection { NONE, CHARS, LINES }

    final String paneId;
    private final List<String> lines;
    /** Each line's characters' attributes ({@link CopyLines}), or empty: plain text. */
    private final List<long[]> attrs;
    int cursor;
    /** The cursor's column in its line. */
    int col;
    int top;
    Selection selection = Selection.NONE;
    /** C-v: a character selection takes the same columns on every line (tmux's rectangle-toggle). */
    boolean rectangle;
    int markLine;
    int markCol;
    private @Nullable Pattern search;
    /** The last search's direction: +1 down (/), -1 up (?). */
    private int searchDirection = 1;

    CopyMode(String paneId, List<String> lines, int height) {
        this(paneId, new CopyLines(lines, List.of()), height);
    }

    /** Over lines with the pane's colours and attributes, drawn as the pane draws them (ADR 1222). */
    CopyMode(String paneId, CopyLines copied, int height) {
        this.paneId = paneId;
        List<String> lines = copied.lines();
        this.lines = lines.isEmpty() ? List.of("") : lines;
        this.attrs = lines.isEmpty() || copied.attrs().size() != lines.size() ? List.of() : copied.attrs();
        this.cursor = this.lines.size() - 1;
        this.top = Math.max(0, this.lines.size() - height);
    }

    int size() {
        return lines.size();
    }

    String line(int i) {
        return i >= 0 && i < lines.size() ? lines.get(i) : "";
    }

    /** The attributes of line {@code i}'s characters, one each, or null to draw it plain. */
    long @Nullable [] attrs(int i) {
        return i >= 0 && i < attrs.size() ? attrs.get(i) : null;
    }

    /**
     * The selected columns of line {@code i}, [from, to), {@code to} = Integer.MAX_VALUE for "to the
     * end of the row"; null when nothing of it is selected, and always without a selection: then only the
     * cursor's cell is drawn, as tmux draws its copy-mode cursor (ADR 1320).
     */
    int @Nullable [] selectedColumns(int i) {
        if (selection == Selection.NONE) {
            return null;
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
        if (rectangle) {
            return new int[] {Math.min(markCol, col), Math.max(markCol, col) + 1};
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

    /**
     * vi's word motions, across line ends: {@code w} the next word's start, {@code b} this or the
     * previous word's start, {@code e} this or the next word's end. A word is a run of letters, digits
     * and {@code _}, or a run of other non-blank characters; for {@code W}, {@code B}, {@code E} any
     * run of non-blanks. A line end is a blank; an empty line is a word of its own for w and b (vi).
     */
    void word(char motion, int height) {
        boolean big = Character.isUpperCase(motion);
        int[] p = {cursor, Math.min(col, line(cursor).length())};
        switch (Character.toLowerCase(motion)) {
            case 'w' -> nextWordStart(p, big);
            case 'b' -> wordStart(p, big);
            case 'e' -> wordEnd(p, big);
            default -> throw new IllegalArgumentException("not a word motion: " + motion);
        }
        cursor = p[0];
        col = Math.max(0, Math.min(p[1], line(p[0]).length() - 1));
        follow(height);
    }

    private void nextWordStart(int[] p, boolean big) {
        int start = p[0];
        int kind = kind(p, big);
        while (kind != 0 && kind(p, big) == kind) {
            if (!forward(p)) {
                return; // the last word of the scrollback: stay on it
            }
        }
        while (kind(p, big) == 0 && !(line(p[0]).isEmpty() && p[0] != start)) {
            if (!forward(p)) {
                return;
            }
        }
    }

    private void wordStart(int[] p, boolean big) {
        int start = p[0];
        if (!backward(p)) {
            return;
        }
        while (kind(p, big) == 0 && !(line(p[0]).isEmpty() && p[0] != start)) {
            if (!backward(p)) {
                return;
            }
        }
        int kind = kind(p, big);
        for (int[] q = p.clone(); kind != 0 && backward(q) && kind(q, big) == kind; q = q.clone()) {
            p[0] = q[0];
            p[1] = q[1];
        }
    }

    private void wordEnd(int[] p, boolean big) {
        if (!forward(p)) {
            return;
        }
        while (kind(p, big) == 0) { // e passes empty lines, as vi's
            if (!forward(p)) {
                return;
            }
        }
        int kind = kind(p, big);
        for (int[] q = p.clone(); forward(q) && kind(q, big) == kind; q = q.clone()) {
            p[0] = q[0];
            p[1] = q[1];
        }
    }

    /** 0 a blank (or the line's end), 1 punctuation (any non-blank for W B E), 2 a letter, digit or _. */
    private int kind(int[] p, boolean big) {
        String s = line(p[0]);
        if (p[1] >= s.length() || Character.isWhitespace(s.charAt(p[1]))) {
            return 0;
        }
        char c = s.charAt(p[1]);
        return big || !(Character.isLetterOrDigit(c) || c == '_') ? 1 : 2;
    }

    /** One cell on, the line's end (column = its length) counting as a cell; false at the scrollback's end. */
    private boolean forward(int[] p) {
        if (p[1] < line(p[0]).length()) {
            p[1]++;
            return true;
        }
        if (p[0] + 1 < lines.size()) {
            p[0]++;
            p[1] = 0;
            return true;
        }
        return false;
    }

    private boolean backward(int[] p) {
        if (p[1] > 0) {
            p[1]--;
            return true;
        }
        if (p[0] > 0) {
            p[0]--;
            p[1] = line(p[0]).length();
            return true;
        }
        return false;
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

    /** o: the cursor goes to the selection's other end, which stays selected (tmux's other-end). */
    void otherEnd(int height) {
        if (selection == Selection.NONE) {
            return;
        }
        int line = markLine;
        int column = markCol;
        markLine = cursor;
        markCol = col;
        cursor = line;
        col = column;
        follow(height);
    }

    /** What Enter or y copies: the selection, or the cursor line without one (ADR 0840). */
    String selection() {
        if (selection == Selection.NONE) {
            return line(cursor);
        }
        StringBuilder out = new StringBuilder();
        int from = Math.min(markLine, cursor);
        int to = Math.max(markLine, cursor);
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
