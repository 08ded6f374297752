package dev.signaltty.agent.real;

import java.io.IOException;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import dev.signaltty.support.DaemonFixture;

/**
 * The real opencode (pinned, {@link RealAgents#screenAgents}) in a real pane against scripted OpenAI Chat
 * Completions ({@link ScriptedChatModel}, a custom provider in its config with a loopback {@code baseURL}),
 * {@code bash} set to ask. It has no hooks signaltty configures: its built-in manifest
 * ({@code agents/opencode.json}) reads idle, working and blocked from its screen, and {@code agent.explain}
 * names the rule each time (issue 14 item 4; seed R124:
 * lifecycle and attention report the current state; seed R125: a screen scanned again moves nothing, so
 * the sequence is exact).
 */
class OpencodeRealTest {

    @RegisterExtension
    static final DaemonFixture daemon = new DaemonFixture("opencode-real");

    static ScreenAgentDrive drive;

    @BeforeAll
    static void start() throws IOException {
        drive = ScreenAgentDrive.start(daemon, ScreenAgentDrive.OPENCODE);
    }

    @AfterAll
    static void stop() {
        drive.close();
    }

    /**
     * One launch (opencode takes about a minute to start): the first row's turns, then a refused command, an
     * HTTP 500 retried five times and then shown, and an Esc Esc mid-turn (after the first Esc the pane must still read
     * working), each ending at the prompt.
     */
    @Test
    void itsScreenAloneMovesThePaneThroughEveryTurnAndItsEnd() {
        String pane = drive.spawn();
        drive.slowTurnThenAPermission(pane, Scenario.OPENCODE_SCREEN);
        int mark = drive.lifecycleSoFar(pane);
        drive.aRefusedCommand(pane);
        drive.anApiErrorRetriedThenShown(pane);
        drive.anInterruptMidTurn(pane);
        drive.assertSequenceSince(pane, mark, Scenario.OPENCODE_REFUSAL_ERROR_INTERRUPT);
    }
}
