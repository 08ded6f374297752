package dev.signaltty.vt;

import java.util.Locale;

/**
 * The default foreground and background a program is told when it asks with {@code OSC 10 ; ?} /
 * {@code OSC 11 ; ?} (codex tints its composer from them; vim and others pick a light or dark scheme).
 * The emulator keeps "default" as a colour of its own and the viewer's terminal draws it, so the answer
 * is a guess about that terminal: {@link #DARK} (xterm's palette 7 on palette 0) unless the embedding
 * says otherwise ({@link TerminalListener#colors()}; the daemon's {@code signaltty.terminal.foreground}
 * and {@code .background}, ADR 0962).
 *
 * @param foreground 0xRRGGBB
 * @param background 0xRRGGBB
 */
public record TerminalColors(int foreground, int background) {

    /** Light grey on black: the dark scheme most terminals agents run in ship with. */
    public static final TerminalColors DARK = new TerminalColors(0xe5e5e5, 0x000000);

    public TerminalColors {
        if ((foreground & ~0xFFFFFF) != 0 || (background & ~0xFFFFFF) != 0) {
            throw new IllegalArgumentException("colours are 0xRRGGBB");
        }
    }

    /**
     * A colour written {@code #rrggbb} (as CSS and most terminals' settings write it); {@code key} names
     * the setting in the message of the IllegalArgumentException a malformed value throws.
     */
    public static int parse(String key, String text) {
        String t = text.strip();
        if (!t.matches("#[0-9a-fA-F]{6}")) {
            throw new IllegalArgumentException(key + ": \"" + text + "\" is not a colour written #rrggbb (e.g. #ffffff)");
        }
        return Integer.parseInt(t.substring(1), 16);
    }

    /** {@code #rrggbb}, lower case. */
    public static String format(int rgb) {
        return String.format(Locale.ROOT, "#%06x", rgb);
    }
}
