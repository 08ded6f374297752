package dev.signaltty.agent.real;

import static dev.signaltty.agent.real.CodexDrive.TURN;
import static dev.signaltty.agent.real.ScriptedModel.call;
import static dev.signaltty.agent.real.ScriptedModel.say;
import static dev.signaltty.support.ProtocolClient.eventually;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import dev.signaltty.agent.FakeAgent;
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
 * (the review itself is CodexRealTest's), so each test runs alone. The set-up is {@link CodexDrive}'s.
 */
class CodexSubagentRealTest {

    @RegisterExtension
    static final CodexDrive drive = new CodexDrive("codex-subagent", false, FakeAgent.cliProperty(),
            "signaltty.codex.bypass-hook-trust=true");

    /** Held this long at the parent's last request, the pane must still read working (the child has ended by then). */
    static final long HELD_MS = 3_000;
    /** Scripts and gates are per run, so surefire's rerun of a failed method starts from closed gates. */
    static final AtomicInteger RUNS = new AtomicInteger();

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
        String pane = drive.spawn().get("pane_id").asString();
        drive.awaitScreen(pane, "Ask Codex");
        eventually(TURN, () -> drive.timeline().lifecycle(pane).equals(List.of("idle"))); // the codex manifest: its input box
        return pane;
    }

    static JsonNode baseline(String pane) {
        return drive.daemon().client().call("pane.get", Map.of("pane_id", pane)).get("wait_baseline");
    }

    /** A {@code wait until done after before} on a connection of its own, answered when the pane's turn ends. */
    static CompletableFuture<JsonNode> waitForDone(String pane, JsonNode before) {
        return CompletableFuture.supplyAsync(() -> {
            try (ProtocolClient c = drive.daemon().connect()) {
                return c.call("wait", Map.of("pane_id", pane, "until", List.of("done"), "after", before, "timeout_s", 110));
            }
        });
    }

    /** Waits until the model has the parent's request at {@code step} (it holds it or answers it). */
    static void awaitParentStep(String pane, String parent, int step) {
        try {
            eventually(TURN, () -> drive.model().requests(parent).stream().anyMatch(r -> r.tools() && r.step() == step));
        } catch (AssertionError e) {
            throw new AssertionError("requests " + drive.model().requests() + " lifecycle " + drive.timeline().lifecycle(pane)
                    + " screen:\n" + drive.screen(pane), e);
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
            assertThat(drive.timeline().lifecycle(pane)).as(() -> "explain " + drive.explainLifecycle(pane) + ", rollouts " + drive.rollouts(600))
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
        drive.model().script(parent, spawn("scenario:" + child + " run a command and answer"), awaitTheChild(),
                        new ScriptedModel.Hold(parent, "The child ran the command."))
                .script(child, call("exec_command", Map.of("cmd", "echo child-ran")), say("Child ran it."));
        String pane = spawnCodex();
        JsonNode before = baseline(pane);
        CompletableFuture<JsonNode> waited = waitForDone(pane, before);
        drive.submit(pane, "scenario:" + parent + " delegate to a subagent");
        awaitParentStep(pane, parent, 2);
        staysFor(pane, List.of("idle", "working"));
        assertThat(drive.model().requests(child).stream().filter(ScriptedModel.Recorded::tools).map(ScriptedModel.Recorded::step)
                .distinct().toList()).containsExactly(0, 1); // the child's command, then its answer
        assertThat(waited).isNotDone();
        JsonNode working = drive.explainLifecycle(pane); // seed R125: the child's working reports made no transition
        assertThat(working.get("state").asString()).as("explain %s", working).isEqualTo("working");
        assertThat(working.get("hook_event").asString()).as("explain %s", working).isEqualTo("UserPromptSubmit");
        drive.model().release(parent);
        assertThat(drive.timeline().awaitLifecycle(pane, TURN, "done")).containsExactlyElementsOf(Scenario.CODEX_SUBAGENT.lifecycle());
        eventually(TURN, () -> drive.timeline().attention(pane).equals(Scenario.CODEX_SUBAGENT.attention())); // just after the move
        drive.awaitScreen(pane, "The child ran the command.");
        JsonNode done = drive.explainLifecycle(pane);
        assertThat(done.get("source").asString()).as("explain %s", done).isEqualTo("hook");
        assertThat(done.get("cause").asString()).as("explain %s", done).isEqualTo("turn_end");
        assertThat(done.get("hook_event").asString()).as("explain %s", done).isEqualTo("Stop");
        // seed R119, R120, R123: the baseline taken at idle matches the parent's Stop, not anything the child reported
        JsonNode answer = waited.get(TURN.toSeconds(), TimeUnit.SECONDS);
        assertThat(answer.get("outcome").asString()).isEqualTo("done");
        assertThat(answer.get("transition_seq").asLong()).isEqualTo(done.get("seq").asLong());
        Usages.awaitUsage(TURN, () -> drive.daemon().client().call("pane.get", Map.of("pane_id", pane)).get("usage"),
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
        drive.model().script(parent, spawn("scenario:" + failing + " answer"), awaitTheChild(),
                        new ScriptedModel.Hold(parent, "The child failed; answered myself."))
                .script(failing, new ScriptedModel.Fail(500, "api_error"))
                .script(parentFails, spawn("scenario:" + child + " answer"), awaitTheChild(),
                        new ScriptedModel.Fail(500, "api_error"))
                .script(child, say("The child answered."));
        String pane = spawnCodex();
        drive.submit(pane, "scenario:" + parent + " delegate to a subagent");
        awaitParentStep(pane, parent, 2);
        // the child's rollout: its session_meta names the parent thread, its task_complete the error
        eventually(TURN, () -> drive.rollouts(600).contains("\"parent_thread_id\"") && drive.rollouts(600).contains("\"codex_error_info\""));
        staysFor(pane, List.of("idle", "working"));
        drive.model().release(parent);
        assertThat(drive.timeline().awaitLifecycle(pane, TURN, "done")).containsExactly("idle", "working", "done");
        drive.awaitScreen(pane, "The child failed; answered myself.");
        assertThat(drive.explainLifecycle(pane).get("hook_event").asString()).isEqualTo("Stop");

        drive.submit(pane, "scenario:" + parentFails + " delegate again");
        try {
            drive.timeline().awaitLifecycle(pane, TURN, "done", "working", "done");
        } catch (AssertionError e) {
            throw new AssertionError("lifecycle " + drive.timeline().lifecycle(pane) + " explain " + drive.explainLifecycle(pane)
                    + " requests " + drive.model().requests() + " rollouts " + drive.rollouts(600) + " screen:\n" + drive.screen(pane), e);
        }
        assertThat(drive.timeline().lifecycle(pane)).containsExactlyElementsOf(Scenario.CODEX_SUBAGENT_ERRORS.lifecycle());
        assertThat(drive.model().requests(child)).isNotEmpty();
        JsonNode lifecycle = drive.explainLifecycle(pane);
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
        drive.model().script(parent, spawn("scenario:" + child + " answer slowly"), awaitTheChild(), say("Never asked."))
                .script(child, new ScriptedModel.Hold(child, "The child answered late."))
                .script(after, say("Back after the interrupt."));
        String pane = spawnCodex();
        drive.submit(pane, "scenario:" + parent + " delegate to a slow subagent");
        awaitParentStep(pane, parent, 1); // the parent's wait_agent: it waits for the child from here
        eventually(TURN, () -> drive.model().requests(child).stream().anyMatch(ScriptedModel.Recorded::tools));
        drive.awaitScreen(pane, "Waiting for");
        assertThat(drive.timeline().lifecycle(pane)).containsExactly("idle", "working");
        drive.press(pane, "\u001b");
        try {
            eventually(TURN, () -> drive.timeline().lifecycle(pane).equals(List.of("idle", "working", "done")));
        } catch (AssertionError e) {
            throw new AssertionError("lifecycle " + drive.timeline().lifecycle(pane) + " explain " + drive.explainLifecycle(pane)
                    + " screen:\n" + drive.screen(pane), e);
        }
        JsonNode interrupted = drive.explainLifecycle(pane);
        assertThat(interrupted.get("hook_event").asString()).as("explain %s", interrupted).isEqualTo("Interrupt");
        drive.model().release(child);
        // the child's own rollout records its answer: its SubagentStop comes with it
        eventually(TURN, () -> drive.rollouts(600).contains("\"last_agent_message\":\"The child answered late.\""));
        staysFor(pane, List.of("idle", "working", "done"));
        assertThat(drive.explainLifecycle(pane).get("hook_event").asString()).isEqualTo("Interrupt");
        assertThat(drive.model().requests(parent).stream().filter(r -> r.tools() && r.step() == 2)).isEmpty();
        drive.submit(pane, "scenario:" + after + " go on");
        assertThat(drive.timeline().awaitLifecycle(pane, TURN, "done", "working", "done"))
                .containsExactlyElementsOf(Scenario.CODEX_SUBAGENT_INTERRUPT.lifecycle());
        drive.awaitScreen(pane, "Back after the interrupt.");
    }
}
