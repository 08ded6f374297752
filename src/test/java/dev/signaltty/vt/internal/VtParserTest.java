package dev.signaltty.vt.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/** Parser level: the actions a byte stream produces, fed whole and one byte at a time. */
class VtParserTest {

    /** Records every action as a readable string (vte's Dispatcher). */
    static class Recorder implements VtActions {
        final List<String> calls = new ArrayList<>();
        private final StringBuilder text = new StringBuilder();

        private void flushText() {
            if (!text.isEmpty()) {
                calls.add("print " + text);
                text.setLength(0);
            }
        }

        @Override
        public void print(int cp) {
            text.appendCodePoint(cp);
        }

        @Override
        public void execute(int c) {
            flushText();
            calls.add("exec " + c);
        }

        @Override
        public void csiDispatch(VtParams p, int inter, boolean ignore, int f) {
            flushText();
            calls.add("csi " + inter(inter) + p + (ignore ? " ignore" : "") + " " + (char) f);
        }

        @Override
        public void escDispatch(int inter, boolean ignore, int f) {
            flushText();
            calls.add("esc " + inter(inter) + (char) f);
        }

        @Override
        public void oscDispatch(byte[] data, int len, boolean bell) {
            flushText();
            calls.add("osc " + new String(data, 0, len, StandardCharsets.UTF_8) + (bell ? " (bel)" : " (st)"));
        }

        @Override
        public void hook(VtParams p, int inter, boolean ignore, int f) {
            flushText();
            calls.add("hook " + inter(inter) + p + " " + (char) f);
        }

        @Override
        public void put(int b) {
            calls.add("put " + (char) b);
        }

        @Override
        public void unhook() {
            calls.add("unhook");
        }

        List<String> done() {
            flushText();
            return calls;
        }

        private static String inter(int packed) {
            StringBuilder sb = new StringBuilder();
            for (int shift = 24; shift >= 0; shift -= 8) {
                int b = (packed >>> shift) & 0xFF;
                if (b != 0) {
                    sb.append((char) b);
                }
            }
            return sb.toString();
        }
    }

    /** Parses the input both whole and one byte per advance call; both must give the same actions. */
    static List<String> parse(byte[] input) {
        Recorder whole = new Recorder();
        new VtParser(whole).advance(input, 0, input.length);
        Recorder split = new Recorder();
        VtParser p = new VtParser(split);
        for (int i = 0; i < input.length; i++) {
            p.advance(input, i, 1);
        }
        assertEquals(whole.done(), split.done(), "byte-at-a-time parse differs from whole parse");
        return whole.calls;
    }

    static List<String> parse(String s) {
        return parse(s.getBytes(StandardCharsets.UTF_8));
    }

    @Nested
    class InGround {

        @Test
        void printsTextAndExecutesControls() {
            assertEquals(List.of("print ab", "exec 13", "exec 10", "print c"), parse("ab\r\nc"));
        }

        @Test
        void ignoresDel() {
            assertEquals(List.of("print ab"), parse("a\u007fb"));
        }

        @Test
        void decodesMultiByteUtf8() {
            assertEquals(List.of("print é漢😀"), parse("é漢😀"));
        }

        @Test
        void decodesUtf8SplitAcrossFeeds() {
            byte[] emoji = "😀".getBytes(StandardCharsets.UTF_8);
            Recorder r = new Recorder();
            VtParser p = new VtParser(r);
            p.advance(emoji, 0, 2);
            p.advance(emoji, 2, 2);
            assertEquals(List.of("print 😀"), r.done());
        }

        @Test
        void replacesInvalidAndTruncatedSequences() {
            byte[] bad = {'a', (byte) 0xFF, 'b', (byte) 0xE6, (byte) 0xBC, 'c', (byte) 0xC0, (byte) 0x80,
                (byte) 0xED, (byte) 0xA0, (byte) 0x80, (byte) 0x80};
            assertEquals(List.of("print a\uFFFDb\uFFFDc\uFFFD\uFFFD\uFFFD\uFFFD"), parse(bad));
        }

        /**
         * A terminal scans a text run once: the parser offers it whole through printUtf8 before looking for
         * its end itself (it did scan printable ASCII first, and only then offered what followed).
         */
        @Test
        void offersEveryTextRunBeforeScanningIt() {
            Recorder offers = new Recorder() {
                @Override
                public int printUtf8(byte[] buf, int off, int end) {
                    int stop = off;
                    while (stop < end && (buf[stop] < 0 || buf[stop] >= 0x20)) {
                        stop++;
                    }
                    calls.add("offered " + new String(buf, off, stop - off, StandardCharsets.UTF_8));
                    return 0; // takes nothing: the parser reports the run itself
                }
            };
            byte[] input = "ab\r\ncé\r".getBytes(StandardCharsets.UTF_8);
            new VtParser(offers).advance(input, 0, input.length);
            assertEquals(List.of("offered ab", "print ab", "exec 13", "exec 10", "offered cé", "print cé", "exec 13"),
                offers.done());
        }

        @Test
        void replacesASequenceCutByAnEscape() {
            byte[] cut = {(byte) 0xE6, 0x1B, '[', 'm'};
            assertEquals(List.of("print \uFFFD", "csi  m"), parse(cut));
        }
    }

    @Nested
    class InCsi {

        @Test
        void collectsParametersAndFinalByte() {
            assertEquals(List.of("csi 12;34 H"), parse("\u001b[12;34H"));
        }

        @Test
        void keepsEmptyParametersDistinctFromZero() {
            VtParams[] seen = new VtParams[1];
            VtParser p = new VtParser(new VtActions() {
                @Override
                public void print(int cp) {
                }

                @Override
                public void execute(int c) {
                }

                @Override
                public void csiDispatch(VtParams params, int i, boolean ig, int f) {
                    assertEquals(-1, params.raw(0));
                    assertEquals(0, params.raw(1));
                    assertEquals(5, params.get(0, 5));
                    assertEquals(1, params.get(1, 1));
                    seen[0] = params;
                }

                @Override
                public void escDispatch(int i, boolean ig, int f) {
                }

                @Override
                public void oscDispatch(byte[] d, int l, boolean b) {
                }
            });
            byte[] in = "\u001b[;0H".getBytes(StandardCharsets.US_ASCII);
            p.advance(in, 0, in.length);
            assertEquals(2, seen[0].size());
        }

        @Test
        void collectsPrivateMarkersAsIntermediates() {
            assertEquals(List.of("csi ?1049 h", "csi >0 c", "csi ! p"),
                parse("\u001b[?1049h\u001b[>0c\u001b[!p"));
        }

        @Test
        void marksColonSubParameters() {
            assertEquals(List.of("csi 38:2::1:2:3 m"), parse("\u001b[38:2::1:2:3m"));
        }

        @Test
        void executesControlsInsideASequence() {
            assertEquals(List.of("exec 10", "csi 5 A"), parse("\u001b[5\nA"));
        }

        @Test
        void ignoresASequenceWithAPrivateMarkerAfterParameters() {
            assertEquals(List.of("print x"), parse("\u001b[1?2hx"));
        }

        @Test
        void saturatesHugeParameters() {
            assertEquals(List.of("csi 65535 A"), parse("\u001b[99999999999A"));
        }

        @Test
        void flagsTooManyParametersAsIgnored() {
            String many = "1;".repeat(40) + "1";
            assertTrue(parse("\u001b[" + many + "m").get(0).endsWith(" ignore m"));
        }

        /**
         * A whole CSI takes the one-pass parameter parse ({@link VtParams#parse}), one byte per call the state
         * machine's {@code digit}/{@code next}: every string of up to six parameter bytes gives the same values,
         * empty parameters and sub-parameter marks both ways ({@link #parse} compares the two).
         */
        @Test
        void parsesEveryShortParameterStringAsTheStateMachineDoes() {
            char[] bytes = {'0', '7', '9', ':', ';'};
            int strings = 0;
            for (int length = 0; length <= 6; length++) {
                int[] digits = new int[length];
                for (int n = (int) Math.pow(bytes.length, length); n > 0; n--) {
                    StringBuilder sb = new StringBuilder("\u001b[");
                    for (int k = 0; k < length; k++) {
                        sb.append(bytes[digits[k]]);
                    }
                    List<String> calls = parse(sb.append("m").toString());
                    assertEquals(1, calls.size(), sb.toString());
                    strings++;
                    for (int k = 0; k < length && ++digits[k] == bytes.length; k++) {
                        digits[k] = 0;
                    }
                }
            }
            assertEquals(19531, strings);
        }

        /** Past the last parameter's room a separator is dropped and the digits after it go on into the last one. */
        @Test
        void parametersPastTheRoomGoOnAsTheStateMachineLeavesThem() {
            for (int n = VtParams.MAX - 4; n <= VtParams.MAX + 1; n++) { // n + 3 parameters: the last fit, then do not
                String last = parse("\u001b[" + "12;".repeat(n) + "345:6;7m").get(0);
                assertTrue(last.endsWith(n + 3 > VtParams.MAX ? " ignore m" : ";7 m"), last);
            }
            String sub = parse("\u001b[" + "1:".repeat(VtParams.MAX) + "99999999m").get(0);
            assertTrue(sub.endsWith(":65535 ignore m"), sub);
        }

        @Test
        void abortsOnCancel() {
            assertEquals(List.of("exec 24", "print x"), parse("\u001b[12\u0018x"));
        }
    }

    @Nested
    class InEscape {

        @Test
        void dispatchesWithIntermediates() {
            assertEquals(List.of("esc #8", "esc (0", "esc 7"), parse("\u001b#8\u001b(0\u001b7"));
        }

        @Test
        void restartsOnASecondEscape() {
            assertEquals(List.of("csi 2 J"), parse("\u001b\u001b[2J"));
        }
    }

    @Nested
    class InStrings {

        @Test
        void dispatchesOscEndedByBelOrSt() {
            assertEquals(List.of("osc 0;title (bel)", "osc 2;tï (st)", "esc \\"),
                parse("\u001b]0;title\u0007\u001b]2;tï\u001b\\"));
        }

        @Test
        void capsLongOscStrings() {
            String longTitle = "2;" + "x".repeat(10_000);
            List<String> calls = parse("\u001b]" + longTitle + "\u0007");
            assertEquals(VtParser.MAX_OSC + "osc  (bel)".length(), calls.get(0).length());
        }

        @Test
        void passesDcsDataThroughHookPutUnhook() {
            assertEquals(List.of("hook $1 q", "put m", "unhook", "esc \\"), parse("\u001bP1$qm\u001b\\"));
        }

        @Test
        void swallowsApcPmAndSosStrings() {
            assertEquals(List.of("esc \\", "print ok"), parse("\u001b_Gpayload;x\u001b\\ok"));
        }
    }
}
