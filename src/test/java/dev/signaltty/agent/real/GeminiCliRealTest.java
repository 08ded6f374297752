package dev.signaltty.agent.real;

import java.io.IOException;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import dev.signaltty.support.DaemonFixture;

/**
 * The real gemini-cli (pinned, {@link RealAgents#screenAgents}) in a real pane against the scripted Gemini
 * API ({@link ScriptedChatModel}, {@code GOOGLE_GEMINI_BASE_URL} on loopback). It has no hooks signaltty
 * configures: its built-in manifest ({@code agents/gemini.json}) reads idle, working and blocked from its
 * screen, and {@code agent.explain} names the rule each time (issue 14 item 4; seed R124:
 * lifecycle and attention report the current state; seed R125: a screen scanned again moves nothing, so
 * the sequence is exact).
 */
class GeminiCliRealTest {

    @RegisterExtension
    static final DaemonFixture daemon = new DaemonFixture("gemini-real");

    static ScreenAgentDrive drive;

    @BeforeAll
    static void start() throws IOException {
        drive = ScreenAgentDrive.start(daemon, ScreenAgentDrive.GEMINI);
    }

    @AfterAll
    static void stop() {
        drive.close();
    }

    /**
     * One launch: the first row's turns, then a refused command, HTTP 500 and 429 (each asked about, then
     * stopped) and an Esc mid-turn, each ending at the prompt.
     */
    @Test
    void itsScreenAloneMovesThePaneThroughEveryTurnAndItsEnd() {
        String pane = drive.spawn();
        drive.slowTurnThenAPermission(pane, Scenario.GEMINI_SCREEN);
        int mark = drive.lifecycleSoFar(pane);
        drive.aRefusedCommand(pane);
        drive.anApiErrorAskedAbout(pane, 500);
        drive.anApiErrorAskedAbout(pane, 429);
        drive.anInterruptMidTurn(pane);
        drive.assertSequenceSince(pane, mark, Scenario.GEMINI_REFUSAL_ERRORS_INTERRUPT);
    }
}
