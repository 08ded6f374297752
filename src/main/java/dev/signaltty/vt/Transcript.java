package dev.signaltty.vt;

import java.nio.charset.StandardCharsets;

/**
 * A terminal's text kept across a restart (issue 17 item 1): the retained history and the visible
 * screen as styled lines (SGR only), and back. Reading it back feeds the lines through the emulator,
 * so the history and the last screen read as before while every rendered sequence is new (cursors
 * from before the restart read as dropped). Cursor position, modes and the alternate grid are not kept.
 */
public final class Transcript {

    private Transcript() {
    }

    /** The history and screen, newest last, UTF-8, at most {@code maxBytes} (the oldest lines go first). */
    public static byte[] export(Terminal terminal, int maxBytes) {
        byte[] all = terminal.tail(Integer.MAX_VALUE, true).text().getBytes(StandardCharsets.UTF_8);
        if (all.length <= maxBytes) {
            return all;
        }
        int start = all.length - maxBytes;
        while (start < all.length && all[start - 1] != '\n') {
            start++; // whole lines only
        }
        byte[] kept = new byte[all.length - start];
        System.arraycopy(all, start, kept, 0, kept.length);
        return kept;
    }

    /** Feeds an exported transcript into a fresh terminal of the same size. */
    public static void restore(Terminal terminal, byte[] transcript) {
        String text = new String(transcript, StandardCharsets.UTF_8);
        if (text.isEmpty()) {
            return;
        }
        byte[] bytes = (text.replace("\n", "\u001b[0m\r\n") + "\u001b[0m").getBytes(StandardCharsets.UTF_8);
        terminal.feed(bytes, 0, bytes.length);
    }
}
