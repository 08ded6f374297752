package dev.signaltty.vt.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/**
 * History packs lines into pages (ADR 0111). Whatever the packing, it must keep, evict and return
 * exactly what a plain list of decoded lines under the same caps would: that list is the model here.
 */
class HistoryTest {

    private static final int[] CHARS = {'a', 'Z', ' ', '~', 0xE9, 0x2192, 0x65E5, 0x1F642, Row.EMPTY};
    private static final long[] ATTRS = {Sgr.DEFAULT, Sgr.BOLD, Sgr.UNDERLINE | 5, 0x2_0304_05L << Sgr.BG_SHIFT};

    /** An idle pane's full pages are held deflated (ADR 0540); every read must see the same lines. */
    @Nested
    class KeepsTheSameLinesWithItsFullPagesDeflated {

        @Test
        void underTheLineCap() {
            History h = checkAgainstModel(new Random(11), 2_000, Long.MAX_VALUE, 3_000, 120, r -> 1 + r.nextInt(3), 97);
            assertTrue(h.deflatedPages() > 0, "pages deflated: " + h.deflatedPages());
        }

        @Test
        void underATightByteCapWithEvictionsOfDeflatedPages() {
            checkAgainstModel(new Random(12), 10_000, 40_000, 6_000, 120, r -> 1 + r.nextInt(3), 13);
        }

        @Test
        void whenLinesAreLongerThanAPage() {
            checkAgainstModel(new Random(13), 20, Long.MAX_VALUE, 200, 9_000, r -> 1 + r.nextInt(3), 7);
        }

        @Test
        void deflatedPagesHoldLessHeap() {
            History h = new History(10_000, Long.MAX_VALUE, 0);
            RowEncoder encoder = new RowEncoder();
            Random rnd = new Random(14);
            for (int seq = 1; seq <= 10_000; seq++) {
                encoder.encode(row(rnd, 60));
                add(h, seq, encoder);
            }
            long before = h.heldBytes();
            long saved = h.deflateIdle();
            assertTrue(saved > 0 && h.heldBytes() == before - saved, "saved " + saved + " of " + before);
            assertEquals(0, h.deflateIdle(), "a second deflate finds nothing left to pack");
        }
    }

    @Nested
    class KeepsWhatAListOfLinesWouldKeep {

        @Test
        void underTheLineCap() {
            checkAgainstModel(new Random(1), 50, Long.MAX_VALUE, 3_000, 120);
        }

        @Test
        void underATightByteCap() {
            checkAgainstModel(new Random(2), 10_000, 4_000, 3_000, 120);
        }

        @Test
        void whenLinesAreLongerThanAPage() {
            checkAgainstModel(new Random(3), 20, Long.MAX_VALUE, 200, 9_000);
        }

        @Test
        void whenOneLineCostsMoreThanTheByteCap() {
            checkAgainstModel(new Random(4), 100, 300, 500, 400);
        }

        @Test
        void withALineCapOfOne() {
            checkAgainstModel(new Random(5), 1, Long.MAX_VALUE, 300, 200);
        }

        /** Rows scrolled off out of order (a scroll region below a row numbered earlier) keep their numbers. */
        @Test
        void whenLinesArriveOutOfOrder() {
            checkAgainstModel(new Random(9), 2_000, Long.MAX_VALUE, 3_000, 120, rnd -> rnd.nextInt(9) - 3);
        }

        /**
         * Numbers are held as ints from a base (ADR 0490): lines billions apart rebase them, and lines
         * further apart than an int spans widen them; either way every number reads back exactly.
         */
        @Test
        void whenLineNumbersAreBillionsApart() {
            checkAgainstModel(new Random(10), 500, Long.MAX_VALUE, 3_000, 60,
                    rnd -> rnd.nextInt(100) == 0 ? 3_000_000_000L : rnd.nextInt(200) == 0 ? -2_500_000_000L : 1);
        }
    }

    @Test
    void withNoLinesAllowedOnlyRaisesTheFloor() {
        History h = new History(0, 1 << 20, 0);
        RowEncoder encoder = new RowEncoder();
        encoder.encode(row(new Random(6), 20));
        add(h, 7, encoder);
        assertEquals(0, h.size());
        assertEquals(7, h.floor());
    }

    @Test
    void aFloodThatEvictsAsFastAsItAppendsHoldsNoMoreThanItsLinesAndAPage() {
        History h = new History(1_000, Long.MAX_VALUE, 0);
        RowEncoder encoder = new RowEncoder();
        Random rnd = new Random(7);
        long held = 0;
        for (int i = 1; i <= 100_000; i++) {
            encoder.encode(row(rnd, 80));
            add(h, i, encoder);
            if (i == 2_000) {
                held = h.heldBytes();
            }
        }
        assertEquals(1_000, h.size());
        assertEquals(99_000, h.floor());
        // pages are reused, not piled up: what it holds after 100,000 lines is what it held after 2,000
        assertTrue(h.heldBytes() <= held + HistoryPages.PAGE_SIZE, h.heldBytes() + " > " + held);
    }

    @Test
    void aClearGivesThePagesBack() {
        History h = new History(10_000, Long.MAX_VALUE, 0);
        RowEncoder encoder = new RowEncoder();
        Random rnd = new Random(8);
        for (int i = 1; i <= 5_000; i++) {
            encoder.encode(row(rnd, 80));
            add(h, i, encoder);
        }
        h.clear(5_001);
        assertEquals(0, h.size());
        assertEquals(5_001, h.floor());
        assertTrue(h.heldBytes() < 2_048, "held after clear: " + h.heldBytes());
        encoder.encode(row(rnd, 80));
        add(h, 5_002, encoder);
        assertEquals(5_002, h.get(0).seq());
    }

    /** Adds random rows (now and then a clear) to history and to the model, comparing after each step. */
    private static void checkAgainstModel(Random rnd, int maxLines, long maxBytes, int steps, int maxCols) {
        checkAgainstModel(rnd, maxLines, maxBytes, steps, maxCols, r -> 1 + r.nextInt(3));
    }

    /** The same with the step from one line's number to the next drawn by {@code nextStep}. */
    private static void checkAgainstModel(Random rnd, int maxLines, long maxBytes, int steps, int maxCols,
            java.util.function.ToLongFunction<Random> nextStep) {
        checkAgainstModel(rnd, maxLines, maxBytes, steps, maxCols, nextStep, 0);
    }

    /**
     * The same, deflating the full pages (ADR 0540: what a pane gone quiet does) after every
     * {@code deflateEvery}-th line when it is above 0, and once more before the lines are read back.
     */
    private static History checkAgainstModel(Random rnd, int maxLines, long maxBytes, int steps, int maxCols,
            java.util.function.ToLongFunction<Random> nextStep, int deflateEvery) {
        History h = new History(maxLines, maxBytes, 0);
        Model model = new Model(maxLines, maxBytes);
        RowEncoder encoder = new RowEncoder();
        long seq = 0;
        for (int step = 0; step < steps; step++) {
            if (rnd.nextInt(500) == 0) {
                h.clear(seq + 1);
                model.clear(seq + 1);
                continue;
            }
            Row row = row(rnd, 1 + rnd.nextInt(maxCols));
            seq += nextStep.applyAsLong(rnd);
            encoder.encode(row);
            model.add(encoder.line(seq));
            add(h, seq, encoder);
            if (deflateEvery > 0 && step % deflateEvery == deflateEvery - 1) {
                h.deflateIdle();
            }
            assertEquals(model.lines.size(), h.size(), "size after step " + step);
            assertEquals(model.bytes, h.bytes(), "bytes after step " + step);
            assertEquals(model.floor, h.floor(), "floor after step " + step);
        }
        if (deflateEvery > 0) {
            h.deflateIdle();
        }
        List<HistoryLine> expected = new ArrayList<>(model.lines);
        for (int i = 0; i < expected.size(); i++) {
            HistoryLine want = expected.get(i);
            HistoryLine got = h.get(i);
            assertEquals(want.seq(), got.seq());
            assertEquals(want.seq(), h.seq(i));
            assertArrayEquals(want.utf8(), got.utf8(), "text of line " + i);
            assertArrayEquals(want.runs(), got.runs(), "runs of line " + i);
            assertEquals(want.wrapped(), got.wrapped());
        }
        boolean inOrder = true;
        for (int i = 1; i < expected.size(); i++) {
            inOrder &= expected.get(i - 1).seq() < expected.get(i).seq();
        }
        if (inOrder) { // an export takes the newest lines from the cursor on: it needs them in order
            checkExport(h, expected, rnd);
        }
        return h;
    }

    /**
     * A checkpoint's export (packedAfter: whole pages copied at once, line lengths from the next line's
     * offset) read back into a fresh history gives the same lines after the cursor, the newest that
     * fit the byte cap when one is given.
     */
    private static void checkExport(History h, List<HistoryLine> expected, Random rnd) {
        long after = expected.isEmpty() ? 0 : expected.get(rnd.nextInt(expected.size())).seq() - 1;
        List<HistoryLine> newer = expected.stream().filter(line -> line.seq() > after).toList();
        long[] lastSeq = new long[1];
        byte[] all = h.packedAfter(after, Integer.MAX_VALUE, lastSeq);
        assertEquals(newer.isEmpty() ? after : newer.getLast().seq(), lastSeq[0]);
        assertEquals(content(newer), readBack(all), "every line after " + after);
        // the size a checkpoint asks for before deciding to compact is the export's (issue 24, ADR 0430)
        assertEquals(all.length, h.packedBytesAfter(after), "size of the export after " + after);
        assertEquals(h.packedAfter(0, Integer.MAX_VALUE, lastSeq).length, h.packedBytesAfter(0), "size of every line");
        long newest = expected.isEmpty() ? 0 : expected.getLast().seq();
        assertEquals(0, h.packedBytesAfter(newest), "nothing after the newest line");
        int cap = all.length / 2;
        byte[] capped = h.packedAfter(after, cap, lastSeq);
        assertTrue(capped.length <= cap, "export of " + capped.length + " bytes under a cap of " + cap);
        List<String> kept = readBack(capped);
        assertEquals(content(newer.subList(newer.size() - kept.size(), newer.size())), kept, "the newest lines under the cap");
    }

    /** The lines of an export read into a fresh history, by content (an export carries no line numbers). */
    private static List<String> readBack(byte[] packed) {
        History back = new History(Integer.MAX_VALUE, Long.MAX_VALUE, 0);
        back.addPacked(packed, new java.util.concurrent.atomic.AtomicLong()::incrementAndGet);
        List<HistoryLine> lines = new ArrayList<>();
        for (int i = 0; i < back.size(); i++) {
            lines.add(back.get(i));
        }
        return content(lines);
    }

    private static List<String> content(List<HistoryLine> lines) {
        return lines.stream().map(line -> java.util.Arrays.toString(line.utf8()) + java.util.Arrays.toString(line.runs())
                + line.wrapped()).toList();
    }

    private static void add(History h, long seq, RowEncoder e) {
        h.add(seq, e.text, e.textLength, e.runs, e.runsLength, e.wrapped);
    }

    /** A row of random characters and attributes, sometimes with wide characters and a wrap. */
    private static Row row(Random rnd, int cols) {
        Row r = new Row(cols, false);
        int used = rnd.nextInt(cols + 1);
        long attr = ATTRS[rnd.nextInt(ATTRS.length)];
        for (int x = 0; x < used; x++) {
            if (rnd.nextInt(8) == 0) {
                attr = ATTRS[rnd.nextInt(ATTRS.length)];
            }
            int cp = CHARS[rnd.nextInt(CHARS.length)];
            r.attrs()[x] = attr;
            if (CharWidth.of(cp) == 2) {
                if (x + 1 >= used) {
                    continue;
                }
                r.cps()[x] = cp;
                r.cps()[++x] = Row.WIDE_TAIL;
                r.attrs()[x] = attr;
            } else {
                r.cps()[x] = cp;
            }
        }
        r.used = used;
        r.wrapped = rnd.nextBoolean();
        return r;
    }

    /** History as one decoded line per entry, evicting by the same rules. */
    private static final class Model {
        final int maxLines;
        final long maxBytes;
        final ArrayDeque<HistoryLine> lines = new ArrayDeque<>();
        long bytes;
        long floor;

        Model(int maxLines, long maxBytes) {
            this.maxLines = maxLines;
            this.maxBytes = maxBytes;
        }

        void add(HistoryLine line) {
            if (lines.size() == maxLines) {
                evict();
            }
            lines.addLast(line);
            bytes += cost(line);
            while (bytes > maxBytes && !lines.isEmpty()) {
                evict();
            }
        }

        void evict() {
            HistoryLine old = lines.removeFirst();
            bytes -= cost(old);
            floor = Math.max(floor, old.seq());
        }

        void clear(long newFloor) {
            lines.clear();
            bytes = 0;
            floor = Math.max(floor, newFloor);
        }

        /** The one-object-per-line form's size: record, array header, ring slot, text, runs. */
        static long cost(HistoryLine line) {
            return 52 + line.utf8().length + (line.runs() == null ? 0 : 16 + 8L * line.runs().length);
        }
    }
}
