package dev.signaltty.vt.internal;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.jspecify.annotations.Nullable;

/**
 * Rewraps the main screen to a new width, as tmux 3.3a's {@code grid_reflow} does (ADR 0800): rows
 * joined by their soft-wrap flag ({@link Row#wrapped}) form a logical line, and a logical line is laid
 * out again at the new width. A hard line end is never joined; a line longer than the new width is
 * split even when it was not wrapped (tmux does); a double-width character that would straddle the new
 * edge moves to the next row, leaving the last cell empty, as autowrap leaves it. Attributes and
 * combining marks go with their cells.
 *
 * <p>Only the screen is rewrapped. History is append-only and numbered (docs/05-rendered-ring.md), so
 * its lines keep the width they left with, and widening does not pull lines back from it (tmux does):
 * a logical line that began in history continues on the screen's first row, and reads still join it by
 * the history line's wrap flag. Because nothing comes back from history, rows below the
 * {@linkplain Spot anchor} (the cursor) that are blank are given up before rows are pushed into history,
 * so a narrowing followed by the opposite widening gives the screen back (tmux pushes into history
 * first and pulls back later).
 *
 * <p>Positions ({@link Spot}s: the cursor, the saved cursor) stay on the same character: a position is
 * turned into an offset in its logical line before and back into a row and column after. A position at
 * the end of the text lands after it (on a full last row that is the pending-wrap column, {@code cols});
 * one past the text keeps its distance from the line's start, clamped to the last column.
 */
final class Reflow {

    /** A tracked position: a column ({@code cols} for a pending wrap) and a row, updated in place. */
    static final class Spot {
        int x;
        int y;

        Spot(int x, int y) {
            this.x = x;
            this.y = y;
        }
    }

    private final int cols;
    private final List<Row> out = new ArrayList<>();
    /** For each old row, the new row holding its last cell. */
    private final Row[] ends;
    /** For each new row of the line being laid out: the logical offset it starts at, and the cells it holds. */
    private int[] starts = new int[8];
    private int[] lengths = new int[8];

    private Reflow(int cols, int oldRows) {
        this.cols = cols;
        this.ends = new Row[oldRows];
    }

    /**
     * Rewraps {@code grid} to {@code newCols} columns and fits it to {@code newRows} rows: blank rows
     * below {@code spots[0]} go first, then rows leave the top into {@code sink} (null: they are
     * dropped); short of rows, blank ones are added at the bottom. Every spot is moved with its
     * character; one whose row left the top goes to the home position. Returns, for each old row top
     * down, the row its last cell went to (in history or on the screen; the row itself when it was kept),
     * or null for a blank row given up: how {@link ShellMarks} boundaries follow their lines.
     */
    static Row[] rewrap(Grid grid, int newCols, int newRows, Grid.@Nullable ScrollSink sink, Spot... spots) {
        Row[] old = grid.topDown();
        Reflow r = new Reflow(newCols, old.length);
        int[] oldRows = new int[spots.length]; // each spot's row before, -1 once it has moved
        for (int i = 0; i < spots.length; i++) {
            oldRows[i] = spots[i].y;
        }
        for (int y = 0; y < old.length; ) {
            int end = y;
            while (old[end].wrapped && end + 1 < old.length) {
                end++;
            }
            r.line(old, y, end, spots, oldRows);
            y = end + 1;
        }
        List<Row> rows = r.out;
        int anchor = spots.length > 0 ? spots[0].y : -1;
        while (rows.size() > newRows && rows.size() - 1 > anchor && rows.getLast().isBlank()) {
            Row dropped = rows.removeLast();
            for (int y = 0; y < old.length; y++) {
                if (r.ends[y] == dropped) {
                    r.ends[y] = null;
                }
            }
        }
        int fromTop = Math.max(0, rows.size() - newRows);
        for (int i = 0; i < fromTop; i++) {
            if (sink != null) {
                sink.scrolledOff(rows.get(i));
            }
        }
        for (Spot s : spots) {
            if (s.y < fromTop) {
                s.x = 0;
                s.y = 0;
            } else {
                s.y -= fromTop;
            }
        }
        Row[] fitted = new Row[newRows];
        for (int y = 0; y < newRows; y++) {
            int from = fromTop + y;
            fitted[y] = from < rows.size() ? rows.get(from) : new Row(newCols, true);
        }
        grid.replaceRows(fitted, newCols);
        return r.ends;
    }

    /** Lays out the logical line made of rows {@code old[start..end]}, moving the spots on it. */
    private void line(Row[] old, int start, int end, Spot[] spots, int[] oldRows) {
        int firstOut = out.size();
        if (start == end && !old[start].wrapped && contentLength(old[start]) <= cols) {
            // a hard line that fits (nearly every row): the row itself, cut or padded as before; resizing
            // marks it changed, so like the new rows it gets a new number, and rows leaving for history
            // are numbered in screen order
            Row r = old[start];
            int length = contentLength(r);
            r.resize(cols);
            out.add(r);
            ends[start] = r;
            for (int i = 0; i < spots.length; i++) {
                if (oldRows[i] == start) {
                    spots[i].x = column(spots[i].x, spots[i].x == length && length == cols);
                    spots[i].y = firstOut;
                    oldRows[i] = -1;
                }
            }
            return;
        }
        // the spots' offsets in the line, taken before the cells move
        int[] offsets = new int[spots.length];
        int prefix = 0;
        int total = 0;
        for (int y = start; y <= end; y++) {
            int length = contentLength(old[y]);
            for (int i = 0; i < spots.length; i++) {
                if (oldRows[i] == y) {
                    // on a row that continues, a spot past its text is at the next row's start
                    offsets[i] = prefix + (y < end ? Math.min(spots[i].x, length) : spots[i].x);
                }
            }
            prefix += length;
            total = prefix;
        }
        int rowsOut = layOut(old, start, end);
        for (int i = 0; i < spots.length; i++) {
            if (oldRows[i] < start || oldRows[i] > end) {
                continue;
            }
            oldRows[i] = -1;
            int k = 0;
            while (k < rowsOut - 1 && offsets[i] >= starts[k] + lengths[k]) {
                k++;
            }
            int x = offsets[i] - starts[k];
            spots[i].x = column(x, offsets[i] == total && x == cols);
            spots[i].y = firstOut + k;
        }
    }

    /** A new column: the pending-wrap column only for the end of a full row's text, else at most the last. */
    private int column(int x, boolean afterFullRow) {
        return afterFullRow ? cols : Math.min(x, cols - 1);
    }

    /** Copies the line's cells into new rows of {@link #cols}; returns how many it made. */
    private int layOut(Row[] old, int start, int end) {
        Row row = newRow();
        int k = 0;
        int x = 0;
        int offset = 0;
        starts[0] = 0;
        for (int y = start; y <= end; y++) {
            Row src = old[y];
            int length = contentLength(src);
            int[] cps = src.cps();
            long[] attrs = src.attrs();
            for (int c = 0; c < length; ) {
                int cp = cps[c] == Row.WIDE_TAIL ? Row.EMPTY : cps[c]; // a tail whose head was shifted away
                boolean wide = cp > 0 && c + 1 < length && cps[c + 1] == Row.WIDE_TAIL;
                int width = wide ? 2 : 1;
                if (x + width > cols && x > 0) {
                    // the character does not fit: wrap, leaving the rest of the row empty (a wide one's gap)
                    row.wrapped = true;
                    lengths[k] = x;
                    k = next(k, offset);
                    row = newRow();
                    x = 0;
                }
                put(row, x, cp, attrs[c], src.combining == null ? null : src.combining[c]);
                if (wide && cols > 1) {
                    put(row, x + 1, Row.WIDE_TAIL, attrs[c + 1], null);
                }
                x += Math.min(width, cols); // one column: a wide character's head alone
                offset += width;
                c += width;
            }
            ends[y] = row;
        }
        lengths[k] = x;
        row.wrapped = old[end].wrapped; // the screen's last row may continue past it (kept as it was)
        return k + 1;
    }

    /** Starts new row k + 1 at {@code offset}. */
    private int next(int k, int offset) {
        k++;
        if (k == starts.length) {
            starts = Arrays.copyOf(starts, 2 * k);
            lengths = Arrays.copyOf(lengths, 2 * k);
        }
        starts[k] = offset;
        return k;
    }

    private Row newRow() {
        Row r = new Row(cols, true);
        r.stale(); // written cell by cell, not appended: history encodes it when it scrolls off
        r.attrEnd = cols;
        out.add(r);
        return r;
    }

    private static void put(Row r, int x, int cp, long attr, @Nullable String combining) {
        r.cps()[x] = cp;
        r.attrs()[x] = attr;
        if (combining != null) {
            if (r.combining == null) {
                r.combining = new String[r.cols()];
            }
            r.combining[x] = combining;
        }
        r.touch(x + 1);
    }

    /**
     * The cells a row's text takes: up to its last written cell (a space written counts, as in tmux's
     * {@code cellused}; never-written and erased cells do not). A wrapped row's gap before a wide
     * character that did not fit is not text, so joining leaves it out.
     */
    static int contentLength(Row r) {
        int[] cps = r.cps();
        String[] combining = r.combining;
        for (int x = Math.min(r.used, cps.length) - 1; x >= 0; x--) {
            if (cps[x] != Row.EMPTY || combining != null && combining[x] != null) {
                return x + 1;
            }
        }
        return 0;
    }
}
