package dev.signaltty.cli.internal;

import java.io.ByteArrayOutputStream;

/**
 * Filters keyboard input for {@code attach}: Ctrl-\ detaches at once; Ctrl-B then {@code d} detaches
 * (tmux's prefix); Ctrl-B then anything else sends both bytes, and Ctrl-B Ctrl-B sends one Ctrl-B.
 */
final class DetachKeys {

    static final byte CTRL_BACKSLASH = 0x1c;
    static final byte CTRL_B = 0x02;

    /** The bytes to forward, and whether a detach key was seen (bytes after it are dropped). */
    record Filtered(byte[] forward, boolean detach) {
    }

    private boolean prefix;

    Filtered filter(byte[] input, int length) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(length + 1);
        for (int i = 0; i < length; i++) {
            byte b = input[i];
            if (prefix) {
                prefix = false;
                if (b == 'd') {
                    return new Filtered(out.toByteArray(), true);
                }
                out.write(CTRL_B);
                if (b != CTRL_B) {
                    out.write(b);
                }
                continue;
            }
            if (b == CTRL_BACKSLASH) {
                return new Filtered(out.toByteArray(), true);
            }
            if (b == CTRL_B) {
                prefix = true;
                continue;
            }
            out.write(b);
        }
        return new Filtered(out.toByteArray(), false);
    }
}
