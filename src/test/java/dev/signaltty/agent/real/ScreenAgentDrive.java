package dev.signaltty.agent.real;

import static dev.signaltty.support.ProtocolClient.eventually;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BiFunction;

import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

import dev.signaltty.support.DaemonFixture;
import dev.signaltty.support.ProtocolClient;
import tools.jackson.databind.JsonNode;

/**
 * What {@code GeminiCliRealTest} and {@code OpencodeRealTest} both do with a real program that has no hooks,
 * in a real pane through the socket: its screen alone moves the pane's state through the program's built-in
 * manifest, and {@code agent.explain} names the rule at each step (issue 14 item 4, ADR 0210). The scripted
 * model holds each turn at a gate until the pane shows the state the test waits for, so no step can pass
 * by between two screen scans unseen. Each step is a {@code lifecycle/attention} pair, awaited live and
 * asserted in the pane's event sequence ({@link Timeline#states}).
 *
 * <p>A test class registers one on a static field; it owns the class's daemon ({@link DaemonFixture}), the
 * scripted model, the program's launcher and project, and a timeline:
 *
 * <pre>{@code
 * @RegisterExtension
 * static final ScreenAgentDrive drive = new ScreenAgentDrive("gemini-real", ScreenAgentDrive.GEMINI);
 * }</pre>
 */
final class ScreenAgentDrive implements BeforeAllCallback, AfterAllCallback {

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
    private final Program program;
    private Timeline timeline;
    private ScriptedChatModel model;
    private Path project;
    private Path launcher;

    /** A drive of {@code program} on a daemon of its own, whose workspace is named {@code workspaceName}. */
    ScreenAgentDrive(String workspaceName, Program program) {
        this.daemon = new DaemonFixture(workspaceName);
        this.program = program;
    }

    /** The daemon first, then the scripted model, the program's launcher and project, and the timeline. */
    @Override
    public void beforeAll(ExtensionContext context) throws IOException {
        daemon.beforeAll(context);
        model = ScriptedChatModel.start();
        project = Files.createDirectories(daemon.root().resolve(program.name() + "-project"));
        launcher = program.setUp().apply(daemon.root().resolve(program.name()), model);
        timeline = new Timeline(daemon.connect());
    }

    /** The timeline and the model, then the daemon (which checks that no process of its panes is left). */
    @Override
    public void afterAll(ExtensionContext context) throws IOException {
        Drives.closeThenStop(context, daemon, timeline, model);
    }

    /** The program in a pane at the size the recorded screens have (100x30), in the project directory. */
    String spawn() {
        return daemon.client().call("pane.spawn", Map.of("workspace_id", daemon.workspace(),
                "argv", List.of(launcher.toString()), "cwd", project.toString(), "cols", 100, "rows", 30))
                .get("pane_id").asString();
    }

    /**
     * At the prompt; a slow turn; its answer; a shell command the program asks about, "allow once" typed into
     * the pane; the model's next turn; the prompt again. The pane's steps must be {@code scenario}'s exactly.
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
        awaitStep(pane, "working/none", program.workingRule()); // the model holds the turn meanwhile
        eventually(STEP, () -> model.reached(slow, 0)); // the spinner may show before the request arrives
        model.release(slow);
        awaitStep(pane, "done/unread", program.promptRule());
        awaitScreen(pane, "Answered after a while.");

        submit(pane, "scenario:" + shell + " write the file");
        awaitStep(pane, "working/none", program.workingRule()); // held before the tool call is sent
        model.release(tool.gate());
        awaitStep(pane, "blocked/permission_required", program.blockedRule());
        assertThat(written).doesNotExist();
        write(pane, program.allowOnceKeys());
        awaitStep(pane, "working/none", program.workingRule()); // the command ran; the next model turn is held
        eventually(STEP, () -> Files.exists(written));
        model.release(shell + "-wrote");
        awaitStep(pane, "done/unread", program.promptRule());
        awaitScreen(pane, "Wrote the file.");

        assertStepsSince(pane, 0, scenario);
    }

    /** Waits for the program's prompt at start; the manifest and the source are named in {@code agent explain}. */
    void awaitPrompt(String pane) {
        JsonNode idle = awaitRule(pane, "idle/none", program.promptRule(), null, STARTUP);
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
        awaitStep(pane, "working/none", program.workingRule());
        model.release(tool.gate());
        awaitStep(pane, "blocked/permission_required", program.blockedRule());
        write(pane, program.refuseKeys()); // opencode: the dialog goes at once, "esc interrupt" may show a moment more
        awaitStep(pane, "done/unread", program.promptRule());
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
        awaitStep(pane, "working/none", program.workingRule()); // held before the error is sent
        model.release(failing);
        awaitStep(pane, "blocked/input_required", "keep_trying");
        // the message says what happened and the choices, not only "1. Keep trying" (ADR 1233)
        eventually(STEP, () -> waiting(pane).startsWith("We are currently experiencing high demand. — "));
        assertThat(waiting(pane)).contains(" — /model to switch models. — ").endsWith("1. Keep trying — 2. Stop");
        write(pane, "2"); // its spinner runs about a second more (working, if a scan sees it), then the prompt
        awaitStep(pane, "done/unread", program.promptRule());
        awaitScreen(pane, "scripted error " + status);
        assertThat(model.requests(failing)).hasSize(1); // maxAttempts 1: no retry behind the question
    }

    /**
     * opencode: an HTTP {@code status} (500, 429) on every try is retried five times, beside "esc interrupt" in
     * its footer ("scripted rate limit [retrying in 1s attempt #1]"): {@code working} throughout, truly. It waits
     * what {@code retryAfter} says each time (ADR 1420: its own backoff without one, 2 s doubling, is a minute of
     * opencode's behaviour that asserts nothing of signaltty's). Then it shows the error and puts the prompt back:
     * {@code done/unread}, never left {@code working} once it gave up.
     */
    void anApiErrorRetriedThenShown(String pane, int status, ScriptedChatModel.RetryAfter retryAfter) {
        String failing = program.name() + "-fail-" + status + "-" + retryAfter.header();
        String message = status == 429 ? "scripted rate limit" : "scripted server error";
        model.script(failing, new ScriptedChatModel.Fail(failing, status, message, retryAfter));

        submit(pane, "scenario:" + failing + " fail");
        awaitStep(pane, "working/none", program.workingRule());
        model.release(failing);
        awaitRule(pane, "working/none", program.workingRule(), "esc interrupt", STEP);
        awaitScreen(pane, message + " [retrying");
        awaitRule(pane, "done/unread", program.promptRule(), null, STEP);
        assertThat(model.requests(failing).stream().filter(ScriptedModel.Recorded::tools).count())
                .as("tries of the failing turn").isEqualTo(OPENCODE_TRIES);
        List<Duration> waits = model.waitsBetweenTries(failing);
        for (int retry = 1; retry <= waits.size(); retry++) {
            // lower bounds only (a loaded machine waits longer): each wait is at least what the header asked
            assertThat(waits.get(retry - 1).toMillis()).as("wait before retry %d of %s: %s", retry, failing, waits)
                    .isGreaterThanOrEqualTo(retryAfter.delay().toMillis() - 100); // the clock of the wait starts just before ours ends
        }
        assertThat(screen(pane)).contains(message).doesNotContain("retrying");
    }

    /** The message attention.pending shows with the pane (empty when none). */
    private String waiting(String pane) {
        for (JsonNode row : daemon.client().call("attention.pending", Map.of()).get("panes")) {
            if (row.path("pane_id").asString().equals(pane)) {
                return row.path("message").asString("");
            }
        }
        return "";
    }

    /** Esc while the model streams a held answer: the program cancels the turn and is back at its prompt, {@code done}. */
    void anInterruptMidTurn(String pane) {
        String held = program.name() + "-interrupted";
        model.script(held, new ScriptedChatModel.Reply(held, "Interrupted before this sentence ends."));

        submit(pane, "scenario:" + held + " answer slowly");
        awaitStep(pane, "working/none", program.workingRule());
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
            awaitStep(pane, "done/unread", program.promptRule());
            awaitScreen(pane, "Request cancelled.");
            return;
        }
        for (int attempt = 1; ; attempt++) {
            write(pane, ESC);
            awaitRule(pane, "working/none", program.workingRule(), "esc again to interrupt", STEP);
            write(pane, ESC);
            try {
                awaitRule(pane, "done/unread", program.promptRule(), null, Duration.ofSeconds(30));
                return;
            } catch (AssertionError late) {
                if (attempt == 3) {
                    throw late;
                }
            }
        }
    }

    /** How many steps the pane has made so far (a mark for {@link #assertStepsSince}). */
    int stepsSoFar(String pane) {
        return timeline.states(pane).size();
    }

    /**
     * The pane's {@code lifecycle/attention} steps after {@code mark} must be {@code scenario}'s exactly
     * ({@link Scenario#steps}), where a step written {@code working?/none} is one the program shows only a moment
     * (a scan 100-200 ms after a change may not see it): there once or not at all. No decision was made (a
     * screen state makes none: nothing answers for the pane).
     */
    void assertStepsSince(String pane, int mark, Scenario scenario) {
        List<String> expected = scenario.steps();
        String last = expected.getLast();
        AtomicReference<List<String>> seen = new AtomicReference<>(List.of());
        try {
            // the attention event of the last move is journaled just after its lifecycle event
            eventually(STEP, () -> {
                List<String> all = timeline.states(pane);
                seen.set(all.subList(Math.min(mark, all.size()), all.size()));
                return !seen.get().isEmpty() && seen.get().getLast().equals(last);
            });
        } catch (AssertionError e) {
            // reported below with the sequence seen
        }
        assertThat(Scenario.stepsMatch(expected, seen.get()))
                .as("steps of %s after its first %d: %s, expected %s", pane, mark, seen.get(), expected).isTrue();
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

    /** Waits until {@code agent.explain} says the pane is at {@code step} ({@code lifecycle/attention}), set by the screen rule {@code rule}. */
    JsonNode awaitStep(String pane, String step, String rule) {
        return awaitRule(pane, step, rule, null, STEP);
    }

    /**
     * The same, with the screen's current verdict matching text that contains {@code matched} (when not null):
     * the lifecycle keeps the text that set the state, the watch's verdict follows the screen.
     */
    JsonNode awaitRule(String pane, String step, String rule, @Nullable String matched, Duration deadline) {
        String state = step.substring(0, step.indexOf('/'));
        String attention = step.substring(step.indexOf('/') + 1);
        JsonNode[] last = {null};
        try {
            eventually(deadline, () -> {
                last[0] = explain(pane);
                JsonNode axis = last[0].get("lifecycle");
                return axis.get("state").asString().equals(state) && axis.path("rule").asString().equals(rule)
                        && last[0].get("attention").get("state").asString().equals(attention)
                        && (matched == null || last[0].path("screen").path("matched").asString().contains(matched));
            });
        } catch (AssertionError e) {
            throw new AssertionError(program.name() + " pane " + pane + " never reached " + step + " by rule " + rule
                    + (matched == null ? "" : " matching " + matched) + "; steps so far " + timeline.states(pane)
                    + "; last explain " + last[0] + "; screen:\n" + screen(pane), e);
        }
        return last[0];
    }

    String screen(String pane) {
        return Drives.screen(daemon, pane);
    }

    void awaitScreen(String pane, String text) {
        Drives.awaitScreen(daemon, pane, text, STEP);
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
