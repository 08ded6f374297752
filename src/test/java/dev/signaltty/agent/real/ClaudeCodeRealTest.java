package dev.signaltty.agent.real;

import static dev.signaltty.agent.real.ClaudeDrive.TURN;
import static dev.signaltty.agent.real.ScriptedModel.call;
import static dev.signaltty.agent.real.ScriptedModel.calls;
import static dev.signaltty.agent.real.ScriptedModel.say;
import static dev.signaltty.support.ProtocolClient.eventually;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import dev.signaltty.agent.FakeAgent;
import tools.jackson.databind.JsonNode;

/**
 * The real Claude Code (pinned, {@link RealAgents}) in real panes of one daemon, against the scripted
 * model: each scenario asserts the exact lifecycle / attention / decision sequence the hooks produce.
 * The table of these sequences is in docs/agents.md ("Real agents"). Compaction is
 * {@link ClaudeCompactionRealTest}'s; the set-up is {@link ClaudeDrive}'s.
 */
class ClaudeCodeRealTest {

    @RegisterExtension
    static final ClaudeDrive drive = new ClaudeDrive("claude-real");

    static final String SUBAGENT_GATE = "subagent-parent";
    static final String FIRST_BYTE_GATE = "first-byte";

    @BeforeAll
    static void script() {
        drive.model().script("plain", say("Hello from the scripted model."))
                .script("allow", call("Bash", Map.of("command", "echo allowed > allowed.txt", "description", "write")),
                        say("Wrote it."))
                .script("deny", call("Bash", Map.of("command", "echo denied > denied.txt", "description", "write")),
                        say("Understood, not writing."))
                .script("timeout", call("Bash", Map.of("command", "echo late > late.txt", "description", "write")),
                        say("Wrote it after all."))
                .script("error", new ScriptedModel.Fail(500, "api_error"))
                .script("overloaded", new ScriptedModel.Fail(529, "overloaded_error"))
                .script("long", calls(read("a.txt"), read("b.txt")), call("Read", drive.fileInput("c.txt")),
                        say("Read all three."))
                .script("subagent", call("Agent", Map.of("description", "inner check",
                        "prompt", "scenario:inner answer briefly", "subagent_type", "general-purpose")),
                        new ScriptedModel.Hold(SUBAGENT_GATE, "The subagent answered."))
                .script("inner", say("Inner answer."))
                .script("report", call("Bash", Map.of("command",
                        "signaltty report --status completed --summary 'did the scripted work'", "description", "report")),
                        say("Reported."))
                .script("interrupt", new ScriptedModel.Stall("Thinking for a long time", Duration.ofSeconds(90)))
                .script("interrupt-again", new ScriptedModel.Stall("Still thinking, slowly", Duration.ofSeconds(90)))
                .script("after-interrupt", say("Back after the interrupts."))
                .script("first-byte", new ScriptedModel.Mute(FIRST_BYTE_GATE, "Too late to matter."))
                .script("after-first-byte", say("Answered after the early interrupt."))
                .script("usage", call("Read", drive.fileInput("a.txt")), say("Counted."))
                .script("task-plain", say("Answered without a report."))
                .script("resume-first", say("I will remember the word pelican."))
                .script("resume-second", say("The word was pelican."));
    }

    /** Runs this build's CLI against the daemon; returns its exit status and stdout. */
    static Map.Entry<Integer, String> cli(String... args) throws Exception {
        List<String> command = new java.util.ArrayList<>(FakeAgent.cli());
        command.add("--no-start");
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD);
        builder.environment().keySet().removeIf(k -> k.startsWith("SIGNALTTY_"));
        builder.environment().put("SIGNALTTY_SOCKET", drive.daemon().socket().toString());
        Process process = builder.start();
        String out = new String(process.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertThat(process.waitFor(120, java.util.concurrent.TimeUnit.SECONDS)).isTrue();
        return Map.entry(process.exitValue(), out);
    }

    static String startTask(String objective) {
        return drive.daemon().client().call("task.start", Map.of("repo", drive.repo().toString(), "objective", objective,
                "argv", List.of(drive.claude().toString(), "--allowedTools", "Bash(signaltty report:*)"),
                "ready_timeout_s", 90, "stall_timeout_s", 30)).get("task").get("task_id").asString();
    }

    static ScriptedModel.Tool read(String name) {
        return new ScriptedModel.Tool("Read", drive.fileInput(name));
    }

    @Test
    void aPlainAnswerIsOneTurnFromIdleToDone() {
        String pane = drive.spawn();
        JsonNode before = drive.baseline(pane);
        drive.submit(pane, "scenario:plain say hello");
        JsonNode done = drive.waitFor(pane, "done", before);
        assertThat(done.get("outcome").asString()).isEqualTo("done");
        assertThat(drive.timeline().awaitLifecycle(pane, TURN, "done")).containsExactlyElementsOf(Scenario.CLAUDE_PLAIN.lifecycle());
        eventually(TURN, () -> drive.timeline().attention(pane).equals(Scenario.CLAUDE_PLAIN.attention())); // journaled just after the lifecycle move
        JsonNode got = drive.daemon().client().call("pane.get", Map.of("pane_id", pane));
        assertThat(got.get("agent").asString()).isEqualTo("claude");
        assertThat(got.get("wait_baseline").get("agent_session_id").asString()).isNotBlank();
        drive.awaitScreen(pane, "Hello from the scripted model.");
    }

    @Test
    void aPermissionAnsweredAllowRunsTheTool() {
        String pane = drive.spawn();
        drive.submit(pane, "scenario:allow write the file");
        String decision = drive.pendingDecision(pane);
        drive.daemon().client().call("decision.answer", Map.of("decision_id", decision, "option_id", "allow_once"));
        assertThat(drive.timeline().awaitLifecycle(pane, TURN, "done")).containsExactlyElementsOf(Scenario.CLAUDE_ALLOW.lifecycle());
        assertThat(drive.timeline().decisions(pane)).containsExactlyElementsOf(Scenario.CLAUDE_ALLOW.decisions());
        eventually(TURN, () -> drive.timeline().attention(pane).equals(Scenario.CLAUDE_ALLOW.attention())); // journaled just after the lifecycle move
        eventually(TURN, () -> Files.exists(drive.project().resolve("allowed.txt")));
    }

    @Test
    void aPermissionAnsweredDenyKeepsTheToolFromRunning() {
        String pane = drive.spawn();
        drive.submit(pane, "scenario:deny write the file");
        String decision = drive.pendingDecision(pane);
        drive.daemon().client().call("decision.answer", Map.of("decision_id", decision, "option_id", "deny"));
        assertThat(drive.timeline().awaitLifecycle(pane, TURN, "done")).containsExactlyElementsOf(Scenario.CLAUDE_DENY.lifecycle());
        assertThat(drive.timeline().decisions(pane)).containsExactlyElementsOf(Scenario.CLAUDE_DENY.decisions());
        drive.awaitScreen(pane, "Understood, not writing.");
        assertThat(drive.project().resolve("denied.txt")).doesNotExist();
    }

    /** A timeout never allows: Claude falls back to its own prompt; only a person's "yes" there runs the tool. */
    @Test
    void aPermissionLeftToTimeOutNeverAllows() {
        String pane = drive.spawn();
        drive.submit(pane, "scenario:timeout write the file");
        drive.pendingDecision(pane);
        eventually(Duration.ofSeconds(90), () -> drive.timeline().decisions(pane).contains("cleared:native_cancelled"));
        drive.awaitScreen(pane, "Do you want to proceed?");
        assertThat(drive.project().resolve("late.txt")).doesNotExist();
        JsonNode got = drive.daemon().client().call("pane.get", Map.of("pane_id", pane));
        assertThat(got.get("lifecycle").asString()).isEqualTo("blocked");
        assertThat(got.get("attention").asString()).isEqualTo("permission_required");
        drive.press(pane, "1");
        assertThat(drive.timeline().awaitLifecycle(pane, TURN, "done")).containsExactlyElementsOf(Scenario.CLAUDE_TIMEOUT.lifecycle());
        assertThat(drive.timeline().decisions(pane)).containsExactlyElementsOf(Scenario.CLAUDE_TIMEOUT.decisions());
        assertThat(drive.project().resolve("late.txt")).exists();
    }

    /** StopFailure (Claude gives up after CLAUDE_CODE_MAX_RETRIES) ends the turn: the pane is never left working. */
    @Test
    void anApiErrorEndsTheTurnThroughStopFailure() {
        String pane = drive.spawn();
        drive.submit(pane, "scenario:error fail please");
        assertThat(drive.timeline().awaitLifecycle(pane, TURN, "done"))
                .containsExactlyElementsOf(Scenario.CLAUDE_API_ERROR.lifecycle().subList(0, 3)); // the first turn
        // StopFailure's unread may come just after the done: Claude's status file can end the turn first (ADR 0320)
        JsonNode[] found = {null};
        eventually(TURN, () -> {
            for (JsonNode r : drive.daemon().client().call("attention.pending", Map.of()).get("panes")) {
                if (pane.equals(r.get("pane_id").asString())) {
                    found[0] = r;
                }
            }
            return found[0] != null;
        });
        JsonNode row = found[0];
        assertThat(row.get("attention").asString()).isEqualTo("unread");
        assertThat(row.get("message").asString()).startsWith("the turn failed");
        JsonNode before = drive.baseline(pane);
        drive.submit(pane, "scenario:overloaded fail again");
        assertThat(drive.waitFor(pane, "done", before).get("outcome").asString()).isEqualTo("done");
        assertThat(drive.timeline().awaitLifecycle(pane, TURN, "done")).containsExactlyElementsOf(Scenario.CLAUDE_API_ERROR.lifecycle());
    }

    @Test
    void aLongTurnWithSeveralToolCallsStaysWorkingUntilItsEnd() {
        String pane = drive.spawn();
        drive.submit(pane, "scenario:long read the files");
        assertThat(drive.timeline().awaitLifecycle(pane, TURN, "done")).containsExactlyElementsOf(Scenario.CLAUDE_LONG.lifecycle());
        drive.awaitScreen(pane, "Read all three.");
        assertThat(drive.model().requests("long").stream().filter(ScriptedModel.Recorded::tools)
                .map(ScriptedModel.Recorded::step).distinct().toList()).containsExactly(0, 1, 2);
    }

    /** SubagentStart/SubagentStop are inside the parent's turn: only the parent's Stop ends it. */
    @Test
    void aSubagentRunsInsideTheTurnAndItsStopDoesNotEndIt() {
        String pane = drive.spawn();
        drive.submit(pane, "scenario:subagent ask a subagent");
        // the parent's answer is held open: by then the subagent has stopped, and its SubagentStop has been
        // reported (it names the subagent's transcript, which usage then counts)
        eventually(TURN, () -> drive.model().requests("subagent").stream().anyMatch(r -> r.tools() && r.step() == 1));
        eventually(TURN, () -> drive.daemon().client().call("pane.get", Map.of("pane_id", pane)).path("usage")
                .path("transcripts").asInt() == 2);
        assertThat(drive.model().requests("inner")).isNotEmpty();
        assertThat(drive.daemon().client().call("pane.get", Map.of("pane_id", pane)).get("lifecycle").asString())
                .isEqualTo("working");
        drive.model().release(SUBAGENT_GATE);
        assertThat(drive.timeline().awaitLifecycle(pane, TURN, "done")).containsExactlyElementsOf(Scenario.CLAUDE_SUBAGENT.lifecycle());
        drive.awaitScreen(pane, "The subagent answered.");
    }

    /**
     * Submits a turn the model holds open mid-stream, presses {@code key} once Claude shows the streamed
     * {@code text}, and waits for the turn's end. (Interrupted before any answer arrived, Claude 2.1.197 puts
     * the prompt back into its input and writes no marker: the status file ends that turn, tested below.)
     */
    static void interruptMidStream(String pane, String scenario, String text, String key) {
        JsonNode before = drive.baseline(pane);
        drive.submit(pane, "scenario:" + scenario + " think for a long time");
        drive.awaitScreen(pane, text);
        drive.press(pane, key);
        try {
            assertThat(drive.waitFor(pane, "done", before).get("outcome").asString()).isEqualTo("done");
        } catch (AssertionError e) {
            throw new AssertionError("pane " + pane + " lifecycle " + drive.timeline().lifecycle(pane) + ", model " + drive.model().requests()
                    + ", transcripts " + drive.transcripts() + ", screen:\n" + drive.screen(pane), e);
        }
    }

    /**
     * Claude fires no hook for Esc or Ctrl-C; its transcript's interrupt line, naming the turn's prompt,
     * ends the turn (ADR 0290). The second turn starts after the first marker: that one must not end it.
     */
    @Test
    void anInterruptEndsTheTurnThroughTheTranscript() {
        String pane = drive.spawn();
        interruptMidStream(pane, "interrupt", "Thinking for a long time", "\u001b");
        // Claude's status file may turn idle before the marker is written: the marker then refines the source
        JsonNode[] explained = {null};
        eventually(TURN, () -> "transcript".equals((explained[0] = drive.daemon().client().call("agent.explain",
                Map.of("pane_id", pane)).get("lifecycle")).get("source").asString()));
        JsonNode lifecycle = explained[0];
        assertThat(lifecycle.get("state").asString()).isEqualTo("done");
        assertThat(lifecycle.get("cause").asString()).isEqualTo("turn_end");
        assertThat(lifecycle.get("matched").asString()).isEqualTo("[Request interrupted by user]");
        assertThat(lifecycle.get("file").asString()).endsWith(drive.baseline(pane).get("agent_session_id").asString() + ".jsonl");
        interruptMidStream(pane, "interrupt-again", "Still thinking, slowly", "\u0003");
        assertThat(drive.daemon().client().call("pane.get", Map.of("pane_id", pane)).get("attention").asString()).isEqualTo("none");
        JsonNode before = drive.baseline(pane);
        drive.submit(pane, "scenario:after-interrupt go on");
        drive.waitFor(pane, "done", before);
        drive.assertLifecycle(pane, Scenario.CLAUDE_INTERRUPT.lifecycle());
        drive.awaitScreen(pane, "Back after the interrupts.");
        // the conversation went on: the model got both interrupted turns back with the next prompt
        assertThat(drive.model().bodies("after-interrupt").getFirst().body().path("messages").toString())
                .contains("[Request interrupted by user]");
    }

    /**
     * Esc while the model has not sent a byte yet: Claude 2.1.197 puts the prompt back into its input and
     * writes no marker and fires no hook; only its status file ({@code sessions/<pid>.json}) turns idle, and
     * that ends the turn (ADR 0320). Without it the pane stays {@code working} and the wait times out.
     */
    @Test
    void anInterruptBeforeTheModelsFirstByteEndsTheTurnThroughTheStatusFile() {
        String pane = drive.spawn();
        JsonNode before = drive.baseline(pane);
        drive.submit(pane, "scenario:first-byte wait for the model");
        // the request is at the model, which holds back even its response headers
        eventually(TURN, () -> drive.model().requests("first-byte").stream().anyMatch(ScriptedModel.Recorded::tools));
        drive.timeline().awaitLifecycle(pane, TURN, "working");
        drive.press(pane, "\u001b");
        try {
            assertThat(drive.waitFor(pane, "done", before).get("outcome").asString()).isEqualTo("done");
        } catch (AssertionError e) {
            throw new AssertionError("pane " + pane + " lifecycle " + drive.timeline().lifecycle(pane) + ", transcripts "
                    + drive.transcripts() + ", screen:\n" + drive.screen(pane), e);
        } finally {
            drive.model().release(FIRST_BYTE_GATE);
        }
        JsonNode lifecycle = drive.daemon().client().call("agent.explain", Map.of("pane_id", pane)).get("lifecycle");
        assertThat(lifecycle.get("state").asString()).isEqualTo("done");
        assertThat(lifecycle.get("source").asString()).isEqualTo("status_file");
        assertThat(lifecycle.get("cause").asString()).isEqualTo("turn_end");
        assertThat(lifecycle.get("matched").asString()).startsWith("\"status\":\"idle\"");
        assertThat(Path.of(lifecycle.get("file").asString()).getParent().getFileName().toString()).isEqualTo("sessions");
        assertThat(drive.daemon().client().call("pane.get", Map.of("pane_id", pane)).get("attention").asString()).isEqualTo("none");
        assertThat(drive.transcriptOf(pane)).doesNotContain("[Request interrupted by user"); // no marker: the status file alone
        // clear the prompt Claude put back into its input (Ctrl-U), then the next turn runs as usual
        drive.press(pane, "\u0015");
        before = drive.baseline(pane);
        drive.submit(pane, "scenario:after-first-byte go on");
        drive.waitFor(pane, "done", before);
        drive.assertLifecycle(pane, Scenario.CLAUDE_INTERRUPT_FIRST_BYTE.lifecycle());
        drive.awaitScreen(pane, "Answered after the early interrupt.");
    }

    /** The worker reports through the real CLI from its Bash tool; the state then never changes again. */
    @Test
    void aWorkerThatReportsCompletesItsTaskAndALateReportIsRefused() throws Exception {
        String task = startTask("scenario:report do the work");
        Map.Entry<Integer, String> waited = cli("--json", "task", "wait", task, "--until", "terminal", "--timeout", "180");
        assertThat(waited.getKey()).isZero();
        assertThat(waited.getValue()).contains("\"state\":\"completed\"");
        String pane = drive.daemon().client().call("task.get", Map.of("task_id", task)).get("task").get("pane_id").asString();
        drive.timeline().awaitLifecycle(pane, TURN, "done");
        Map.Entry<Integer, String> late = cli("report", "--task", task, "--status", "failed", "--summary", "too late");
        assertThat(late.getKey()).isEqualTo(1);
        JsonNode got = drive.daemon().client().call("task.get", Map.of("task_id", task)).get("task");
        assertThat(got.get("state").asString()).isEqualTo("completed");
        assertThat(got.get("evidence").get("late_report").get("status").asString()).isEqualTo("failed");
        assertThat(drive.timeline().task(task)).containsExactlyElementsOf(Scenario.CLAUDE_WORKER_REPORTS.lifecycle());
        // the worker idles at done: a wait for work that never comes is TIMEOUT, exit status 4
        assertThat(cli("wait", pane, "--until", "working", "--timeout", "1").getKey()).isEqualTo(4);
        drive.daemon().client().call("task.finish", Map.of("task_id", task, "discard", true));
    }

    /** A worker whose turn ends without a report parks its task (seed L83: turn-end drops park it). */
    @Test
    void aTurnThatEndsWithoutAReportSettlesTheTaskAtInputRequired() throws Exception {
        String task = startTask("scenario:task-plain just answer");
        Map.Entry<Integer, String> waited = cli("--json", "task", "wait", task, "--timeout", "180");
        assertThat(waited.getKey()).isZero();
        JsonNode got = drive.daemon().client().call("task.get", Map.of("task_id", task)).get("task");
        assertThat(got.get("state").asString()).isEqualTo("input_required");
        assertThat(got.get("evidence").get("reason").asString()).isEqualTo("turn_ended_without_report");
        assertThat(got.get("evidence").get("stage").asString()).isEqualTo("turn_end");
        assertThat(drive.timeline().task(task)).containsExactlyElementsOf(Scenario.CLAUDE_WORKER_SILENT.lifecycle());
        // the worker's tokens, from its transcript: one model turn of the script (ADR 0215)
        assertThat(drive.model().requests("task-plain").stream().filter(ScriptedModel.Recorded::tools).count()).isEqualTo(1);
        Usages.awaitUsage(TURN, () -> drive.daemon().client().call("task.get", Map.of("task_id", task)).get("usage"),
                Usages.claude(1));
        assertThat(drive.daemon().client().call("pane.get", Map.of("pane_id", got.get("pane_id").asString())).get("usage"))
                .isEqualTo(Usages.claude(1));
        drive.daemon().client().call("task.cancel", Map.of("task_id", task));
        assertThat(cli("task", "wait", task, "--timeout", "30").getKey()).isEqualTo(3);
        drive.daemon().client().call("task.finish", Map.of("task_id", task, "discard", true));
    }

    /** Tokens per message from Claude's transcript, counted once per message id, in pane.get and the metrics. */
    @Test
    void usageFromTheTranscriptArrivesInPaneGetAndTheMetrics() throws Exception {
        String pane = drive.spawn();
        int port = drive.daemon().bean(dev.signaltty.transport.internal.metrics.MetricsEndpoint.class).port();
        Map<String, Double> before = Usages.metrics(port, "claude");
        drive.submit(pane, "scenario:usage read a file");
        assertThat(drive.timeline().awaitLifecycle(pane, TURN, "done")).containsExactlyElementsOf(Scenario.CLAUDE_USAGE.lifecycle());
        assertThat(drive.model().requests("usage").stream().filter(ScriptedModel.Recorded::tools).count()).isEqualTo(2);
        JsonNode usage = Usages.awaitUsage(TURN, () -> drive.daemon().client().call("pane.get", Map.of("pane_id", pane))
                .get("usage"), Usages.claude(2));
        assertThat(usage.get("transcripts").asInt()).isEqualTo(1);
        Map<String, Double> after = Usages.metrics(port, "claude");
        assertThat(Usages.delta(before, after)).containsExactlyInAnyOrderEntriesOf(Map.of(
                "input", 2.0 * ScriptedModel.INPUT_TOKENS, "output", 2.0 * ScriptedModel.OUTPUT_TOKENS,
                "cache_read", 2.0 * ScriptedModel.CACHE_READ_TOKENS,
                "cache_creation", 2.0 * ScriptedModel.CACHE_CREATION_TOKENS, "reasoning_output", 0.0));
        dev.signaltty.transport.internal.metrics.MetricsEndpointTest.promtool(
                dev.signaltty.transport.internal.metrics.MetricsEndpointTest.scrape(port));
    }

    /** The agent exits; pane.resume runs {@code claude --resume <session>} and the conversation comes back. */
    @Test
    void anExitedClaudeResumesItsConversation() {
        String pane = drive.spawn();
        drive.submit(pane, "scenario:resume-first remember a word");
        drive.timeline().awaitLifecycle(pane, TURN, "done");
        String session = drive.baseline(pane).get("agent_session_id").asString();
        drive.typeAndEnter(pane, "/exit");
        drive.daemon().awaitExited(pane, TURN);
        JsonNode resumed = drive.daemon().client().call("pane.resume", Map.of("pane_id", pane));
        drive.awaitScreen(pane, "I will remember the word pelican.");
        drive.timeline().awaitLifecycle(pane, TURN, "idle");
        drive.awaitScreen(pane, "❯");
        drive.submit(pane, "scenario:resume-second which word was it");
        List<String> seen = drive.timeline().awaitLifecycle(pane, TURN, "done");
        assertThat(seen).as(resumed.toString()).containsExactlyElementsOf(Scenario.CLAUDE_RESUME.lifecycle());
        assertThat(drive.baseline(pane).get("agent_session_id").asString()).isEqualTo(session);
        // the model got the first turn back with the second prompt
        assertThat(drive.model().bodies("resume-second").getFirst().body().path("messages").toString()).contains("pelican");
        drive.awaitScreen(pane, "The word was pelican.");
    }
}
