package dev.signaltty.agent.real;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The real gemini-cli (pinned, {@link RealAgents#screenAgents}) in a real pane against the scripted Gemini
 * API ({@link ScriptedChatModel}, {@code GOOGLE_GEMINI_BASE_URL} on loopback). It has no hooks signaltty
 * configures: its built-in manifest ({@code agents/gemini.json}) reads idle, working and blocked from its
 * screen, and {@code agent.explain} names the rule each time (issue 14 item 4; seed R124:
 * lifecycle and attention report the current state, both asserted at every step; seed R125: a screen
 * scanned again moves nothing, so the sequence is exact).
 */
class GeminiCliRealTest {

    @RegisterExtension
    static final ScreenAgentDrive drive = new ScreenAgentDrive("gemini-real", ScreenAgentDrive.GEMINI);

    /**
     * One launch: the first row's turns, then a refused command, HTTP 500 and 429 (each asked about, then
     * stopped) and an Esc mid-turn, each ending at the prompt.
     */
    @Test
    void itsScreenAloneMovesThePaneThroughEveryTurnAndItsEnd() {
        String pane = drive.spawn();
        drive.slowTurnThenAPermission(pane, Scenario.GEMINI_SCREEN);
        int mark = drive.stepsSoFar(pane);
        drive.aRefusedCommand(pane);
        drive.anApiErrorAskedAbout(pane, 500);
        drive.anApiErrorAskedAbout(pane, 429);
        drive.anInterruptMidTurn(pane);
        drive.assertStepsSince(pane, mark, Scenario.GEMINI_REFUSAL_ERRORS_INTERRUPT);
    }
}
