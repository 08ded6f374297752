package dev.signaltty.cli.internal.view;

import java.util.Arrays;

import dev.signaltty.vt.ScreenCells;

/**
 * The picture the view wants on the outer terminal (the back buffer) and the one it last sent (the
 * front buffer). {@link #diff()} emits only the cells that differ, so a frame where one pane printed
 * one line costs that line, not the screen. Cells carry either a pane's vt attribute or, for the
 * view's own chrome (dividers, status line, prompts), a {@link Style}.
 */
final class Frame {

    /** A chrome style: 0 is "use the vt attribute"; else palette colours + 1 and bold. */
    static final class Style {
        private Style() {
        }

        static int of(int fg, int bg, boolean bold) {
            return (fg + 1) | ((bg + 1) << 9) | (bold ? 1 << 18 : 0) | (1 << 19);
        }

        static final int PLAIN = of(-1, -1, false);
        static final int DIVIDER = of(8, -1, false);
        static final int ACTIVE_DIVIDER = of(2, -1, false);
        static final int STATUS = of(0, 7, false);
    }

    private static final int UNSENT = Integer.MIN_VALUE;

    private int cols;
    private int rows;
    private int[] cps = new int[0];
    private long[] attrs = new long[0];
    private int[] styles = new int[0];
    private int[] frontCps = new int[0];
    private long[] frontAttrs = new long[0];
    private int[] frontStyles = new int[0];
    private int cursorX = -1;
    private int cursorY = -1;
    private boolean cursorVisible;

    /** A new size forgets what the outer terminal shows: the next diff redraws everything. */
    void resize(int cols, int rows) {
        this.cols = cols;
        this.rows = rows;
        int n = cols * rows;
        cps = new int[n];
        attrs = new long[n];
        styles = new int[n];
        frontCps = new int[n];
        frontAttrs = new long[n];
        frontStyles = new int[n];
        Arrays.fill(frontCps, UNSENT);
    }

    /** Forgets what the outer terminal shows (the prefix then r): the next diff redraws every cell. */
    void invalidate() {
        Arrays.fill(frontCps, UNSENT);
    }

    int cols() {
        return cols;
    }

    int rows() {
        return rows;
    }

    void clear() {
        Arrays.fill(cps, ' ');
        Arrays.fill(attrs, 0);
        Arrays.fill(styles, Style.PLAIN);
    }

    void put(int x, int y, int cp, int style) {
        if (x >= 0 && y >= 0 && x < cols && y < rows) {
            int i = y * cols + x;
            cps[i] = cp;
            attrs[i] = 0;
            styles[i] = style;
        }
    }

    /** A cell with a pane's packed attributes (copy mode's coloured lines), drawn as {@link #blit} draws a pane's. */
    void putAttr(int x, int y, int cp, long attr) {
        if (x >= 0 && y >= 0 && x < cols && y < rows) {
            int i = y * cols + x;
            cps[i] = cp;
            attrs[i] = attr;
            styles[i] = 0;
        }
    }

    /** The character drawn at (x, y) in the frame being composed (what an overlay left there). */
    char charAt(int x, int y) {
        return (char) cps[y * cols + x];
    }

    /** Writes text from (x, y), clipped at {@code maxX}; returns the column after it. */
    int text(int x, int y, String s, int style, int maxX) {
        int limit = Math.min(maxX, cols);
        for (int i = 0; i < s.length() && x < limit; ) {
            int cp = s.codePointAt(i);
            // names and questions come from any client (an agent): a control character would act on the outer
            // terminal (OSC 0 its title, OSC 52 its clipboard), so it shows as U+FFFD instead
            put(x++, y, cp < 0x20 || cp >= 0x7f && cp < 0xa0 ? 0xfffd : cp, style);
            i += Character.charCount(cp);
        }
        return x;
    }

    /** The style of a box drawn over the panes (the key list, the choosers): white on blue. */
    static final int BOX = Style.of(15, 4, false);

    /**
     * Clears a box over the panes, centred in {@code area} and clipped to it, {@code innerWidth} columns of
     * text plus a margin of 2 each side and {@code lines} lines below a title line and a blank one; draws the
     * title. Returns the box.
     */
    LayoutTree.Rect titledBox(LayoutTree.Rect area, String title, int innerWidth, int lines) {
        int width = Math.min(area.w(), Math.max(innerWidth, title.length()) + 4);
        int height = Math.min(area.h(), lines + 3);
        int x0 = area.x() + Math.max(0, (area.w() - width) / 2);
        int y0 = area.y() + Math.max(0, (area.h() - height) / 2);
        for (int y = y0; y < y0 + height; y++) {
            for (int x = x0; x < x0 + width; x++) {
                put(x, y, ' ', BOX);
            }
        }
        text(x0 + 2, y0, title, Style.of(15, 4, true), x0 + width);
        return new LayoutTree.Rect(x0, y0, width, height);
    }

    /** Copies a pane's screen into a rectangle, clipped to both. */
    void blit(ScreenCells screen, LayoutTree.Rect r, int fromRow) {
        int w = Math.min(r.w(), screen.cols());
        for (int dy = 0; dy < r.h(); dy++) {
            int sy = fromRow + dy;
            if (sy < 0 || sy >= screen.rows() || r.y() + dy >= rows) {
                continue;
            }
            int base = sy * screen.cols();
            for (int dx = 0; dx < w && r.x() + dx < cols; dx++) {
                int cp = screen.codePoints()[base + dx];
                if (dx == w - 1 && dx + 1 < screen.cols() && screen.codePoints()[base + dx + 1] == ScreenCells.WIDE_TAIL) {
                    cp = ' '; // a wide character cut by the cell's edge
                }
                int i = (r.y() + dy) * cols + r.x() + dx;
                cps[i] = cp == ScreenCells.EMPTY ? ' ' : cp;
                attrs[i] = screen.attrs()[base + dx];
                styles[i] = 0;
            }
        }
    }

    void cursor(int x, int y, boolean visible) {
        cursorX = x;
        cursorY = y;
        cursorVisible = visible && x >= 0 && y >= 0 && x < cols && y < rows;
    }

    /** The bytes that turn the front buffer into the back buffer; the front becomes the back. */
    String diff() {
        StringBuilder sb = new StringBuilder(256);
        sb.append("\u001b[?25l");
        int atX = -1;
        int atY = -1;
        long curAttr = -1;
        int curStyle = -1;
        for (int y = 0; y < rows; y++) {
            for (int x = 0; x < cols; x++) {
                int i = y * cols + x;
                int cp = cps[i];
                if (cp == ScreenCells.WIDE_TAIL) {
                    continue; // drawn with its head
                }
                boolean wide = x + 1 < cols && cps[i + 1] == ScreenCells.WIDE_TAIL;
                boolean same = cp == frontCps[i] && attrs[i] == frontAttrs[i] && styles[i] == frontStyles[i]
                        && (!wide || frontCps[i + 1] == ScreenCells.WIDE_TAIL);
                if (same) {
                    continue;
                }
                if (atX != x || atY != y) {
                    sb.append("\u001b[").append(y + 1).append(';').append(x + 1).append('H');
                }
                if (styles[i] != curStyle || (styles[i] == 0 && attrs[i] != curAttr)) {
                    appendStyle(sb, styles[i], attrs[i]);
                    curStyle = styles[i];
                    curAttr = attrs[i];
                }
                sb.appendCodePoint(cp);
                atX = x + (wide ? 2 : 1);
                atY = y;
                frontCps[i] = cp;
                frontAttrs[i] = attrs[i];
                frontStyles[i] = styles[i];
                if (wide) {
                    frontCps[i + 1] = ScreenCells.WIDE_TAIL;
                }
            }
        }
        sb.append("\u001b[0m");
        if (cursorVisible) {
            sb.append("\u001b[").append(cursorY + 1).append(';').append(cursorX + 1).append("H\u001b[?25h");
        }
        return sb.toString();
    }

    private static void appendStyle(StringBuilder sb, int style, long attr) {
        if (style == 0) {
            ScreenCells.appendSgr(sb, attr);
            return;
        }
        int fg = (style & 0x1ff) - 1;
        int bg = ((style >> 9) & 0x1ff) - 1;
        sb.append("\u001b[0");
        if ((style & (1 << 18)) != 0) {
            sb.append(";1");
        }
        if (fg >= 0) {
            sb.append(";38;5;").append(fg);
        }
        if (bg >= 0) {
            sb.append(";48;5;").append(bg);
        }
        sb.append('m');
    }
}
