package dev.signaltty.vt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;

import org.junit.jupiter.api.Test;

/**
 * What programs tell their terminal about themselves (ADR 0960, docs/terminal.md): desktop notifications
 * in iTerm2's, urxvt's and kitty's forms, Codex's OSC 7501 state, and the default colours OSC 10/11 are
 * answered with, which the embedding chooses.
 */
class ProgramSignalsTest {

    static final String ESC = "\u001b";
    static final String ST = ESC + "\\";

    static final class Signals implements TerminalListener {
        final List<String> notifications = new ArrayList<>();
        final List<String> states = new ArrayList<>();
        final List<String> replies = new ArrayList<>();
        TerminalColors colors = TerminalColors.DARK;
        int bells;

        @Override
        public void notification(String title, String body) {
            notifications.add(title + "|" + body);
        }

        @Override
        public void stateReported(String state) {
            states.add(state);
        }

        @Override
        public void reply(byte[] bytes) {
            replies.add(new String(bytes, StandardCharsets.US_ASCII));
        }

        @Override
        public void bell() {
            bells++;
        }

        @Override
        public TerminalColors colors() {
            return colors;
        }
    }

    static Terminal feed(Signals signals, String text) {
        Terminal t = new Terminal(80, 24, signals, RingLimits.defaults(), 0);
        byte[] b = text.getBytes(StandardCharsets.UTF_8);
        t.feed(b, 0, b.length);
        return t;
    }

    @Test
    void osc9TextIsANotificationAndConEmusNumberedCommandsAreNot() {
        Signals s = new Signals();
        Terminal t = feed(s, ESC + "]9;build done\u0007" + ESC + "]9;4;1;40" + ST + ESC + "]9;9;/tmp" + ST
                + ESC + "]9;1\u0007" + ESC + "]9;3 tests failed" + ST + ESC + "]9;\u0007");
        assertEquals(List.of("|build done", "|3 tests failed"), s.notifications);
        assertEquals("normal 40", t.progress()); // OSC 9;4 stays progress
        assertEquals(0, s.bells); // the BEL that ends an OSC is no bell
    }

    @Test
    void osc777NotifyCarriesATitleAndABodyWhichMayHoldSemicolons() {
        Signals s = new Signals();
        feed(s, ESC + "]777;notify;Claude Code;needs your permission; to run git push\u0007"
                + ESC + "]777;preexec\u0007" + ESC + "]777;notify;done" + ST);
        assertEquals(List.of("Claude Code|needs your permission; to run git push", "done|"), s.notifications);
    }

    @Test
    void osc99JoinsKittysChunksUntilTheLastAndDecodesBase64() {
        Signals s = new Signals();
        String body = Base64.getEncoder().encodeToString("all 12 passed ✓".getBytes(StandardCharsets.UTF_8));
        feed(s, ESC + "]99;i=1:d=0;Tests" + ST + ESC + "]99;i=1:d=0:p=title; finished" + ST
                + ESC + "]99;i=1:p=body:e=1;" + body + ST
                + ESC + "]99;;plain title\u0007"
                + ESC + "]99;i=2:p=close;" + ST + ESC + "]99;i=3:p=?;" + ST);
        assertEquals(List.of("Tests finished|all 12 passed ✓", "plain title|"), s.notifications);
    }

    /** kitty's spec, "Querying for support": the answer names the payload kinds read, o=always, and no a, u or c. */
    @Test
    void osc99sQueryIsAnsweredWithWhatIsSupportedAndLeavesAChunkBeingAssembled() {
        Signals s = new Signals();
        feed(s, ESC + "]99;i=1:d=0;Tests" + ST + ESC + "]99;i=ask-1:p=?;" + ST + ESC + "]99;p=?;\u0007"
                + ESC + "]99;i=a*b:p=?;" + ST + ESC + "]99;i=1:p=body;passed" + ST);
        assertEquals(List.of(ESC + "]99;i=ask-1:p=?;p=title,body,?:o=always" + ST,
                ESC + "]99;i=0:p=?;p=title,body,?:o=always" + ST), s.replies);
        assertEquals(List.of("Tests|passed"), s.notifications);
    }

    @Test
    void osc99ChunksOfAnotherIdStartANewNotification() {
        Signals s = new Signals();
        feed(s, ESC + "]99;i=a:d=0;lost" + ST + ESC + "]99;i=b;kept" + ST);
        assertEquals(List.of("kept|"), s.notifications);
    }

    @Test
    void osc7501PassesCodexsStateOnAsSentCutShortOrNot() {
        Signals s = new Signals();
        // Codex 0.171.0 writes state=<state>:app=codex
        feed(s, ESC + "]7501;state=working:app=codex" + ST + ESC + "]7501;state=idle\u0007" + ESC + "]7501;state=wor\u0007"
                + ESC + "]7501;other=1;state=done" + ST + ESC + "]7501;sta\u0007" + ESC + "]7501;state=clear:app=codex" + ST);
        assertEquals(List.of("working", "idle", "wor", "done", "clear"), s.states);
    }

    @Test
    void osc10And11AreAnsweredWithTheColoursTheEmbeddingGives() {
        Signals s = new Signals();
        s.colors = new TerminalColors(0x1e1e1e, 0xfdf6e3);
        feed(s, ESC + "]10;?" + ST + ESC + "]11;?\u0007");
        assertEquals(List.of(ESC + "]10;rgb:1e1e/1e1e/1e1e" + ST, ESC + "]11;rgb:fdfd/f6f6/e3e3\u0007"), s.replies);
    }

    @Test
    void aColourSettingIsWrittenHashRrggbbAndAMalformedOneNamesItsKey() {
        assertEquals(0xfdf6e3, TerminalColors.parse("signaltty.terminal.background", "#FDF6E3"));
        assertEquals("#0a0b0c", TerminalColors.format(0x0a0b0c));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> TerminalColors.parse("signaltty.terminal.background", "white"));
        assertTrue(e.getMessage().startsWith("signaltty.terminal.background: \"white\""), e.getMessage());
    }
}
