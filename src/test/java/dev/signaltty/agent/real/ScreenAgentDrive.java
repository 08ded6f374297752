package dev.signaltty.agent.real;

import static dev.signaltty.support.ProtocolClient.eventually;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;

import org.jspecify.annotations.Nullable;

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
final class ScreenAgentDrive implements AutoCloseable {

    /** Generous: opencode takes about a minute to draw its prompt on a loaded 2-core machine. */
    static final Duration STARTUP = Duration.ofSeconds(240);
    static final Duration STEP = Duration.ofSeconds(120);
    static final int SUBMIT_DELAY_MS = 2000;
    static final String ESC = "\u001b";
    /** opencode 1.18.33 tries a failing model request once and retries it five times ({@code RETRY_MAX_RETRIES}). */
    static final long OPENCODE_TRIES = 6;

    /**
     * A program without hooks: the manifest's rule names for its three states, its shell tool's name, the keys
     * that choose "allow once" and "no" in its permission prompt, and how to set it up against a scripted model.
     */
    record Program(String name, String promptRule, String workingRule, String blockedRule, String shellTool,
                   String allowOnceKeys, String refuseKeys, BiFunction<Path, ScriptedChatModel, Path> setUp) {
    }

    static final Program GEMINI = new Program("gemini", "prompt", "responding", "confirm", "run_shell_command",
            "\r", "3", RealScreenAgents::gemini); // Enter: "1. Allow once"; 3: "3. No, suggest changes (esc)"
    static final Program OPENCODE = new Program("opencode", "prompt", "working", "permission", "bash",
            "\r", ESC + "[C" + ESC + "[C\r", RealScreenAgents::opencode); // Enter: "Allow once"; → → Enter: "Reject"

    private final DaemonFixture daemon;
    private final Timeline timeline;
    private final ScriptedChatModel model;
    private final Program program;
    private final Path project;
    private final Path launcher;

    private ScreenAgentDrive(DaemonFixture daemon, Program program) throws IOException {
        this.daemon = daemon;
        this.program = program;
        this.model = ScriptedChatModel.start();
        this.project = Files.createDirectories(daemon.root().resolve(program.name() + "-project"));
        this.launcher = program.setUp().apply(daemon.root().resolve(program.name()), model);
        this.timeline = new Timeline(daemon.connect());
    }

    /** The scripted model, the program's launcher and a timeline, for a test class's daemon (its {@code @BeforeAll}). */
    static ScreenAgentDrive start(DaemonFixture daemon, Program program) throws IOException {
        return new ScreenAgentDrive(daemon, program);
    }

    /** The program in a pane at the size the recorded screens have (100x30), in the project directory. */
    String spawn() {
        return daemon.client().call("pane.spawn", Map.of("workspace_id", daemon.workspace(),
                "argv", List.of(launcher.toString()), "cwd", project.toString(), "cols", 100, "rows", 30))
                .get("pane_id").asString();
    }

    /**
     * At the prompt; a slow turn; its answer; a shell command the program asks about, "allow once" typed into
     * the pane; the model's next turn; the prompt again. The lifecycle sequence must be {@code scenario}'s exactly.
     */
    void slowTurnThenAPermission(String pane, Scenario scenario) {
        String slow = program.name() + "-slow";
        String shell = program.name() + "-shell";
        Path written = project.resolve("approved.txt");
        ScriptedChatModel.ToolCall tool = shellCall(shell + "-asked", "touch approved.txt");
        model.script(slow, new ScriptedChatModel.Reply(slow, "Answered after a while."))
                .script(shell, tool, new ScriptedChatModel.Reply(shell + "-wrote", "Wrote the file."));

        awaitPrompt(pane);
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
        write(pane, program.allowOnceKeys());
        awaitRule(pane, "working", program.workingRule(), STEP); // the command ran; the next model turn is held
        eventually(STEP, () -> Files.exists(written));
        model.release(shell + "-wrote");
        awaitRule(pane, "done", program.promptRule(), STEP);
        awaitScreen(pane, "Wrote the file.");

        assertThat(timeline.awaitLifecycle(pane, STEP, "done")).containsExactlyElementsOf(scenario.lifecycle());
        assertThat(timeline.decisions(pane)).isEmpty(); // a screen state makes no decision: nothing answers for the pane
    }

    /** Waits for the program's prompt at start; the manifest and the source are named in {@code agent explain}. */
    void awaitPrompt(String pane) {
        JsonNode idle = awaitRule(pane, "idle", program.promptRule(), STARTUP);
        assertThat(idle.get("lifecycle").get("file").asString()).isEqualTo("builtin:agents/" + program.name() + ".json");
        assertThat(idle.get("lifecycle").get("source").asString()).isEqualTo("screen");
    }

    /**
     * A shell command the program asks about, refused in the pane ("no"): back at the prompt the turn is
     * {@code done}, never left {@code blocked} or {@code working}; the command never ran and the model was not
     * asked again (both programs end the turn on a refusal).
     */
    void aRefusedCommand(String pane) {
        String refused = program.name() + "-refused";
        Path file = project.resolve("refused.txt");
        ScriptedChatModel.ToolCall tool = shellCall(refused + "-asked", "touch refused.txt");
        model.script(refused, tool, ScriptedChatModel.reply("Should not be reached."));

        submit(pane, "scenario:" + refused + " write the file");
        awaitRule(pane, "working", program.workingRule(), STEP);
        model.release(tool.gate());
        awaitRule(pane, "blocked", program.blockedRule(), STEP);
        write(pane, program.refuseKeys()); // opencode: the dialog goes at once, "esc interrupt" may show a moment more
        JsonNode done = awaitRule(pane, "done", program.promptRule(), STEP);
        assertThat(done.get("attention").get("state").asString()).isEqualTo("unread");
        assertThat(file).doesNotExist();
        assertThat(model.requests(refused)).allMatch(r -> r.step() == 0); // the model never heard of a result
    }

    /**
     * gemini-cli (one try, errors in full): an HTTP {@code status} on the model request makes it ask "Keep
     * trying" or "Stop", which is {@code blocked} waiting for a person (rule {@code keep_trying},
     * {@code input_required}); "2" (Stop): its spinner a moment more ({@code working}), then the API error
     * and the prompt: {@code done}.
     */
    void anApiErrorAskedAbout(String pane, int status) {
        String failing = program.name() + "-fail-" + status;
        model.script(failing, new ScriptedChatModel.Fail(failing, status, "scripted error " + status));

        submit(pane, "scenario:" + failing + " fail");
        awaitRule(pane, "working", program.workingRule(), STEP); // held before the error is sent
        model.release(failing);
        JsonNode asked = awaitRule(pane, "blocked", "keep_trying", STEP);
        assertThat(asked.get("attention").get("state").asString()).isEqualTo("input_required");
        write(pane, "2"); // its spinner runs about a second more (working, if a scan sees it), then the prompt
        awaitRule(pane, "done", program.promptRule(), STEP);
        awaitScreen(pane, "scripted error " + status);
        assertThat(model.requests(failing)).hasSize(1); // maxAttempts 1: no retry behind the question
    }

    /**
     * opencode: an HTTP 500 on every try is retried five times with backoff ("scripted server error [retrying in
     * 2s attempt #1]" in its footer, beside "esc interrupt"): {@code working} throughout, truly. Then it shows the
     * error and puts the prompt back: {@code done}, never left {@code working}.
     */
    void anApiErrorRetriedThenShown(String pane) {
        String failing = program.name() + "-fail-500";
        model.script(failing, new ScriptedChatModel.Fail(failing, 500, "scripted server error"));

        submit(pane, "scenario:" + failing + " fail");
        awaitRule(pane, "working", program.workingRule(), STEP);
        model.release(failing);
        awaitRule(pane, "working", program.workingRule(), "esc interrupt", STEP);
        awaitScreen(pane, "scripted server error [retrying");
        awaitRule(pane, "done", program.promptRule(), STEP); // about a minute of backoff (2, 4, 8, 16, 30 s)
        assertThat(model.requests(failing).stream().filter(ScriptedModel.Recorded::tools).count())
                .as("tries of the failing turn").isEqualTo(OPENCODE_TRIES);
        assertThat(screen(pane)).contains("scripted server error").doesNotContain("retrying in");
    }

    /** Esc while the model streams a held answer: the program cancels the turn and is back at its prompt, {@code done}. */
    void anInterruptMidTurn(String pane) {
        String held = program.name() + "-interrupted";
        model.script(held, new ScriptedChatModel.Reply(held, "Interrupted before this sentence ends."));

        submit(pane, "scenario:" + held + " answer slowly");
        awaitRule(pane, "working", program.workingRule(), STEP);
        eventually(STEP, () -> model.reached(held, 0));
        awaitScreen(pane, "Interrupted"); // the first word is on screen: the turn streams
        interrupt(pane);
        assertThat(screen(pane)).doesNotContain("before this sentence ends");
        model.release(held); // the held request's thread writes to a closed stream and ends
    }

    /**
     * gemini-cli cancels on one Esc ("Request cancelled."). opencode wants two within 5 s: after the first its
     * footer reads "esc again to interrupt", still beside "ctrl+p commands", and the pane must stay
     * {@code working} then (the manifest's working rule matches it); if the second Esc came too late (a
     * loaded machine), the first is pressed again.
     */
    private void interrupt(String pane) {
        if (program == GEMINI) {
            write(pane, ESC);
            awaitRule(pane, "done", program.promptRule(), STEP);
            awaitScreen(pane, "Request cancelled.");
            return;
        }
        for (int attempt = 1; ; attempt++) {
            write(pane, ESC);
            awaitRule(pane, "working", program.workingRule(), "esc again to interrupt", STEP);
            write(pane, ESC);
            try {
                awaitRule(pane, "done", program.promptRule(), null, Duration.ofSeconds(30));
                return;
            } catch (AssertionError late) {
                if (attempt == 3) {
                    throw late;
                }
            }
        }
    }

    /** How many lifecycle moves the pane has made so far (a mark for {@link #assertSequenceSince}). */
    int lifecycleSoFar(String pane) {
        return timeline.lifecycle(pane).size();
    }

    /**
     * The pane's lifecycle moves after {@code mark} must be {@code scenario}'s exactly, where a state written
     * {@code working?} is one the program shows only a moment (a scan 100-200 ms after a change may not see
     * it): there once or not at all. No decision was made.
     */
    void assertSequenceSince(String pane, int mark, Scenario scenario) {
        List<String> all = timeline.awaitLifecycle(pane, STEP, "done");
        List<String> seen = all.subList(mark, all.size());
        List<String> expected = scenario.lifecycle();
        int at = 0;
        boolean matches = true;
        for (String state : expected) {
            boolean optional = state.endsWith("?");
            String name = optional ? state.substring(0, state.length() - 1) : state;
            if (at < seen.size() && seen.get(at).equals(name)) {
                at++;
            } else if (!optional) {
                matches = false;
                break;
            }
        }
        assertThat(matches && at == seen.size()).as("lifecycle of %s after its first %d moves: %s, expected %s",
                pane, mark, seen, expected).isTrue();
        assertThat(timeline.decisions(pane)).isEmpty();
    }

    private ScriptedChatModel.ToolCall shellCall(String gate, String command) {
        return new ScriptedChatModel.ToolCall(gate, program.shellTool(),
                Map.of("command", command, "description", "Writes the scenario's file."));
    }

    private void write(String pane, String keys) {
        daemon.client().call("pane.write", Map.of("pane_id", pane, "data", keys));
    }

    private JsonNode explain(String pane) {
        return daemon.client().call("agent.explain", Map.of("pane_id", pane));
    }

    /** Waits until {@code agent.explain} says the lifecycle is {@code state}, set by the screen rule {@code rule}. */
    JsonNode awaitRule(String pane, String state, String rule, Duration deadline) {
        return awaitRule(pane, state, rule, null, deadline);
    }

    /**
     * The same, with the screen's current verdict matching text that contains {@code matched} (when not null):
     * the lifecycle keeps the text that set the state, the watch's verdict follows the screen.
     */
    JsonNode awaitRule(String pane, String state, String rule, @Nullable String matched, Duration deadline) {
        JsonNode[] last = {null};
        try {
            eventually(deadline, () -> {
                last[0] = explain(pane);
                JsonNode axis = last[0].get("lifecycle");
                return axis.get("state").asString().equals(state) && axis.path("rule").asString().equals(rule)
                        && (matched == null || last[0].path("screen").path("matched").asString().contains(matched));
            });
        } catch (AssertionError e) {
            throw new AssertionError(program.name() + " pane " + pane + " never reached " + state + " by rule " + rule
                    + (matched == null ? "" : " matching " + matched) + "; lifecycle so far " + timeline.lifecycle(pane)
                    + "; last explain " + last[0] + "; screen:\n" + screen(pane), e);
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

    @Override
    public void close() {
        timeline.close();
        model.close();
    }

    /**
     * Pastes and presses Enter 2 s later: gemini-cli takes an Enter that comes soon after a paste as part of
     * it (a new line in its input), and on a loaded machine 300 ms (the default) is soon.
     */
    private void submit(String pane, String text) {
        try (ProtocolClient c = daemon.connect()) {
            c.call("pane.submit", Map.of("pane_id", pane, "text", text, "stall_timeout_s", 60, "submit_delay_ms", SUBMIT_DELAY_MS));
        }
        // gemini-cli has also dropped the Enter after 2 s on a machine loaded ~40 (the text stayed in its input):
        // while the pane has not moved and the model got nothing of the scenario, Enter is pressed again (an
        // Enter on an empty input, had the first been taken late, submits nothing in either program)
        String scenario = text.substring("scenario:".length(), text.indexOf(' '));
        long next = System.nanoTime() + Duration.ofSeconds(15).toNanos();
        long end = System.nanoTime() + STEP.toNanos();
        while (System.nanoTime() < end && model.requests(scenario).isEmpty()
                && List.of("idle", "done").contains(explain(pane).get("lifecycle").get("state").asString())) {
            if (System.nanoTime() > next) {
                write(pane, "\r");
                next = System.nanoTime() + Duration.ofSeconds(15).toNanos();
            }
            try {
                eventually(Duration.ofSeconds(5), () -> !model.requests(scenario).isEmpty());
            } catch (AssertionError notYet) {
                // looked again below
            }
        }
    }
}
