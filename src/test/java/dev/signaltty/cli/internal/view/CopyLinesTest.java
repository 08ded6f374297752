package dev.signaltty.cli.internal.view;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

import dev.signaltty.vt.ScreenCells;

/**
 * Copy mode's lines with the pane's colours (ADR 1222): a tail read with its SGR sequences, put through the
 * real emulator, gives the same text as the plain read and one attribute per character.
 */
class CopyLinesTest {

    private static String sgr(long attr) {
        StringBuilder sb = new StringBuilder();
        ScreenCells.appendSgr(sb, attr);
        return sb.toString();
    }

    @Test
    void eachCharacterKeepsItsColoursAndTheTextIsThePlainText() {
        CopyLines c = CopyLines.parse("plain \u001b[31;1mred\u001b[0m tail\nnext");
        assertThat(c.lines()).containsExactly("plain red tail", "next");
        long[] first = c.attrs().getFirst();
        assertThat(first).hasSize("plain red tail".length());
        assertThat(first[0]).isEqualTo(ScreenCells.DEFAULT_ATTR);
        assertThat(sgr(first[6])).contains("31").contains("1");
        assertThat(first[9]).isEqualTo(ScreenCells.DEFAULT_ATTR); // the blank after the reset
    }

    @Test
    void aColourLeftOnGoesOnIntoTheNextLine() {
        CopyLines c = CopyLines.parse("\u001b[32mgreen\nstill\u001b[0m plain");
        assertThat(c.lines()).containsExactly("green", "still plain");
        assertThat(sgr(c.attrs().get(1)[0])).contains("32");
        assertThat(c.attrs().get(1)[6]).isEqualTo(ScreenCells.DEFAULT_ATTR);
    }

    @Test
    void trailingDefaultBlanksAreTrimmedAColouredBackgroundIsKept() {
        CopyLines c = CopyLines.parse("abc   \n\u001b[44mab  \u001b[0m\n");
        assertThat(c.lines()).containsExactly("abc", "ab  ", "");
        assertThat(sgr(c.attrs().get(1)[3])).contains("44");
        assertThat(c.attrs().get(2)).isEmpty();
    }

    @Test
    void aWideCharacterIsOneCharacterOfTheText() {
        CopyLines c = CopyLines.parse("日本x");
        assertThat(c.lines()).containsExactly("日本x");
        assertThat(c.attrs().getFirst()).hasSize(3);
    }

    @Test
    void copyModeOverColouredLinesMovesOverTheirText() {
        CopyMode mode = new CopyMode("p", CopyLines.parse("one \u001b[35mtwo\u001b[0m\nthree"), 10);
        assertThat(mode.size()).isEqualTo(2);
        assertThat(mode.line(0)).isEqualTo("one two");
        assertThat(sgr(mode.attrs(0)[4])).contains("35");
        assertThat(mode.attrs(5)).isNull();
        // plain lines (no attributes) are drawn as text
        assertThat(new CopyMode("p", java.util.List.of("x"), 10).attrs(0)).isNull();
    }
}
