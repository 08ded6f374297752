package dev.signaltty.vt.internal;

/**
 * Prints text at the cursor (ADR 0112): the terminal's one text entry point, and REP. Runs landing on
 * empty cells go through {@link RowWriter#writeText}; what it cannot take (a wrap, an overwrite, a
 * combining mark, a mapped charset, insert mode, autowrap off) goes an ASCII stretch or a character at
 * a time through the general paths, which give the same cells.
 */
final class TextPrinter {

    private final Screens screens;
    private final Cursor cursor;
    private final Modes modes;
    private final Charsets charsets;
    private final RowWriter writer = new RowWriter();
    /** The character REP repeats (the last printed), or -1 before any. */
    private int lastPrinted = -1;

    TextPrinter(Screens screens, Cursor cursor, Modes modes, Charsets charsets) {
        this.screens = screens;
        this.cursor = cursor;
        this.modes = modes;
        this.charsets = charsets;
    }

    /** See {@link TerminalOperations#print}. */
    int print(byte[] buf, int off, int end) {
        int i = off;
        while (i < end) {
            boolean plain = !charsets.active() && !modes.insert && modes.autowrap;
            if (plain) {
                int n = writer.writeText(screens.active().row(cursor.y()), cursor.x(), screens.cols(),
                        cursor.attr(), buf, i, end);
                if (n > 0) {
                    cursor.setX(writer.column());
                    lastPrinted = writer.last();
                    i += n;
                    if (i < end && buf[i] >= 0 && (buf[i] < 0x20 || buf[i] == 0x7F)) {
                        break; // a control ended the run (the usual case): the parser's, without a second try
                    }
                    continue;
                }
            }
            int c = buf[i];
            if (c >= 0x20 && c != 0x7F) { // signed: printable ASCII
                if (plain && cursor.x() >= screens.cols()) {
                    cursor.wrap(); // the row is full: the next one is written by the fast path again
                    continue;
                }
                int j = PrintableRun.end(buf, i + 1, end);
                printAscii(buf, i, j);
                i = j;
            } else if (c >= 0) {
                break; // a control: the parser's
            } else {
                int d = Utf8.decode(buf, i, end);
                if (d < 0) {
                    break; // not a whole valid sequence: the parser's
                }
                print(d >>> 3);
                i += d & 7;
            }
        }
        return i - off;
    }

    /** REP: any character, wide ones too, the base of a combined one, n more times with wrapping (xterm). */
    void repeat(int count) {
        int cp = lastPrinted;
        if (cp < 0) {
            return;
        }
        for (int i = 0; i < count; i++) {
            print(cp);
        }
    }

    /** Printable ASCII {@code buf[from, to)}, one pass per row it touches. */
    private void printAscii(byte[] buf, int from, int to) {
        if (charsets.active() || modes.insert) {
            for (int i = from; i < to; i++) {
                print(buf[i]);
            }
            return;
        }
        int cols = screens.cols();
        int i = from;
        while (i < to) {
            if (cursor.x() >= cols) {
                if (!modes.autowrap) {
                    cursor.setX(cols - 1);
                } else {
                    cursor.wrap();
                }
            }
            int x = cursor.x();
            int n = Math.min(to - i, cols - x);
            RowWriter.writeAscii(screens.active().row(cursor.y()), x, buf, i, n, cursor.attr(), cols);
            cursor.setX(x + n);
            i += n;
        }
        lastPrinted = buf[to - 1];
        if (cursor.x() >= cols && !modes.autowrap) {
            cursor.setX(cols - 1);
        }
    }

    /** One character, with every check: charset mapping, width, wrap, insert mode, wide overwrites. */
    private void print(int cp) {
        cp = charsets.map(cp);
        int w = CharWidth.of(cp);
        if (w == 0) {
            combine(cp);
            return;
        }
        int cols = screens.cols();
        if (w == 2 && cols < 2) {
            return;
        }
        if (cursor.x() > cols - w) {
            if (!modes.autowrap) {
                if (w > 1 && cursor.x() < cols) {
                    return; // tmux drops a wide character that does not fit without wrapping
                }
                cursor.setX(cols - w);
            } else {
                cursor.wrap();
            }
        }
        int x = cursor.x();
        int y = cursor.y();
        long attr = cursor.attr();
        Grid grid = screens.active();
        Row r = grid.row(y);
        if (modes.insert) {
            grid.insertChars(y, x, w, Sgr.erased(attr));
        }
        r.materialize(); // the cells below are stored: the row's deferred ones first
        RowUtf8 u = r.utf8;
        if (u != null && u.valid && x == u.cells) {
            u.appendCodePoint(cp, w, attr); // the cells written below are empty: no repair to undo it
        } else {
            r.stale();
        }
        RowWriter.fixWideBeforeWrite(r, x, w, cols);
        int[] cps = r.cps();
        long[] attrs = r.attrs();
        cps[x] = cp;
        attrs[x] = attr;
        if (w == 2) {
            cps[x + 1] = Row.WIDE_TAIL;
            attrs[x + 1] = attr;
        }
        r.touch(x + w);
        r.dirty = true;
        lastPrinted = cp;
        x += w;
        cursor.setX(x >= cols && !modes.autowrap ? cols - w : x);
    }

    /** A combining mark joins the cell before the cursor; REP still repeats the base (xterm). */
    private void combine(int cp) {
        int cols = screens.cols();
        int x = cursor.x() >= cols ? cols - 1 : cursor.x() - 1;
        if (x < 0) {
            return;
        }
        Row r = screens.active().row(cursor.y());
        if (r.cps()[x] == Row.WIDE_TAIL && x > 0) {
            x--;
        }
        r.addCombining(x, cp); // even on an empty cell, as tmux does (it then shows a space and the mark)
    }
}
