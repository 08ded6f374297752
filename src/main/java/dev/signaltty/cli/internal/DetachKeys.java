package dev.signaltty.cli.internal;

import java.io.ByteArrayOutputStream;

/**
 * Filters keyboard input for {@code attach}: Ctrl-\ detaches at once; the prefix (Ctrl-B unless
 * configured) then {@code d} detaches
 * (tmux's prefix); Ctrl-B then anything else sends both bytes, and Ctrl-B Ctrl-B sends one Ctrl-B.
 */
final class DetachKeys {

    static final byte CTRL_BACKSLASH = 0x1c;
    static final byte CTRL_B = 0x02;

    /** The bytes to forward, and whether a detach key was seen (bytes after it are dropped). */
    record Filtered(byte[] forward, boolean detach) {
    }

    private final byte prefixKey;
    private boolean prefix;

    DetachKeys() {
        this(CTRL_B);
    }

    /** With another prefix than Ctrl-B (the view's and attach's {@code --prefix}). */
    DetachKeys(byte prefixKey) {
        this.prefixKey = prefixKey;
    }

    Filtered filter(byte[] input, int length) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(length + 1);
        for (int i = 0; i < length; i++) {
            byte b = input[i];
            if (prefix) {
                prefix = false;
                if (b == 'd') {
                    return new Filtered(out.toByteArray(), true);
                }
                out.write(prefixKey);
                if (b != prefixKey) {
                    out.write(b);
                }
                continue;
            }
            if (b == CTRL_BACKSLASH) {
                return new Filtered(out.toByteArray(), true);
            }
            if (b == prefixKey) {
                prefix = true;
                continue;
            }
            out.write(b);
        }
        return new Filtered(out.toByteArray(), false);
    }
}
