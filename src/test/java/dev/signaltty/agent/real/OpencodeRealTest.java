package dev.signaltty.agent.real;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import dev.signaltty.agent.real.ScriptedChatModel.RetryAfter;

/**
 * The real opencode (pinned, {@link RealAgents#screenAgents}) in a real pane against scripted OpenAI Chat
 * Completions ({@link ScriptedChatModel}, a custom provider in its config with a loopback {@code baseURL}),
 * {@code bash} set to ask. It has no hooks signaltty configures: its built-in manifest
 * ({@code agents/opencode.json}) reads idle, working and blocked from its screen, and {@code agent.explain}
 * names the rule each time (issue 14 item 4; seed R124: lifecycle and attention report the current state,
 * both asserted at every step; seed R125: a screen scanned again moves nothing, so the sequence is exact).
 */
class OpencodeRealTest {

    @RegisterExtension
    static final ScreenAgentDrive drive = new ScreenAgentDrive("opencode-real", ScreenAgentDrive.OPENCODE);

    /**
     * One launch (opencode takes about a minute to start, ADR 0410): the first row's turns; a refused command,
     * an HTTP 500 retried five times and then shown, and an Esc Esc mid-turn (after the first Esc the pane must
     * still read working); then HTTP 429 with {@code retry-after} and with {@code retry-after-ms}, each retried
     * five times and then shown (ADR 0465). Each ends at the prompt. Every error says how long to wait (ADR 1420):
     * opencode's own backoff without one (2 to 32 s, a minute) only waited, what the pane shows meanwhile is the same.
     */
    @Test
    void itsScreenAloneMovesThePaneThroughEveryTurnAndItsEnd() {
        String pane = drive.spawn();
        drive.slowTurnThenAPermission(pane, Scenario.OPENCODE_SCREEN);
        int mark = drive.stepsSoFar(pane);
        drive.aRefusedCommand(pane);
        drive.anApiErrorRetriedThenShown(pane, 500, RetryAfter.seconds(1));
        drive.anInterruptMidTurn(pane);
        drive.assertStepsSince(pane, mark, Scenario.OPENCODE_REFUSAL_ERROR_INTERRUPT);

        mark = drive.stepsSoFar(pane);
        drive.anApiErrorRetriedThenShown(pane, 429, RetryAfter.seconds(1));
        drive.anApiErrorRetriedThenShown(pane, 429, RetryAfter.millis(1000));
        drive.assertStepsSince(pane, mark, Scenario.OPENCODE_RATE_LIMIT);
    }
}
