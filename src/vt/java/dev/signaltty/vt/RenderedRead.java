package dev.signaltty.vt;

import java.util.List;

/**
 * A rendered read (see docs/05-rendered-ring.md): lines newer than the cursor in ascending sequence
 * order. {@code seq} is the oldest line's sequence (the head when empty), {@code nextSeq} the head to
 * pass back as the next cursor, {@code dropped} that the cursor missed lines (evicted, cleared, from
 * another run, or ahead of the head) and the reply restarts from the oldest retained line,
 * {@code truncated} that more lines matched than asked for (the newest are returned).
 */
public record RenderedRead(String text, long seq, long nextSeq, boolean dropped, boolean truncated,
                           List<RenderedLine> lines) {

    public RenderedRead {
        lines = List.copyOf(lines);
    }
}
