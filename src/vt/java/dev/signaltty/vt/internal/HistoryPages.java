package dev.signaltty.vt.internal;

import java.util.Arrays;
import java.util.zip.DataFormatException;
import java.util.zip.Deflater;
import java.util.zip.Inflater;
import org.jspecify.annotations.Nullable;

/**
 * The bytes of history's lines, packed one after another into large pages, oldest page first, so a
 * scrolled line costs no object of its own (ADR 0111). Lines are only appended to the newest page and
 * a page is released only once every line in it has been evicted; a released page of the standard
 * size is kept as a spare for the next page, so a flood that evicts as fast as it appends allocates
 * nothing. Pages are named by an int id counting up (wrapping is harmless: ids are only subtracted).
 *
 * <p>An idle pane's full pages are stored deflated ({@link #deflateFull}, ADR 0540): terminal text packs
 * several times over, and the idle pane's history is most of what it costs. The newest page, the only one
 * written to, is never deflated. {@link #page} inflates a deflated page into a fresh array for whoever
 * reads it, keeping the last two inflated until the next {@link #deflateFull}, so a read or a search that
 * walks lines in order inflates each page once.
 */
final class HistoryPages {

    /** Standard page: big enough that page turnover is rare, small enough that the unused tail is. */
    static final int PAGE_SIZE = 16 * 1024;
    /** The first page after a start or a clear grows from this, so a short history holds little. */
    static final int FIRST_PAGE_SIZE = 1024;

    /** Stands for the newest page while there is none, so that {@link #reserve} needs no test for it. */
    private static final byte[] NO_PAGE = new byte[0];

    private byte[][] ring = new byte[4][];
    private int first;
    private int count;
    /** Id of {@code ring[first]}; while there is no page, the id the next page will get. */
    private int firstId;
    /**
     * Bytes used in the newest page; {@link #PAGE_SIZE} while there is none, which reads as a full page, so
     * a new history's first line opens its first page the way a flood's line opens the next (ADR 0655).
     */
    private int fill = PAGE_SIZE;
    /**
     * The newest page ({@code ring}'s last), {@link #NO_PAGE} while there is none: every scrolled line is
     * written there, and finding it in the ring took two divisions per line (ADR 0642).
     */
    private byte[] newest = NO_PAGE;
    private byte @Nullable [] spare;
    /** Per ring slot: the page's length when it is held deflated in {@code ring}, else 0. */
    private int[] inflatedLength = new int[4];
    /** The last two inflated pages: their ids and bytes (null when none). */
    private final int[] inflatedIds = new int[2];
    private final byte[] @Nullable [] inflated = new byte[2][];
    private int nextInflated;

    /**
     * Makes room for {@code n} contiguous bytes at the end of the newest page, opening a page when the
     * newest is full (a line longer than a standard page gets a page of its own size), and returns the
     * id of the page they go into; {@link #offset()} is where they start, always below
     * {@link #PAGE_SIZE} (History packs it into the low bits of an int, ADR 0490): a page of its own
     * size takes no line past that.
     */
    int reserve(int n) {
        // one test on the flood path: what a new history does first (open its first page, grow it in
        // place) is in turn, a method too cold to be compiled into it. A branch here taken only by a new
        // terminal's first lines discarded the compiled flood path of the terminal before (ADR 0655).
        if (Math.min(PAGE_SIZE, newest.length) - fill < n) {
            turn(n);
        }
        return firstId + count - 1;
    }

    /** {@link #reserve} when the newest page may have no room left (or there is none). */
    private void turn(int n) {
        byte[] page = newest;
        if (fill >= PAGE_SIZE || PAGE_SIZE - fill < n && page.length - fill < n) {
            open(n);
        } else if (page.length - fill < n) { // still the small first page: grow it in place
            int size = page.length;
            while (size - fill < n) {
                size *= 2;
            }
            newest = Arrays.copyOf(page, Math.min(PAGE_SIZE, size));
            ring[(first + count - 1) % ring.length] = newest;
        }
    }

    /** The page the bytes reserved last go into (the newest, never deflated): {@link #page} without its look-up. */
    byte[] newest() {
        return newest;
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
        int slot = (first + (id - firstId)) % ring.length;
        int length = inflatedLength[slot];
        if (length == 0) {
            return ring[slot];
        }
        for (int i = 0; i < inflated.length; i++) {
            if (inflated[i] != null && inflatedIds[i] == id) {
                return inflated[i];
            }
        }
        byte[] page = inflate(ring[slot], length);
        inflatedIds[nextInflated] = id;
        inflated[nextInflated] = page;
        nextInflated = (nextInflated + 1) % inflated.length;
        return page;
    }

    /**
     * Deflates every page but the newest that is not deflated yet and shrinks by it, and drops the
     * inflated copies a read kept: for a pane gone quiet, whose history is then mostly read rarely.
     * Returns the bytes given back.
     */
    long deflateFull() {
        Arrays.fill(inflated, null);
        long saved = 0;
        Deflater deflater = null;
        try {
            for (int i = 0; i < count - 1; i++) {
                int slot = (first + i) % ring.length;
                if (inflatedLength[slot] != 0) {
                    continue;
                }
                if (deflater == null) {
                    deflater = new Deflater(Deflater.BEST_SPEED, true);
                } else {
                    deflater.reset();
                }
                byte[] page = ring[slot];
                byte[] packed = deflate(deflater, page);
                if (packed != null) {
                    saved += page.length - packed.length;
                    ring[slot] = packed;
                    inflatedLength[slot] = page.length;
                }
            }
        } finally {
            if (deflater != null) {
                deflater.end();
            }
        }
        return saved;
    }

    /** The page deflated, or null when that would not save a quarter of it. */
    private static byte @Nullable [] deflate(Deflater deflater, byte[] page) {
        deflater.setInput(page);
        deflater.finish();
        byte[] out = new byte[page.length * 3 / 4];
        int n = deflater.deflate(out, 0, out.length);
        if (!deflater.finished()) {
            return null;
        }
        return Arrays.copyOf(out, n);
    }

    private static byte[] inflate(byte[] packed, int length) {
        Inflater inflater = new Inflater(true);
        try {
            inflater.setInput(packed);
            byte[] page = new byte[length];
            int n = 0;
            while (n < length && !inflater.finished()) {
                int got = inflater.inflate(page, n, length - n);
                if (got == 0 && (inflater.needsInput() || inflater.needsDictionary())) {
                    break;
                }
                n += got;
            }
            if (n != length) {
                throw new IllegalStateException("a deflated history page inflated to " + n + " of " + length + " bytes");
            }
            return page;
        } catch (DataFormatException e) {
            throw new IllegalStateException("a deflated history page is corrupt", e);
        } finally {
            inflater.end();
        }
    }

    /** Pages held deflated (for tests). */
    int deflatedPages() {
        int n = 0;
        for (int i = 0; i < count; i++) {
            if (inflatedLength[(first + i) % ring.length] != 0) {
                n++;
            }
        }
        return n;
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
        Arrays.fill(inflatedLength, 0);
        Arrays.fill(inflated, null);
        first = 0;
        count = 0;
        fill = PAGE_SIZE;
        spare = null;
        newest = NO_PAGE;
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
        boolean deflated = inflatedLength[first] != 0;
        int oldId = firstId;
        ring[first] = null;
        inflatedLength[first] = 0;
        for (int i = 0; i < inflated.length; i++) {
            if (inflated[i] != null && inflatedIds[i] == oldId) {
                inflated[i] = null; // the id may come back after a wrap: never serve a stale copy
            }
        }
        first = (first + 1) % ring.length;
        count--;
        firstId++;
        if (count == 0) {
            fill = PAGE_SIZE;
            newest = NO_PAGE;
        }
        if (!deflated && old.length == PAGE_SIZE) {
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
            int[] lengths = new int[2 * ring.length];
            for (int i = 0; i < count; i++) {
                bigger[i] = ring[(first + i) % ring.length];
                lengths[i] = inflatedLength[(first + i) % ring.length];
            }
            ring = bigger;
            inflatedLength = lengths;
            first = 0;
        }
        ring[(first + count) % ring.length] = page;
        count++;
        fill = 0;
        newest = page;
    }
}
