package dev.signaltty.vt.internal;

/**
 * Character attributes packed into one {@code long} per cell, so a row of attributes is a flat
 * {@code long[]} and a history line's colours are a handful of runs. Layout:
 * bits 0–25 foreground, 26–51 background (each: 24-bit value, 2-bit kind: default, palette, RGB),
 * 52–63 flags. 0 is the default attribute.
 */
public final class Sgr {

    public static final long DEFAULT = 0;
    private static final int KIND_PALETTE = 1;
    private static final int KIND_RGB = 2;
    private static final long COLOR_MASK = (1L << 26) - 1;
    static final int BG_SHIFT = 26;
    static final long BG_MASK = COLOR_MASK << BG_SHIFT;

    static final long BOLD = 1L << 52;
    static final long DIM = 1L << 53;
    static final long ITALIC = 1L << 54;
    static final long UNDERLINE = 1L << 55;
    static final long BLINK = 1L << 56;
    static final long REVERSE = 1L << 57;
    static final long HIDDEN = 1L << 58;
    static final long STRIKE = 1L << 59;
    static final long DOUBLE_UNDERLINE = 1L << 60;
    static final long OVERLINE = 1L << 61;

    private static final long[] FLAGS = {BOLD, DIM, ITALIC, UNDERLINE, BLINK, REVERSE, HIDDEN, STRIKE,
        DOUBLE_UNDERLINE, OVERLINE};
    private static final int[] FLAG_CODES = {1, 2, 3, 4, 5, 7, 8, 9, 21, 53};

    private Sgr() {
    }

    /** Applies an SGR parameter list ({@code CSI ... m}) to an attribute. Unknown codes are ignored. */
    static long apply(long attr, VtParams p) {
        int n = Math.max(1, p.size());
        for (int i = 0; i < n; i++) {
            if (p.isSub(i)) {
                continue; // sub-parameters belong to the code before them (4:3, 38:2::r:g:b)
            }
            int code = Math.max(0, p.raw(i));
            switch (code) {
                case 0 -> attr = DEFAULT;
                case 1 -> attr |= BOLD;
                case 2 -> attr |= DIM;
                case 3 -> attr |= ITALIC;
                case 4 -> {
                    // 4:0 is "no underline", 4:n other styles: treat any non-zero style as underline
                    boolean off = p.isSub(i + 1) && p.raw(i + 1) == 0;
                    attr = off ? attr & ~(UNDERLINE | DOUBLE_UNDERLINE) : attr | UNDERLINE;
                }
                case 5, 6 -> attr |= BLINK;
                case 7 -> attr |= REVERSE;
                case 8 -> attr |= HIDDEN;
                case 9 -> attr |= STRIKE;
                case 21 -> attr |= DOUBLE_UNDERLINE;
                case 22 -> attr &= ~(BOLD | DIM);
                case 23 -> attr &= ~ITALIC;
                case 24 -> attr &= ~(UNDERLINE | DOUBLE_UNDERLINE);
                case 25 -> attr &= ~BLINK;
                case 27 -> attr &= ~REVERSE;
                case 28 -> attr &= ~HIDDEN;
                case 29 -> attr &= ~STRIKE;
                case 39 -> attr &= ~COLOR_MASK;
                case 49 -> attr &= ~BG_MASK;
                case 53 -> attr |= OVERLINE;
                case 55 -> attr &= ~OVERLINE;
                case 38, 48 -> {
                    long color = 0;
                    int used = 0;
                    if (p.isSub(i + 1)) { // colon form: 38:5:n or 38:2:[colorspace]:r:g:b
                        int end = i + 1;
                        while (p.isSub(end)) {
                            end++;
                        }
                        int kind = p.raw(i + 1);
                        if (kind == 5 && end - i >= 3) {
                            color = palette(p.raw(i + 2));
                        } else if (kind == 2 && end - i >= 5) {
                            int base = end - i >= 6 ? i + 3 : i + 2;
                            color = rgb(p.raw(base), p.raw(base + 1), p.raw(base + 2));
                        }
                        used = end - i - 1;
                    } else if (p.raw(i + 1) == 5 && i + 2 < p.size()) {
                        color = palette(p.raw(i + 2));
                        used = 2;
                    } else if (p.raw(i + 1) == 2 && i + 4 < p.size()) {
                        color = rgb(p.raw(i + 2), p.raw(i + 3), p.raw(i + 4));
                        used = 4;
                    } else {
                        used = p.size() - i - 1; // malformed: the rest of the list is unusable
                    }
                    if (color != 0) {
                        attr = code == 38 ? (attr & ~COLOR_MASK) | color : (attr & ~BG_MASK) | (color << BG_SHIFT);
                    }
                    i += used;
                }
                default -> {
                    if (code >= 30 && code <= 37) {
                        attr = (attr & ~COLOR_MASK) | palette(code - 30);
                    } else if (code >= 40 && code <= 47) {
                        attr = (attr & ~BG_MASK) | (palette(code - 40) << BG_SHIFT);
                    } else if (code >= 90 && code <= 97) {
                        attr = (attr & ~COLOR_MASK) | palette(code - 90 + 8);
                    } else if (code >= 100 && code <= 107) {
                        attr = (attr & ~BG_MASK) | (palette(code - 100 + 8) << BG_SHIFT);
                    }
                }
            }
        }
        return attr;
    }

    private static long palette(int n) {
        return n < 0 || n > 255 ? 0 : ((long) KIND_PALETTE << 24) | n;
    }

    private static long rgb(int r, int g, int b) {
        return ((long) KIND_RGB << 24) | ((long) (r & 0xFF) << 16) | ((g & 0xFF) << 8) | (b & 0xFF);
    }

    /** Appends the SGR sequence that sets exactly {@code attr} from any previous state. */
    public static void appendSgr(StringBuilder sb, long attr) {
        sb.append("\u001b[0");
        for (int i = 0; i < FLAGS.length; i++) {
            if ((attr & FLAGS[i]) != 0) {
                sb.append(';').append(FLAG_CODES[i]);
            }
        }
        appendColor(sb, attr & COLOR_MASK, 30, 90, 38, false);
        appendColor(sb, (attr >>> BG_SHIFT) & COLOR_MASK, 40, 100, 48, false);
        sb.append('m');
    }

    /**
     * The SGR as DECRQSS reports it (xterm): the same codes without the CSI, extended colours in their
     * colon forms ({@code 38:5:N}, {@code 38:2::R:G:B}).
     */
    static void appendReport(StringBuilder sb, long attr) {
        sb.append('0');
        for (int i = 0; i < FLAGS.length; i++) {
            if ((attr & FLAGS[i]) != 0) {
                sb.append(';').append(FLAG_CODES[i]);
            }
        }
        appendColor(sb, attr & COLOR_MASK, 30, 90, 38, true);
        appendColor(sb, (attr >>> BG_SHIFT) & COLOR_MASK, 40, 100, 48, true);
        sb.append('m');
    }

    private static void appendColor(StringBuilder sb, long color, int base, int brightBase, int extended,
                                    boolean colons) {
        int kind = (int) (color >>> 24);
        int v = (int) (color & 0xFFFFFF);
        if (kind == KIND_PALETTE) {
            if (v < 8) {
                sb.append(';').append(base + v);
            } else if (v < 16) {
                sb.append(';').append(brightBase + v - 8);
            } else {
                sb.append(';').append(extended).append(colons ? ":5:" : ";5;").append(v);
            }
        } else if (kind == KIND_RGB) {
            char sep = colons ? ':' : ';';
            sb.append(';').append(extended).append(colons ? ":2::" : ";2;").append(v >>> 16).append(sep)
                .append((v >>> 8) & 0xFF).append(sep).append(v & 0xFF);
        }
    }

    /** The attribute an erase leaves behind: only the background survives (xterm's BCE, as tmux). */
    static long erased(long attr) {
        return attr & BG_MASK;
    }
}
