package dev.signaltty.vt.internal;

import java.util.Arrays;
import org.jspecify.annotations.Nullable;

/**
 * One mutable row of the visible screen: a code point and an attribute per column. Only visible rows
 * use this per-cell form; rows leaving the screen are compacted into {@link HistoryLine}s.
 *
 * <p>Cell code points: {@link #EMPTY} is a never-written cell (shown as a space), {@link #WIDE_TAIL}
 * is the second column of a double-width character. Combining marks live in a lazily created side
 * array, since they are rare.
 */
public final class Row {

    public static final int EMPTY = 0;
    public static final int WIDE_TAIL = -1;

    private int[] cps;
    private long[] attrs;
    /**
     * The cells {@code [0, utf8.cells)} were written by appending and not stored: {@link #utf8} alone
     * describes them, and the arrays still hold {@link #EMPTY} and {@link #blankAttr} there. Nearly every
     * row of a flood is written once left to right and scrolls off into history, which copies the
     * compact form, so its cells are never read; {@link #materialize} stores them the first time anything
     * else reads or changes the row (ADR 0445).
     */
    private boolean deferred;
    /**
     * Cells at and beyond this column are {@link #EMPTY} with no combining marks (an upper bound kept
     * by every writer), so scans, copies into history and resets stop early on short lines.
     */
    int used;
    /**
     * Attributes at and beyond {@code max(used, attrEnd)} all equal {@link #blankAttr}, so a reset to
     * the same blank attribute (a line feed at the bottom, nearly always) rewrites only the written
     * prefix instead of every column. Writers that set attributes past {@link #used} raise it.
     */
    int attrEnd;
    long blankAttr = Sgr.DEFAULT;
    String[] combining;
    /** True when the text continues on the next row because of an autowrap. */
    boolean wrapped;
    /** Sequence number in the rendered ring; meaningful when {@link #dirty} is false. */
    long seq;
    /** Changed since {@link #seq} was assigned: the next read gives the row a new, higher number. */
    boolean dirty = true;
    /** The compact form kept while the row is written left to right; null on the alternate screen. */
    final @Nullable RowUtf8 utf8;

    /** @param keepsUtf8 whether the row will scroll into history (main screen), see {@link RowUtf8} */
    Row(int cols, boolean keepsUtf8) {
        cps = new int[cols];
        attrs = new long[cols];
        utf8 = keepsUtf8 ? new RowUtf8() : null;
    }

    /** A cell that starts a double-width character (its tail may have been shifted away by ICH/DCH). */
    static boolean isWideHead(int cp) {
        return cp >= 0x1100 && CharWidth.of(cp) == 2;
    }

    int cols() {
        return cps.length;
    }

    /** The code point of every cell (stored first if they were deferred); writers keep {@link #used} true. */
    int[] cps() {
        materialize();
        return cps;
    }

    /** The attribute of every cell (stored first if they were deferred). */
    long[] attrs() {
        materialize();
        return attrs;
    }

    /** One cell's code point; stores the deferred cells only when x is among them. */
    int cp(int x) {
        if (deferred && x < used) {
            materialize();
        }
        return cps[x];
    }

    /** Whether the appended cells are not stored (see {@link #deferred}). */
    boolean deferred() {
        return deferred;
    }

    /**
     * Marks the cells appended so far (and those appended next, until anything else touches the row)
     * as described by {@link #utf8} alone. Only for a row whose cells are all either empty or deferred:
     * {@code utf8} valid and nothing stored at or past its cells.
     */
    void defer() {
        deferred = true;
    }

    /** Stores the deferred cells, decoded from {@link #utf8} (text and attribute runs, widths by {@link CharWidth}). */
    void materialize() {
        if (deferred) {
            storeDeferred();
        }
    }

    /**
     * {@link #materialize}'s work, in a method of its own: the check above is inlined wherever cells are
     * read (every {@link #cps()}), and a call taken as rarely as this one is not, so the compiled text
     * paths carry one call here instead of a copy of this decoding loop per read (ADR 0610).
     */
    private void storeDeferred() {
        deferred = false;
        RowUtf8 u = utf8;
        byte[] text = u.text;
        long[] runs = u.runs;
        int run = 0;
        long attr = Sgr.DEFAULT;
        int x = 0;
        int i = 0;
        while (i < u.length) {
            while (run < u.runsLength && runs[run] <= i) {
                attr = runs[run + 1];
                run += 2;
            }
            int cp = text[i];
            if (cp >= 0) {
                i++;
            } else {
                int d = Utf8.decode(text, i, u.length);
                cp = d >>> 3; // appended text is whole, valid UTF-8
                i += d & 7;
            }
            cps[x] = cp;
            attrs[x++] = attr;
            if (cp >= 0x1100 && CharWidth.of(cp) == 2) {
                cps[x] = WIDE_TAIL;
                attrs[x++] = attr;
            }
        }
    }

    void reset(long attr) {
        // a deferred row's cells below used were never stored: they still hold EMPTY and blankAttr
        int stored = deferred ? used : 0;
        deferred = false;
        Arrays.fill(cps, stored, used, EMPTY);
        if (attr == blankAttr) {
            Arrays.fill(attrs, stored, Math.max(used, attrEnd), attr);
        } else {
            Arrays.fill(attrs, 0, attrs.length, attr);
        }
        used = 0;
        attrEnd = 0;
        blankAttr = attr;
        combining = null;
        wrapped = false;
        dirty = true;
        if (utf8 != null) {
            utf8.reset();
        }
    }

    /** The cells changed other than by appending: {@link #utf8} no longer describes them. */
    void stale() {
        materialize();
        if (utf8 != null) {
            utf8.valid = false;
        }
    }

    void clear(int from, int to, long attr) {
        from = Math.max(0, from);
        to = Math.min(cps.length, to);
        if (from >= to) {
            return;
        }
        if (deferred && from < utf8.cells) {
            if (from == 0 && to >= used) {
                deferred = false; // every deferred cell is cleared: the arrays already hold EMPTY there
            } else {
                materialize();
            }
        }
        if (utf8 != null) {
            if (from == 0 && to >= used) {
                utf8.reset(); // nothing left to show (an ESC[K at the start of a line)
            } else if (!utf8.valid || from < utf8.cells) {
                utf8.valid = false;
            } // else: only cells past the encoded ones, which were empty already
        }
        Arrays.fill(cps, from, Math.max(from, Math.min(to, used)), EMPTY);
        if (attr == blankAttr) {
            // past max(used, attrEnd) the attributes are blankAttr already: an ESC[K after a short line
            // (every line of some floods) rewrites only what was written, not the rest of the row
            Arrays.fill(attrs, from, Math.max(from, Math.min(to, Math.max(used, attrEnd))), attr);
        } else {
            Arrays.fill(attrs, from, to, attr);
            attrEnd = Math.max(attrEnd, to);
        }
        if (combining != null) {
            Arrays.fill(combining, from, to, null);
        }
        if (to >= used && from < used) {
            used = from;
        }
        dirty = true;
    }

    /** Records that columns below {@code end} may now hold characters. */
    void touch(int end) {
        if (end > used) {
            used = end;
        }
    }

    void addCombining(int col, int cp) {
        materialize();
        if (combining == null) {
            combining = new String[cps.length];
        }
        touch(col + 1);
        stale();
        String prev = combining[col];
        String mark = Character.toString(cp);
        // cap the marks per cell so a flood of combining characters cannot grow a row without bound
        if (prev == null || prev.length() < 16) {
            combining[col] = prev == null ? mark : prev + mark;
        }
        dirty = true;
    }

    void resize(int cols) {
        if (cols == cps.length) {
            return;
        }
        materialize();
        int old = cps.length;
        if (utf8 != null && cols < utf8.cells) {
            utf8.valid = false;
        }
        cps = Arrays.copyOf(cps, cols);
        attrs = Arrays.copyOf(attrs, cols);
        attrEnd = cols; // the padding is DEFAULT, not necessarily blankAttr
        if (combining != null) {
            combining = Arrays.copyOf(combining, cols);
        }
        used = Math.min(used, cols);
        if (cols < old && cols > 0 && cps[cols - 1] > 0 && CharWidth.of(cps[cols - 1]) == 2) {
            cps[cols - 1] = EMPTY; // a wide character cut in half by the new width
        }
        dirty = true;
    }

    /** True when no cell holds a character (attributes are ignored: the row reads as empty text). */
    boolean isBlank() {
        materialize();
        for (int x = 0; x < used; x++) {
            int cp = cps[x];
            if (cp != EMPTY && cp != ' ' && cp != WIDE_TAIL) {
                return false;
            }
        }
        if (combining != null) {
            for (int x = 0; x < used; x++) {
                if (combining[x] != null) {
                    return false;
                }
            }
        }
        return true;
    }

    void copyFrom(Row other) {
        other.materialize();
        materialize();
        System.arraycopy(other.cps, 0, cps, 0, Math.min(cps.length, other.cps.length));
        System.arraycopy(other.attrs, 0, attrs, 0, Math.min(cps.length, other.cps.length));
        attrEnd = cps.length;
        combining = other.combining == null ? null : Arrays.copyOf(other.combining, cps.length);
        wrapped = other.wrapped;
        used = Math.min(cps.length, other.used);
        dirty = true;
        stale();
    }
}
