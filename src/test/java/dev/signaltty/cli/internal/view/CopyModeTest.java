package dev.signaltty.cli.internal.view;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

/** Copy mode as tmux's vi copy mode (ADR 0840): v by characters, V by lines, / down, ? up, n / N. */
class CopyModeTest {

    private static final List<String> LINES = List.of("alpha one", "beta two", "gamma three", "delta two", "omega");

    @Test
    void vSelectsFromTheCursorsColumnAndVSelectsWholeLines() {
        CopyMode c = new CopyMode("p", LINES, 10);
        assertThat(c.search("two", 1, 10)).isNull(); // from the last line, down wraps to the first match
        assertThat(c.cursor).isEqualTo(1);
        assertThat(c.col).isEqualTo(5);
        c.toggle(CopyMode.Selection.CHARS);
        c.move(1, 10);
        c.lineEdge(false);
        c.moveColumn(2);
        assertThat(c.selection()).isEqualTo("two\ngam");
        assertThat(c.selectedColumns(1)).containsExactly(5, Integer.MAX_VALUE);
        assertThat(c.selectedColumns(2)).containsExactly(0, 3);
        assertThat(c.selectedColumns(0)).isNull();
        // V: the same rows, whole
        c.toggle(CopyMode.Selection.LINES);
        assertThat(c.selection()).isEqualTo("beta two\ngamma three");
        // backwards: the cursor before the mark
        c.toggle(CopyMode.Selection.LINES);
        c.toggle(CopyMode.Selection.CHARS);
        c.moveColumn(-100);
        c.move(-1, 10);
        c.lineEdge(true);
        assertThat(c.selection()).isEqualTo("o\ngam"); // the mark (g a m, col 2) included
        // no selection: the cursor line
        c.toggle(CopyMode.Selection.CHARS);
        assertThat(c.selection()).isEqualTo("beta two");
    }

    @Test
    void slashSearchesDownQuestionMarkUpNRepeatsTheSameWayAndCapitalNTheOtherWay() {
        CopyMode c = new CopyMode("p", LINES, 10);
        c.move(-c.size(), 10); // top: alpha one
        assertThat(c.search("two", 1, 10)).isNull();
        assertThat(c.cursor).isEqualTo(1);
        assertThat(c.next(false, 10)).isNull();
        assertThat(c.cursor).isEqualTo(3);
        assertThat(c.next(true, 10)).isNull();
        assertThat(c.cursor).isEqualTo(1);
        // ? from the bottom goes up: delta two first; n goes on up, wrapping round the top
        c.move(c.size(), 10);
        assertThat(c.search("two", -1, 10)).isNull();
        assertThat(c.cursor).isEqualTo(3);
        assertThat(c.next(false, 10)).isNull();
        assertThat(c.cursor).isEqualTo(1);
        assertThat(c.next(false, 10)).isNull();
        assertThat(c.cursor).isEqualTo(3);
        // two matches in one line: down finds the one after the cursor's column
        CopyMode same = new CopyMode("p", List.of("x aa bb aa"), 10);
        assertThat(same.search("aa", 1, 10)).isNull();
        assertThat(same.col).isEqualTo(2);
        assertThat(same.next(false, 10)).isNull();
        assertThat(same.col).isEqualTo(8);
        assertThat(same.next(true, 10)).isNull();
        assertThat(same.col).isEqualTo(2);
        assertThat(c.search("nowhere", 1, 10)).isEqualTo("no match for nowhere");
        assertThat(c.search("(", 1, 10)).startsWith("bad regex");
    }

    @Test
    void halfPagesMoveByHalfTheCellAndTheViewFollows() {
        List<String> many = java.util.stream.IntStream.range(0, 100).mapToObj(i -> "line " + i).toList();
        CopyMode c = new CopyMode("p", many, 20);
        assertThat(c.top).isEqualTo(80);
        c.move(-10, 20); // C-u in a 20-row cell
        c.move(-10, 20);
        assertThat(c.cursor).isEqualTo(79);
        assertThat(c.top).isEqualTo(79);
        c.move(10, 20); // C-d
        assertThat(c.cursor).isEqualTo(89);
    }

    /** Where the cursor is after {@code motion}, as "line:col". */
    private static String after(CopyMode c, char motion) {
        c.word(motion, 10);
        return c.cursor + ":" + c.col;
    }

    private static CopyMode at(List<String> lines, int line, int col) {
        CopyMode c = new CopyMode("p", lines, 10);
        c.move(line - c.cursor, 10);
        c.lineEdge(false);
        c.moveColumn(col);
        return c;
    }

    @Test
    void wordMotionsStopAtKeywordAndPunctuationWordsAcrossLineEndsAsVis() {
        // vim -u NONE agrees on every stop below (ADR 0860)
        List<String> lines = List.of("foo.bar  baz", "", "  qux-quux end");
        CopyMode c = at(lines, 0, 0);
        assertThat(after(c, 'w')).isEqualTo("0:3"); // the . is a word of its own
        assertThat(after(c, 'w')).isEqualTo("0:4");
        assertThat(after(c, 'w')).isEqualTo("0:9"); // past two blanks
        assertThat(after(c, 'w')).isEqualTo("1:0"); // an empty line is a stop
        assertThat(after(c, 'w')).isEqualTo("2:2"); // the next line's first word, past its indent
        assertThat(after(c, 'w')).isEqualTo("2:5");
        c = at(lines, 0, 0);
        assertThat(after(c, 'e')).isEqualTo("0:2");
        assertThat(after(c, 'e')).isEqualTo("0:3");
        assertThat(after(c, 'e')).isEqualTo("0:6");
        assertThat(after(c, 'e')).isEqualTo("0:11");
        assertThat(after(c, 'e')).isEqualTo("2:4"); // e passes the empty line
        c = at(lines, 2, 2);
        assertThat(after(c, 'b')).isEqualTo("1:0");
        assertThat(after(c, 'b')).isEqualTo("0:9");
        assertThat(after(c, 'b')).isEqualTo("0:4");
        assertThat(after(c, 'b')).isEqualTo("0:3");
        assertThat(after(c, 'b')).isEqualTo("0:0");
        assertThat(after(c, 'b')).isEqualTo("0:0"); // the scrollback's start: stays
        // b from inside a word: that word's start
        assertThat(after(at(lines, 0, 6), 'b')).isEqualTo("0:4");
    }

    @Test
    void capitalWordMotionsTakeEverythingBetweenBlanksAndSelectWithV() {
        List<String> lines = List.of("foo.bar  baz", "", "  qux-quux end");
        assertThat(after(at(lines, 0, 0), 'W')).isEqualTo("0:9");
        assertThat(after(at(lines, 0, 0), 'E')).isEqualTo("0:6");
        assertThat(after(at(lines, 2, 11), 'B')).isEqualTo("2:2");
        assertThat(after(at(lines, 2, 2), 'W')).isEqualTo("2:11");
        // the last word of the scrollback: w stays on it, e goes to its end
        assertThat(after(at(lines, 2, 11), 'w')).isEqualTo("2:13");
        assertThat(after(at(lines, 2, 13), 'e')).isEqualTo("2:13");
        // v then E: a whitespace-delimited word, as tmux's vi mode copies it
        CopyMode c = at(lines, 2, 2);
        c.toggle(CopyMode.Selection.CHARS);
        c.word('E', 10);
        assertThat(c.selection()).isEqualTo("qux-quux");
    }

    @Test
    void ctrlVMakesTheSelectionARectangleOfTheSameColumnsOnEveryLineAndOGoesToTheOtherEnd() {
        CopyMode c = new CopyMode("p", LINES, 10);
        c.move(-c.size(), 10); // alpha one
        c.moveColumn(1);
        c.toggle(CopyMode.Selection.CHARS); // the mark: line 0, column 1
        c.rectangle = true; // C-v while selecting, as tmux's rectangle-toggle
        c.move(2, 10);
        c.moveColumn(2); // gamma three, column 3
        // columns 1-3 of each line, not the stream from (0,1) to (2,3)
        assertThat(c.selectedColumns(0)).containsExactly(1, 4);
        assertThat(c.selectedColumns(1)).containsExactly(1, 4);
        assertThat(c.selectedColumns(2)).containsExactly(1, 4);
        assertThat(c.selectedColumns(3)).isNull();
        assertThat(c.selection()).isEqualTo("lph\neta\namm");
        // the cursor left of the mark: the same columns, counted from either end
        c.moveColumn(-3);
        assertThat(c.selection()).isEqualTo("al\nbe\nga");
        // o: the cursor to the other corner; the rectangle stays
        c.otherEnd(10);
        assertThat(c.cursor).isZero();
        assertThat(c.col).isEqualTo(1);
        assertThat(c.selection()).isEqualTo("al\nbe\nga");
        // on past the mark's line: the mark's corner (line 2, column 0) stays; C-v again: the stream selection
        c.move(4, 10);
        assertThat(c.selection()).isEqualTo("ga\nde\nom");
        c.rectangle = false;
        assertThat(c.selection()).isEqualTo("gamma three\ndelta two\nom");
    }
}
