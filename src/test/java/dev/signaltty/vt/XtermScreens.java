package dev.signaltty.vt;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.text.Normalizer;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads the xterm captures next to a corpus stream ({@code xterm.screen}, {@code xterm.cursor}, written by
 * {@code tools/xterm_screen.sh} from real xterm 379) and puts our screens in the same form.
 */
final class XtermScreens {

    private XtermScreens() {
    }

    static String screen(Path dir) throws IOException {
        return comparable(Files.readString(dir.resolve("xterm.screen"), StandardCharsets.UTF_8));
    }

    static String cursor(Path dir) throws IOException {
        return Files.readString(dir.resolve("xterm.cursor")).trim();
    }

    /**
     * xterm's print composes a base and its combining marks (NFC) and pads rows with spaces; the
     * comparison is on composed text with trailing blanks and trailing empty rows dropped.
     */
    static String comparable(String screen) {
        List<String> lines = new ArrayList<>();
        for (String line : Normalizer.normalize(screen, Normalizer.Form.NFC).split("\n", -1)) {
            lines.add(line.stripTrailing());
        }
        while (!lines.isEmpty() && lines.getLast().isEmpty()) {
            lines.removeLast();
        }
        return String.join("\n", lines);
    }

    /** A terminal whose replies are collected, so its cursor can be asked for as the capture asked xterm. */
    static final class Asked {
        final StringBuilder replies = new StringBuilder();
        final Terminal terminal;

        Asked(int cols, int rows) {
            terminal = new Terminal(cols, rows, new TerminalListener() {
                @Override
                public void reply(byte[] bytes) {
                    replies.append(new String(bytes, StandardCharsets.US_ASCII));
                }
            }, RingLimits.defaults(), 0);
        }

        /** Sends CPR (after everything else was read: it changes nothing visible) and returns "ROW;COL". */
        String cursor() {
            replies.setLength(0);
            byte[] cpr = "\u001b[6n".getBytes(StandardCharsets.US_ASCII);
            terminal.feed(cpr, 0, cpr.length);
            return replies.substring(2, replies.length() - 1);
        }
    }
}
