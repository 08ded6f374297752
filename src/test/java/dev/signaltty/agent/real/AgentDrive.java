package dev.signaltty.agent.real;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

import dev.signaltty.agent.AgentDaemonFixture;
import dev.signaltty.support.DaemonFixture;
import dev.signaltty.support.ProtocolClient;

/**
 * What {@link CodexDrive} and {@link ClaudeDrive} (a hooked agent against a {@link ScriptedModel}) share: the class's
 * daemon, the model, the project the agent runs in and a timeline, with the pane steps that do not depend on the
 * agent. A subclass's {@code beforeAll} begins with {@link #start}, then sets up its agent.
 */
abstract class AgentDrive implements BeforeAllCallback, AfterAllCallback {

    static final Duration TURN = Duration.ofSeconds(120);

    /**
     * A real agent's launch until it shows its first screen or fires SessionStart: node and the agent's own init,
     * which at load 150 on two cores took past {@link #TURN} (Claude's idle, Codex's hook review).
     */
    static final Duration LAUNCH = Duration.ofMinutes(5);

    protected final DaemonFixture daemon;
    protected ScriptedModel model;
    protected Timeline timeline;
    protected Path project;

    AgentDrive(DaemonFixture daemon) {
        this.daemon = daemon;
    }

    /** The real binaries, the daemon, the scripted model and the (empty) project directory {@code projectName}. */
    protected void start(ExtensionContext context, String projectName) throws IOException {
        RealAgents.install();
        daemon.beforeAll(context);
        model = ScriptedModel.start();
        project = Files.createDirectories(daemon.root().resolve(projectName));
    }

    /** The timeline and the model, then the daemon (which checks that no process of its panes is left). */
    @Override
    public void afterAll(ExtensionContext context) throws IOException {
        Drives.closeThenStop(context, daemon, timeline, model);
    }

    DaemonFixture daemon() {
        return daemon;
    }

    ScriptedModel model() {
        return model;
    }

    Timeline timeline() {
        return timeline;
    }

    Path project() {
        return project;
    }

    String screen(String pane) {
        return Drives.screen(daemon, pane);
    }

    void awaitScreen(String pane, String text) {
        Drives.awaitScreen(daemon, pane, text, TURN);
    }

    /** Waits until the pane has a pending decision and returns its id (the first, when there are several). */
    String pendingDecision(String pane) {
        return AgentDaemonFixture.awaitPendingDecision(daemon.client(), pane, TURN);
    }

    /** Sends {@code keys} to the pane as typed (no Enter after them). */
    void press(String pane, String keys) {
        daemon.client().call("pane.write", Map.of("pane_id", pane, "data", keys));
    }

    /**
     * Types {@code command} (a slash command such as {@code /compact}: typed, not pasted as {@link #submit} does),
     * waits until the screen shows it, then presses Enter, so the Enter reaches a prompt that holds the command.
     */
    void typeAndEnter(String pane, String command) {
        press(pane, command);
        awaitScreen(pane, command);
        press(pane, "\r");
    }

    void awaitScreen(String pane, String text, Duration deadline) {
        Drives.awaitScreen(daemon, pane, text, deadline);
    }

    void submit(String pane, String text) {
        try (ProtocolClient c = daemon.connect()) {
            c.call("pane.submit", Map.of("pane_id", pane, "text", text, "stall_timeout_s", 60));
        }
    }
}
