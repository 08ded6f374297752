package dev.signaltty.pane.internal.vt;

import java.util.Arrays;
import java.util.function.Consumer;

/**
 * Scrolled-off lines, oldest first, in a circular array that grows up to the line cap. Both caps
 * evict the oldest lines; every eviction raises {@link #floor()} so a rendered cursor that had not yet
 * seen an evicted line reads as dropped.
 */
final class History {

    private final int maxLines;
    private final long maxBytes;
    private HistoryLine[] ring = new HistoryLine[64];
    private int start;
    private int size;
    private long bytes;
    /** Cursors below this have missed lines (evicted or cleared). */
    private long floor;

    History(int maxLines, long maxBytes, long floor) {
        this.maxLines = Math.max(0, maxLines);
        this.maxBytes = Math.max(0, maxBytes);
        this.floor = floor;
    }

    void add(HistoryLine line) {
        if (maxLines == 0) {
            floor = Math.max(floor, line.seq());
            return;
        }
        if (size == maxLines) {
            evictOldest();
        }
        if (size == ring.length) {
            HistoryLine[] bigger = new HistoryLine[Math.min(maxLines, ring.length * 2)];
            for (int i = 0; i < size; i++) {
                bigger[i] = get(i);
            }
            ring = bigger;
            start = 0;
        }
        ring[(start + size) % ring.length] = line;
        size++;
        bytes += line.cost();
        while (bytes > maxBytes && size > 0) {
            evictOldest();
        }
    }

    private void evictOldest() {
        HistoryLine old = ring[start];
        ring[start] = null;
        start = (start + 1) % ring.length;
        size--;
        bytes -= old.cost();
        floor = Math.max(floor, old.seq());
    }

    /** Drops all lines (ESC[3J); cursors up to {@code newFloor - 1} read as dropped afterwards. */
    void clear(long newFloor) {
        Arrays.fill(ring, null);
        start = 0;
        size = 0;
        bytes = 0;
        floor = Math.max(floor, newFloor);
    }

    int size() {
        return size;
    }

    HistoryLine get(int i) {
        return ring[(start + i) % ring.length];
    }

    /** Removes and returns the newest line (used when the screen grows and pulls history back). */
    HistoryLine removeNewest() {
        int idx = (start + size - 1) % ring.length;
        HistoryLine line = ring[idx];
        ring[idx] = null;
        size--;
        bytes -= line.cost();
        return line;
    }

    void forEach(Consumer<HistoryLine> action) {
        for (int i = 0; i < size; i++) {
            action.accept(get(i));
        }
    }

    long floor() {
        return floor;
    }

    long bytes() {
        return bytes;
    }
}
