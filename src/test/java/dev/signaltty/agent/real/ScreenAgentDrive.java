package dev.signaltty.agent.real;

import static dev.signaltty.support.ProtocolClient.eventually;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import dev.signaltty.support.DaemonFixture;
import dev.signaltty.support.ProtocolClient;
import tools.jackson.databind.JsonNode;

/**
 * What {@code GeminiCliRealTest} and {@code OpencodeRealTest} both do with a real program that has no hooks,
 * in a real pane through the socket: its screen alone moves the pane's state through the program's built-in
 * manifest, and {@code agent.explain} names the rule at each step (issue 14 item 4, ADR 0210). The scripted
 * model holds each turn at a gate until the pane shows the state the test waits for, so no step can pass
 * by between two screen scans unseen.
 */
final class ScreenAgentDrive {

    /** Generous: opencode takes about a minute to draw its prompt on a loaded 2-core machine. */
    static final Duration STARTUP = Duration.ofSeconds(240);
    static final Duration STEP = Duration.ofSeconds(120);
    static final int SUBMIT_DELAY_MS = 2000;

    /** The manifest's rule names for the three states, and the keys that choose "allow once" in its prompt. */
    record Program(String name, String promptRule, String workingRule, String blockedRule, String allowOnceKeys) {
    }

    private final DaemonFixture daemon;
    private final Timeline timeline;
    private final ScriptedChatModel model;
    private final Program program;

    ScreenAgentDrive(DaemonFixture daemon, Timeline timeline, ScriptedChatModel model, Program program) {
        this.daemon = daemon;
        this.timeline = timeline;
        this.model = model;
        this.program = program;
    }

    /** The pane, at the size the recorded screens have (100x30), in {@code project}. */
    String spawn(Path launcher, Path project) {
        return daemon.client().call("pane.spawn", Map.of("workspace_id", daemon.workspace(),
                "argv", List.of(launcher.toString()), "cwd", project.toString(), "cols", 100, "rows", 30))
                .get("pane_id").asString();
    }

    /**
     * At the prompt; a slow turn; its answer; a shell command the program asks about, "allow once" typed into
     * the pane; the model's next turn; the prompt again. {@code tool} is the program's shell tool call writing
     * {@code written}; the lifecycle sequence must be {@code scenario}'s exactly.
     */
    void slowTurnThenAPermission(String pane, ScriptedChatModel.ToolCall tool, Path written, Scenario scenario) {
        String slow = program.name() + "-slow";
        String shell = program.name() + "-shell";
        model.script(slow, new ScriptedChatModel.Reply(slow, "Answered after a while."))
                .script(shell, tool, new ScriptedChatModel.Reply(shell + "-wrote", "Wrote the file."));

        JsonNode idle = awaitRule(pane, "idle", program.promptRule(), STARTUP);
        assertThat(idle.get("lifecycle").get("file").asString()).isEqualTo("builtin:agents/" + program.name() + ".json");
        assertThat(idle.get("lifecycle").get("source").asString()).isEqualTo("screen");

        submit(pane, "scenario:" + slow + " answer slowly");
        awaitRule(pane, "working", program.workingRule(), STEP); // the model holds the turn meanwhile
        eventually(STEP, () -> model.reached(slow, 0)); // the spinner may show before the request arrives
        model.release(slow);
        JsonNode done = awaitRule(pane, "done", program.promptRule(), STEP);
        assertThat(done.get("attention").get("state").asString()).isEqualTo("unread");
        awaitScreen(pane, "Answered after a while.");

        submit(pane, "scenario:" + shell + " write the file");
        awaitRule(pane, "working", program.workingRule(), STEP); // held before the tool call is sent
        model.release(tool.gate());
        JsonNode blocked = awaitRule(pane, "blocked", program.blockedRule(), STEP);
        assertThat(blocked.get("attention").get("state").asString()).isEqualTo("permission_required");
        assertThat(written).doesNotExist();
        daemon.client().call("pane.write", Map.of("pane_id", pane, "data", program.allowOnceKeys()));
        awaitRule(pane, "working", program.workingRule(), STEP); // the command ran; the next model turn is held
        eventually(STEP, () -> Files.exists(written));
        model.release(shell + "-wrote");
        awaitRule(pane, "done", program.promptRule(), STEP);
        awaitScreen(pane, "Wrote the file.");

        assertThat(timeline.awaitLifecycle(pane, STEP, "done")).containsExactlyElementsOf(scenario.lifecycle());
        assertThat(timeline.decisions(pane)).isEmpty(); // a screen state makes no decision: nothing answers for the pane
    }

    /** Waits until {@code agent.explain} says the lifecycle is {@code state}, set by the screen rule {@code rule}. */
    JsonNode awaitRule(String pane, String state, String rule, Duration deadline) {
        JsonNode[] last = {null};
        try {
            eventually(deadline, () -> {
                last[0] = daemon.client().call("agent.explain", Map.of("pane_id", pane));
                JsonNode axis = last[0].get("lifecycle");
                return axis.get("state").asString().equals(state) && axis.path("rule").asString().equals(rule);
            });
        } catch (AssertionError e) {
            throw new AssertionError(program.name() + " pane " + pane + " never reached " + state + " by rule " + rule
                    + "; lifecycle so far " + timeline.lifecycle(pane) + "; last explain " + last[0] + "; screen:\n"
                    + screen(pane), e);
        }
        return last[0];
    }

    String screen(String pane) {
        return daemon.client().call("pane.read", Map.of("pane_id", pane, "mode", "screen")).get("text").asString();
    }

    void awaitScreen(String pane, String text) {
        try {
            eventually(STEP, () -> screen(pane).contains(text));
        } catch (AssertionError e) {
            throw new AssertionError("screen of " + pane + " never showed " + text + ":\n" + screen(pane), e);
        }
    }

    /**
     * Pastes and presses Enter 2 s later: gemini-cli takes an Enter that comes soon after a paste as part of
     * it (a new line in its input), and on a loaded machine 300 ms (the default) is soon.
     */
    private void submit(String pane, String text) {
        try (ProtocolClient c = daemon.connect()) {
            c.call("pane.submit", Map.of("pane_id", pane, "text", text, "stall_timeout_s", 60, "submit_delay_ms", SUBMIT_DELAY_MS));
        }
    }
}
