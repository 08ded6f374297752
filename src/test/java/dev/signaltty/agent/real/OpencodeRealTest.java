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

    static ScriptedChatModel model;
    static Timeline timeline;
    static Path project;
    static Path opencode;

    @BeforeAll
    static void start() throws Exception {
        model = ScriptedChatModel.start();
        project = Files.createDirectories(daemon.root().resolve("opencode-project"));
        opencode = RealScreenAgents.opencode(daemon.root().resolve("opencode"), model);
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
                new ScreenAgentDrive.Program("opencode", "prompt", "working", "permission", "\r")); // Enter: "Allow once"
        String pane = drive.spawn(opencode, project);
        drive.slowTurnThenAPermission(pane, new ScriptedChatModel.ToolCall("opencode-asked", "bash",
                        Map.of("command", "touch approved.txt", "description", "Writes the scenario's file.")),
                project.resolve("approved.txt"), Scenario.OPENCODE_SCREEN);
    }
}
