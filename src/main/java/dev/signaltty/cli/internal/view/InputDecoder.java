package dev.signaltty.cli.internal.view;

import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.jspecify.annotations.Nullable;

/**
 * Splits the outer terminal's input into keys the view may act on: SGR mouse reports
 * ({@code ESC [ < b ; x ; y M|m}), focus reports ({@code ESC [ I}, {@code ESC [ O}), the theme-change report
 * ({@code ESC [ ? 997 ; 1|2 n}), escape sequences (CSI, SS3, Alt-key) and single bytes. Every key
 * keeps its raw bytes, so whatever the view does not take goes to the pane unchanged. An escape
 * sequence split across reads is kept until the rest arrives, or until {@link #ESCAPE_MS} pass (tmux's
 * escape-time: then a lone ESC is the Escape key); a sequence longer than 64 bytes passes as it is.
 */
final class InputDecoder {

    static final int MAX_PENDING = 64;
    static final long ESCAPE_MS = 50;

    sealed interface Input permits Key, Mouse, Focus, Theme {
    }

    /**
     * The outer terminal's colour theme changed: {@code CSI ? 997 ; 1 n} (dark) or {@code ; 2 n} (light),
     * which it sends after the view set DECSET 2031 on it (ADR 1130).
     */
    record Theme(boolean dark) implements Input {
    }

    /** The outer terminal's focus report ({@code CSI I} in, {@code CSI O} out; the view set 1004 on it). */
    record Focus(boolean in) implements Input {
    }

    /** A key: raw bytes, and a name for the ones the view binds ("Up", "PageUp", …), else null. */
    record Key(byte[] raw, String name) implements Input {
        boolean is(char c) {
            return raw.length == 1 && raw[0] == c;
        }
    }

    /**
     * A mouse report, 0-based cell coordinates. {@code button} is the SGR code: 0–2 buttons, +32
     * motion, 64/65 wheel up/down; {@code release} for the final {@code m}.
     */
    record Mouse(int button, int x, int y, boolean release) implements Input {
        boolean wheelUp() {
            return (button & ~0x1c) == 64;
        }

        boolean wheelDown() {
            return (button & ~0x1c) == 65;
        }

        boolean motion() {
            return (button & 32) != 0 && button < 64;
        }

        boolean leftPress() {
            return (button & ~0x1c) == 0 && !release;
        }
    }

    private byte[] pending = new byte[0];

    List<Input> feed(byte[] buf, int len) {
        byte[] data = pending.length == 0 ? Arrays.copyOf(buf, len) : concat(pending, buf, len);
        pending = new byte[0];
        List<Input> out = new ArrayList<>();
        int i = 0;
        while (i < data.length) {
            int b = data[i] & 0xff;
            if (b != 0x1b) {
                int n = utf8Length(b);
                int end = Math.min(data.length, i + n);
                out.add(new Key(Arrays.copyOfRange(data, i, end), b == 0x0d ? "Enter" : b == 0x7f || b == 0x08 ? "Backspace" : ""));
                i = end;
                continue;
            }
            int end = sequenceEnd(data, i);
            if (end < 0) {
                if (data.length - i <= MAX_PENDING && isMouseStart(data, i)) {
                    pending = Arrays.copyOfRange(data, i, data.length);
                    break;
                }
                end = data.length;
            }
            byte[] raw = Arrays.copyOfRange(data, i, end);
            Input mouse = mouse(raw);
            Input report = mouse != null ? mouse : focus(raw) != null ? focus(raw) : theme(raw);
            out.add(report != null ? report : new Key(raw, name(raw)));
            i = end;
        }
        return out;
    }

    /** An escape sequence cut by the end of a read: wait for the rest (CSI and mouse reports only). */
    private static boolean isMouseStart(byte[] d, int i) {
        return d.length - i < 3 || d[i + 1] == '[';
    }

    /** True while the start of an escape sequence waits for the rest (or for {@link #flush}). */
    boolean pending() {
        return pending.length > 0;
    }

    /** No more bytes came in time: what waited is keys as it is (a lone ESC is the Escape key). */
    List<Input> flush() {
        byte[] rest = pending;
        pending = new byte[0];
        if (rest.length == 0) {
            return List.of();
        }
        return List.of(new Key(rest, name(rest)));
    }

    /** End (exclusive) of the escape sequence at i, or -1 when it is incomplete. */
    private static int sequenceEnd(byte[] d, int i) {
        if (i + 1 >= d.length) {
            return -1; // ESC at the end of a read: a key's sequence may follow (the Escape key after a timeout)
        }
        byte next = d[i + 1];
        if (next == '[') {
            for (int j = i + 2; j < d.length; j++) {
                int c = d[j] & 0xff;
                if (c >= 0x40 && c <= 0x7e && !(j == i + 2 && c == '<')) {
                    return j + 1;
                }
            }
            return -1;
        }
        if (next == 'O') {
            return i + 2 < d.length ? i + 3 : -1;
        }
        return i + 2; // Alt + key
    }

    private static @Nullable Focus focus(byte[] raw) {
        if (raw.length != 3 || raw[1] != '[') {
            return null;
        }
        return raw[2] == 'I' ? new Focus(true) : raw[2] == 'O' ? new Focus(false) : null;
    }

    private static @Nullable Theme theme(byte[] raw) {
        String s = new String(raw, java.nio.charset.StandardCharsets.US_ASCII);
        return s.equals("\u001b[?997;1n") ? new Theme(true) : s.equals("\u001b[?997;2n") ? new Theme(false) : null;
    }

    private static Mouse mouse(byte[] raw) {
        if (raw.length < 6 || raw[1] != '[' || raw[2] != '<') {
            return null;
        }
        char fin = (char) raw[raw.length - 1];
        if (fin != 'M' && fin != 'm') {
            return null;
        }
        String[] parts = new String(raw, 3, raw.length - 4, java.nio.charset.StandardCharsets.US_ASCII).split(";");
        if (parts.length != 3) {
            return null;
        }
        try {
            return new Mouse(Integer.parseInt(parts[0]), Integer.parseInt(parts[1]) - 1, Integer.parseInt(parts[2]) - 1,
                    fin == 'm');
        } catch (NumberFormatException e) {
            return null;
        }
    }

    private static String name(byte[] raw) {
        String s = new String(raw, java.nio.charset.StandardCharsets.US_ASCII);
        return switch (s) {
            case "\u001b[A", "\u001bOA" -> "Up";
            case "\u001b[B", "\u001bOB" -> "Down";
            case "\u001b[C", "\u001bOC" -> "Right";
            case "\u001b[D", "\u001bOD" -> "Left";
            case "\u001b[5~" -> "PageUp";
            case "\u001b[6~" -> "PageDown";
            // xterm's modified arrows (tmux sends these too): the resize keys after the prefix
            case "\u001b[1;5A" -> "C-Up";
            case "\u001b[1;5B" -> "C-Down";
            case "\u001b[1;5C" -> "C-Right";
            case "\u001b[1;5D" -> "C-Left";
            case "\u001b[1;3A" -> "M-Up";
            case "\u001b[1;3B" -> "M-Down";
            case "\u001b[1;3C" -> "M-Right";
            case "\u001b[1;3D" -> "M-Left";
            case "\u001b" -> "Escape";
            default -> "";
        };
    }

    private static int utf8Length(int b) {
        return b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : b >= 0xc0 ? 2 : 1;
    }

    private static byte[] concat(byte[] a, byte[] b, int len) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(a.length + len);
        out.write(a, 0, a.length);
        out.write(b, 0, len);
        return out.toByteArray();
    }
}
