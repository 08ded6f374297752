package dev.signaltty.vt.internal;

import java.util.Arrays;

/**
 * Writes runs of text into one {@link Row} (ADR 0112). {@link #writeText} is the fast path: characters
 * that land on empty cells without wrapping, decoded straight from the bytes, whose only effect is the
 * cells; {@link #writeAscii} takes printable ASCII onto any cells, repairing each overwritten wide
 * character or mark. Whenever the row is being appended to ({@link RowUtf8}), the run's source bytes
 * become its compact form as they are. The cursor and the modes are the caller's ({@link Emulator}).
 */
final class RowWriter {

    /** In {@link #scanText}: the last character is the one that ends the text scanned (a run's). */
    private static final int RUN_END = -2;

    /** After {@link #writeText}: the column after the last cell written, and the last character. */
    private int column;
    private int last;

    int column() {
        return column;
    }

    int last() {
        return last;
    }

    /**
     * Writes, from column x, the characters of {@code buf[off, end)} that land on empty cells of the
     * row before its end; returns the bytes taken (0 when the first cannot be: the cells are not
     * empty, a wrap, a combining mark, a control or an invalid sequence comes first).
     */
    int writeText(Row r, int x, int cols, long a, byte[] buf, int off, int end) {
        RowUtf8 u = r.utf8;
        boolean appending = u != null && u.valid && x == u.cells;
        if (x >= cols || !appending && x < r.used) {
            return 0;
        }
        // appended to a fresh or deferred row, the cells are the compact form's alone until something
        // reads them (ADR 0445): a flood's rows scroll off into history without ever storing a cell
        boolean defer = appending && (x == 0 || r.deferred());
        int i = defer ? scanText(x, cols, buf, off, end) : storeText(r, x, cols, a, buf, off, end);
        int taken = i - off;
        if (taken > 0) {
            if (appending) {
                u.appendText(buf, off, taken, column - x, a);
                if (defer) {
                    r.defer();
                }
            } else {
                r.stale();
            }
            r.touch(column);
            r.dirty = true;
        }
        return taken;
    }

    /**
     * The text {@link #writeText} takes from {@code buf[off, end)} at column x, without storing it:
     * returns the index after it and sets {@link #column} and {@link #last}.
     */
    private int scanText(int x, int cols, byte[] buf, int off, int end) {
        int i = off;
        int lastCp = -1;
        while (i < end) {
            int c = buf[i];
            if (c >= 0x20 && c != 0x7F) { // signed: a stretch that starts with printable ASCII
                int stop = Math.min(end, i + (cols - x));
                if (i == stop) {
                    break; // the row is full: the wrap is the caller's
                }
                int from = i;
                // printable ASCII with one-column letters and symbols among it (ADRs 0641, 0690): its bytes
                // are at least its columns, so a row's worth of bytes never passes the row's end
                long run = NarrowRun.end(buf, i + 1, stop);
                i = (int) run;
                x += i - from - (int) (run >>> 32);
                lastCp = RUN_END; // read once, after the scan: only the last character counts
                continue;
            }
            if (c >= 0) {
                break; // a control
            }
            // the length is a constant of a branch on the lead, not decode's answer: with i += d & 7 the next
            // character's position waited for this one's decode (ADR 0641). decode is written out on each
            // branch, the form measured, so that the three stay apart in the compiled code
            int d;
            int n;
            if (c < (byte) 0xE0) {
                d = Utf8.decode(buf, i, end);
                n = 2;
            } else if (c < (byte) 0xF0) {
                d = Utf8.decode(buf, i, end);
                n = 3;
            } else {
                d = Utf8.decode(buf, i, end);
                n = 4;
            }
            if (d < 0) {
                break; // not a whole valid sequence
            }
            int cp = d >>> 3;
            int w = CharWidth.of(cp);
            if (w == 0 || x + w > cols) {
                break; // a combining mark, or a wrap
            }
            x += w;
            i += n;
            lastCp = cp;
        }
        column = x;
        last = lastCp == RUN_END ? lastOfRun(buf, i) : lastCp; // a run's end is where the scan stopped
        return i;
    }

    /** The code point of the character that ends a {@link NarrowRun} at {@code end}: ASCII, 2 or 3 bytes. */
    private static int lastOfRun(byte[] buf, int end) {
        int c = buf[end - 1];
        if (c >= 0) {
            return c;
        }
        int before = buf[end - 2];
        if ((before & 0xE0) == 0xC0) {
            return (before & 0x1F) << 6 | c & 0x3F;
        }
        return (buf[end - 3] & 0x0F) << 12 | (before & 0x3F) << 6 | c & 0x3F;
    }

    /** The same as {@link #scanText}, storing the cells of row r with attribute a. */
    private int storeText(Row r, int x, int cols, long a, byte[] buf, int off, int end) {
        int[] cps = r.cps();
        long[] attrs = r.attrs();
        int i = off;
        int lastCp = -1;
        while (i < end) {
            int c = buf[i];
            if (c >= 0x20 && c != 0x7F) { // signed: a stretch of printable ASCII, a cell per byte
                int stop = Math.min(end, i + (cols - x));
                if (i == stop) {
                    break; // the row is full: the wrap is the caller's
                }
                do {
                    cps[x] = c;
                    attrs[x++] = a;
                    lastCp = c;
                } while (++i < stop && (c = buf[i]) >= 0x20 && c != 0x7F);
                continue;
            }
            int d = c >= 0 ? -1 : Utf8.decode(buf, i, end);
            if (d < 0) {
                break; // a control, or not a whole valid sequence
            }
            int cp = d >>> 3;
            int w = CharWidth.of(cp);
            if (w == 0 || x + w > cols) {
                break; // a combining mark, or a wrap
            }
            cps[x] = cp;
            attrs[x] = a;
            if (w == 2) {
                cps[x + 1] = Row.WIDE_TAIL;
                attrs[x + 1] = a;
            }
            x += w;
            i += d & 7;
            lastCp = cp;
        }
        column = x;
        last = lastCp;
        return i;
    }

    /** Printable ASCII {@code buf[i, i + n)} at column x, which must fit before the row's end. */
    static void writeAscii(Row r, int x, byte[] buf, int i, int n, long a, int cols) {
        int stop = x + n;
        RowUtf8 u = r.utf8;
        boolean appending = u != null && u.valid && x == u.cells;
        if (appending && (x == 0 || r.deferred())) { // as in writeText: the compact form alone (ADR 0445)
            u.appendAscii(buf, i, n, a);
            r.defer();
        } else if (appending || x >= r.used) {
            int[] cps = r.cps(); // the cells are empty: nothing wide or marked to repair
            for (int k = i, c = x; c < stop; c++, k++) {
                cps[c] = buf[k];
            }
            Arrays.fill(r.attrs(), x, stop, a);
            if (appending) {
                u.appendAscii(buf, i, n, a);
            } else {
                r.stale();
            }
        } else {
            int[] cps = r.cps();
            long[] attrs = r.attrs();
            for (int c = x, k = i; c < stop; c++, k++) {
                int old = cps[c];
                if (old < 0 || old >= 0x1100 || r.combining != null) {
                    fixWideBeforeWrite(r, c, 1, cols);
                }
                cps[c] = buf[k];
                attrs[c] = a;
            }
            r.stale();
        }
        r.dirty = true;
        if (stop > r.used) {
            r.used = stop;
        }
    }

    /** Before writing w cells at x: blank the other half of any wide character being overwritten. */
    static void fixWideBeforeWrite(Row r, int x, int w, int cols) {
        int[] cps = r.cps();
        if (cps[x] == Row.WIDE_TAIL && x > 0 && Row.isWideHead(cps[x - 1])) {
            cps[x - 1] = Row.EMPTY;
        }
        int lastCell = x + w - 1;
        if (lastCell + 1 < cols && cps[lastCell + 1] == Row.WIDE_TAIL) {
            cps[lastCell + 1] = Row.EMPTY;
        }
        if (r.combining != null) {
            for (int i = x; i <= lastCell; i++) {
                r.combining[i] = null;
            }
        }
    }
}
