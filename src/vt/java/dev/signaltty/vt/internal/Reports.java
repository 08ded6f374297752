package dev.signaltty.vt.internal;

import dev.signaltty.vt.TerminalColors;
import dev.signaltty.vt.TerminalListener;

/**
 * Answers to the queries a program sends (DSR, CPR, DA1, DA2, DECRQSS, DECRQM, XTVERSION, OSC 4/10/11
 * colours), in xterm 379's formats. {@link Emulator} sends them through {@link TerminalListener#reply} while the query is
 * parsed, so they are in stream order and exist whether or not anyone views the pane (who else may
 * answer: docs/terminal.md).
 */
final class Reports {

    /** DA1: xterm's level (64, VT420) with only the extensions emulated here: 21 (SL/SR) and 22 (colour). */
    static final String PRIMARY_DA = "\u001b[?64;21;22c";
    /** DA2: xterm's own answer (VT420 type, patch 379): programs written for xterm gate features on it. */
    static final String SECONDARY_DA = "\u001b[>41;379;0c";
    /** DSR 5: no malfunction. */
    static final String STATUS_OK = "\u001b[0n";

    /**
     * XTVERSION ({@code CSI > q}): {@code DCS > | name(version) ST}, as xterm's {@code XTerm(379)}. The
     * version is the build's (the jar's Implementation-Version), "dev" from a source tree.
     */
    static final String VERSION = "\u001bP>|signaltty(" + java.util.Objects.requireNonNullElse(
            Reports.class.getPackage().getImplementationVersion(), "dev") + ")\u001b\\";

    private Reports() {
    }

    /**
     * OSC 10 / OSC 11 ({@code code}) or OSC 4 colour {@code index} ({@code code} 4) as asked with
     * {@code ?}: the same OSC with the colour in {@code rgb:} form, ended as the query was (BEL or ST),
     * as xterm does. The defaults (10, 11) are the embedding's guess of the viewer's terminal.
     */
    static String color(int code, int index, boolean bellTerminated, TerminalColors defaults) {
        int rgb = switch (code) {
            case 10 -> defaults.foreground();
            case 11 -> defaults.background();
            default -> Palette.color(index);
        };
        String which = code == 4 ? "4;" + index : String.valueOf(code);
        return "\u001b]" + which + ";" + Palette.xParseColor(rgb) + (bellTerminated ? "\u0007" : "\u001b\\");
    }

    /** CPR, or DECXCPR ({@code CSI ? 6 n}) with a page number; 1-based. */
    static String cursorPosition(int row, int column, boolean withPage) {
        return withPage ? "\u001b[?" + row + ";" + column + ";1R" : "\u001b[" + row + ";" + column + "R";
    }

    /**
     * DECRQSS: {@code DCS 1 $ r Pt ST} for a setting we hold, {@code DCS 0 $ r ST} otherwise (xterm's
     * numbering, the reverse of the VT420 manual's).
     */
    static String statusString(String request, long attr, Screens screens, Modes modes) {
        String value = switch (request) {
            case "m" -> {
                StringBuilder sb = new StringBuilder();
                Sgr.appendReport(sb, attr);
                yield sb.toString();
            }
            case "r" -> (screens.top() + 1) + ";" + (screens.bottom() + 1) + "r";
            case "s" -> "1;" + screens.cols() + "s"; // no left/right margins: the full width
            case "t" -> screens.rows() + "t";
            case " q" -> (modes.cursorStyle == 0 ? 2 : modes.cursorStyle) + " q";
            case "\"p" -> "64;1\"p"; // VT420 level, 7-bit controls
            case "\"q" -> "0\"q"; // no protected characters
            default -> null;
        };
        return value == null ? "\u001bP0$r\u001b\\" : "\u001bP1$r" + value + "\u001b\\";
    }

    /** DECRQM for ANSI modes ({@code CSI Ps $ p}): 1 set, 2 reset, 4 permanently reset, 0 unknown. */
    static String ansiMode(int mode, Modes modes) {
        int state = switch (mode) {
            case 4 -> modes.insert ? 1 : 2;
            case 2, 20 -> 4; // KAM, LNM: not emulated, never set
            default -> 0;
        };
        return "\u001b[" + mode + ";" + state + "$y";
    }

    /** DECRQM for DEC private modes ({@code CSI ? Ps $ p}). */
    static String privateMode(int mode, Modes m, boolean altActive) {
        int state = switch (mode) {
            case 1 -> flag(m.appCursor);
            case 6 -> flag(m.origin);
            case 7 -> flag(m.autowrap);
            case 12 -> flag(m.cursorBlink);
            case 25 -> flag(m.cursorVisible);
            case 66 -> flag(m.keypad);
            case 47, 1047, 1049 -> flag(altActive);
            case 9, 1000, 1002, 1003 -> flag(m.mouse == mode);
            case 1004 -> flag(m.focusEvents);
            case 1005, 1006, 1015 -> flag(m.mouseEncoding == mode);
            case 1007 -> flag(m.alternateScroll);
            case 2004 -> flag(m.bracketedPaste);
            case 2026 -> flag(m.synchronizedOutput);
            case 2027 -> 4; // grapheme clusters: widths are per code point here, never per cluster
            default -> 0;
        };
        return "\u001b[?" + mode + ";" + state + "$y";
    }

    private static int flag(boolean on) {
        return on ? 1 : 2;
    }
}
