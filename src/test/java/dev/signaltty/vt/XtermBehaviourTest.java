package dev.signaltty.vt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Behaviours where xterm is the reference (issue 21, ADR 0170). Each stream under
 * {@code src/test/resources/vt/xterm/<case>/} was shown to real xterm 379 ({@code tools/xterm_screen.sh}),
 * which recorded its screen and its answer to CPR; our screen and cursor must be the same, fed whole and
 * one byte at a time. The streams come from {@code tools/make_xterm_cases.py}.
 */
class XtermBehaviourTest {

    static final String ESC = "\u001b";
    static final String CSI = ESC + "[";

    static Path caseDir(String name) throws Exception {
        return VtDifferentialTest.corpusRoot().resolve("xterm").resolve(name);
    }

    static void assertLikeXterm(String... names) throws Exception {
        for (String name : names) {
            Path dir = caseDir(name);
            String[] size = Files.readString(dir.resolve("size")).trim().split("x");
            byte[] input = Files.readAllBytes(dir.resolve("input.bin"));
            XtermScreens.Asked whole = new XtermScreens.Asked(Integer.parseInt(size[0]), Integer.parseInt(size[1]));
            whole.terminal.feed(input, 0, input.length);
            String screen = whole.terminal.screen(false);
            assertEquals(XtermScreens.screen(dir), XtermScreens.comparable(screen), name + ": screen against xterm");
            assertEquals(XtermScreens.cursor(dir), whole.cursor(), name + ": cursor against xterm");
            XtermScreens.Asked bytewise = new XtermScreens.Asked(Integer.parseInt(size[0]), Integer.parseInt(size[1]));
            for (int i = 0; i < input.length; i++) {
                bytewise.terminal.feed(input, i, 1);
            }
            assertEquals(screen, bytewise.terminal.screen(false), name + ": fed one byte at a time");
        }
    }

    /** Every recorded case, so none is left unchecked by the named tests below. */
    @TestFactory
    Stream<DynamicTest> everyRecordedCaseLooksAsInXterm() throws Exception {
        List<String> names = new ArrayList<>();
        try (Stream<Path> dirs = Files.list(VtDifferentialTest.corpusRoot().resolve("xterm"))) {
            dirs.filter(d -> Files.exists(d.resolve("xterm.screen"))).sorted()
                .forEach(d -> names.add(d.getFileName().toString()));
        }
        assertFalse(names.isEmpty());
        return names.stream().map(n -> DynamicTest.dynamicTest(n, () -> assertLikeXterm(n)));
    }

    @Nested
    class PendingWrap {

        @Test
        void carriageReturnAndBackspaceClearItAndBackspaceStartsFromTheLastColumn() throws Exception {
            assertLikeXterm("wrap-cr", "wrap-bs");
        }

        @Test
        void cursorMovesClearItAndStartFromTheLastColumn() throws Exception {
            assertLikeXterm("wrap-cub", "wrap-cuf", "wrap-cuu", "wrap-cud", "wrap-cup", "wrap-cha", "wrap-hpr",
                "wrap-vpa", "wrap-vpr", "wrap-cnl");
        }

        @Test
        void indexNextLineReverseIndexAndLineFeedVtFfClearIt() throws Exception {
            assertLikeXterm("wrap-ind", "wrap-nel", "wrap-ri", "wrap-lf", "wrap-vt", "wrap-ff");
        }

        @Test
        void lineAndCharacterEditsAndErasesClearItAndActOnTheLastColumn() throws Exception {
            assertLikeXterm("wrap-il", "wrap-dl", "wrap-ich", "wrap-dch", "wrap-ech", "wrap-ed", "wrap-el",
                "wrap-el1");
        }

        @Test
        void decstbmClearsItByHoming() throws Exception {
            assertLikeXterm("wrap-decstbm");
        }

        @Test
        void tabsTabStopsScrollsAndSgrKeepIt() throws Exception {
            assertLikeXterm("wrap-ht", "wrap-cht", "wrap-tbc", "wrap-hts", "wrap-su", "wrap-sd", "wrap-sl",
                "wrap-decic", "wrap-sgr");
        }

        @Test
        void decscAndScoscSaveItAndTheRestoreBringsItBack() throws Exception {
            assertLikeXterm("wrap-decsc-decrc", "wrap-scosc-scorc");
        }
    }

    @Nested
    class SavedCursorAndAlternateScreen {

        @Test
        void eachScreenHasItsOwnDecscSlot() throws Exception {
            assertLikeXterm("decsc-per-screen");
        }

        @Test
        void entering1049SavesIntoTheMainScreensSlot() throws Exception {
            assertLikeXterm("decsc-shared-with-1049", "1049l-restores-outside-alt");
        }

        @Test
        void lineDrawingSelectedOnTheAlternateScreenDoesNotLeakAfter1049l() throws Exception {
            assertLikeXterm("1049l-restores-charset");
            Terminal t = TerminalTest.term(20, 3);
            TerminalTest.feed(t, "$ " + CSI + "?1049h" + ESC + "(0" + "lqk" + CSI + "?1049l" + "lqk");
            assertEquals("$ lqk", t.screen(false));
        }

        @Test
        void leaving1047RestoresNothing() throws Exception {
            assertLikeXterm("1047l-keeps-charset");
        }

        @Test
        void decrcRestoresDesignationsShiftsAndOriginMode() throws Exception {
            assertLikeXterm("decrc-restores-g0", "decrc-restores-shift", "decrc-restores-g2-g3",
                "decrc-restores-origin", "single-shift-ss2");
        }
    }

    @Nested
    class Controls {

        @Test
        void scrollLeftAndRightShiftTheRegionsRows() throws Exception {
            assertLikeXterm("sl-region", "sr-region", "sl-default-whole-screen");
        }

        @Test
        void decicAndDecdcEditColumnsOfTheRegionOnlyFromInsideIt() throws Exception {
            assertLikeXterm("decic-region", "decdc-region", "decic-outside-region", "decdc-outside-region");
        }

        @Test
        void repRepeatsAnyCharacterJustPrintedAndWraps() throws Exception {
            assertLikeXterm("rep-after-control", "rep-wide", "rep-wraps", "rep-after-sgr", "rep-combined");
        }

        @Test
        void ichDchAndErasesBlankAWideCharacterTheyCut() throws Exception {
            assertLikeXterm("ich-past-margin", "ich-on-wide-tail", "dch-on-wide-tail", "el-on-wide-head");
        }

        @Test
        void chtAndCbtStopAtTheEdges() throws Exception {
            assertLikeXterm("cht-past-last-stop", "cbt-past-first-stop");
        }

        @Test
        void insertModePushesCellsOffTheRightMarginAndWrapsFromTheLastColumn() throws Exception {
            assertLikeXterm("irm-at-right-margin", "irm-wraps-at-last-column");
        }

        @Test
        void backspaceDoesNotReverseWrap() throws Exception {
            assertLikeXterm("bs-no-reverse-wrap");
        }

        @Test
        void ilAndDlActOnlyInsideTheRegionAndGoToColumnZero() throws Exception {
            assertLikeXterm("il-outside-region", "dl-outside-region", "il-goes-to-column-0");
        }
    }

    @Nested
    class MarginsAndOriginMode {

        @Test
        void vprCudAndCnlFromBelowTheRegionGoToTheScreensBottom() throws Exception {
            assertLikeXterm("vpr-below-region", "cud-below-region", "cnl-below-region");
        }

        @Test
        void cudAndCuuFromOutsideStopAtTheMarginTheyMeet() throws Exception {
            assertLikeXterm("cud-above-region", "cuu-above-region");
        }

        @Test
        void decstbmHomesToTheTopMarginInOriginMode() throws Exception {
            assertLikeXterm("decstbm-homes-in-origin-mode");
        }

        @Test
        void decalnResetsMarginsAndHomes() throws Exception {
            assertLikeXterm("decaln-resets-margins-and-homes");
        }
    }

    @Nested
    class Resets {

        @Test
        void risResetsModesCharsetsMarginsAndTheScreen() throws Exception {
            assertLikeXterm("ris-resets");
        }

        @Test
        void decstrResetsModesCharsetsAndMarginsButKeepsTheScreen() throws Exception {
            assertLikeXterm("decstr-soft-reset");
        }
    }

    /** Answers as xterm 379 gave them (recorded by hand with the same xterm); see docs/terminal.md. */
    @Nested
    class Answers {

        private List<String> answers(String stream) {
            TerminalTest.Events ev = new TerminalTest.Events();
            Terminal t = new Terminal(80, 24, ev, RingLimits.defaults(), 0);
            TerminalTest.feed(t, stream);
            return ev.replies;
        }

        @Test
        void answersInStreamOrder() {
            assertEquals(List.of(CSI + "0n", CSI + "1;5R", CSI + "?64;21;22c"),
                answers(CSI + "5n" + "text" + CSI + "6n" + CSI + "c"));
        }

        @Test
        void cursorPositionReportsTheLastColumnWhileAWrapIsPending() {
            assertEquals(List.of(CSI + "1;80R", CSI + "?1;80;1R"), answers("A".repeat(80) + CSI + "6n" + CSI + "?6n"));
        }

        @Test
        void cursorPositionIsRelativeToTheRegionInOriginMode() {
            assertEquals(List.of(CSI + "2;3R"), answers(CSI + "5;10r" + CSI + "?6h" + CSI + "2;3H" + CSI + "6n"));
        }

        @Test
        void deviceAttributesAreXtermsLevelAndVersion() {
            assertEquals(List.of(CSI + "?64;21;22c", CSI + "?64;21;22c", CSI + ">41;379;0c", CSI + "?64;21;22c"),
                answers(CSI + "c" + CSI + "0c" + CSI + ">c" + ESC + "Z"));
        }

        @Test
        void decrqssReportsSgrMarginsCursorStyleAndConformance() {
            String dcs = ESC + "P";
            String st = ESC + "\\";
            assertEquals(List.of(
                    dcs + "1$r0;4;7;38:2::1:2:3;48:5:200m" + st,
                    dcs + "1$r5;10r" + st,
                    dcs + "1$r2 q" + st,
                    dcs + "1$r4 q" + st,
                    dcs + "1$r64;1\"p" + st,
                    dcs + "1$r0\"q" + st,
                    dcs + "1$r1;80s" + st,
                    dcs + "1$r24t" + st,
                    dcs + "0$r" + st),
                answers(CSI + "38;2;1;2;3;48;5;200;4;7m" + dcs + "$qm" + st + CSI + "5;10r" + dcs + "$qr" + st
                    + dcs + "$q q" + st + CSI + "4 q" + dcs + "$q q" + st + dcs + "$q\"p" + st + dcs + "$q\"q" + st
                    + dcs + "$qs" + st + dcs + "$qt" + st + dcs + "$qz" + st));
        }

        @Test
        void decrqmReportsModesSetResetOrUnknown() {
            assertEquals(List.of(CSI + "?1;1$y", CSI + "?7;2$y", CSI + "?25;1$y", CSI + "?1049;1$y", CSI + "?2004;1$y",
                    CSI + "?1006;1$y", CSI + "?12;1$y", CSI + "?9999;0$y", CSI + "4;1$y", CSI + "20;4$y", CSI + "99;0$y"),
                answers(CSI + "?1h" + CSI + "?7l" + CSI + "?1049h" + CSI + "?2004h" + CSI + "?1006h" + CSI + "?12h"
                    + CSI + "4h" + CSI + "?1$p" + CSI + "?7$p" + CSI + "?25$p" + CSI + "?1049$p" + CSI + "?2004$p"
                    + CSI + "?1006$p" + CSI + "?12$p" + CSI + "?9999$p" + CSI + "4$p" + CSI + "20$p" + CSI + "99$p"));
        }

        @Test
        void answersReachTheListenerWithNoViewerAndNothingElseReads() {
            // nothing but the terminal and its listener: the answer exists whether or not a viewer is attached
            byte[] query = (CSI + "6n").getBytes(StandardCharsets.US_ASCII);
            List<byte[]> got = new ArrayList<>();
            Terminal t = new Terminal(10, 2, new TerminalListener() {
                @Override
                public void reply(byte[] bytes) {
                    got.add(bytes);
                }
            }, RingLimits.defaults(), 0);
            t.feed(query, 0, query.length);
            assertEquals(CSI + "1;1R", new String(got.getFirst(), StandardCharsets.US_ASCII));
        }
    }
}
