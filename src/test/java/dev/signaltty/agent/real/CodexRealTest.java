package dev.signaltty.agent.real;

import static dev.signaltty.agent.real.CodexDrive.TURN;
import static dev.signaltty.agent.real.ScriptedModel.say;
import static dev.signaltty.support.ProtocolClient.eventually;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.RegisterExtension;

import dev.signaltty.agent.FakeAgent;
import tools.jackson.databind.JsonNode;

/**
 * The real Codex (pinned, {@link RealAgents}) in real panes against the scripted Responses model. Its
 * hooks come per launch from {@code -c}; the first launch shows Codex's own hook review, answered in
 * the pane as a person would ("Trust all"), after which Codex's record of the trust (by hash) lets
 * later launches run the hooks without asking. The tests run in order, the first launch first; each
 * other test has the hooks trusted before it starts (trusting them itself when run alone). Compaction is
 * {@link CodexCompactionRealTest}'s, subagents {@link CodexSubagentRealTest}'s; the set-up is {@link CodexDrive}'s.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class CodexRealTest {

    @RegisterExtension
    static final CodexDrive drive = new CodexDrive("codex-real", true, FakeAgent.cliProperty(),
            "signaltty.agent.permission-wait-s=30", "signaltty.metrics.enabled=true", "signaltty.metrics.port=0");

    @BeforeAll
    static void script() {
        drive.model().script("plain", say("Hello from the scripted Responses model."))
                .script("usage", say("Counted by Codex."))
                .script("codex-task", say("Answered without a report."))
                .script("approve", escalated("touch approved.txt"), say("Wrote the file."))
                .script("refuse", escalated("touch refused.txt"), say("Understood, not writing."))
                .script("unanswered", escalated("touch unanswered.txt"), say("Not written, then."))
                .script("error", new ScriptedModel.Fail(500, "api_error"))
                .script("overloaded", new ScriptedModel.Fail(529, "overloaded_error"))
                .script("after-error", say("Back after the errors."))
                .script("interrupt", new ScriptedModel.Stall("Thinking for a long time\n", Duration.ofSeconds(300)))
                .script("interrupt-ctrl-c", new ScriptedModel.Stall("Pondering at length\n", Duration.ofSeconds(300)))
                .script("after-interrupt", say("Back after the interrupt."))
                .script("codex-osc", say("Answered by the OSC scenario."));
    }

    /** An {@code exec_command} that asks to leave the sandbox, so {@code -a on-request} asks for approval. */
    static ScriptedModel.Call escalated(String cmd) {
        return ScriptedModel.call("exec_command", Map.of("cmd", cmd, "sandbox_permissions", "require_escalated",
                "justification", "the scenario writes a file"));
    }

    /**
     * Every test but the first launch's needs the hooks trusted. Trusting here, not by running that test first,
     * lets any one method run alone (surefire's rerun of a failed method, {@code -Dtest=CodexRealTest#name}).
     */
    @BeforeEach
    void trustTheHooksUnlessTheFirstLaunchIsTheSubject(TestInfo test) {
        if (!test.getTestMethod().orElseThrow().getName().equals("theFirstLaunchAsksToTrustTheHooksAndThenReportsATurn")) {
            drive.trustTheHooks();
        }
    }

    @Test
    @Order(1)
    void theFirstLaunchAsksToTrustTheHooksAndThenReportsATurn() throws Exception {
        JsonNode spawned = drive.spawn();
        assertThat(spawned.get("integration").get("notice").asString()).contains("review");
        String pane = spawned.get("pane_id").asString();
        drive.awaitScreen(pane, "Trust all and continue");
        // untrusted hooks do not run; the review reads blocked, input_required (ADR 1232)
        assertThat(drive.daemon().client().call("agent.explain", Map.of("pane_id", pane)).get("hooks_reported").asBoolean()).isFalse();
        eventually(TURN, () -> drive.timeline().lifecycle(pane).contains("blocked"));
        drive.trustAll(pane);
        // Codex 0.171 starts its thread (and fires SessionStart) with the first prompt, not at launch
        drive.submit(pane, "scenario:plain say hello");
        List<String> lifecycle = drive.timeline().awaitLifecycle(pane, TURN, "done");
        // the input box's footer drawn for a moment before the review may read idle first (ADR 1141)
        assertThat(lifecycle.getFirst().equals("idle") ? lifecycle.subList(1, lifecycle.size()) : lifecycle)
                .containsExactlyElementsOf(Scenario.CODEX_FIRST_LAUNCH.lifecycle());
        eventually(TURN, () -> drive.timeline().attention(pane).equals(Scenario.CODEX_FIRST_LAUNCH.attention())); // journaled just after the lifecycle move
        drive.awaitScreen(pane, "Hello from the scripted Responses model.");
        JsonNode got = drive.daemon().client().call("pane.get", Map.of("pane_id", pane));
        assertThat(got.get("agent").asString()).isEqualTo("codex");
        assertThat(got.get("wait_baseline").get("agent_session_id").asString()).isNotBlank();
    }

    @Test
    @Order(2)
    void onceTrustedALaunchRunsItsHooksWithoutAsking() {
        JsonNode spawned = drive.spawn();
        assertThat(spawned.get("integration").has("notice")).isFalse(); // the trust is read from CODEX_HOME
        String pane = spawned.get("pane_id").asString();
        drive.awaitScreen(pane, "Ask Codex");
        assertThat(drive.screen(pane)).doesNotContain("Hooks need review");
        drive.submit(pane, "scenario:plain say hello again");
        assertThat(drive.timeline().awaitLifecycle(pane, TURN, "done")).containsExactlyElementsOf(Scenario.CODEX_TRUSTED.lifecycle());
        assertThat(drive.timeline().decisions(pane)).isEmpty();
        // its OSC 7501 states arrive too, but the launch wired its hooks: they move nothing (ADR 0961)
        eventually(TURN, () -> drive.daemon().client().call("agent.explain", Map.of("pane_id", pane))
                .path("reported_state").path("outcome").asString().equals("hooks_wired"));
    }

    /** Codex's running token_count in its session rollout (the hooks' transcript_path) arrives in pane.get and the metrics. */
    @Test
    @Order(3)
    void usageFromTheRolloutArrivesInPaneGetAndTheMetrics() throws Exception {
        int port = drive.daemon().bean(dev.signaltty.transport.internal.metrics.MetricsEndpoint.class).port();
        Map<String, Double> before = Usages.metrics(port, "codex");
        String pane = drive.spawn().get("pane_id").asString();
        drive.awaitScreen(pane, "Ask Codex");
        drive.submit(pane, "scenario:usage count this");
        assertThat(drive.timeline().awaitLifecycle(pane, TURN, "done")).containsExactlyElementsOf(Scenario.CODEX_USAGE.lifecycle());
        long turns = drive.model().requests("usage").stream().filter(ScriptedModel.Recorded::tools).count();
        assertThat(turns).isEqualTo(1);
        Usages.awaitUsage(TURN, () -> drive.daemon().client().call("pane.get", Map.of("pane_id", pane)).get("usage"),
                Usages.codex(1));
        assertThat(Usages.delta(before, Usages.metrics(port, "codex"))).containsExactlyInAnyOrderEntriesOf(Map.of(
                "input", (double) ScriptedModel.INPUT_TOKENS, "output", (double) ScriptedModel.OUTPUT_TOKENS,
                "cache_read", (double) ScriptedModel.CACHE_READ_TOKENS, "cache_creation", 0.0,
                "reasoning_output", (double) ScriptedModel.REASONING_TOKENS));
        dev.signaltty.transport.internal.metrics.MetricsEndpointTest.promtool(
                dev.signaltty.transport.internal.metrics.MetricsEndpointTest.scrape(port));
    }

    /** seed R212: a PermissionRequest becomes a decision; allow_once from outside runs the command. */
    @Test
    @Order(4)
    void anApprovalAnsweredAllowRunsTheCommand() {
        String pane = drive.spawn("-a", "on-request").get("pane_id").asString();
        drive.awaitScreen(pane, "Ask Codex");
        drive.submit(pane, "scenario:approve write the file");
        String decision = drive.pendingDecision(pane);
        JsonNode got = drive.daemon().client().call("pane.get", Map.of("pane_id", pane));
        assertThat(got.get("lifecycle").asString()).isEqualTo("blocked"); // journaled before the decision exists
        assertThat(drive.project().resolve("approved.txt")).doesNotExist();
        drive.daemon().client().call("decision.answer", Map.of("decision_id", decision, "option_id", "allow_once"));
        assertThat(drive.timeline().awaitLifecycle(pane, TURN, "done")).containsExactlyElementsOf(Scenario.CODEX_ALLOW.lifecycle());
        assertThat(drive.timeline().decisions(pane)).containsExactlyElementsOf(Scenario.CODEX_ALLOW.decisions());
        eventually(TURN, () -> drive.timeline().attention(pane).equals(Scenario.CODEX_ALLOW.attention())); // journaled just after the lifecycle move
        drive.awaitScreen(pane, "Wrote the file.");
        assertThat(drive.project().resolve("approved.txt")).exists();
        drive.assertSessionIsTheConversation(pane, "scenario:approve");
    }

    /** A deny from outside: Codex does not run the command and the model is told so. */
    @Test
    @Order(5)
    void anApprovalAnsweredDenyKeepsTheCommandFromRunning() {
        String pane = drive.spawn("-a", "on-request").get("pane_id").asString();
        drive.awaitScreen(pane, "Ask Codex");
        drive.submit(pane, "scenario:refuse write the file");
        String decision = drive.pendingDecision(pane);
        drive.daemon().client().call("decision.answer", Map.of("decision_id", decision, "option_id", "deny"));
        assertThat(drive.timeline().awaitLifecycle(pane, TURN, "done")).containsExactlyElementsOf(Scenario.CODEX_DENY.lifecycle());
        assertThat(drive.timeline().decisions(pane)).containsExactlyElementsOf(Scenario.CODEX_DENY.decisions());
        drive.awaitScreen(pane, "Understood, not writing.");
        assertThat(drive.project().resolve("refused.txt")).doesNotExist();
        assertThat(toolOutput(drive.model().bodies("refuse").getLast().body())).contains("Denied from signaltty"); // the model heard why
    }

    /**
     * A command that runs until the test releases it: the pane stays working all that time, though
     * Codex's title thread reports {@code agent-turn-complete} (notify) under another thread id meanwhile.
     */
    @Test
    @Order(6)
    void aLongCommandKeepsThePaneWorkingUntilTheTurnEnds() throws Exception {
        Path release = drive.daemon().root().resolve("codex-release");
        drive.model().script("slow", ScriptedModel.call("exec_command", Map.of("cmd",
                "while [ ! -e " + release + " ]; do sleep 0.2; done; echo released", "yield_time_ms", 30000)),
                say("The command finished."));
        String pane = drive.spawn().get("pane_id").asString();
        drive.awaitScreen(pane, "Ask Codex");
        drive.submit(pane, "scenario:slow wait for the release");
        drive.awaitScreen(pane, "background terminal running");
        // the title thread's request is answered at once; its notify lands within moments, the command still runs
        eventually(TURN, () -> drive.model().requests("slow").stream().anyMatch(r -> !r.tools()));
        long until = System.nanoTime() + Duration.ofSeconds(6).toNanos();
        while (System.nanoTime() < until) {
            assertThat(drive.timeline().lifecycle(pane)).containsExactly("idle", "working");
            Thread.sleep(100);
        }
        Files.createFile(release);
        assertThat(drive.timeline().awaitLifecycle(pane, TURN, "done")).containsExactlyElementsOf(Scenario.CODEX_LONG.lifecycle());
        drive.awaitScreen(pane, "The command finished.");
        drive.assertSessionIsTheConversation(pane, "scenario:slow");
    }

    /**
     * A Codex worker: it reports no hook before its first prompt, so its input box on screen (the
     * built-in codex manifest) is what reads idle and lets the first submit start (seed R34). Its turn
     * ends without a report, so the task settles at input_required (seed L83) and task wait returns.
     */
    @Test
    @Order(7)
    void aCodexWorkerTakesItsFirstPromptAndItsTurnEndSettlesTheTask() throws Exception {
        String task = drive.daemon().client().call("task.start", Map.of("repo", drive.repo().toString(), "objective",
                "scenario:codex-task just answer", "argv", List.of(drive.codex().toString()),
                "ready_timeout_s", 90, "stall_timeout_s", 30)).get("task").get("task_id").asString();
        Map.Entry<Integer, String> waited = SignalttyCli.run(drive.daemon().socket(), "--json", "task", "wait", task,
                "--timeout", "180");
        JsonNode got = drive.daemon().client().call("task.get", Map.of("task_id", task)).get("task");
        assertThat(waited.getKey()).as("task wait: %s; task %s", waited.getValue(), got).isZero();
        assertThat(got.get("evidence").get("reason").asString()).as("task %s, screen:\n%s", got,
                drive.screen(got.get("pane_id").asString())).isEqualTo("turn_ended_without_report");
        assertThat(got.get("state").asString()).isEqualTo("input_required");
        assertThat(drive.timeline().task(task)).containsExactlyElementsOf(Scenario.CODEX_WORKER_SILENT.lifecycle());
        String pane = got.get("pane_id").asString();
        assertThat(drive.timeline().awaitLifecycle(pane, TURN, "done")).containsExactly("idle", "working", "done");
        drive.awaitScreen(pane, "Answered without a report.");
        drive.daemon().client().call("task.cancel", Map.of("task_id", task));
        assertThat(SignalttyCli.run(drive.daemon().socket(), "task", "wait", task, "--timeout", "30").getKey()).isEqualTo(3);
        drive.daemon().client().call("task.finish", Map.of("task_id", task, "discard", true));
    }

    /** The text Codex returned to the model for its tool call. */
    static String toolOutput(JsonNode body) {
        StringBuilder out = new StringBuilder();
        body.path("input").forEach(item -> {
            if ("function_call_output".equals(item.path("type").asString())) {
                out.append(item.path("output").toString());
            }
        });
        return out.toString();
    }

    /**
     * seed R212: a decision nobody answers times out with the hook's own wait (30 s here), and a timeout
     * never allows: the decision is cleared {@code native_cancelled}, the command does not run, and Codex
     * keeps waiting for an approval with the pane still {@code blocked} on it.
     */
    @Test
    @Order(8)
    void anApprovalLeftToTimeOutNeverRunsTheCommand() {
        String pane = drive.spawn("-a", "on-request").get("pane_id").asString();
        drive.awaitScreen(pane, "Ask Codex");
        drive.submit(pane, "scenario:unanswered write the file");
        drive.pendingDecision(pane);
        eventually(Duration.ofSeconds(120), () -> drive.timeline().decisions(pane).contains("cleared:native_cancelled"));
        assertThat(drive.project().resolve("unanswered.txt")).doesNotExist();
        assertThat(drive.timeline().decisions(pane)).containsExactlyElementsOf(Scenario.CODEX_TIMEOUT.decisions());
        // blocked came before the decision existed, and nothing answers Codex's own prompt: the state holds
        assertThat(drive.timeline().lifecycle(pane)).containsExactlyElementsOf(Scenario.CODEX_TIMEOUT.lifecycle());
        JsonNode got = drive.daemon().client().call("pane.get", Map.of("pane_id", pane));
        assertThat(got.get("lifecycle").asString()).isEqualTo("blocked");
        assertThat(got.get("attention").asString()).isEqualTo("permission_required");
        assertThat(drive.model().requests("unanswered").stream().filter(ScriptedModel.Recorded::tools).map(ScriptedModel.Recorded::step)
                .distinct().toList()).containsExactly(0); // the model never got a command result back
    }

    /**
     * HTTP 500 on every try, then 529 overloaded (the test's provider allows no retry): Codex shows the error
     * and is back at its prompt, but fires no hook (no Stop, no notify). Its rollout's {@code task_complete}
     * with an {@code error} for the turn's {@code turn_id} ends the turn; agent explain names that line.
     */
    @Test
    @Order(9)
    void anApiErrorEndsTheTurnThroughTheRolloutsFailedTaskComplete() {
        String pane = drive.spawn().get("pane_id").asString();
        drive.awaitScreen(pane, "Ask Codex");
        List<String> expected = Scenario.CODEX_API_ERROR.lifecycle();
        int turns = 0;
        for (String scenario : List.of("error", "overloaded")) {
            drive.submit(pane, "scenario:" + scenario + " fail please");
            turns++;
            List<String> sofar = expected.subList(0, 1 + 2 * turns);
            try {
                eventually(TURN, () -> drive.timeline().lifecycle(pane).equals(sofar));
            } catch (AssertionError e) {
                throw drive.failure(pane, e);
            }
            JsonNode lifecycle = drive.explainLifecycle(pane);
            assertThat(lifecycle.get("state").asString()).as("explain %s", lifecycle).isEqualTo("done");
            assertThat(lifecycle.get("source").asString()).as("explain %s", lifecycle).isEqualTo("transcript");
            assertThat(lifecycle.get("matched").asString()).as("explain %s", lifecycle).startsWith("task_complete: ");
            assertThat(lifecycle.get("file").asString()).as("explain %s", lifecycle).contains("rollout-");
            assertThat(drive.model().requests(scenario).stream().filter(ScriptedModel.Recorded::tools).count())
                    .as("tries of %s", scenario).isEqualTo(1);
        }
        drive.submit(pane, "scenario:after-error go on");
        drive.timeline().awaitWholeLifecycle(pane, TURN, Scenario.CODEX_API_ERROR.lifecycle());
        drive.awaitScreen(pane, "Back after the errors.");
        assertThat(drive.explainLifecycle(pane).get("source").asString()).isEqualTo("hook"); // Stop again
    }

    /**
     * Esc, then Ctrl-C, each while the model's answer streams (its first line on screen, the stream held open
     * far longer than the test waits): Codex fires its Interrupt hook, which ends the turn ({@code done}, cause
     * {@code turn_end}); agent explain names the hook. Then a plain answer. The same with {@code CI=true}
     * (ADR 0400: Codex 0.171 has no CI mode; what failed in CI was an Esc pressed after the stream had ended).
     */
    @Test
    @Order(10)
    void anInterruptMidStreamEndsTheTurnThroughTheInterruptHook() {
        String pane = drive.spawn().get("pane_id").asString();
        drive.awaitScreen(pane, "Ask Codex");
        List<String> expected = Scenario.CODEX_INTERRUPT.lifecycle();
        int turns = 0;
        for (List<String> press : List.of(List.of("interrupt", "Thinking for a long time", "\u001b"),
                List.of("interrupt-ctrl-c", "Pondering at length", "\u0003"))) {
            String scenario = press.get(0);
            drive.submit(pane, "scenario:" + scenario + " think for a long time");
            turns++;
            List<String> streaming = expected.subList(0, 2 * turns);
            List<String> ended = expected.subList(0, 2 * turns + 1);
            try {
                // mid-stream: the model holds the request, its first line is drawn, the turn is working. One press:
                // a key is never lost here, and a second Ctrl-C at Codex's prompt would quit it
                eventually(TURN, () -> drive.model().requests(scenario).stream().anyMatch(ScriptedModel.Recorded::tools));
                drive.awaitScreen(pane, press.get(1));
                eventually(TURN, () -> drive.timeline().lifecycle(pane).equals(streaming));
                drive.press(pane, press.get(2));
                eventually(TURN, () -> drive.timeline().lifecycle(pane).equals(ended)); // the stream is held 300 s, TURN 120 s
            } catch (AssertionError e) {
                throw new AssertionError(scenario + ": lifecycle " + drive.timeline().lifecycle(pane) + " explain "
                        + drive.explainLifecycle(pane) + " screen:\n" + drive.screen(pane), e);
            }
            JsonNode lifecycle = drive.explainLifecycle(pane);
            assertThat(lifecycle.get("state").asString()).as("explain %s", lifecycle).isEqualTo("done");
            assertThat(lifecycle.get("source").asString()).as("explain %s", lifecycle).isEqualTo("hook");
            assertThat(lifecycle.get("cause").asString()).as("explain %s", lifecycle).isEqualTo("turn_end");
            assertThat(lifecycle.get("hook_event").asString()).as("explain %s", lifecycle).isEqualTo("Interrupt");
        }
        drive.submit(pane, "scenario:after-interrupt go on");
        drive.timeline().awaitWholeLifecycle(pane, TURN, expected);
        drive.awaitScreen(pane, "Back after the interrupt.");
        assertThat(drive.explainLifecycle(pane).get("hook_event").asString()).isEqualTo("Stop");
    }

    /**
     * Codex started from a shell, so signaltty wired no hooks (ADR 0961): its own {@code OSC 7501 ;
     * state=…:app=codex} moves the pane, idle at its prompt, working at the submit, done (unread) after the
     * answer, each named by explain as the OSC's verdict. At its start Codex writes idle, working, idle
     * within ~35 ms: a working followed by idle within 300 ms is no turn; the scripted turn itself
     * (working, done 57 ms apart) is.
     */
    @Test
    @Order(11)
    void codexFromAShellMovesThePaneByItsOwnOsc7501State() {
        String pane = drive.daemon().client().call("pane.spawn", Map.of("workspace_id", drive.daemon().workspace(),
                // --no-daemon as the launch integration passes it: no app-server left behind
                "argv", List.of("sh", "-c", "exec " + drive.codex() + " --no-daemon"), "cwd", drive.project().toString(),
                "cols", 120, "rows", 40, "env", Map.of("CODEX_HOME", drive.codexHome().toString())))
                .get("pane_id").asString();
        try {
            drive.awaitScreen(pane, "Ask Codex");
            eventually(TURN, () -> drive.timeline().lifecycle(pane).equals(List.of("idle")));
        } catch (AssertionError e) {
            throw drive.failure(pane, e); // the timeline, explain and screen, not just "condition not met"
        }
        drive.submit(pane, "scenario:codex-osc say hello without hooks");
        try {
            drive.awaitScreen(pane, "Answered by the OSC scenario.");
            drive.timeline().awaitWholeLifecycle(pane, TURN, List.of("idle", "working", "done"));
        } catch (AssertionError e) {
            throw drive.failure(pane, e);
        }
        eventually(TURN, () -> drive.daemon().client().call("agent.explain", Map.of("pane_id", pane))
                .path("reported_state").toString().matches(".*\"state\":\"done\",\"outcome\":\"applied\".*")); // recorded just after the move
        JsonNode explain = drive.daemon().client().call("agent.explain", Map.of("pane_id", pane));
        assertThat(explain.get("hooks_reported").asBoolean()).isFalse();
        assertThat(explain.get("lifecycle").get("cause").asString()).isEqualTo("screen:codex/osc_7501");
        assertThat(explain.get("lifecycle").get("matched").asString()).isEqualTo("state=done");
        assertThat(explain.get("reported_state").get("state").asString()).isEqualTo("done");
        assertThat(explain.get("attention").get("state").asString()).isEqualTo("unread");
        assertThat(drive.daemon().client().call("pane.get", Map.of("pane_id", pane)).get("agent").asString())
                .isEqualTo("codex");
    }
}
