package dev.signaltty.vt.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.Random;

import org.junit.jupiter.api.Test;

/**
 * ADR 0445: text appended to a main-screen row from its first column is kept only in the row's
 * compact form ({@link RowUtf8}) until something reads or changes the cells. Every read must then see
 * exactly the cells the storing path writes: a row without a compact form (alternate screen) always
 * stores, so the two are written side by side and compared.
 */
class DeferredCellsTest {

    private static final int COLS = 80;
    private static final long[] ATTRS = {Sgr.DEFAULT, Sgr.BOLD, Sgr.UNDERLINE | 5, 0x2_0304_05L << Sgr.BG_SHIFT};
    private static final String[] WORDS = {"plain", " ", "été", "漢字", "😀", "naïve", "→", "x", "한국어"};

    @Test
    void appendedTextReadsBackAsTheStoredCells() {
        Random rnd = new Random(445);
        for (int round = 0; round < 300; round++) {
            Row deferred = new Row(COLS, true);
            Row stored = new Row(COLS, false);
            appendRandomText(rnd, deferred, stored);
            assertTrue(deferred.deferred() || deferred.used == 0, "round " + round + ": the appended cells were stored");
            assertEquals(stored.used, deferred.used, "round " + round);
            assertArrayEquals(stored.cps(), deferred.cps(), "round " + round);
            assertArrayEquals(stored.attrs(), deferred.attrs(), "round " + round);
            assertFalse(deferred.deferred(), "a read stores the cells");
        }
    }

    @Test
    void anErasePastTheTextKeepsTheCellsDeferredAndOneFromTheStartDropsThem() {
        Random rnd = new Random(7);
        Row deferred = new Row(COLS, true);
        Row stored = new Row(COLS, false);
        appendRandomText(rnd, deferred, stored);
        int end = deferred.used;
        deferred.clear(end, COLS, Sgr.BOLD); // an ESC[K after the text, with a colour
        stored.clear(end, COLS, Sgr.BOLD);
        assertTrue(deferred.deferred(), "an erase after the text needs no cell of it");
        assertArrayEquals(stored.cps(), deferred.cps());
        assertArrayEquals(stored.attrs(), deferred.attrs());

        appendRandomText(rnd, deferred, stored);
        deferred.clear(0, COLS, Sgr.DEFAULT); // CR ESC[K: a progress line drawn again
        stored.clear(0, COLS, Sgr.DEFAULT);
        assertFalse(deferred.deferred());
        assertArrayEquals(stored.cps(), deferred.cps());
        assertArrayEquals(stored.attrs(), deferred.attrs());
    }

    @Test
    void aResetAfterDeferredTextLeavesABlankRowWithTheNewAttribute() {
        Random rnd = new Random(11);
        for (long attr : ATTRS) {
            Row deferred = new Row(COLS, true);
            Row stored = new Row(COLS, false);
            appendRandomText(rnd, deferred, stored);
            deferred.reset(attr);
            stored.reset(attr);
            appendRandomText(rnd, deferred, stored); // the reused row defers again, on the new blank
            assertArrayEquals(stored.cps(), deferred.cps());
            assertArrayEquals(stored.attrs(), deferred.attrs());
            deferred.reset(attr);
            stored.reset(attr);
            assertArrayEquals(stored.cps(), deferred.cps());
            assertArrayEquals(stored.attrs(), deferred.attrs());
        }
    }

    /** Words in random attributes, through both text entry points, until the row would wrap. */
    private static void appendRandomText(Random rnd, Row deferred, Row stored) {
        RowWriter a = new RowWriter();
        RowWriter b = new RowWriter();
        int x = 0;
        for (int k = 0; k < 40; k++) {
            byte[] word = WORDS[rnd.nextInt(WORDS.length)].getBytes(StandardCharsets.UTF_8);
            long attr = ATTRS[rnd.nextInt(ATTRS.length)];
            boolean ascii = word[0] >= 0 && word.length == new String(word, StandardCharsets.UTF_8).length();
            if (ascii && rnd.nextBoolean()) {
                if (x + word.length > COLS) {
                    return;
                }
                RowWriter.writeAscii(deferred, x, word, 0, word.length, attr, COLS);
                RowWriter.writeAscii(stored, x, word, 0, word.length, attr, COLS);
                x += word.length;
                continue;
            }
            int na = a.writeText(deferred, x, COLS, attr, word, 0, word.length);
            int nb = b.writeText(stored, x, COLS, attr, word, 0, word.length);
            assertEquals(nb, na);
            if (na < word.length) {
                return; // the row is full: the wrap is the caller's
            }
            assertEquals(b.column(), a.column());
            x = a.column();
        }
    }
}
