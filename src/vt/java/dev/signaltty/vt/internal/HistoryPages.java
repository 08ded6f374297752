package dev.signaltty.vt.internal;

import java.util.Arrays;
import org.jspecify.annotations.Nullable;

/**
 * The bytes of history's lines, packed one after another into large pages, oldest page first, so a
 * scrolled line costs no object of its own (ADR 0111). Lines are only appended to the newest page and
 * a page is released only once every line in it has been evicted; a released page of the standard
 * size is kept as a spare for the next page, so a flood that evicts as fast as it appends allocates
 * nothing. Pages are named by an int id counting up (wrapping is harmless: ids are only subtracted).
 */
final class HistoryPages {

    /** Standard page: big enough that page turnover is rare, small enough that the unused tail is. */
    static final int PAGE_SIZE = 16 * 1024;
    /** The first page after a start or a clear grows from this, so a short history holds little. */
    static final int FIRST_PAGE_SIZE = 1024;

    private byte[][] ring = new byte[4][];
    private int first;
    private int count;
    /** Id of {@code ring[first]}; while there is no page, the id the next page will get. */
    private int firstId;
    /** Bytes used in the newest page. */
    private int fill;
    private byte @Nullable [] spare;

    /**
     * Makes room for {@code n} contiguous bytes at the end of the newest page, opening a page when the
     * newest is full (a line longer than a standard page gets a page of its own size), and returns the
     * id of the page they go into; {@link #offset()} is where they start, always below
     * {@link #PAGE_SIZE} (History packs it into the low bits of an int, ADR 0490): a page of its own
     * size takes no line past that.
     */
    int reserve(int n) {
        byte[] newest = count == 0 ? null : ring[(first + count - 1) % ring.length];
        if (newest == null || fill >= PAGE_SIZE || PAGE_SIZE - fill < n && newest.length - fill < n) {
            open(n);
        } else if (newest.length - fill < n) { // still the small first page: grow it in place
            int size = newest.length;
            while (size - fill < n) {
                size *= 2;
            }
            ring[(first + count - 1) % ring.length] = Arrays.copyOf(newest, Math.min(PAGE_SIZE, size));
        }
        return firstId + count - 1;
    }

    /** Where the bytes reserved last start in their page. */
    int offset() {
        return fill;
    }

    /** Marks the {@code n} bytes reserved last as written. */
    void commit(int n) {
        fill += n;
    }

    /** Id of the oldest page held (the next page's id while there is none). */
    int firstId() {
        return firstId;
    }

    byte[] page(int id) {
        return ring[(first + (id - firstId)) % ring.length];
    }

    /** Releases the pages older than {@code id}: every line in them has been evicted. */
    void releaseBefore(int id) {
        while (count > 0 && id - firstId > 0) {
            release();
        }
    }

    /** Releases every page (history is empty). */
    void releaseAll() {
        while (count > 0) {
            release();
        }
    }

    /** Drops every page and the spare: after a clear, memory goes back to what an empty history holds. */
    void clear() {
        Arrays.fill(ring, null);
        first = 0;
        count = 0;
        fill = 0;
        spare = null;
    }

    /** Bytes held in pages (for tests and the memory figures). */
    long capacity() {
        long total = spare == null ? 0 : spare.length;
        for (int i = 0; i < count; i++) {
            total += ring[(first + i) % ring.length].length;
        }
        return total;
    }

    private void release() {
        byte[] old = ring[first];
        ring[first] = null;
        first = (first + 1) % ring.length;
        count--;
        firstId++;
        if (count == 0) {
            fill = 0;
        }
        if (old.length == PAGE_SIZE) {
            spare = old;
        }
    }

    private void open(int n) {
        byte[] page;
        if (n > PAGE_SIZE) {
            page = new byte[n];
        } else if (count == 0 && spare == null) {
            int size = FIRST_PAGE_SIZE;
            while (size < n) {
                size *= 2;
            }
            page = new byte[size];
        } else if (spare != null) {
            page = spare;
            spare = null;
        } else {
            page = new byte[PAGE_SIZE];
        }
        if (count == ring.length) {
            byte[][] bigger = new byte[2 * ring.length][];
            for (int i = 0; i < count; i++) {
                bigger[i] = ring[(first + i) % ring.length];
            }
            ring = bigger;
            first = 0;
        }
        ring[(first + count) % ring.length] = page;
        count++;
        fill = 0;
    }
}
