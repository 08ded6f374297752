package dev.signaltty.agent.real;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

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

    static ScriptedChatModel model;
    static Timeline timeline;
    static Path project;
    static Path gemini;

    @BeforeAll
    static void start() throws Exception {
        model = ScriptedChatModel.start();
        project = Files.createDirectories(daemon.root().resolve("gemini-project"));
        gemini = RealScreenAgents.gemini(daemon.root().resolve("gemini"), model);
        timeline = new Timeline(daemon.connect());
    }

    @AfterAll
    static void stop() {
        timeline.close();
        model.close();
    }

    @Test
    void itsScreenAloneMovesThePaneThroughIdleWorkingAndBlocked() {
        ScreenAgentDrive drive = new ScreenAgentDrive(daemon, timeline, model,
                new ScreenAgentDrive.Program("gemini", "prompt", "responding", "confirm", "\r")); // Enter: "1. Allow once"
        String pane = drive.spawn(gemini, project);
        drive.slowTurnThenAPermission(pane, new ScriptedChatModel.ToolCall("gemini-asked", "run_shell_command",
                        Map.of("command", "touch approved.txt", "description", "Writes the scenario's file.")),
                project.resolve("approved.txt"), Scenario.GEMINI_SCREEN);
    }
}
