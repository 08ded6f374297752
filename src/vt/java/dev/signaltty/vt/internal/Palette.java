package dev.signaltty.vt.internal;

/**
 * The colours the terminal answers OSC 4, OSC 10 and OSC 11 queries with (docs/terminal.md, ADR 0940).
 * The emulator keeps colours as indexes and "default", and the viewer's terminal draws them; a program
 * asking (codex tints its composer from OSC 10/11) gets xterm's 256-colour palette and, for the defaults,
 * {@link dev.signaltty.vt.TerminalColors}: palette 7 on palette 0 unless configured (ADR 0962; xterm's own
 * default is black on white). Setting colours (OSC 4/10/11 with a value) is not honoured.
 */
final class Palette {

    /** xterm's 16 ANSI colours (its XTerm resources' defaults), as 0xRRGGBB. */
    private static final int[] ANSI = {
        0x000000, 0xcd0000, 0x00cd00, 0xcdcd00, 0x0000ee, 0xcd00cd, 0x00cdcd, 0xe5e5e5,
        0x7f7f7f, 0xff0000, 0x00ff00, 0xffff00, 0x5c5cff, 0xff00ff, 0x00ffff, 0xffffff,
    };

    private Palette() {
    }

    /** Colour {@code index} (0–255) as 0xRRGGBB: the 16 above, the 6×6×6 cube, the 24 greys (xterm's 256colres). */
    static int color(int index) {
        if (index < 16) {
            return ANSI[index];
        }
        if (index < 232) {
            int i = index - 16;
            return level(i / 36) << 16 | level(i / 6 % 6) << 8 | level(i % 6);
        }
        int grey = 8 + (index - 232) * 10;
        return grey << 16 | grey << 8 | grey;
    }

    private static int level(int step) {
        return step == 0 ? 0 : 55 + step * 40;
    }

    /** X11's {@code rgb:RRRR/GGGG/BBBB}, each 8-bit channel doubled to 16 bits as xterm writes it. */
    static String xParseColor(int rgb) {
        return "rgb:" + channel(rgb >> 16) + "/" + channel(rgb >> 8) + "/" + channel(rgb);
    }

    private static String channel(int c) {
        String hex = String.format("%02x", c & 0xFF);
        return hex + hex;
    }
}
