package dev.signaltty.cli.internal.view;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

import org.jspecify.annotations.Nullable;

import dev.signaltty.vt.MouseModes;

/**
 * A mouse report as a pane's program asked for it (ADR 0980): the view reads SGR reports from the
 * outer terminal and writes them again in the program's encoding, with pane-relative cells, if the
 * program's tracking mode wants the event at all. xterm's rules (ctlseqs, "Mouse Tracking"): X10
 * (mode 9) sends presses only and no modifiers; 1000 adds releases; 1002 motion while a button is
 * held; 1003 all motion. Outside SGR a release is button 3 and a wheel turn has none.
 */
final class MouseReports {

    /** The Shift bit of a report's button code: the view's own mouse, never the program's. */
    static final int SHIFT = 4;
    /** Lines a wheel notch scrolls: copy mode's lines and the arrows sent to the alternate screen alike. */
    static final int LINES_PER_NOTCH = 3;
    private static final int MODIFIERS = 4 | 8 | 16;
    private static final int MOTION = 32;
    private static final int WHEEL = 64;
    /** The largest cell the default encoding can name (a byte, 32 + 1 + cell), and the UTF-8 one (2047). */
    private static final int X10_MAX = 255 - 33;
    private static final int UTF8_MAX = 2047 - 33;

    private MouseReports() {
    }

    /** Whether the tracking mode wants this event (a report from the outer terminal). */
    static boolean wanted(int tracking, InputDecoder.Mouse m) {
        boolean motion = (m.button() & MOTION) != 0 && (m.button() & WHEEL) == 0;
        return switch (tracking) {
            case 9 -> !m.release() && !motion;
            case 1000 -> !motion;
            case 1002 -> !motion || (m.button() & 3) != 3; // motion only with a button held
            case 1003 -> true;
            default -> false;
        };
    }

    /**
     * The bytes that tell the program of {@code m} at its cell ({@code x}, {@code y}), from 0; null when
     * its mode does not want the event or its encoding cannot name the cell.
     */
    static byte @Nullable [] encode(MouseModes modes, InputDecoder.Mouse m, int x, int y) {
        if (!wanted(modes.tracking(), m) || x < 0 || y < 0) {
            return null;
        }
        int b = modes.tracking() == 9 ? m.button() & ~MODIFIERS : m.button();
        if (m.release() && (b & WHEEL) != 0) {
            return null; // a wheel turn is a press only
        }
        if (modes.encoding() == 1006) {
            return ("\u001b[<" + b + ";" + (x + 1) + ";" + (y + 1) + (m.release() ? "m" : "M")).getBytes(StandardCharsets.US_ASCII);
        }
        int code = m.release() ? (b & ~3) | 3 : b; // the older encodings cannot say which button went up
        if (modes.encoding() == 1015) {
            return ("\u001b[" + (code + 32) + ";" + (x + 1) + ";" + (y + 1) + "M").getBytes(StandardCharsets.US_ASCII);
        }
        int max = modes.encoding() == 1005 ? UTF8_MAX : X10_MAX;
        if (x > max || y > max) {
            return null; // xterm sends nothing for a cell its encoding cannot hold
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream(8);
        out.writeBytes("\u001b[M".getBytes(StandardCharsets.US_ASCII));
        out.write(code + 32);
        if (modes.encoding() == 1005) {
            out.writeBytes(new String(Character.toChars(x + 33)).getBytes(StandardCharsets.UTF_8));
            out.writeBytes(new String(Character.toChars(y + 33)).getBytes(StandardCharsets.UTF_8));
        } else {
            out.write(x + 33);
            out.write(y + 33);
        }
        return out.toByteArray();
    }

    /** One wheel notch as arrow keys (xterm's alternateScroll), in the program's cursor-key mode (DECCKM). */
    static byte[] arrows(boolean up, boolean appCursorKeys) {
        String key = (appCursorKeys ? "\u001bO" : "\u001b[") + (up ? 'A' : 'B');
        return key.repeat(LINES_PER_NOTCH).getBytes(StandardCharsets.US_ASCII);
    }
}
