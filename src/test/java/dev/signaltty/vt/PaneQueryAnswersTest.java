package dev.signaltty.vt;

import static dev.signaltty.support.ProtocolClient.eventually;
import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import dev.signaltty.support.DaemonFixture;

/**
 * End to end: a program in a real pane asks the terminal (DSR/CPR, DA1, DA2, DECRQSS) and reads the
 * answers from its input, with no viewer attached; the daemon's emulator is the one that answers
 * (docs/terminal.md, "Who answers").
 */
class PaneQueryAnswersTest {

    @RegisterExtension
    static final DaemonFixture daemon = new DaemonFixture("vtq");

    @Test
    void aProgramReadsXtermsAnswersInStreamOrderWithNoViewerAttached() {
        // raw mode so the answers (which end in no newline) reach read at once; od shows them as text
        String pane = daemon.spawnShell("stty raw -echo; printf 'ab\\033[6n\\033[c\\033[>c\\033P$qm\\033\\\\';"
                + " dd bs=1 count=39 2>/dev/null | od -An -c | tr -d ' \\n'; echo; echo end-of-answers; sleep 60");
        eventually(Duration.ofSeconds(30), () -> daemon.tail(pane).contains("end-of-answers"));
        String answers = daemon.tail(pane).lines().filter(l -> l.contains("033")).findFirst().orElseThrow();
        // 39 bytes on the line after "ab": CPR, DA1, DA2, DECRQSS of the (default) SGR; od -c writes ESC as 033
        assertThat(answers).isEqualTo("ab033[1;3R033[?64;21;22c033[>41;379;0c033P1$r0m033\\");
    }

    /** What codex asks at start (ADR 0940): DECRQM for synchronized output, then its default colours with ST. */
    @Test
    void aProgramReadsTheSynchronizedOutputModeAndTheDefaultBackground() {
        String pane = daemon.spawnShell("stty raw -echo; printf '\\033[?2026$p\\033]11;?\\033\\\\';"
                + " dd bs=1 count=36 2>/dev/null | od -An -c | tr -d ' \\n'; echo; echo end-of-answers; sleep 60");
        eventually(Duration.ofSeconds(30), () -> daemon.tail(pane).contains("end-of-answers"));
        String answers = daemon.tail(pane).lines().filter(l -> l.contains("033")).findFirst().orElseThrow();
        assertThat(answers).isEqualTo("033[?2026;2$y033]11;rgb:0000/0000/0000033\\");
    }

    /**
     * kitty's way to learn whether a terminal shows its notifications (its spec, "Querying for support"): ask
     * {@code p=?}, then DA1; an answer before the DA1's says yes, and names what is supported.
     */
    @Test
    void aProgramAsksKittysNotificationQueryAndReadsTheAnswerBeforeTheDeviceAttributes() {
        String pane = daemon.spawnShell("stty raw -echo; printf '\\033]99;i=probe:p=?;\\033\\\\\\033[c';"
                + " dd bs=1 count=54 2>/dev/null | od -An -c | tr -d ' \\n'; echo; echo end-of-answers; sleep 60");
        eventually(Duration.ofSeconds(30), () -> daemon.tail(pane).contains("end-of-answers"));
        String answers = daemon.tail(pane).lines().filter(l -> l.contains("033")).findFirst().orElseThrow();
        assertThat(answers).isEqualTo("033]99;i=probe:p=?;p=title,body,?:o=always033\\033[?64;21;22c");
    }
}
