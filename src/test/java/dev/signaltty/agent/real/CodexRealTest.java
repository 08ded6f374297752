package dev.signaltty.agent.real;

import static dev.signaltty.agent.real.ScriptedModel.say;
import static dev.signaltty.support.ProtocolClient.eventually;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.RegisterExtension;

import dev.signaltty.agent.FakeAgent;
import dev.signaltty.support.DaemonFixture;
import dev.signaltty.support.ProtocolClient;
import tools.jackson.databind.JsonNode;

/**
 * The real Codex (pinned, {@link RealAgents}) in real panes against the scripted Responses model. Its
 * hooks come per launch from {@code -c}; the first launch shows Codex's own hook review, answered in
 * the pane as a person would ("Trust all"), after which Codex's record of the trust (by hash) lets
 * later launches run the hooks without asking. The tests run in order, the first launch first; each
 * other test has the hooks trusted before it starts (trusting them itself when run alone).
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class CodexRealTest {

    @RegisterExtension
    static final RealAgents agents = new RealAgents();

    @RegisterExtension
    static final DaemonFixture daemon = new DaemonFixture("codex-real", FakeAgent.cliProperty(),
            "signaltty.agent.permission-wait-s=30", "signaltty.metrics.enabled=true", "signaltty.metrics.port=0");

    static final Duration TURN = Duration.ofSeconds(120);
    static final String COMPACT_GATE = "codex-compact";
    static final String AUTO_GATE = "codex-auto";
    static ScriptedModel model;
    static Timeline timeline;
    static Path project;
    static Path codex;
    static Path codexHome;
    static Path repo;

    @BeforeAll
    static void start() throws Exception {
        model = ScriptedModel.start();
        project = Files.createDirectories(daemon.root().resolve("codex-project"));
        new ProcessBuilder("git", "init", "-q", project.toString()).inheritIO().start().waitFor();
        repo = Files.createDirectories(daemon.root().resolve("codex-repo"));
        for (List<String> git : List.of(List.of("init", "-q", "-b", "main"), List.of("add", "README"),
                List.of("-c", "user.name=t", "-c", "user.email=t@example.invalid", "commit", "-q", "-m", "init"))) {
            if (git.contains("add")) {
                Files.writeString(repo.resolve("README"), "task repo\n");
            }
            List<String> command = new java.util.ArrayList<>(List.of("git", "-C", repo.toString()));
            command.addAll(git);
            assertThat(new ProcessBuilder(command).inheritIO().start().waitFor()).isZero();
        }
        // Codex applies a worktree's trust from its repository's root: trusting the repo covers task worktrees
        codex = RealCodex.install(daemon.root().resolve("codex"), model, List.of(project, repo));
        codexHome = RealCodex.home(daemon.root().resolve("codex"));
        timeline = new Timeline(daemon.connect());
        model.script("plain", say("Hello from the scripted Responses model."))
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
                .script("codex-compact-first", say("I will remember the word heron."))
                .script("codex-compact-second", say("Still remembering it."))
                .script("codex-compact-after", say("The word was heron."))
                .codexCompaction("codex-compact-second", new ScriptedModel.Hold(COMPACT_GATE, ScriptedModel.COMPACTION_SUMMARY))
                .script("codex-compact-fail-first", say("I will remember the word egret."))
                .script("codex-compact-fail-second", say("Still remembering the egret."))
                .codexCompaction("codex-compact-fail-second", new ScriptedModel.Fail(500, "api_error"))
                .script("codex-compact-fail-after", say("The word was egret, uncompacted."))
                .script("codex-compact-esc-first", say("I will remember the word crane."))
                .script("codex-compact-esc-second", say("Still remembering the crane."))
                .codexCompaction("codex-compact-esc-second", new ScriptedModel.Hold("codex-compact-esc", "never released"))
                .script("codex-compact-esc-after", say("Back after the interrupted compaction."))
                .script("codex-auto", ScriptedModel.call("exec_command", Map.of("cmd", "true")))
                .inputTokens("codex-auto", 0, 60_000)
                // the summary names the scenario the turn goes on with: the compacted history has no function call left
                .compactionSummary("codex-auto", "<summary>1. The user asked for a command; it ran. "
                        + "scenario:codex-auto-after</summary>")
                .script("codex-auto-after", new ScriptedModel.Hold(AUTO_GATE, "Finished on the summary."));
    }

    @AfterAll
    static void stop() {
        timeline.close();
        model.close();
    }

    /** An {@code exec_command} that asks to leave the sandbox, so {@code -a on-request} asks for approval. */
    static ScriptedModel.Call escalated(String cmd) {
        return ScriptedModel.call("exec_command", Map.of("cmd", cmd, "sandbox_permissions", "require_escalated",
                "justification", "the scenario writes a file"));
    }

    static String pendingDecision(String pane) {
        String[] id = new String[1];
        eventually(TURN, () -> {
            JsonNode list = daemon.client().call("decision.list", Map.of("pane_id", pane, "status", "pending")).get("decisions");
            if (list.isEmpty()) {
                return false;
            }
            id[0] = list.get(0).get("decision_id").asString();
            return true;
        });
        return id[0];
    }

    static JsonNode spawnCodex(String... args) {
        List<String> argv = new java.util.ArrayList<>(List.of(codex.toString()));
        argv.addAll(List.of(args));
        Map<String, Object> params = new HashMap<>(Map.of("workspace_id", daemon.workspace(),
                "argv", argv, "cwd", project.toString(), "cols", 120, "rows", 40,
                "env", Map.of("CODEX_HOME", codexHome.toString())));
        return daemon.client().call("pane.spawn", params);
    }

    static String screen(String pane) {
        return daemon.client().call("pane.read", Map.of("pane_id", pane, "mode", "screen")).get("text").asString();
    }

    static void awaitScreen(String pane, String text) {
        try {
            eventually(TURN, () -> screen(pane).contains(text));
        } catch (AssertionError e) {
            throw new AssertionError("screen of " + pane + " never showed " + text + ":\n" + screen(pane), e);
        }
    }

    static String readConfig() {
        try {
            return Files.readString(codexHome.resolve("config.toml"));
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    static void submit(String pane, String text) {
        try (ProtocolClient c = daemon.connect()) {
            c.call("pane.submit", Map.of("pane_id", pane, "text", text, "stall_timeout_s", 60));
        }
    }

    /**
     * Answers Codex's hook review in the pane as a person would ("Trust all and continue") and waits for Codex's
     * record of the trust in {@code config.toml}, which lets every later launch under this CODEX_HOME run the hooks.
     */
    static void trustAll(String pane) {
        awaitScreen(pane, "Trust all and continue");
        // a key sent while the TUI is still setting up is lost: press Down until the cursor is on "Trust all"
        eventually(TURN, () -> {
            if (screen(pane).contains("› 2. Trust all")) {
                return true;
            }
            daemon.client().call("pane.write", Map.of("pane_id", pane,
                    "data", screen(pane).contains("› 3.") ? "\u001b[A" : "\u001b[B"));
            long until = System.nanoTime() + 2_000_000_000L;
            while (System.nanoTime() < until && !screen(pane).contains("› 2. Trust all")) {
                Thread.onSpinWait();
            }
            return screen(pane).contains("› 2. Trust all");
        });
        daemon.client().call("pane.write", Map.of("pane_id", pane, "data", "\r"));
        awaitScreen(pane, "Ask Codex");
        eventually(TURN, () -> readConfig().contains("trusted_hash = \"sha256:"));
    }

    /**
     * Every test but the first launch's needs the hooks trusted. Trusting here, not by running that test first,
     * lets any one method run alone (surefire's rerun of a failed method, {@code -Dtest=CodexRealTest#name}).
     */
    @BeforeEach
    void trustTheHooksUnlessTheFirstLaunchIsTheSubject(TestInfo test) {
        if (test.getTestMethod().orElseThrow().getName().equals("theFirstLaunchAsksToTrustTheHooksAndThenReportsATurn")
                || readConfig().contains("trusted_hash = \"sha256:")) {
            return;
        }
        String pane = spawnCodex().get("pane_id").asString();
        trustAll(pane);
        daemon.client().call("pane.close", Map.of("pane_id", pane));
    }

    @Test
    @Order(1)
    void theFirstLaunchAsksToTrustTheHooksAndThenReportsATurn() throws Exception {
        JsonNode spawned = spawnCodex();
        assertThat(spawned.get("integration").get("notice").asString()).contains("review");
        String pane = spawned.get("pane_id").asString();
        awaitScreen(pane, "Trust all and continue");
        // untrusted hooks do not run (the input box drawn under the review may read idle by the codex manifest)
        assertThat(daemon.client().call("agent.explain", Map.of("pane_id", pane)).get("hooks_reported").asBoolean()).isFalse();
        trustAll(pane);
        // Codex 0.171 starts its thread (and fires SessionStart) with the first prompt, not at launch
        submit(pane, "scenario:plain say hello");
        assertThat(timeline.awaitLifecycle(pane, TURN, "done")).containsExactlyElementsOf(Scenario.CODEX_FIRST_LAUNCH.lifecycle());
        eventually(TURN, () -> timeline.attention(pane).equals(Scenario.CODEX_FIRST_LAUNCH.attention())); // journaled just after the lifecycle move
        awaitScreen(pane, "Hello from the scripted Responses model.");
        JsonNode got = daemon.client().call("pane.get", Map.of("pane_id", pane));
        assertThat(got.get("agent").asString()).isEqualTo("codex");
        assertThat(got.get("wait_baseline").get("agent_session_id").asString()).isNotBlank();
    }

    @Test
    @Order(2)
    void onceTrustedALaunchRunsItsHooksWithoutAsking() {
        JsonNode spawned = spawnCodex();
        assertThat(spawned.get("integration").has("notice")).isFalse(); // the trust is read from CODEX_HOME
        String pane = spawned.get("pane_id").asString();
        awaitScreen(pane, "Ask Codex");
        assertThat(screen(pane)).doesNotContain("Hooks need review");
        submit(pane, "scenario:plain say hello again");
        assertThat(timeline.awaitLifecycle(pane, TURN, "done")).containsExactlyElementsOf(Scenario.CODEX_TRUSTED.lifecycle());
        assertThat(timeline.decisions(pane)).isEmpty();
    }

    /** Codex's running token_count in its session rollout (the hooks' transcript_path) arrives in pane.get and the metrics. */
    @Test
    @Order(3)
    void usageFromTheRolloutArrivesInPaneGetAndTheMetrics() throws Exception {
        int port = daemon.bean(dev.signaltty.transport.internal.metrics.MetricsEndpoint.class).port();
        Map<String, Double> before = Usages.metrics(port, "codex");
        String pane = spawnCodex().get("pane_id").asString();
        awaitScreen(pane, "Ask Codex");
        submit(pane, "scenario:usage count this");
        assertThat(timeline.awaitLifecycle(pane, TURN, "done")).containsExactlyElementsOf(Scenario.CODEX_USAGE.lifecycle());
        long turns = model.requests("usage").stream().filter(ScriptedModel.Recorded::tools).count();
        assertThat(turns).isEqualTo(1);
        Usages.awaitUsage(TURN, () -> daemon.client().call("pane.get", Map.of("pane_id", pane)).get("usage"),
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
        String pane = spawnCodex("-a", "on-request").get("pane_id").asString();
        awaitScreen(pane, "Ask Codex");
        submit(pane, "scenario:approve write the file");
        String decision = pendingDecision(pane);
        JsonNode got = daemon.client().call("pane.get", Map.of("pane_id", pane));
        assertThat(got.get("lifecycle").asString()).isEqualTo("blocked"); // journaled before the decision exists
        assertThat(project.resolve("approved.txt")).doesNotExist();
        daemon.client().call("decision.answer", Map.of("decision_id", decision, "option_id", "allow_once"));
        assertThat(timeline.awaitLifecycle(pane, TURN, "done")).containsExactlyElementsOf(Scenario.CODEX_ALLOW.lifecycle());
        assertThat(timeline.decisions(pane)).containsExactlyElementsOf(Scenario.CODEX_ALLOW.decisions());
        eventually(TURN, () -> timeline.attention(pane).equals(Scenario.CODEX_ALLOW.attention())); // journaled just after the lifecycle move
        awaitScreen(pane, "Wrote the file.");
        assertThat(project.resolve("approved.txt")).exists();
        assertSessionIsTheConversation(pane, "scenario:approve");
    }

    /** A deny from outside: Codex does not run the command and the model is told so. */
    @Test
    @Order(5)
    void anApprovalAnsweredDenyKeepsTheCommandFromRunning() {
        String pane = spawnCodex("-a", "on-request").get("pane_id").asString();
        awaitScreen(pane, "Ask Codex");
        submit(pane, "scenario:refuse write the file");
        String decision = pendingDecision(pane);
        daemon.client().call("decision.answer", Map.of("decision_id", decision, "option_id", "deny"));
        assertThat(timeline.awaitLifecycle(pane, TURN, "done")).containsExactlyElementsOf(Scenario.CODEX_DENY.lifecycle());
        assertThat(timeline.decisions(pane)).containsExactlyElementsOf(Scenario.CODEX_DENY.decisions());
        awaitScreen(pane, "Understood, not writing.");
        assertThat(project.resolve("refused.txt")).doesNotExist();
        assertThat(toolOutput(model.bodies("refuse").getLast().body())).contains("Denied from signaltty"); // the model heard why
    }

    /**
     * A command that runs until the test releases it: the pane stays working all that time, though
     * Codex's title thread reports {@code agent-turn-complete} (notify) under another thread id meanwhile.
     */
    @Test
    @Order(6)
    void aLongCommandKeepsThePaneWorkingUntilTheTurnEnds() throws Exception {
        Path release = daemon.root().resolve("codex-release");
        model.script("slow", ScriptedModel.call("exec_command", Map.of("cmd",
                "while [ ! -e " + release + " ]; do sleep 0.2; done; echo released", "yield_time_ms", 30000)),
                say("The command finished."));
        String pane = spawnCodex().get("pane_id").asString();
        awaitScreen(pane, "Ask Codex");
        submit(pane, "scenario:slow wait for the release");
        awaitScreen(pane, "background terminal running");
        // the title thread's request is answered at once; its notify lands within moments, the command still runs
        eventually(TURN, () -> model.requests("slow").stream().anyMatch(r -> !r.tools()));
        long until = System.nanoTime() + Duration.ofSeconds(6).toNanos();
        while (System.nanoTime() < until) {
            assertThat(timeline.lifecycle(pane)).containsExactly("idle", "working");
            Thread.sleep(100);
        }
        Files.createFile(release);
        assertThat(timeline.awaitLifecycle(pane, TURN, "done")).containsExactlyElementsOf(Scenario.CODEX_LONG.lifecycle());
        awaitScreen(pane, "The command finished.");
        assertSessionIsTheConversation(pane, "scenario:slow");
    }

    /**
     * A Codex worker: it reports no hook before its first prompt, so its input box on screen (the
     * built-in codex manifest) is what reads idle and lets the first submit start (seed R34). Its turn
     * ends without a report, so the task settles at input_required (seed L83) and task wait returns.
     */
    @Test
    @Order(7)
    void aCodexWorkerTakesItsFirstPromptAndItsTurnEndSettlesTheTask() throws Exception {
        String task = daemon.client().call("task.start", Map.of("repo", repo.toString(), "objective",
                "scenario:codex-task just answer", "argv", List.of(codex.toString()),
                "ready_timeout_s", 90, "stall_timeout_s", 30)).get("task").get("task_id").asString();
        Map.Entry<Integer, String> waited = SignalttyCli.run(daemon.socket(), "--json", "task", "wait", task,
                "--timeout", "180");
        JsonNode got = daemon.client().call("task.get", Map.of("task_id", task)).get("task");
        assertThat(waited.getKey()).as("task wait: %s; task %s", waited.getValue(), got).isZero();
        assertThat(got.get("evidence").get("reason").asString()).as("task %s, screen:\n%s", got,
                screen(got.get("pane_id").asString())).isEqualTo("turn_ended_without_report");
        assertThat(got.get("state").asString()).isEqualTo("input_required");
        assertThat(timeline.task(task)).containsExactlyElementsOf(Scenario.CODEX_WORKER_SILENT.lifecycle());
        String pane = got.get("pane_id").asString();
        assertThat(timeline.awaitLifecycle(pane, TURN, "done")).containsExactly("idle", "working", "done");
        awaitScreen(pane, "Answered without a report.");
        daemon.client().call("task.cancel", Map.of("task_id", task));
        assertThat(SignalttyCli.run(daemon.socket(), "task", "wait", task, "--timeout", "30").getKey()).isEqualTo(3);
        daemon.client().call("task.finish", Map.of("task_id", task, "discard", true));
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

    /** The pane's session is the conversation's thread (its rollout holds the prompt), not the title thread. */
    /**
     * seed R212: a decision nobody answers times out with the hook's own wait (30 s here), and a timeout
     * never allows: the decision is cleared {@code native_cancelled}, the command does not run, and Codex
     * keeps waiting for an approval with the pane still {@code blocked} on it.
     */
    @Test
    @Order(8)
    void anApprovalLeftToTimeOutNeverRunsTheCommand() {
        String pane = spawnCodex("-a", "on-request").get("pane_id").asString();
        awaitScreen(pane, "Ask Codex");
        submit(pane, "scenario:unanswered write the file");
        pendingDecision(pane);
        eventually(Duration.ofSeconds(120), () -> timeline.decisions(pane).contains("cleared:native_cancelled"));
        assertThat(project.resolve("unanswered.txt")).doesNotExist();
        assertThat(timeline.decisions(pane)).containsExactlyElementsOf(Scenario.CODEX_TIMEOUT.decisions());
        // blocked came before the decision existed, and nothing answers Codex's own prompt: the state holds
        assertThat(timeline.lifecycle(pane)).containsExactlyElementsOf(Scenario.CODEX_TIMEOUT.lifecycle());
        JsonNode got = daemon.client().call("pane.get", Map.of("pane_id", pane));
        assertThat(got.get("lifecycle").asString()).isEqualTo("blocked");
        assertThat(got.get("attention").asString()).isEqualTo("permission_required");
        assertThat(model.requests("unanswered").stream().filter(ScriptedModel.Recorded::tools).map(ScriptedModel.Recorded::step)
                .distinct().toList()).containsExactly(0); // the model never got a command result back
    }

    /** The pane's lifecycle as agent explain tells it: state, cause, source and what matched. */
    static JsonNode explainLifecycle(String pane) {
        return daemon.client().call("agent.explain", Map.of("pane_id", pane)).get("lifecycle");
    }

    /**
     * HTTP 500 on every try, then 529 overloaded (the test's provider allows no retry): Codex shows the error
     * and is back at its prompt, but fires no hook (no Stop, no notify). Its rollout's {@code task_complete}
     * with an {@code error} for the turn's {@code turn_id} ends the turn; agent explain names that line.
     */
    @Test
    @Order(9)
    void anApiErrorEndsTheTurnThroughTheRolloutsFailedTaskComplete() {
        String pane = spawnCodex().get("pane_id").asString();
        awaitScreen(pane, "Ask Codex");
        List<String> expected = Scenario.CODEX_API_ERROR.lifecycle();
        int turns = 0;
        for (String scenario : List.of("error", "overloaded")) {
            submit(pane, "scenario:" + scenario + " fail please");
            turns++;
            List<String> sofar = expected.subList(0, 1 + 2 * turns);
            try {
                eventually(TURN, () -> timeline.lifecycle(pane).equals(sofar));
            } catch (AssertionError e) {
                throw new AssertionError("lifecycle " + timeline.lifecycle(pane) + " explain " + explainLifecycle(pane)
                        + " rollouts " + rollouts() + " screen:\n" + screen(pane), e);
            }
            JsonNode lifecycle = explainLifecycle(pane);
            assertThat(lifecycle.get("state").asString()).as("explain %s", lifecycle).isEqualTo("done");
            assertThat(lifecycle.get("source").asString()).as("explain %s", lifecycle).isEqualTo("transcript");
            assertThat(lifecycle.get("matched").asString()).as("explain %s", lifecycle).startsWith("task_complete: ");
            assertThat(lifecycle.get("file").asString()).as("explain %s", lifecycle).contains("rollout-");
            assertThat(model.requests(scenario).stream().filter(ScriptedModel.Recorded::tools).count())
                    .as("tries of %s", scenario).isEqualTo(1);
        }
        submit(pane, "scenario:after-error go on");
        assertThat(timeline.awaitLifecycle(pane, TURN, "done", "working", "done", "working", "done"))
                .containsExactlyElementsOf(Scenario.CODEX_API_ERROR.lifecycle());
        awaitScreen(pane, "Back after the errors.");
        assertThat(explainLifecycle(pane).get("source").asString()).isEqualTo("hook"); // Stop again
    }

    /** Codex's rollouts (diagnostics). */
    static String rollouts() {
        try (var files = Files.walk(codexHome.resolve("sessions"))) {
            StringBuilder out = new StringBuilder();
            for (Path f : files.filter(x -> x.toString().endsWith(".jsonl")).toList()) {
                out.append("\n== ").append(f.getFileName()).append('\n');
                for (String l : Files.readAllLines(f)) {
                    out.append(l, 0, Math.min(l.length(), 300)).append('\n');
                }
            }
            return out.toString();
        } catch (java.io.IOException e) {
            return e.toString();
        }
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
        String pane = spawnCodex().get("pane_id").asString();
        awaitScreen(pane, "Ask Codex");
        List<String> expected = Scenario.CODEX_INTERRUPT.lifecycle();
        int turns = 0;
        for (List<String> press : List.of(List.of("interrupt", "Thinking for a long time", "\u001b"),
                List.of("interrupt-ctrl-c", "Pondering at length", "\u0003"))) {
            String scenario = press.get(0);
            submit(pane, "scenario:" + scenario + " think for a long time");
            turns++;
            List<String> streaming = expected.subList(0, 2 * turns);
            List<String> ended = expected.subList(0, 2 * turns + 1);
            try {
                // mid-stream: the model holds the request, its first line is drawn, the turn is working. One press:
                // a key is never lost here, and a second Ctrl-C at Codex's prompt would quit it
                eventually(TURN, () -> model.requests(scenario).stream().anyMatch(ScriptedModel.Recorded::tools));
                awaitScreen(pane, press.get(1));
                eventually(TURN, () -> timeline.lifecycle(pane).equals(streaming));
                daemon.client().call("pane.write", Map.of("pane_id", pane, "data", press.get(2)));
                eventually(TURN, () -> timeline.lifecycle(pane).equals(ended)); // the stream is held 300 s, TURN 120 s
            } catch (AssertionError e) {
                throw new AssertionError(scenario + ": lifecycle " + timeline.lifecycle(pane) + " explain "
                        + explainLifecycle(pane) + " screen:\n" + screen(pane), e);
            }
            JsonNode lifecycle = explainLifecycle(pane);
            assertThat(lifecycle.get("state").asString()).as("explain %s", lifecycle).isEqualTo("done");
            assertThat(lifecycle.get("source").asString()).as("explain %s", lifecycle).isEqualTo("hook");
            assertThat(lifecycle.get("cause").asString()).as("explain %s", lifecycle).isEqualTo("turn_end");
            assertThat(lifecycle.get("hook_event").asString()).as("explain %s", lifecycle).isEqualTo("Interrupt");
        }
        submit(pane, "scenario:after-interrupt go on");
        assertThat(timeline.awaitLifecycle(pane, TURN, "done", "working", "done", "working", "done"))
                .containsExactlyElementsOf(expected);
        awaitScreen(pane, "Back after the interrupt.");
        assertThat(explainLifecycle(pane).get("hook_event").asString()).isEqualTo("Stop");
    }

    /** The pane's session rollout (its hooks' transcript_path). */
    static Path rollout(String pane) {
        String session = daemon.client().call("pane.get", Map.of("pane_id", pane)).get("wait_baseline")
                .get("agent_session_id").asString();
        try (var files = Files.walk(codexHome.resolve("sessions"))) {
            return files.filter(f -> f.getFileName().toString().endsWith(session + ".jsonl")).findFirst()
                    .orElseThrow(() -> new AssertionError("no rollout of session " + session));
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** How many tasks (turns, compactions) Codex's rollout of the pane's session records as ended. */
    static long taskCompletes(String pane) {
        try {
            return Files.readAllLines(rollout(pane)).stream().filter(l -> l.contains("\"type\":\"task_complete\"")).count();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** Two turns of {@code first}/{@code second} scenarios, each ended in Codex's rollout too. */
    static void twoTurns(String pane, String first, String second) {
        submit(pane, "scenario:" + first + " remember a word");
        timeline.awaitLifecycle(pane, TURN, "idle", "working", "done");
        submit(pane, "scenario:" + second + " keep it in mind");
        timeline.awaitLifecycle(pane, TURN, "done", "working", "done");
        // Stop fires before Codex ends its task: /compact typed before the rollout's task_complete is refused
        eventually(TURN, () -> taskCompletes(pane) == 2);
    }

    /**
     * Types {@code /compact} and Enter until the model has the compaction request: a /compact that Codex refuses
     * ("disabled while a task is in progress", its task still closing) sends nothing, and one typed while the
     * compaction runs is refused the same way, so a second try never starts a second compaction.
     */
    static void compact(String pane, int compactionsBefore) {
        try {
            eventually(TURN, () -> {
                daemon.client().call("pane.write", Map.of("pane_id", pane, "data", "/compact"));
                awaitScreen(pane, "/compact");
                daemon.client().call("pane.write", Map.of("pane_id", pane, "data", "\r"));
                long until = System.nanoTime() + 15_000_000_000L;
                while (System.nanoTime() < until) {
                    if (model.requests(ScriptedModel.COMPACTION).size() > compactionsBefore) {
                        return true;
                    }
                    Thread.onSpinWait();
                }
                return false;
            });
        } catch (AssertionError e) {
            throw new AssertionError("lifecycle " + timeline.lifecycle(pane) + " requests " + model.requests()
                    + " rollouts " + rollouts() + " screen:\n" + screen(pane), e);
        }
    }

    /**
     * {@code /compact} typed in the pane between turns. Codex 0.171 compacts locally: one plain
     * {@code POST /v1/responses} (no tools) whose last user item asks for a "CONTEXT CHECKPOINT COMPACTION",
     * run as a task of its own (rollout {@code task_started}, {@code compacted}, {@code task_complete}) with no
     * UserPromptSubmit and no Stop; its PreCompact and PostCompact ({@code trigger: manual}) carry that task's
     * {@code turn_id}. The pane is {@code working} from PreCompact while the model holds the summary, and
     * {@code done} at PostCompact (ADR 0460); the third turn, on the summary, is one more {@code working, done}.
     */
    @Test
    @Order(11)
    void aCompactionBetweenTurnsIsWorkingFromPreCompactToPostCompact() {
        String pane = spawnCodex().get("pane_id").asString();
        awaitScreen(pane, "Ask Codex");
        twoTurns(pane, "codex-compact-first", "codex-compact-second");
        awaitScreen(pane, "Still remembering it.");
        int compactions = model.requests(ScriptedModel.COMPACTION).size(); // other tests' compactions are the same model's
        compact(pane, compactions);
        List<String> expected = Scenario.CODEX_COMPACT.lifecycle();
        try {
            // the summary is held: Codex is compacting, and the pane says so
            eventually(TURN, () -> timeline.lifecycle(pane).equals(expected.subList(0, 6)));
            JsonNode lifecycle = explainLifecycle(pane);
            assertThat(lifecycle.get("state").asString()).as("explain %s", lifecycle).isEqualTo("working");
            assertThat(lifecycle.get("hook_event").asString()).as("explain %s", lifecycle).isEqualTo("PreCompact");
            awaitScreen(pane, "Compacting context");
            model.release(COMPACT_GATE);
            eventually(TURN, () -> timeline.lifecycle(pane).equals(expected.subList(0, 7)));
            awaitScreen(pane, "Context compacted");
        } catch (AssertionError e) {
            throw new AssertionError("lifecycle " + timeline.lifecycle(pane) + " explain " + explainLifecycle(pane)
                    + " requests " + model.requests() + " rollouts " + rollouts() + " screen:\n" + screen(pane), e);
        }
        JsonNode lifecycle = explainLifecycle(pane);
        assertThat(lifecycle.get("source").asString()).as("explain %s", lifecycle).isEqualTo("hook");
        assertThat(lifecycle.get("cause").asString()).as("explain %s", lifecycle).isEqualTo("turn_end");
        assertThat(lifecycle.get("hook_event").asString()).as("explain %s", lifecycle).isEqualTo("PostCompact");
        eventually(TURN, () -> taskCompletes(pane) == 3); // the compaction's own task_complete, after PostCompact
        submit(pane, "scenario:codex-compact-after which word was it");
        assertThat(timeline.awaitLifecycle(pane, TURN, "done", "working", "done", "working", "done"))
                .containsExactlyElementsOf(expected);
        awaitScreen(pane, "The word was heron.");
        lifecycle = explainLifecycle(pane);
        assertThat(lifecycle.get("source").asString()).as("explain %s", lifecycle).isEqualTo("hook");
        assertThat(lifecycle.get("cause").asString()).as("explain %s", lifecycle).isEqualTo("turn_end");
        assertThat(lifecycle.get("hook_event").asString()).as("explain %s", lifecycle).isEqualTo("Stop");
        assertThat(model.requests(ScriptedModel.COMPACTION)).hasSize(compactions + 1);
        // the third turn runs on the summary: Codex sends it in place of the model's earlier answers
        String input = model.bodies("codex-compact-after").getFirst().body().path("input").toString();
        assertThat(input).contains("remember the word heron; the model agreed").doesNotContain("Still remembering it.");
        assertSessionIsTheConversation(pane, "scenario:codex-compact-after");
    }

    /**
     * {@code /compact} whose request fails (HTTP 500; the test's provider allows no retry): Codex shows the error
     * and is back at its prompt with no PostCompact and no Stop. Its rollout's {@code task_complete} with an
     * {@code error} for the compaction's {@code turn_id} ends the {@code working} that PreCompact began (ADR 0460),
     * and agent explain names that line; the next turn runs on the uncompacted conversation.
     */
    @Test
    @Order(12)
    void aCompactionWhoseRequestFailsEndsAtTheRolloutsFailedTaskComplete() {
        String pane = spawnCodex().get("pane_id").asString();
        awaitScreen(pane, "Ask Codex");
        twoTurns(pane, "codex-compact-fail-first", "codex-compact-fail-second");
        int compactions = model.requests(ScriptedModel.COMPACTION).size();
        compact(pane, compactions);
        List<String> expected = Scenario.CODEX_COMPACT_FAILED.lifecycle();
        try {
            eventually(TURN, () -> timeline.lifecycle(pane).equals(expected.subList(0, 7)));
        } catch (AssertionError e) {
            throw new AssertionError("lifecycle " + timeline.lifecycle(pane) + " explain " + explainLifecycle(pane)
                    + " rollouts " + rollouts() + " screen:\n" + screen(pane), e);
        }
        JsonNode lifecycle = explainLifecycle(pane);
        assertThat(lifecycle.get("state").asString()).as("explain %s", lifecycle).isEqualTo("done");
        assertThat(lifecycle.get("source").asString()).as("explain %s", lifecycle).isEqualTo("transcript");
        assertThat(lifecycle.get("cause").asString()).as("explain %s", lifecycle).isEqualTo("turn_end");
        assertThat(lifecycle.get("matched").asString()).as("explain %s", lifecycle).startsWith("task_complete: ");
        assertThat(model.requests(ScriptedModel.COMPACTION)).as("tries").hasSize(compactions + 1);
        awaitScreen(pane, "high demand");
        submit(pane, "scenario:codex-compact-fail-after which word was it");
        assertThat(timeline.awaitLifecycle(pane, TURN, "done", "working", "done", "working", "done"))
                .containsExactlyElementsOf(expected);
        awaitScreen(pane, "The word was egret, uncompacted.");
        assertThat(explainLifecycle(pane).get("hook_event").asString()).isEqualTo("Stop");
        // nothing was compacted: the model's earlier answers are still in the conversation
        assertThat(model.bodies("codex-compact-fail-after").getFirst().body().path("input").toString())
                .contains("Still remembering the egret.");
    }

    /**
     * Esc while Codex compacts (the summary held, "Compacting context (… esc to interrupt)" on screen): Codex
     * fires its Interrupt hook, which ends the {@code working} that PreCompact began; the next turn is ordinary.
     */
    @Test
    @Order(13)
    void anInterruptedCompactionEndsThroughTheInterruptHook() {
        String pane = spawnCodex().get("pane_id").asString();
        awaitScreen(pane, "Ask Codex");
        twoTurns(pane, "codex-compact-esc-first", "codex-compact-esc-second");
        compact(pane, model.requests(ScriptedModel.COMPACTION).size());
        List<String> expected = Scenario.CODEX_COMPACT_INTERRUPTED.lifecycle();
        try {
            eventually(TURN, () -> timeline.lifecycle(pane).equals(expected.subList(0, 6)));
            awaitScreen(pane, "Compacting context");
            daemon.client().call("pane.write", Map.of("pane_id", pane, "data", "\u001b"));
            eventually(TURN, () -> timeline.lifecycle(pane).equals(expected.subList(0, 7)));
        } catch (AssertionError e) {
            throw new AssertionError("lifecycle " + timeline.lifecycle(pane) + " explain " + explainLifecycle(pane)
                    + " rollouts " + rollouts() + " screen:\n" + screen(pane), e);
        }
        JsonNode lifecycle = explainLifecycle(pane);
        assertThat(lifecycle.get("source").asString()).as("explain %s", lifecycle).isEqualTo("hook");
        assertThat(lifecycle.get("cause").asString()).as("explain %s", lifecycle).isEqualTo("turn_end");
        assertThat(lifecycle.get("hook_event").asString()).as("explain %s", lifecycle).isEqualTo("Interrupt");
        eventually(TURN, () -> taskCompletes(pane) == 3 || screen(pane).contains("Ask Codex"));
        submit(pane, "scenario:codex-compact-esc-after go on");
        assertThat(timeline.awaitLifecycle(pane, TURN, "done", "working", "done", "working", "done"))
                .containsExactlyElementsOf(expected);
        awaitScreen(pane, "Back after the interrupted compaction.");
    }

    /**
     * Auto-compaction by token limit, mid-turn: the pane's own {@code -c model_auto_compact_token_limit=20000}, and
     * the response with the command call reports 60k input tokens. After the command Codex fires PreCompact
     * {@code auto}, sends one summarising request, fires PostCompact {@code auto} (both under the turn's own
     * {@code turn_id}: no move) and goes on with the turn on the summary, whose answer the model holds: the pane
     * stays {@code working} all that time and is {@code done} at the turn's Stop.
     */
    @Test
    @Order(14)
    void anAutoCompactionMidTurnKeepsThePaneWorkingUntilTheTurnsStop() {
        String pane = spawnCodex("-c", "model_auto_compact_token_limit=20000").get("pane_id").asString();
        awaitScreen(pane, "Ask Codex");
        int compactions = model.requests(ScriptedModel.COMPACTION).size();
        submit(pane, "scenario:codex-auto run a command");
        try {
            eventually(TURN, () -> model.requests("codex-auto-after").stream().anyMatch(ScriptedModel.Recorded::tools));
            awaitScreen(pane, "Context compacted");
        } catch (AssertionError e) {
            throw new AssertionError("lifecycle " + timeline.lifecycle(pane) + " requests " + model.requests()
                    + " rollouts " + rollouts() + " screen:\n" + screen(pane), e);
        }
        // what Codex sent, in order: the turn's request, the summary request (no tools), the turn again on the summary
        List<String> sent = model.requests().stream().filter(r -> List.of("codex-auto", ScriptedModel.COMPACTION,
                "codex-auto-after").contains(r.scenario()) && (r.tools() || ScriptedModel.COMPACTION.equals(r.scenario())))
                .map(r -> r.scenario() + "#" + r.step()).toList();
        assertThat(sent.subList(sent.indexOf("codex-auto#0"), sent.size()))
                .containsExactly("codex-auto#0", "compaction#0", "codex-auto-after#0");
        assertThat(model.requests(ScriptedModel.COMPACTION)).hasSize(compactions + 1);
        assertThat(timeline.lifecycle(pane)).containsExactly("idle", "working"); // held: mid-turn, compacted, working
        JsonNode lifecycle = explainLifecycle(pane);
        assertThat(lifecycle.get("state").asString()).as("explain %s", lifecycle).isEqualTo("working");
        assertThat(taskCompletes(pane)).isZero(); // one task: the compaction ran inside the turn
        model.release(AUTO_GATE);
        assertThat(timeline.awaitLifecycle(pane, TURN, "done")).containsExactlyElementsOf(Scenario.CODEX_AUTO_COMPACT.lifecycle());
        awaitScreen(pane, "Finished on the summary.");
        lifecycle = explainLifecycle(pane);
        assertThat(lifecycle.get("hook_event").asString()).as("explain %s", lifecycle).isEqualTo("Stop");
        eventually(TURN, () -> taskCompletes(pane) == 1);
        try {
            assertThat(Files.readString(rollout(pane))).contains("\"type\":\"compacted\"");
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    static void assertSessionIsTheConversation(String pane, String prompt) {
        String session = daemon.client().call("pane.get", Map.of("pane_id", pane)).get("wait_baseline")
                .get("agent_session_id").asString();
        try (var files = Files.walk(codexHome.resolve("sessions"))) {
            Path rollout = files.filter(f -> f.getFileName().toString().endsWith(session + ".jsonl")).findFirst()
                    .orElseThrow(() -> new AssertionError("no rollout of session " + session));
            assertThat(Files.readString(rollout)).contains(prompt);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
