package dev.signaltty.cli.internal;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

/**
 * Keeps {@code attach} on its own alternate screen: the pane's switches between its screens
 * ({@code ESC[?1049h/l}, {@code ?1047}, {@code ?47}, also the attach snapshot's leading {@code ?1049l})
 * must not reach the outer terminal, or they would leave attach's alternate screen and draw over (or
 * clear) the shell's screen that detaching is to give back. Entering becomes a clear screen; leaving
 * asks for a fresh snapshot, which repaints the pane's main screen exactly. A switch split across two
 * chunks passes unfiltered (rare; the next snapshot corrects the picture).
 */
final class AltScreenFilter {

    /** The bytes to show, and whether the pane left its alternate screen (reattach for its main one). */
    record Result(byte[] bytes, boolean left) {
    }

    private static final String[] MODES = {"1049", "1047", "47"};

    private AltScreenFilter() {
    }

    static Result filter(byte[] in) {
        ByteArrayOutputStream out = null;
        boolean left = false;
        int copied = 0;
        for (int i = 0; i + 3 < in.length; i++) {
            if (in[i] != 0x1b || in[i + 1] != '[' || in[i + 2] != '?') {
                continue;
            }
            for (String mode : MODES) {
                int end = i + 3 + mode.length();
                if (end < in.length && new String(in, i + 3, mode.length(), StandardCharsets.US_ASCII).equals(mode)
                        && (in[end] == 'h' || in[end] == 'l')) {
                    if (out == null) {
                        out = new ByteArrayOutputStream(in.length);
                    }
                    out.write(in, copied, i - copied);
                    if (in[end] == 'h') {
                        out.writeBytes("\u001b[H\u001b[2J".getBytes(StandardCharsets.US_ASCII));
                    } else {
                        left = true;
                    }
                    copied = end + 1;
                    i = end;
                    break;
                }
            }
        }
        if (out == null) {
            return new Result(in, false);
        }
        out.write(in, copied, in.length - copied);
        return new Result(out.toByteArray(), left);
    }
}
