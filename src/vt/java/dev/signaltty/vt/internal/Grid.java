package dev.signaltty.vt.internal;

/**
 * The visible rows of one screen (main or alternate) and the operations on them, in screen
 * coordinates; it knows nothing of bytes or escape sequences. Rows that scroll off the top of a
 * full-screen region are handed to a {@link ScrollSink} (the main screen's history) and their
 * {@link Row} objects are recycled for the new bottom rows, so scrolling allocates no cells.
 */
final class Grid {

    /** Receives a row that scrolled off the top; it must copy what it keeps before returning. */
    interface ScrollSink {
        void scrolledOff(Row row);
    }

    /**
     * The rows as a ring: screen row y is {@code rows[index(y)]}, so scrolling the whole screen by a line
     * (a line feed at the bottom: every line of a flood) moves {@link #origin} instead of copying every
     * row reference, with a GC card mark each, into place.
     */
    private Row[] rows;
    /** Where screen row 0 is in {@link #rows}. */
    private int origin;
    private int cols;
    /** Rows of a grid whose rows scroll into history keep their compact form as they are written. */
    private final boolean feedsHistory;

    Grid(int cols, int height, boolean feedsHistory) {
        this.cols = cols;
        this.feedsHistory = feedsHistory;
        rows = new Row[height];
        for (int y = 0; y < height; y++) {
            rows[y] = new Row(cols, feedsHistory);
        }
    }

    int cols() {
        return cols;
    }

    int height() {
        return rows.length;
    }

    Row row(int y) {
        return rows[index(y)];
    }

    private void set(int y, Row r) {
        rows[index(y)] = r;
    }

    /** Screen row y's place in the ring, without a branch (y and {@link #origin} are below its length). */
    private int index(int y) {
        int p = origin + y;
        int height = rows.length;
        return p - (height & ~((p - height) >> 31));
    }

    /** The rows from the top of the screen down, the ring unrolled ({@link #origin} 0 from here on). */
    private Row[] unrolled() {
        Row[] ordered = new Row[rows.length];
        for (int y = 0; y < ordered.length; y++) {
            ordered[y] = row(y);
        }
        origin = 0;
        return ordered;
    }

    /** Scrolls rows {@code top..bottom} (inclusive) up by n; the sink sees rows leaving the top, if given. */
    void scrollUp(int top, int bottom, int n, long fill, ScrollSink sink) {
        n = Math.min(n, bottom - top + 1);
        if (n <= 0) {
            return;
        }
        if (n == 1) { // the line-feed hot path: one row moves from the top to the bottom
            Row r = row(top);
            if (top == 0 && bottom == rows.length - 1) {
                origin = index(1); // the whole screen: the ring turns, and r is the bottom row
            } else {
                for (int y = top; y < bottom; y++) {
                    set(y, row(y + 1));
                }
                set(bottom, r);
            }
            if (sink != null) {
                sink.scrolledOff(r);
            }
            r.reset(fill);
            return;
        }
        Row[] leaving = new Row[n];
        for (int i = 0; i < n; i++) {
            leaving[i] = row(top + i);
        }
        for (int y = top; y <= bottom - n; y++) {
            set(y, row(y + n));
        }
        for (int i = 0; i < n; i++) {
            Row r = leaving[i];
            if (sink != null) {
                sink.scrolledOff(r);
            }
            r.reset(fill);
            set(bottom - n + 1 + i, r);
        }
    }

    void scrollDown(int top, int bottom, int n, long fill) {
        n = Math.min(n, bottom - top + 1);
        if (n <= 0) {
            return;
        }
        Row[] entering = new Row[n];
        for (int i = 0; i < n; i++) {
            entering[i] = row(bottom - n + 1 + i);
        }
        for (int y = bottom; y >= top + n; y--) {
            set(y, row(y - n));
        }
        for (int i = 0; i < n; i++) {
            entering[i].reset(fill);
            set(top + i, entering[i]);
        }
    }

    /**
     * Clears columns {@code [from, to)} of row y. A wide character cut by the range is blanked whole,
     * as in xterm (tmux leaves the surviving half: ADR 0170).
     */
    void erase(int y, int from, int to, long fill) {
        Row r = row(y);
        from = Math.max(0, from);
        to = Math.min(cols, to);
        if (from >= to) {
            return;
        }
        if (r.cp(from) == Row.WIDE_TAIL || to < cols && r.cp(to) == Row.WIDE_TAIL) {
            r.stale();
            splitWideAt(r, from);
            if (to < cols) {
                splitWideAt(r, to);
            }
        }
        r.clear(from, to, fill);
        if (to == cols) {
            r.wrapped = false;
        }
    }

    void eraseRows(int fromY, int toY, long fill) {
        for (int y = Math.max(0, fromY); y < Math.min(rows.length, toY); y++) {
            row(y).reset(fill);
        }
    }

    /**
     * ICH: shifts cells from x right by n within the row, blanking the gap; cells pushed off are lost.
     * As in xterm, a wide character the shift splits is blanked whole: the one under x, and one whose
     * tail is pushed off the right edge.
     */
    void insertChars(int y, int x, int n, long fill) {
        Row r = row(y);
        if (x >= cols) {
            return;
        }
        n = Math.min(n, cols - x);
        r.stale();
        splitWideAt(r, x);
        if (n < cols - x) {
            splitWideAt(r, cols - n);
        }
        r.touch(Math.min(cols, r.used + n));
        System.arraycopy(r.cps(), x, r.cps(), x + n, cols - x - n);
        System.arraycopy(r.attrs(), x, r.attrs(), x + n, cols - x - n);
        r.attrEnd = cols; // attributes moved past what is used
        if (r.combining != null) {
            System.arraycopy(r.combining, x, r.combining, x + n, cols - x - n);
        }
        r.clear(x, x + n, fill);
    }

    /** DCH: removes n cells at x, shifting the rest left and blanking the end of the row. */
    void deleteChars(int y, int x, int n, long fill) {
        Row r = row(y);
        if (x >= cols) {
            return;
        }
        n = Math.min(n, cols - x);
        r.stale();
        splitWideAt(r, x); // xterm blanks a wide character cut at either end of the deleted cells
        if (x + n < cols) {
            splitWideAt(r, x + n);
        }
        System.arraycopy(r.cps(), x + n, r.cps(), x, cols - x - n);
        System.arraycopy(r.attrs(), x + n, r.attrs(), x, cols - x - n);
        r.attrEnd = cols;
        if (r.combining != null) {
            System.arraycopy(r.combining, x + n, r.combining, x, cols - x - n);
        }
        r.clear(cols - n, cols, fill);
    }

    /** When column x holds the tail of a wide character, blanks both of its cells (keeping their attributes). */
    private static void splitWideAt(Row r, int x) {
        if (x > 0 && r.cps()[x] == Row.WIDE_TAIL && Row.isWideHead(r.cps()[x - 1])) {
            r.cps()[x - 1] = Row.EMPTY;
            r.cps()[x] = Row.EMPTY;
            if (r.combining != null) {
                r.combining[x - 1] = null;
            }
        }
    }

    void markAllDirty() {
        for (Row r : rows) {
            r.dirty = true;
        }
    }

    /** Index of the last row holding any character, or -1. */
    int lastNonBlankRow() {
        for (int y = rows.length - 1; y >= 0; y--) {
            if (!row(y).isBlank()) {
                return y;
            }
        }
        return -1;
    }

    /** The rows from the top of the screen down, for a {@link Reflow} (which then {@linkplain #replaceRows replaces} them). */
    Row[] topDown() {
        rows = unrolled();
        return rows.clone();
    }

    /** Takes rows laid out at {@code newCols} columns (a {@link Reflow}'s) as the screen, top down. */
    void replaceRows(Row[] newRows, int newCols) {
        rows = newRows;
        origin = 0;
        cols = newCols;
    }

    /**
     * Resizes without reflow (the alternate screen, and the main screen when only rows change). Columns are cut or padded per row. When rows shrink, the sink (history)
     * receives rows removed from the top; {@code keepFromTop} rows are removed from the top, the rest of
     * the reduction from the bottom. When rows grow, blank rows are added at the bottom.
     */
    void resize(int newCols, int newHeight, int removeFromTop, ScrollSink sink) {
        for (Row r : rows) {
            r.resize(newCols);
        }
        cols = newCols;
        if (newHeight == rows.length) {
            return;
        }
        rows = unrolled();
        Row[] next = new Row[newHeight];
        if (newHeight < rows.length) {
            for (int i = 0; i < removeFromTop; i++) {
                if (sink != null) {
                    sink.scrolledOff(rows[i]);
                }
            }
            System.arraycopy(rows, removeFromTop, next, 0, newHeight);
        } else {
            System.arraycopy(rows, 0, next, 0, rows.length);
            for (int y = rows.length; y < newHeight; y++) {
                next[y] = new Row(newCols, feedsHistory);
            }
        }
        rows = next;
    }
}
