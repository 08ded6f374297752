package dev.signaltty.vt.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class CharWidthTest {

    @Test
    void tableGivesTheSameWidthAsTheRangesForEveryCodePoint() {
        for (int cp = 0x300; cp <= Character.MAX_CODE_POINT; cp++) {
            if (CharWidth.of(cp) != CharWidth.search(cp)) {
                assertEquals(CharWidth.search(cp), CharWidth.of(cp), "U+" + Integer.toHexString(cp));
            }
        }
    }

    @Test
    void knowsWideZeroAndNarrowCharactersFromBothPlanes() {
        assertEquals(1, CharWidth.of('a'));
        assertEquals(1, CharWidth.of('é'));
        assertEquals(0, CharWidth.of(0x301)); // combining acute accent
        assertEquals(2, CharWidth.of('漢'));
        assertEquals(2, CharWidth.of(0x1F642)); // slightly smiling face
        assertEquals(2, CharWidth.of(0x20000)); // CJK extension B, past the table
        assertEquals(0, CharWidth.of(0xE0100)); // variation selector 17
    }
}
