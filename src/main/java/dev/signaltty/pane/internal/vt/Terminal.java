package dev.signaltty.pane.internal.vt;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Minimal line emulator (placeholder until the full DEC emulator lands): printable text, CR, LF, BS;
 * escape sequences are skipped.
 */
public final class Terminal {

    private final List<StringBuilder> lines = new ArrayList<>();
    private final RingLimits limits;
    private int cols;
    private int rows;
    private int col;
    private int escape; // 0 none, 1 after ESC, 2 CSI, 3 OSC
    private final long seqBase;

    public Terminal(int cols, int rows, TerminalListener listener, RingLimits limits, long seqBase) {
        this.cols = cols;
        this.rows = rows;
        this.limits = limits;
        this.seqBase = seqBase;
        lines.add(new StringBuilder());
    }

    public synchronized void feed(byte[] buf, int off, int len) {
        String text = new String(buf, off, len, StandardCharsets.UTF_8);
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (escape == 1) {
                escape = c == '[' ? 2 : c == ']' ? 3 : 0;
                continue;
            }
            if (escape == 2) {
                if (c >= 0x40 && c <= 0x7e) {
                    escape = 0;
                }
                continue;
            }
            if (escape == 3) {
                if (c == 7 || c == '\\') {
                    escape = 0;
                }
                continue;
            }
            StringBuilder line = lines.getLast();
            switch (c) {
                case 27 -> escape = 1;
                case '\r' -> col = 0;
                case '\n' -> {
                    lines.add(new StringBuilder());
                    col = 0;
                    if (lines.size() > limits.maxLines()) {
                        lines.removeFirst();
                    }
                }
                case '\b' -> col = Math.max(0, col - 1);
                default -> {
                    if (c < 32) {
                        continue;
                    }
                    if (col < line.length()) {
                        line.setCharAt(col, c);
                    } else {
                        line.append(c);
                    }
                    col++;
                }
            }
        }
    }

    public synchronized void resize(int cols, int rows) {
        this.cols = cols;
        this.rows = rows;
    }

    public synchronized String screen(boolean ansi) {
        int from = Math.max(0, lines.size() - rows);
        return join(from, lines.size());
    }

    public synchronized ReadResult tail(int count, boolean ansi) {
        int end = lines.size();
        while (end > 0 && lines.get(end - 1).toString().isBlank()) {
            end--;
        }
        int from = Math.max(0, end - count);
        return new ReadResult(join(from, end), from > 0);
    }

    public synchronized RenderedRead rendered(long afterSeq, int count, boolean ansi) {
        ReadResult tail = tail(count, ansi);
        return new RenderedRead(tail.text(), seqBase, seqBase + lines.size(), false, tail.truncated(), List.of());
    }

    private String join(int from, int to) {
        StringBuilder out = new StringBuilder();
        for (int i = from; i < to; i++) {
            if (i > from) {
                out.append('\n');
            }
            out.append(lines.get(i).toString().stripTrailing());
        }
        return out.toString();
    }

    public synchronized long headSeq() {
        return seqBase + lines.size();
    }

    public boolean altScreen() {
        return false;
    }

    public boolean bracketedPaste() {
        return false;
    }

    public String title() {
        return "";
    }

    public synchronized String repaint() {
        return "\u001b[H\u001b[2J" + screen(false).replace("\n", "\r\n");
    }

    public int cols() {
        return cols;
    }

    public int rows() {
        return rows;
    }
}
