package dev.signaltty.vt;

import java.util.Arrays;

/**
 * The emulator's paths for runs of printable text (ADR 0112): ASCII runs, and runs mixing ASCII and
 * UTF-8. For mixed text a character is written in the run's loop only when it lands on an empty cell of
 * the cursor's row without wrapping, with no charset mapping, insert mode or disabled autowrap in
 * force: then {@link Emulator#print} and {@link #printAscii} would repair nothing and their effect is
 * just the cells, the cursor and the last printed character, which the loop gives for the whole run.
 * Every other character goes to those two, as the parser used to send it. Whenever a row is being
 * appended to ({@link RowUtf8}), the run's source bytes become its compact form as they are.
 */
final class TextPrinter {

    private TextPrinter() {
    }

    /** Whether the modes let text be written without the general path's checks. */
    static boolean applies(Emulator e) {
        return !e.charsets().active() && !e.modes.insert && e.modes.autowrap;
    }

    /**
     * A run of printable ASCII ({@link VtActions#printAscii}), one pass per row it touches. Written
     * onto empty cells it is copied as is (and appended to the row's compact form); onto cells with
     * content, each overwritten wide character or mark is repaired first.
     */
    static void printAscii(Emulator e, byte[] buf, int off, int len) {
        int end = off + len;
        long a = e.attr;
        int i = off;
        while (i < end) { // one pass per row touched: the row and its arrays are looked up once
            if (e.cx >= e.cols) {
                if (!e.modes.autowrap) {
                    e.cx = e.cols - 1;
                } else {
                    e.wrap();
                }
            }
            Row r = e.grid.row(e.cy);
            int[] cps = r.cps;
            long[] attrs = r.attrs;
            int x = e.cx;
            int n = Math.min(end - i, e.cols - x);
            int stop = x + n;
            RowUtf8 u = r.utf8;
            boolean appending = u != null && u.valid && x == u.cells;
            if (appending || x >= r.used) { // the cells are empty: nothing wide or marked to repair
                for (int k = i; x < stop; x++, k++) {
                    cps[x] = buf[k];
                }
                Arrays.fill(attrs, e.cx, stop, a);
                if (appending) {
                    u.appendAscii(buf, i, n, a);
                } else {
                    r.stale();
                }
                i += n;
            } else {
                for (; x < stop; x++, i++) {
                    int old = cps[x];
                    if (old < 0 || old >= 0x1100 || r.combining != null) {
                        e.fixWideBeforeWrite(r, x, 1);
                    }
                    cps[x] = buf[i];
                    attrs[x] = a;
                }
                r.stale();
            }
            e.cx = x;
            r.dirty = true;
            if (x > r.used) {
                r.used = x;
            }
        }
        e.lastPrinted(buf[end - 1]);
        if (e.cx >= e.cols && !e.modes.autowrap) {
            e.cx = e.cols - 1;
        }
    }

    /**
     * Decodes and writes, straight from the bytes, the characters from {@code off} on that land on
     * empty cells of the cursor's row; returns the bytes taken (0 when the first cannot be).
     */
    static int printUtf8(Emulator e, byte[] buf, int off, int end) {
        Row r = e.grid.row(e.cy);
        RowUtf8 u = r.utf8;
        int x = e.cx;
        int cols = e.cols;
        boolean appending = u != null && u.valid && x == u.cells;
        if (x >= cols || !appending && x < r.used) {
            return 0;
        }
        int[] cps = r.cps;
        long[] attrs = r.attrs;
        long a = e.attr;
        int i = off;
        int last = -1;
        while (i < end) {
            int c = buf[i];
            if (c >= 0x20 && c != 0x7F) { // signed: a stretch of printable ASCII, a cell per byte
                int stop = Math.min(end, i + (cols - x));
                if (i == stop) {
                    break; // the row is full: the wrap is the general path's
                }
                do {
                    cps[x] = c;
                    attrs[x++] = a;
                    last = c;
                } while (++i < stop && (c = buf[i]) >= 0x20 && c != 0x7F);
                continue;
            }
            int d = c >= 0 ? -1 : Utf8.decode(buf, i, end);
            if (d < 0) {
                break; // a control, or not a whole valid sequence: the parser's
            }
            int cp = d >>> 3;
            int w = CharWidth.of(cp);
            if (w == 0 || x + w > cols) {
                break; // a combining mark, or a wrap: the general path's
            }
            cps[x] = cp;
            attrs[x] = a;
            if (w == 2) {
                cps[x + 1] = Row.WIDE_TAIL;
                attrs[x + 1] = a;
            }
            x += w;
            i += d & 7;
            last = cp;
        }
        if (i > off) {
            finish(e, r, appending, buf, off, i - off, x, last);
        }
        return i - off;
    }

    /** Text the parser decoded ({@link VtActions#printText}); characters the loop cannot take go one stretch at a time. */
    static void printText(Emulator e, byte[] buf, int off, int[] text, int count) {
        long a = e.attr;
        int cols = e.cols;
        int at = off;
        int k = 0;
        while (k < count) {
            Row r = e.grid.row(e.cy);
            RowUtf8 u = r.utf8;
            int x = e.cx;
            boolean appending = u != null && u.valid && x == u.cells;
            if (x < cols && (appending || x >= r.used)) {
                int[] cps = r.cps;
                long[] attrs = r.attrs;
                int from = at;
                int start = x;
                while (k < count) {
                    int cp = text[k];
                    int w = 1;
                    int n = 1;
                    if (cp >= 0x80) {
                        w = CharWidth.of(cp);
                        n = cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
                    }
                    if (w == 0 || x + w > cols) {
                        break;
                    }
                    cps[x] = cp;
                    attrs[x] = a;
                    if (w == 2) {
                        cps[x + 1] = Row.WIDE_TAIL;
                        attrs[x + 1] = a;
                    }
                    x += w;
                    at += n;
                    k++;
                }
                if (x > start) {
                    finish(e, r, appending, buf, from, at - from, x, text[k - 1]);
                }
                if (k == count) {
                    break;
                }
            }
            // the next character needs the general path: an ASCII stretch at a time, as the parser sends it
            int cp = text[k];
            if (cp < 0x80) {
                int from = at;
                while (k < count && text[k] < 0x80) {
                    k++;
                    at++;
                }
                e.printAscii(buf, from, at - from);
            } else {
                e.print(cp);
                k++;
                at += cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
            }
        }
    }

    /** After writing {@code bytes} bytes of text from the cursor to column {@code x} of row r. */
    private static void finish(Emulator e, Row r, boolean appending, byte[] buf, int from, int bytes, int x,
                               int lastCp) {
        if (appending) {
            r.utf8.appendText(buf, from, bytes, x - e.cx, e.attr);
        } else {
            r.stale();
        }
        r.touch(x);
        r.dirty = true;
        e.lastPrinted(lastCp);
        e.cx = x;
    }
}
