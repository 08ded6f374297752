package dev.signaltty.agent.real;

import static dev.signaltty.agent.real.ScriptedModel.call;
import static dev.signaltty.agent.real.ScriptedModel.say;
import static dev.signaltty.support.ProtocolClient.eventually;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import dev.signaltty.agent.FakeAgent;
import dev.signaltty.support.DaemonFixture;
import dev.signaltty.support.ProtocolClient;
import tools.jackson.databind.JsonNode;

/**
 * The real Codex (pinned, {@link RealAgents}) delegating to a subagent against the scripted Responses model
 * (docs/agents.md, "Codex's subagents"). Codex 0.171 offers {@code spawn_agent} and {@code wait_agent} in the
 * {@code multi_agent_v1} namespace (feature {@code multi_agent}, on by default). The child is a thread of its
 * own with its own rollout; every hook it fires carries the parent's {@code session_id}, its own {@code turn_id}
 * and an {@code agent_id}: SubagentStart, its own UserPromptSubmit, its tool hooks, SubagentStop (none when its
 * model call fails). ADR 0455: those move nothing of the pane's turn, which only the parent's Stop (or the
 * parent's own failed task_complete) ends. The hooks are trusted with {@code signaltty.codex.bypass-hook-trust}
 * (the review itself is CodexRealTest's), so each test runs alone.
 */
class CodexSubagentRealTest {

    @RegisterExtension
    static final RealAgents agents = new RealAgents();

    @RegisterExtension
    static final DaemonFixture daemon = new DaemonFixture("codex-subagent", FakeAgent.cliProperty(),
            "signaltty.codex.bypass-hook-trust=true");

    static final Duration TURN = Duration.ofSeconds(120);
    /** Held this long at the parent's last request, the pane must still read working (the child has ended by then). */
    static final long HELD_MS = 3_000;
    /** Scripts and gates are per run, so surefire's rerun of a failed method starts from closed gates. */
    static final AtomicInteger RUNS = new AtomicInteger();
    static ScriptedModel model;
    static Timeline timeline;
    static Path project;
    static Path codex;
    static Path codexHome;

    @BeforeAll
    static void start() throws Exception {
        model = ScriptedModel.start();
        project = Files.createDirectories(daemon.root().resolve("codex-project"));
        assertThat(new ProcessBuilder("git", "init", "-q", project.toString()).inheritIO().start().waitFor()).isZero();
        codex = RealCodex.install(daemon.root().resolve("codex"), model, List.of(project));
        codexHome = RealCodex.home(daemon.root().resolve("codex"));
        timeline = new Timeline(daemon.connect());
    }

    @AfterAll
    static void stop() {
        timeline.close();
        model.close();
    }

    /** The parent's {@code spawn_agent}: the child's first prompt is {@code message} (a scenario token scripts it). */
    static ScriptedModel.Call spawn(String message) {
        return ScriptedModel.namespaced("multi_agent_v1", "spawn_agent", Map.of("message", message));
    }

    /** The parent's {@code wait_agent} on the child it spawned, far longer than any child here takes. */
    static ScriptedModel.Call awaitTheChild() {
        return ScriptedModel.namespaced("multi_agent_v1", "wait_agent", Map.of("targets",
                List.of(ScriptedModel.SPAWNED_AGENT), "timeout_ms", 300_000));
    }

    static String spawnCodex() {
        String pane = daemon.client().call("pane.spawn", Map.of("workspace_id", daemon.workspace(),
                "argv", List.of(codex.toString()), "cwd", project.toString(), "cols", 120, "rows", 40,
                "env", Map.of("CODEX_HOME", codexHome.toString()))).get("pane_id").asString();
        awaitScreen(pane, "Ask Codex");
        eventually(TURN, () -> timeline.lifecycle(pane).equals(List.of("idle"))); // the codex manifest: its input box
        return pane;
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

    static void submit(String pane, String text) {
        try (ProtocolClient c = daemon.connect()) {
            c.call("pane.submit", Map.of("pane_id", pane, "text", text, "stall_timeout_s", 60));
        }
    }

    static JsonNode baseline(String pane) {
        return daemon.client().call("pane.get", Map.of("pane_id", pane)).get("wait_baseline");
    }

    static JsonNode explainLifecycle(String pane) {
        return daemon.client().call("agent.explain", Map.of("pane_id", pane)).get("lifecycle");
    }

    /** A {@code wait until done after before} on a connection of its own, answered when the pane's turn ends. */
    static CompletableFuture<JsonNode> waitForDone(String pane, JsonNode before) {
        return CompletableFuture.supplyAsync(() -> {
            try (ProtocolClient c = daemon.connect()) {
                return c.call("wait", Map.of("pane_id", pane, "until", List.of("done"), "after", before, "timeout_s", 110));
            }
        });
    }

    /** Waits until the model has the parent's request at {@code step} (it holds it or answers it). */
    static void awaitParentStep(String pane, String parent, int step) {
        try {
            eventually(TURN, () -> model.requests(parent).stream().anyMatch(r -> r.tools() && r.step() == step));
        } catch (AssertionError e) {
            throw new AssertionError("requests " + model.requests() + " lifecycle " + timeline.lifecycle(pane)
                    + " screen:\n" + screen(pane), e);
        }
    }

    /**
     * The pane's lifecycle stays {@code lifecycle} for {@link #HELD_MS} while the parent's answer is held: the
     * child's last hooks (SubagentStop) may be reported just after Codex sent the parent's request, and the
     * rollout watch polls every 250 ms.
     */
    static void staysFor(String pane, List<String> lifecycle) throws InterruptedException {
        long until = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(HELD_MS);
        while (System.nanoTime() < until) {
            assertThat(timeline.lifecycle(pane)).as(() -> "explain " + explainLifecycle(pane) + ", rollouts " + rollouts())
                    .containsExactlyElementsOf(lifecycle);
            Thread.sleep(100);
        }
    }

    /**
     * The parent spawns a child, whose turn runs a command and answers; the parent waits for it, and its own answer
     * is held open. The child's UserPromptSubmit, tool hooks and SubagentStop (each with {@code agent_id}) leave
     * the pane {@code working}; the parent's Stop ends the turn, and is what the idle baseline's wait returns and
     * agent explain names. Usage counts both rollouts: the parent's three model turns and the child's two.
     */
    @Test
    void aSubagentRunsInsideTheParentsTurnAndOnlyTheParentsStopEndsIt() throws Exception {
        String run = "r" + RUNS.incrementAndGet();
        String parent = "sub-parent-" + run;
        String child = "sub-child-" + run;
        model.script(parent, spawn("scenario:" + child + " run a command and answer"), awaitTheChild(),
                        new ScriptedModel.Hold(parent, "The child ran the command."))
                .script(child, call("exec_command", Map.of("cmd", "echo child-ran")), say("Child ran it."));
        String pane = spawnCodex();
        JsonNode before = baseline(pane);
        CompletableFuture<JsonNode> waited = waitForDone(pane, before);
        submit(pane, "scenario:" + parent + " delegate to a subagent");
        awaitParentStep(pane, parent, 2);
        staysFor(pane, List.of("idle", "working"));
        assertThat(model.requests(child).stream().filter(ScriptedModel.Recorded::tools).map(ScriptedModel.Recorded::step)
                .distinct().toList()).containsExactly(0, 1); // the child's command, then its answer
        assertThat(waited).isNotDone();
        JsonNode working = explainLifecycle(pane); // seed R125: the child's working reports made no transition
        assertThat(working.get("state").asString()).as("explain %s", working).isEqualTo("working");
        assertThat(working.get("hook_event").asString()).as("explain %s", working).isEqualTo("UserPromptSubmit");
        model.release(parent);
        assertThat(timeline.awaitLifecycle(pane, TURN, "done")).containsExactlyElementsOf(Scenario.CODEX_SUBAGENT.lifecycle());
        eventually(TURN, () -> timeline.attention(pane).equals(Scenario.CODEX_SUBAGENT.attention())); // just after the move
        awaitScreen(pane, "The child ran the command.");
        JsonNode done = explainLifecycle(pane);
        assertThat(done.get("source").asString()).as("explain %s", done).isEqualTo("hook");
        assertThat(done.get("cause").asString()).as("explain %s", done).isEqualTo("turn_end");
        assertThat(done.get("hook_event").asString()).as("explain %s", done).isEqualTo("Stop");
        // seed R119, R120, R123: the baseline taken at idle matches the parent's Stop, not anything the child reported
        JsonNode answer = waited.get(TURN.toSeconds(), TimeUnit.SECONDS);
        assertThat(answer.get("outcome").asString()).isEqualTo("done");
        assertThat(answer.get("transition_seq").asLong()).isEqualTo(done.get("seq").asLong());
        Usages.awaitUsage(TURN, () -> daemon.client().call("pane.get", Map.of("pane_id", pane)).get("usage"),
                Usages.codex(3 + 2, 2));
    }

    /**
     * A child whose model call fails (HTTP 500, no retry): Codex fires no SubagentStop for it, and its rollout
     * gets a {@code task_complete} with an {@code error} for the child's turn. That is not the pane's turn: it
     * stays {@code working} until the parent's Stop. Then a child that answers, and the parent's own next request
     * failing: the parent's rollout line for the parent's turn ends it ({@code source: transcript}), not a line of the
     * child's. Without ADR 0455 the child's UserPromptSubmit took the turn's place: the first turn ended early, the
     * second never.
     */
    @Test
    void aFailedChildDoesNotEndTheParentsTurnAndTheParentsOwnFailureDoes() throws Exception {
        String run = "r" + RUNS.incrementAndGet();
        String parent = "sub-parent-child-fails-" + run;
        String failing = "sub-child-fails-" + run;
        String parentFails = "sub-parent-fails-" + run;
        String child = "sub-child-answers-" + run;
        model.script(parent, spawn("scenario:" + failing + " answer"), awaitTheChild(),
                        new ScriptedModel.Hold(parent, "The child failed; answered myself."))
                .script(failing, new ScriptedModel.Fail(500, "api_error"))
                .script(parentFails, spawn("scenario:" + child + " answer"), awaitTheChild(),
                        new ScriptedModel.Fail(500, "api_error"))
                .script(child, say("The child answered."));
        String pane = spawnCodex();
        submit(pane, "scenario:" + parent + " delegate to a subagent");
        awaitParentStep(pane, parent, 2);
        // the child's rollout: its session_meta names the parent thread, its task_complete the error
        eventually(TURN, () -> rollouts().contains("\"parent_thread_id\"") && rollouts().contains("\"codex_error_info\""));
        staysFor(pane, List.of("idle", "working"));
        model.release(parent);
        assertThat(timeline.awaitLifecycle(pane, TURN, "done")).containsExactly("idle", "working", "done");
        awaitScreen(pane, "The child failed; answered myself.");
        assertThat(explainLifecycle(pane).get("hook_event").asString()).isEqualTo("Stop");

        submit(pane, "scenario:" + parentFails + " delegate again");
        try {
            timeline.awaitLifecycle(pane, TURN, "done", "working", "done");
        } catch (AssertionError e) {
            throw new AssertionError("lifecycle " + timeline.lifecycle(pane) + " explain " + explainLifecycle(pane)
                    + " requests " + model.requests() + " rollouts " + rollouts() + " screen:\n" + screen(pane), e);
        }
        assertThat(timeline.lifecycle(pane)).containsExactlyElementsOf(Scenario.CODEX_SUBAGENT_ERRORS.lifecycle());
        assertThat(model.requests(child)).isNotEmpty();
        JsonNode lifecycle = explainLifecycle(pane);
        assertThat(lifecycle.get("source").asString()).as("explain %s", lifecycle).isEqualTo("transcript");
        assertThat(lifecycle.get("matched").asString()).as("explain %s", lifecycle).startsWith("task_complete: ");
        String session = baseline(pane).get("agent_session_id").asString();
        assertThat(lifecycle.get("file").asString()).as("explain %s", lifecycle).endsWith(session + ".jsonl");
    }

    /**
     * Esc while the parent waits for a child whose model call is held: Codex fires the parent's Interrupt (none for
     * the child), which ends the pane's turn; the child goes on in the background, and its answer, SubagentStop and
     * notify once released move nothing (the turn is over). The next prompt is an ordinary turn.
     */
    @Test
    void anInterruptWhileTheParentWaitsEndsTheTurnAndTheChildsLaterEndMovesNothing() throws Exception {
        String run = "r" + RUNS.incrementAndGet();
        String parent = "sub-parent-interrupted-" + run;
        String child = "sub-child-held-" + run;
        String after = "sub-after-interrupt-" + run;
        model.script(parent, spawn("scenario:" + child + " answer slowly"), awaitTheChild(), say("Never asked."))
                .script(child, new ScriptedModel.Hold(child, "The child answered late."))
                .script(after, say("Back after the interrupt."));
        String pane = spawnCodex();
        submit(pane, "scenario:" + parent + " delegate to a slow subagent");
        awaitParentStep(pane, parent, 1); // the parent's wait_agent: it waits for the child from here
        eventually(TURN, () -> model.requests(child).stream().anyMatch(ScriptedModel.Recorded::tools));
        awaitScreen(pane, "Waiting for");
        assertThat(timeline.lifecycle(pane)).containsExactly("idle", "working");
        daemon.client().call("pane.write", Map.of("pane_id", pane, "data", "\u001b"));
        try {
            eventually(TURN, () -> timeline.lifecycle(pane).equals(List.of("idle", "working", "done")));
        } catch (AssertionError e) {
            throw new AssertionError("lifecycle " + timeline.lifecycle(pane) + " explain " + explainLifecycle(pane)
                    + " screen:\n" + screen(pane), e);
        }
        JsonNode interrupted = explainLifecycle(pane);
        assertThat(interrupted.get("hook_event").asString()).as("explain %s", interrupted).isEqualTo("Interrupt");
        model.release(child);
        // the child's own rollout records its answer: its SubagentStop comes with it
        eventually(TURN, () -> rollouts().contains("\"last_agent_message\":\"The child answered late.\""));
        staysFor(pane, List.of("idle", "working", "done"));
        assertThat(explainLifecycle(pane).get("hook_event").asString()).isEqualTo("Interrupt");
        assertThat(model.requests(parent).stream().filter(r -> r.tools() && r.step() == 2)).isEmpty();
        submit(pane, "scenario:" + after + " go on");
        assertThat(timeline.awaitLifecycle(pane, TURN, "done", "working", "done"))
                .containsExactlyElementsOf(Scenario.CODEX_SUBAGENT_INTERRUPT.lifecycle());
        awaitScreen(pane, "Back after the interrupt.");
    }

    /** Codex's rollouts, each line cut short (diagnostics, and the child's failure). */
    static String rollouts() {
        StringBuilder out = new StringBuilder();
        try (var files = Files.walk(codexHome.resolve("sessions"))) {
            for (Path f : files.filter(x -> x.toString().endsWith(".jsonl")).toList()) {
                out.append("\n== ").append(f.getFileName()).append('\n');
                for (String l : Files.readAllLines(f)) {
                    out.append(l, 0, Math.min(l.length(), 600)).append('\n');
                }
            }
        } catch (IOException | UncheckedIOException e) {
            out.append(e);
        }
        return out.toString();
    }
}
