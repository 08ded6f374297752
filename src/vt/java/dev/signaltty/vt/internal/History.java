package dev.signaltty.vt.internal;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

import org.jspecify.annotations.Nullable;

/**
 * Scrolled-off lines, oldest first. Both caps evict the oldest lines; every eviction raises
 * {@link #floor()} so a rendered cursor that had not yet seen an evicted line reads as dropped.
 *
 * <p>Storage (ADR 0111): a line's bytes live in {@link HistoryPages}, packed back to back as
 * {@link LineRecord}s, and the line itself is three slots of primitive arrays used as a circular index, so holding or
 * evicting a line allocates nothing: its page and offset packed into an int, its number as an int
 * from a base, and its cost as a char; 10 bytes a line (ADR 0490; it was 20). A line is decoded into
 * a {@link HistoryLine} only when a read asks for it.
 *
 * <p>The byte cap is charged a fixed per-line cost ({@link #cost}), not the page bytes, so the lines a
 * given {@code scrollback_bytes} keeps do not depend on how compactly the pages happen to pack them
 * (ADR 0111); the pages hold less than the charge.
 */
final class History {

    private static final int FIRST_CAPACITY = 64;
    /** A line's offset in its page takes the low bits of its position (offsets stay below a standard page). */
    private static final int OFFSET_BITS = Integer.numberOfTrailingZeros(HistoryPages.PAGE_SIZE);
    private static final int PAGE_MASK = (1 << (32 - OFFSET_BITS)) - 1;
    private static final char COST_IN_PAGE = Character.MAX_VALUE;

    private final int maxLines;
    private final long maxBytes;
    private final HistoryPages pages = new HistoryPages();
    /** Each line's page and offset in it, packed by {@link #position}. */
    private int[] positions = new int[FIRST_CAPACITY];
    /** Each line's number less {@link #seqBase}, while every number is within an int of it. */
    private int[] seqDeltas = new int[FIRST_CAPACITY];
    /** Each line's number, once one was too far from the others for {@link #seqDeltas} (never in practice). */
    private long @Nullable [] wideSeqs;
    private long seqBase;
    /**
     * Each line's {@link #cost}, kept beside it so that evicting the oldest line (once per scrolled line
     * in a long flood) does not read its long-cold page to decode the header again; {@link #COST_IN_PAGE}
     * for a cost too large for a char (a line of thousands of columns), which is then decoded.
     */
    private char[] costs = new char[FIRST_CAPACITY];
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

    /**
     * What a line is charged against the byte cap: the heap a line costs held as an object (a record
     * with a byte array and a {@code long[]} of runs on a 64-bit JVM with compressed oops: record 32,
     * array header 16, ring slot 4, the text, and 16 plus 16 per run when there are runs). A cap in
     * bytes then reads as heap, whatever the packed pages really take (ADR 0111).
     */
    static long cost(int textLength, int runCount) {
        return 52 + (long) textLength + (runCount == 0 ? 0 : 16 + 16L * runCount);
    }

    /**
     * Appends a line numbered {@code seq}: UTF-8 {@code text[0, textLength)} with attribute runs
     * {@code runs[0, runsLength)} (see {@link HistoryLine}); both are copied.
     */
    void add(long seq, byte[] text, int textLength, long[] runs, int runsLength, boolean wrapped) {
        if (maxLines == 0) {
            floor = Math.max(floor, seq);
            return;
        }
        if (size == maxLines) {
            evictOldest();
        }
        if (size == positions.length) {
            grow();
        }
        int runCount = runsLength / 2;
        int page = pages.reserve(LineRecord.maxLength(textLength, runCount));
        int offset = pages.offset();
        int end = LineRecord.write(pages.newest(), offset, text, textLength, runs, runCount, wrapped);
        pages.commit(end - offset);
        int slot = slot(size);
        positions[slot] = position(page, offset);
        setSeq(slot, seq);
        int cost = (int) cost(textLength, runCount);
        costs[slot] = cost < COST_IN_PAGE ? (char) cost : COST_IN_PAGE;
        size++;
        bytes += cost;
        while (bytes > maxBytes && size > 0) {
            evictOldest();
        }
    }

    private void grow() {
        int capacity = (int) Math.min(maxLines, 2L * positions.length);
        positions = unrolled(positions, capacity);
        seqDeltas = unrolled(seqDeltas, capacity);
        costs = unrolled(costs, capacity);
        if (wideSeqs != null) {
            long[] w = new long[capacity];
            for (int i = 0; i < size; i++) {
                w[i] = wideSeqs[slot(i)];
            }
            wideSeqs = w;
        }
        start = 0;
    }

    /** The circular index's {@code size} entries, oldest first, in an array of {@code capacity}. */
    private int[] unrolled(int[] ring, int capacity) {
        int[] out = new int[capacity];
        int head = Math.min(size, ring.length - start);
        System.arraycopy(ring, start, out, 0, head);
        System.arraycopy(ring, 0, out, head, size - head);
        return out;
    }

    private char[] unrolled(char[] ring, int capacity) {
        char[] out = new char[capacity];
        int head = Math.min(size, ring.length - start);
        System.arraycopy(ring, start, out, 0, head);
        System.arraycopy(ring, 0, out, head, size - head);
        return out;
    }

    /** Records line {@code slot}'s number, rebasing or widening the numbers when it is too far from the base. */
    private void setSeq(int slot, long seq) {
        if (wideSeqs != null) {
            wideSeqs[slot] = seq;
            return;
        }
        // an empty history takes its base from this line, without a branch: the first line a new terminal
        // retires would otherwise take a trap in the flood path compiled for an earlier one (ADR 0655)
        seqBase += (seq - seqBase) & -(long) ((size - 1) >>> 31);
        long delta = seq - seqBase;
        if (delta != (int) delta) {
            // rows scrolled off out of order, or two billion lines since the base: rebase on the lowest
            long low = seq;
            long high = seq;
            for (int i = 0; i < size; i++) {
                long s = seq(i);
                low = Math.min(low, s);
                high = Math.max(high, s);
            }
            if (high - low > Integer.MAX_VALUE) {
                long[] w = new long[positions.length];
                for (int i = 0; i < size; i++) {
                    w[slot(i)] = seq(i);
                }
                wideSeqs = w;
                w[slot] = seq;
                return;
            }
            for (int i = 0; i < size; i++) {
                int at = slot(i);
                seqDeltas[at] = (int) (seqBase + seqDeltas[at] - low);
            }
            seqBase = low;
            delta = seq - low;
        }
        seqDeltas[slot] = (int) delta;
    }

    private long seqAt(int slot) {
        return wideSeqs != null ? wideSeqs[slot] : seqBase + seqDeltas[slot];
    }

    /**
     * A line's page id and offset in one int: the offset in the low bits (a line starts below
     * {@link HistoryPages#PAGE_SIZE}, see {@link HistoryPages#reserve}), the page id's low bits above
     * it, read back relative to the oldest page held. Held pages span fewer ids than those bits count
     * (2^18) long before the heap could hold them: two neighbouring pages hold more than a page of
     * lines between them, so 2^18 pages would be 2 GiB of history.
     */
    private static int position(int page, int offset) {
        return page << OFFSET_BITS | offset;
    }

    private int pageOf(int slot) {
        return pages.firstId() + ((positions[slot] >>> OFFSET_BITS) - pages.firstId() & PAGE_MASK);
    }

    private int offsetOf(int slot) {
        return positions[slot] & (1 << OFFSET_BITS) - 1;
    }

    private int costAt(int slot) {
        char c = costs[slot];
        if (c != COST_IN_PAGE) {
            return c;
        }
        return (int) LineRecord.cost(pages.page(pageOf(slot)), offsetOf(slot));
    }

    private void evictOldest() {
        bytes -= costAt(start);
        floor = Math.max(floor, seqAt(start));
        start = wrap(start + 1);
        size--;
        if (size == 0) {
            pages.releaseAll();
        } else {
            pages.releaseBefore(pageOf(start));
        }
    }

    /** Drops all lines (ESC[3J); cursors up to {@code newFloor - 1} read as dropped afterwards. */
    void clear(long newFloor) {
        pages.clear();
        positions = new int[FIRST_CAPACITY];
        seqDeltas = new int[FIRST_CAPACITY];
        wideSeqs = null;
        costs = new char[FIRST_CAPACITY];
        start = 0;
        size = 0;
        bytes = 0;
        floor = Math.max(floor, newFloor);
    }

    int size() {
        return size;
    }

    /** The i-th line's number (0 is the oldest), without decoding it. */
    long seq(int i) {
        return seqAt(slot(i));
    }

    /** The i-th line (0 is the oldest), decoded. */
    HistoryLine get(int i) {
        int slot = slot(i);
        return LineRecord.decode(pages.page(pageOf(slot)), offsetOf(slot), seqAt(slot));
    }

    long floor() {
        return floor;
    }

    long bytes() {
        return bytes;
    }

    /** Deflates the full pages of a history gone quiet (ADR 0540); the bytes given back. */
    long deflateIdle() {
        return pages.deflateFull();
    }

    /** Pages held deflated (for tests). */
    int deflatedPages() {
        return pages.deflatedPages();
    }

    /** Heap held by the pages and the index (for tests and the memory figures). */
    long heldBytes() {
        return pages.capacity() + 10L * positions.length + (wideSeqs == null ? 0 : 8L * wideSeqs.length);
    }

    private int slot(int i) {
        return wrap(start + i);
    }

    /**
     * A position in {@code [0, 2 * capacity)} brought back into the circular index, without a branch: the
     * index wraps once a flood starts evicting, and a compiled flood path that had never seen
     * the wrap was discarded and compiled again when it came (ADR 0585). {@code (p - capacity) >> 31} is
     * all ones below the capacity (p stays) and zero at or above it (the capacity is taken off).
     */
    private int wrap(int p) {
        int capacity = positions.length;
        return p - (capacity & ~((p - capacity) >> 31));
    }

    // ---- packed export and import (pane transcripts, Terminal#historyAfter) ----

    /**
     * The packed bytes of the lines numbered above {@code afterSeq}, oldest first, in the page format
     * above, copied as they lie in the pages (no decoding); at most {@code maxBytes}, the newest whole
     * lines kept. {@code lastSeq[0]} is set to the newest line's number ({@code afterSeq} when none).
     */
    byte[] packedAfter(long afterSeq, int maxBytes, long[] lastSeq) {
        ByteBuffer[] slices = packedSlicesAfter(afterSeq, maxBytes, lastSeq);
        int total = 0;
        for (ByteBuffer slice : slices) {
            total += slice.remaining();
        }
        byte[] out = new byte[total];
        int at = 0;
        for (ByteBuffer slice : slices) {
            int len = slice.remaining();
            slice.get(out, at, len);
            at += len;
        }
        return out;
    }

    /**
     * The bytes {@link #packedAfter} would copy, as read-only views of the pages that hold them (one per
     * page: its lines lie back to back), for a caller that writes them out at once, while history does
     * not change: a checkpoint's compaction wrote half a cap through a fresh array of that size (issue 24).
     */
    ByteBuffer[] packedSlicesAfter(long afterSeq, int maxBytes, long[] lastSeq) {
        int from = size;
        while (newerAt(from, afterSeq) != 0) {
            from--;
        }
        // walks every new line (one exit, see newerAt) and keeps the newest that fit: lines take at least
        // two bytes, so the running total passes the cap once and stays past it
        long total = 0;
        int first = size;
        for (int i = size; i > from; i--) {
            total += recordLength(i - 1);
            first -= (int) ((maxBytes - total) >>> 63) ^ 1;
        }
        List<ByteBuffer> slices = new ArrayList<>();
        for (int i = first; i < size; ) {
            int page = pageOf(slot(i));
            int last = i;
            while (last + 1 < size && pageOf(slot(last + 1)) == page) {
                last++;
            }
            int begin = offsetOf(slot(i));
            int len = offsetOf(slot(last)) - begin + recordLength(last);
            slices.add(ByteBuffer.wrap(pages.page(page), begin, len).asReadOnlyBuffer());
            i = last + 1;
        }
        // afterSeq when nothing is new (a pane's first checkpoint, on an empty history), picked without a branch
        long newest = seq(Math.max(size - 1, 0));
        lastSeq[0] = afterSeq ^ (afterSeq ^ newest) & -(long) ((from - size) >>> 31);
        return slices.toArray(new ByteBuffer[0]);
    }

    /**
     * What {@link #packedAfter} would export above {@code afterSeq} with no cap, without copying: a
     * checkpoint that would only throw such an export away (the hist file is compacted instead) asks first.
     */
    long packedBytesAfter(long afterSeq) {
        long total = 0;
        for (int i = size; newerAt(i, afterSeq) != 0; i--) {
            total += recordLength(i - 1);
        }
        return total;
    }

    /**
     * 1 while line {@code i - 1} exists and is numbered above {@code afterSeq}, else 0: a walk back from the
     * newest line over what is new. Computed without a branch, so the walk has one exit whether it stops at
     * history's head (a flood: everything is new) or inside it (a pane's first checkpoint, or one after a
     * quiet spell). With {@code i > 0 && seq(i - 1) > afterSeq} one of the two was never seen when the
     * checkpoint path was compiled, and taking it later discarded that code (ADR 0655).
     */
    private int newerAt(int i, long afterSeq) {
        long seq = seq(Math.max(i - 1, 0)); // index 0 of an empty history reads an unused slot, masked off
        long d = afterSeq - seq;
        int above = (int) ((d ^ (afterSeq ^ seq) & (d ^ afterSeq)) >>> 63); // afterSeq < seq, overflow-safe
        return (-i >>> 31) & above;
    }

    /** Appends the lines of a {@link #packedAfter} export, numbering them with {@code nextSeq}. */
    void addPacked(byte[] in, java.util.function.LongSupplier nextSeq) {
        LineRecord.readAll(in, (text, textLength, runs, runsLength, wrapped) ->
            add(nextSeq.getAsLong(), text, textLength, runs, runsLength, wrapped));
    }

    /**
     * Bytes the i-th line takes in its page: up to the next line when that one follows it in the same
     * page (lines are written back to back), else read from its header. A checkpoint's export sizes
     * every line this way, so the flood path no longer decodes each header's varints (issue 24).
     */
    private int recordLength(int i) {
        int slot = slot(i);
        if (i + 1 < size) {
            int next = slot(i + 1);
            int page = pageOf(slot);
            if (pageOf(next) == page) {
                return offsetOf(next) - offsetOf(slot);
            }
        }
        return LineRecord.length(pages.page(pageOf(slot)), offsetOf(slot));
    }
}
