package dev.signaltty.vt.internal;

/**
 * The four designated sets G0–G3 and which of them is shifted into GL (SI/SO, LS2/LS3) or into the
 * next character only (SS2/SS3), for the one national set programs still use: DEC special graphics
 * (line drawing, {@code ESC ( 0}), mapped to the Unicode box-drawing characters it shows. Every other
 * designation is ASCII. DECSC saves all of it, as xterm's {@code CursorSave} does.
 */
final class Charsets {

    private static final String DEC_GRAPHICS =
        "\u25c6\u2592\u2409\u240c\u240d\u240a\u00b0\u00b1\u2424\u240b\u2518\u2510\u250c\u2514\u253c\u23ba"
            + "\u23bb\u2500\u23bc\u23bd\u251c\u2524\u2534\u252c\u2502\u2264\u2265\u03c0\u2260\u00a3\u00b7";
    private static final int NO_SINGLE_SHIFT = -1;

    private final boolean[] graphics = new boolean[4];
    private int shifted;
    /** G2 or G3 for the next printable character only (SS2/SS3), else -1. */
    private int single = NO_SINGLE_SHIFT;

    /** True when printing may need mapping (lets the text fast paths skip the check per character). */
    boolean active() {
        return graphics[shifted] || single != NO_SINGLE_SHIFT;
    }

    int map(int cp) {
        int g = shifted;
        if (single != NO_SINGLE_SHIFT) {
            g = single;
            single = NO_SINGLE_SHIFT;
        }
        if (graphics[g] && cp >= 0x60 && cp <= 0x7E) {
            return DEC_GRAPHICS.charAt(cp - 0x60);
        }
        if (graphics[g] && cp == 0x5F) {
            return 0x00A0;
        }
        return cp;
    }

    /** {@code ESC ( F} … {@code ESC + F}: set g (0–3) to DEC graphics for {@code 0}, ASCII otherwise. */
    void designate(int g, int finalByte) {
        graphics[g] = finalByte == '0';
    }

    /** SI (0), SO (1), LS2 (2), LS3 (3): the set printed from GL until the next shift. */
    void shift(int g) {
        shifted = g;
    }

    /** SS2 (2) or SS3 (3): the set for the next printable character. */
    void singleShift(int g) {
        single = g;
    }

    void reset() {
        java.util.Arrays.fill(graphics, false);
        shifted = 0;
        single = NO_SINGLE_SHIFT;
    }

    /** The designations and shift that reproduce this state on a fresh terminal. */
    void appendReplay(StringBuilder sb) {
        String designators = "()*+";
        for (int g = 0; g < 4; g++) {
            if (graphics[g]) {
                sb.append('\u001b').append(designators.charAt(g)).append('0');
            }
        }
        switch (shifted) {
            case 1 -> sb.append('\u000e');
            case 2 -> sb.append("\u001bn");
            case 3 -> sb.append("\u001bo");
            default -> {
            }
        }
    }

    /** Packs designations and the GL shift into an int for DECSC (a pending single shift is not saved). */
    int save() {
        int s = shifted << 4;
        for (int g = 0; g < 4; g++) {
            s |= graphics[g] ? 1 << g : 0;
        }
        return s;
    }

    void restore(int s) {
        for (int g = 0; g < 4; g++) {
            graphics[g] = (s & (1 << g)) != 0;
        }
        shifted = (s >> 4) & 3;
        single = NO_SINGLE_SHIFT;
    }
}
