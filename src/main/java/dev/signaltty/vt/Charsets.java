package dev.signaltty.vt;

/**
 * G0/G1 designation and SI/SO shifting, for the one national set programs still use: DEC special
 * graphics (line drawing, {@code ESC ( 0}), mapped to the Unicode box-drawing characters it shows.
 */
final class Charsets {

    private static final String DEC_GRAPHICS =
        "\u25c6\u2592\u2409\u240c\u240d\u240a\u00b0\u00b1\u2424\u240b\u2518\u2510\u250c\u2514\u253c\u23ba"
            + "\u23bb\u2500\u23bc\u23bd\u251c\u2524\u2534\u252c\u2502\u2264\u2265\u03c0\u2260\u00a3\u00b7";

    private final boolean[] graphics = new boolean[2];
    private int shifted;

    /** True when printing may need mapping (lets the ASCII fast path skip the check per byte). */
    boolean active() {
        return graphics[shifted];
    }

    int map(int cp) {
        if (graphics[shifted] && cp >= 0x60 && cp <= 0x7E) {
            return DEC_GRAPHICS.charAt(cp - 0x60);
        }
        if (graphics[shifted] && cp == 0x5F) {
            return 0x00A0;
        }
        return cp;
    }

    void designate(int g, int finalByte) {
        graphics[g] = finalByte == '0';
    }

    void shift(int g) {
        shifted = g;
    }

    void reset() {
        graphics[0] = false;
        graphics[1] = false;
        shifted = 0;
    }

    /** The designations and shift that reproduce this state on a fresh terminal. */
    void appendReplay(StringBuilder sb) {
        if (graphics[0]) {
            sb.append("\u001b(0");
        }
        if (graphics[1]) {
            sb.append("\u001b)0");
        }
        if (shifted == 1) {
            sb.append('\u000e');
        }
    }

    /** Packs the state into an int for DECSC. */
    int save() {
        return (graphics[0] ? 1 : 0) | (graphics[1] ? 2 : 0) | (shifted << 2);
    }

    void restore(int s) {
        graphics[0] = (s & 1) != 0;
        graphics[1] = (s & 2) != 0;
        shifted = (s >> 2) & 1;
    }
}
