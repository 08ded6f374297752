package dev.signaltty.cli.internal.view;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import dev.signaltty.vt.RingLimits;
import dev.signaltty.vt.ScreenCells;
import dev.signaltty.vt.Terminal;
import dev.signaltty.vt.TerminalListener;

/**
 * The scrollback copy mode shows, with the pane's colours and attributes as tmux's copy mode shows them
 * (ADR 1222): {@code pane.read} tail with its SGR sequences kept, each line put through the project's
 * emulator (one row as wide as the widest line, so nothing wraps) and read back as text and, for each
 * character of it, the emulator's packed attributes, which {@link Frame} draws as it draws a pane. The
 * text is what copy mode moves over, searches and copies: the same characters the plain read gives.
 */
record CopyLines(List<String> lines, List<long[]> attrs) {

    /** The widest line put through the emulator; a longer one (a joined wrap of a huge line) is cut. */
    static final int MAX_WIDTH = 4096;

    private static final TerminalListener SILENT = new TerminalListener() { };

    /** Lines of {@code ansi} (pane.read tail, strip_ansi false) as text and attributes. */
    static CopyLines parse(String ansi) {
        String[] raw = ansi.split("\n", -1);
        int width = 1;
        for (String r : raw) {
            width = Math.max(width, r.length()); // a character takes at most 2 cells: nothing wraps
        }
        Terminal t = new Terminal(Math.min(2 * width + 1, MAX_WIDTH), 1, SILENT, new RingLimits(1, 1 << 16), 0);
        List<String> lines = new ArrayList<>(raw.length);
        List<long[]> attrs = new ArrayList<>(raw.length);
        for (String r : raw) {
            // the SGR state goes on from the line before (a colour may span lines), the row is cleared
            byte[] bytes = ("\r\u001b[2K" + r).getBytes(StandardCharsets.UTF_8);
            t.feed(bytes, 0, bytes.length);
            ScreenCells cells = t.cells();
            StringBuilder text = new StringBuilder();
            long[] styles = new long[cells.cols() * 2];
            int last = 0; // the text's length up to its last character that is not a default blank
            for (int x = 0; x < cells.cols(); x++) {
                int cp = cells.codePoints()[x];
                if (cp == ScreenCells.WIDE_TAIL) {
                    continue;
                }
                long attr = cells.attrs()[x];
                for (char c : Character.toChars(cp == ScreenCells.EMPTY ? ' ' : cp)) {
                    styles[text.length()] = attr;
                    text.append(c);
                }
                if (cp != ScreenCells.EMPTY && (cp != ' ' || attr != ScreenCells.DEFAULT_ATTR)) {
                    last = text.length();
                }
            }
            lines.add(text.substring(0, last));
            attrs.add(java.util.Arrays.copyOf(styles, last));
        }
        return new CopyLines(List.copyOf(lines), List.copyOf(attrs));
    }
}
