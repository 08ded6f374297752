package dev.signaltty.agent.real;

import static dev.signaltty.agent.real.ScriptedModel.call;
import static dev.signaltty.agent.real.ScriptedModel.calls;
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
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import dev.signaltty.agent.FakeAgent;
import dev.signaltty.support.DaemonFixture;
import dev.signaltty.support.ProtocolClient;
import tools.jackson.databind.JsonNode;

/**
 * The real Claude Code (pinned, {@link RealAgents}) in real panes of one daemon, against the scripted
 * model: each scenario asserts the exact lifecycle / attention / decision sequence the hooks produce.
 * The table of these sequences is in docs/agents.md ("Real agents").
 */
class ClaudeCodeRealTest {

    @RegisterExtension
    static final RealAgents agents = new RealAgents();

    /** A PermissionRequest hook waits 20 s here, so the timeout scenario is short; answers come sooner. */
    @RegisterExtension
    static final DaemonFixture daemon = new DaemonFixture("claude-real", FakeAgent.cliProperty(),
            "signaltty.agent.permission-wait-s=20", "signaltty.metrics.enabled=true", "signaltty.metrics.port=0");

    static final Duration TURN = Duration.ofSeconds(120);
    static final String SUBAGENT_GATE = "subagent-parent";
    static final String FIRST_BYTE_GATE = "first-byte";
    static final String AUTO_COMPACT_GATE = "auto-compact";
    static final String REACTIVE_GATE = "reactive-compact";
    static ScriptedModel model;
    static Timeline timeline;
    static Path project;
    static Path claude;
    static Path repo;

    static void git(Path dir, String... args) throws Exception {
        List<String> command = new java.util.ArrayList<>(List.of("git", "-C", dir.toString()));
        command.addAll(List.of(args));
        assertThat(new ProcessBuilder(command).inheritIO().start().waitFor()).isZero();
    }

    /** Runs this build's CLI against the daemon; returns its exit status and stdout. */
    static Map.Entry<Integer, String> cli(String... args) throws Exception {
        List<String> command = new java.util.ArrayList<>(FakeAgent.cli());
        command.add("--no-start");
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD);
        builder.environment().keySet().removeIf(k -> k.startsWith("SIGNALTTY_"));
        builder.environment().put("SIGNALTTY_SOCKET", daemon.socket().toString());
        Process process = builder.start();
        String out = new String(process.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertThat(process.waitFor(120, java.util.concurrent.TimeUnit.SECONDS)).isTrue();
        return Map.entry(process.exitValue(), out);
    }

    static String startTask(String objective) {
        return daemon.client().call("task.start", Map.of("repo", repo.toString(), "objective", objective,
                "argv", List.of(claude.toString(), "--allowedTools", "Bash(signaltty report:*)"),
                "ready_timeout_s", 90, "stall_timeout_s", 30)).get("task").get("task_id").asString();
    }

    @BeforeAll
    static void start() throws Exception {
        model = ScriptedModel.start();
        project = Files.createDirectories(daemon.root().resolve("project"));
        for (String name : List.of("a.txt", "b.txt", "c.txt")) {
            Files.writeString(project.resolve(name), "contents of " + name + "\n");
        }
        repo = Files.createDirectories(daemon.root().resolve("repo"));
        git(repo, "init", "-q", "-b", "main");
        Files.writeString(repo.resolve("README"), "task repo\n");
        git(repo, "add", "README");
        git(repo, "-c", "user.name=t", "-c", "user.email=t@example.invalid", "commit", "-q", "-m", "init");
        // task worktrees are in the state dir under the root (ADR 0195): trusting the root trusts them
        claude = RealClaude.install(daemon.root().resolve("claude"), model, List.of(project, daemon.root()), Map.of());
        timeline = new Timeline(daemon::connect);
        model.script("plain", say("Hello from the scripted model."))
                .script("allow", call("Bash", Map.of("command", "echo allowed > allowed.txt", "description", "write")),
                        say("Wrote it."))
                .script("deny", call("Bash", Map.of("command", "echo denied > denied.txt", "description", "write")),
                        say("Understood, not writing."))
                .script("timeout", call("Bash", Map.of("command", "echo late > late.txt", "description", "write")),
                        say("Wrote it after all."))
                .script("error", new ScriptedModel.Fail(500, "api_error"))
                .script("overloaded", new ScriptedModel.Fail(529, "overloaded_error"))
                .script("long", calls(read("a.txt"), read("b.txt")), call("Read", fileInput("c.txt")),
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
                .script("compact-first", say("I will remember the word heron."))
                .script("compact-second", say("Still remembering it."))
                .script("compact-after", say("The word was heron."))
                .script("auto-compact-first", say("I will remember the word heron."))
                .script("auto-compact", call("Read", fileInput("a.txt")),
                        new ScriptedModel.Hold(AUTO_COMPACT_GATE, "Answered after the compaction."))
                .inputTokens("auto-compact", 0, 90_000)
                .compactionSummary("auto-compact", "<summary>1. The user asked to remember the word heron, then "
                        + "(scenario:auto-compact) to read a file; the model called Read.</summary>")
                .script("reactive-first", say("I will remember the word heron."))
                .script("reactive", call("Read", fileInput("b.txt")), new ScriptedModel.Fail(400, "invalid_request_error",
                        "prompt is too long: 1050000 tokens > 1000000 maximum"))
                .compactionSummary("reactive", "<summary>1. The user asked to remember the word heron, then "
                        + "(scenario:reactive-after) to read a file; the model called Read.</summary>")
                // the Read kept after the summary makes the request after the compaction step 1
                .script("reactive-after", say("Never sent: the summary is followed by the Read."),
                        new ScriptedModel.Hold(REACTIVE_GATE, "Answered after the reactive compaction."))
                .script("usage", call("Read", fileInput("a.txt")), say("Counted."))
                .script("task-plain", say("Answered without a report."))
                .script("resume-first", say("I will remember the word pelican."))
                .script("resume-second", say("The word was pelican."));
    }

    @AfterAll
    static void stop() {
        timeline.close();
        model.close();
    }

    static ScriptedModel.Tool read(String name) {
        return new ScriptedModel.Tool("Read", fileInput(name));
    }

    static Map<String, Object> fileInput(String name) {
        return Map.of("file_path", project.resolve(name).toString());
    }

    /** A Claude pane at its prompt (lifecycle idle from SessionStart). */
    static String spawnClaude() {
        return spawnClaude(claude);
    }

    /** A pane of {@code launcher} (a {@link RealClaude} launcher) at its prompt. */
    static String spawnClaude(Path launcher, String... args) {
        List<String> argv = new java.util.ArrayList<>(List.of(launcher.toString()));
        argv.addAll(List.of(args));
        Map<String, Object> params = new HashMap<>(Map.of("workspace_id", daemon.workspace(),
                "argv", argv, "cwd", project.toString(), "cols", 120, "rows", 40));
        String pane = daemon.client().call("pane.spawn", params).get("pane_id").asString();
        timeline.awaitLifecycle(pane, TURN, "idle");
        awaitScreen(pane, "❯");
        return pane;
    }

    static void awaitScreen(String pane, String text) {
        try {
            eventually(TURN, () -> screen(pane).contains(text));
        } catch (AssertionError e) {
            throw new AssertionError("screen of " + pane + " never showed " + text + ":\n" + screen(pane), e);
        }
    }

    static String screen(String pane) {
        return daemon.client().call("pane.read", Map.of("pane_id", pane, "mode", "screen")).get("text").asString();
    }

    static JsonNode baseline(String pane) {
        return daemon.client().call("pane.get", Map.of("pane_id", pane)).get("wait_baseline");
    }

    static void submit(String pane, String text) {
        try (ProtocolClient c = daemon.connect()) {
            c.call("pane.submit", Map.of("pane_id", pane, "text", text, "stall_timeout_s", 60));
        }
    }

    static JsonNode waitFor(String pane, String until, JsonNode after) {
        try (ProtocolClient c = daemon.connect()) {
            // under the client's own 120 s read deadline, so a TIMEOUT arrives as an answer
            return c.call("wait", Map.of("pane_id", pane, "until", List.of(until), "after", after, "timeout_s", 110));
        }
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

    @Test
    void aPlainAnswerIsOneTurnFromIdleToDone() {
        String pane = spawnClaude();
        JsonNode before = baseline(pane);
        submit(pane, "scenario:plain say hello");
        JsonNode done = waitFor(pane, "done", before);
        assertThat(done.get("outcome").asString()).isEqualTo("done");
        assertThat(timeline.awaitLifecycle(pane, TURN, "done")).containsExactlyElementsOf(Scenario.CLAUDE_PLAIN.lifecycle());
        eventually(TURN, () -> timeline.attention(pane).equals(Scenario.CLAUDE_PLAIN.attention())); // journaled just after the lifecycle move
        JsonNode got = daemon.client().call("pane.get", Map.of("pane_id", pane));
        assertThat(got.get("agent").asString()).isEqualTo("claude");
        assertThat(got.get("wait_baseline").get("agent_session_id").asString()).isNotBlank();
        awaitScreen(pane, "Hello from the scripted model.");
    }

    @Test
    void aPermissionAnsweredAllowRunsTheTool() {
        String pane = spawnClaude();
        submit(pane, "scenario:allow write the file");
        String decision = pendingDecision(pane);
        daemon.client().call("decision.answer", Map.of("decision_id", decision, "option_id", "allow_once"));
        assertThat(timeline.awaitLifecycle(pane, TURN, "done")).containsExactlyElementsOf(Scenario.CLAUDE_ALLOW.lifecycle());
        assertThat(timeline.decisions(pane)).containsExactlyElementsOf(Scenario.CLAUDE_ALLOW.decisions());
        eventually(TURN, () -> timeline.attention(pane).equals(Scenario.CLAUDE_ALLOW.attention())); // journaled just after the lifecycle move
        eventually(TURN, () -> Files.exists(project.resolve("allowed.txt")));
    }

    @Test
    void aPermissionAnsweredDenyKeepsTheToolFromRunning() {
        String pane = spawnClaude();
        submit(pane, "scenario:deny write the file");
        String decision = pendingDecision(pane);
        daemon.client().call("decision.answer", Map.of("decision_id", decision, "option_id", "deny"));
        assertThat(timeline.awaitLifecycle(pane, TURN, "done")).containsExactlyElementsOf(Scenario.CLAUDE_DENY.lifecycle());
        assertThat(timeline.decisions(pane)).containsExactlyElementsOf(Scenario.CLAUDE_DENY.decisions());
        awaitScreen(pane, "Understood, not writing.");
        assertThat(project.resolve("denied.txt")).doesNotExist();
    }

    /** A timeout never allows: Claude falls back to its own prompt; only a person's "yes" there runs the tool. */
    @Test
    void aPermissionLeftToTimeOutNeverAllows() {
        String pane = spawnClaude();
        submit(pane, "scenario:timeout write the file");
        pendingDecision(pane);
        eventually(Duration.ofSeconds(90), () -> timeline.decisions(pane).contains("cleared:native_cancelled"));
        awaitScreen(pane, "Do you want to proceed?");
        assertThat(project.resolve("late.txt")).doesNotExist();
        JsonNode got = daemon.client().call("pane.get", Map.of("pane_id", pane));
        assertThat(got.get("lifecycle").asString()).isEqualTo("blocked");
        assertThat(got.get("attention").asString()).isEqualTo("permission_required");
        daemon.client().call("pane.write", Map.of("pane_id", pane, "data", "1"));
        assertThat(timeline.awaitLifecycle(pane, TURN, "done")).containsExactlyElementsOf(Scenario.CLAUDE_TIMEOUT.lifecycle());
        assertThat(timeline.decisions(pane)).containsExactlyElementsOf(Scenario.CLAUDE_TIMEOUT.decisions());
        assertThat(project.resolve("late.txt")).exists();
    }

    /** StopFailure (Claude gives up after CLAUDE_CODE_MAX_RETRIES) ends the turn: the pane is never left working. */
    @Test
    void anApiErrorEndsTheTurnThroughStopFailure() {
        String pane = spawnClaude();
        submit(pane, "scenario:error fail please");
        assertThat(timeline.awaitLifecycle(pane, TURN, "done"))
                .containsExactlyElementsOf(Scenario.CLAUDE_API_ERROR.lifecycle().subList(0, 3)); // the first turn
        // StopFailure's unread may come just after the done: Claude's status file can end the turn first (ADR 0320)
        JsonNode[] found = {null};
        eventually(TURN, () -> {
            for (JsonNode r : daemon.client().call("attention.pending", Map.of()).get("panes")) {
                if (pane.equals(r.get("pane_id").asString())) {
                    found[0] = r;
                }
            }
            return found[0] != null;
        });
        JsonNode row = found[0];
        assertThat(row.get("attention").asString()).isEqualTo("unread");
        assertThat(row.get("message").asString()).startsWith("the turn failed");
        JsonNode before = baseline(pane);
        submit(pane, "scenario:overloaded fail again");
        assertThat(waitFor(pane, "done", before).get("outcome").asString()).isEqualTo("done");
        assertThat(timeline.awaitLifecycle(pane, TURN, "done")).containsExactlyElementsOf(Scenario.CLAUDE_API_ERROR.lifecycle());
    }

    @Test
    void aLongTurnWithSeveralToolCallsStaysWorkingUntilItsEnd() {
        String pane = spawnClaude();
        submit(pane, "scenario:long read the files");
        assertThat(timeline.awaitLifecycle(pane, TURN, "done")).containsExactlyElementsOf(Scenario.CLAUDE_LONG.lifecycle());
        awaitScreen(pane, "Read all three.");
        assertThat(model.requests("long").stream().filter(ScriptedModel.Recorded::tools)
                .map(ScriptedModel.Recorded::step).distinct().toList()).containsExactly(0, 1, 2);
    }

    /** SubagentStart/SubagentStop are inside the parent's turn: only the parent's Stop ends it. */
    @Test
    void aSubagentRunsInsideTheTurnAndItsStopDoesNotEndIt() {
        String pane = spawnClaude();
        submit(pane, "scenario:subagent ask a subagent");
        // the parent's answer is held open: by then the subagent has stopped, and its SubagentStop has been
        // reported (it names the subagent's transcript, which usage then counts)
        eventually(TURN, () -> model.requests("subagent").stream().anyMatch(r -> r.tools() && r.step() == 1));
        eventually(TURN, () -> daemon.client().call("pane.get", Map.of("pane_id", pane)).path("usage")
                .path("transcripts").asInt() == 2);
        assertThat(model.requests("inner")).isNotEmpty();
        assertThat(daemon.client().call("pane.get", Map.of("pane_id", pane)).get("lifecycle").asString())
                .isEqualTo("working");
        model.release(SUBAGENT_GATE);
        assertThat(timeline.awaitLifecycle(pane, TURN, "done")).containsExactlyElementsOf(Scenario.CLAUDE_SUBAGENT.lifecycle());
        awaitScreen(pane, "The subagent answered.");
    }

    /**
     * Submits a turn the model holds open mid-stream, presses {@code key} once Claude shows the streamed
     * {@code text}, and waits for the turn's end. (Interrupted before any answer arrived, Claude 2.1.197 puts
     * the prompt back into its input and writes no marker: the status file ends that turn, tested below.)
     */
    static void interruptMidStream(String pane, String scenario, String text, String key) {
        JsonNode before = baseline(pane);
        submit(pane, "scenario:" + scenario + " think for a long time");
        awaitScreen(pane, text);
        daemon.client().call("pane.write", Map.of("pane_id", pane, "data", key));
        try {
            assertThat(waitFor(pane, "done", before).get("outcome").asString()).isEqualTo("done");
        } catch (AssertionError e) {
            throw new AssertionError("pane " + pane + " lifecycle " + timeline.lifecycle(pane) + ", model " + model.requests()
                    + ", transcripts " + transcripts() + ", screen:\n" + screen(pane), e);
        }
    }

    /** Claude's transcripts' last lines (diagnostics). */
    static String transcripts() {
        try (java.util.stream.Stream<Path> files = Files.walk(daemon.root().resolve("claude"))) {
            StringBuilder out = new StringBuilder();
            for (Path file : files.filter(f -> f.toString().endsWith(".jsonl")).toList()) {
                List<String> lines = Files.readAllLines(file);
                out.append("\n== ").append(file).append('\n');
                lines.subList(Math.max(0, lines.size() - 8), lines.size())
                        .forEach(l -> out.append(l, 0, Math.min(l.length(), 400)).append('\n'));
            }
            return out.toString();
        } catch (java.io.IOException e) {
            return e.toString();
        }
    }

    static String contents(Path file) {
        try {
            return Files.readString(file);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** The pane's own Claude transcript ({@code <session>.jsonl}), whole. */
    static String transcriptOf(String pane) {
        String name = baseline(pane).get("agent_session_id").asString() + ".jsonl";
        try (java.util.stream.Stream<Path> files = Files.walk(daemon.root().resolve("claude"))) {
            Path file = files.filter(f -> f.getFileName().toString().equals(name)).findFirst().orElseThrow();
            return Files.readString(file);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** Waits until the pane's lifecycle has {@code expected}'s length, then asserts it is exactly that. */
    static void assertLifecycle(String pane, List<String> expected) {
        try {
            eventually(TURN, () -> timeline.lifecycle(pane).size() >= expected.size());
        } catch (AssertionError e) {
            throw new AssertionError("pane " + pane + " lifecycle " + timeline.lifecycle(pane) + ", expected " + expected, e);
        }
        assertThat(timeline.lifecycle(pane)).containsExactlyElementsOf(expected);
    }

    /**
     * Claude fires no hook for Esc or Ctrl-C; its transcript's interrupt line, naming the turn's prompt,
     * ends the turn (ADR 0290). The second turn starts after the first marker: that one must not end it.
     */
    @Test
    void anInterruptEndsTheTurnThroughTheTranscript() {
        String pane = spawnClaude();
        interruptMidStream(pane, "interrupt", "Thinking for a long time", "\u001b");
        // Claude's status file may turn idle before the marker is written: the marker then refines the source
        JsonNode[] explained = {null};
        eventually(TURN, () -> "transcript".equals((explained[0] = daemon.client().call("agent.explain",
                Map.of("pane_id", pane)).get("lifecycle")).get("source").asString()));
        JsonNode lifecycle = explained[0];
        assertThat(lifecycle.get("state").asString()).isEqualTo("done");
        assertThat(lifecycle.get("cause").asString()).isEqualTo("turn_end");
        assertThat(lifecycle.get("matched").asString()).isEqualTo("[Request interrupted by user]");
        assertThat(lifecycle.get("file").asString()).endsWith(baseline(pane).get("agent_session_id").asString() + ".jsonl");
        interruptMidStream(pane, "interrupt-again", "Still thinking, slowly", "\u0003");
        assertThat(daemon.client().call("pane.get", Map.of("pane_id", pane)).get("attention").asString()).isEqualTo("none");
        JsonNode before = baseline(pane);
        submit(pane, "scenario:after-interrupt go on");
        waitFor(pane, "done", before);
        assertLifecycle(pane, Scenario.CLAUDE_INTERRUPT.lifecycle());
        awaitScreen(pane, "Back after the interrupts.");
        // the conversation went on: the model got both interrupted turns back with the next prompt
        assertThat(model.bodies("after-interrupt").getFirst().body().path("messages").toString())
                .contains("[Request interrupted by user]");
    }

    /**
     * Esc while the model has not sent a byte yet: Claude 2.1.197 puts the prompt back into its input and
     * writes no marker and fires no hook; only its status file ({@code sessions/<pid>.json}) turns idle, and
     * that ends the turn (ADR 0320). Without it the pane stays {@code working} and the wait times out.
     */
    @Test
    void anInterruptBeforeTheModelsFirstByteEndsTheTurnThroughTheStatusFile() {
        String pane = spawnClaude();
        JsonNode before = baseline(pane);
        submit(pane, "scenario:first-byte wait for the model");
        // the request is at the model, which holds back even its response headers
        eventually(TURN, () -> model.requests("first-byte").stream().anyMatch(ScriptedModel.Recorded::tools));
        timeline.awaitLifecycle(pane, TURN, "working");
        daemon.client().call("pane.write", Map.of("pane_id", pane, "data", "\u001b"));
        try {
            assertThat(waitFor(pane, "done", before).get("outcome").asString()).isEqualTo("done");
        } catch (AssertionError e) {
            throw new AssertionError("pane " + pane + " lifecycle " + timeline.lifecycle(pane) + ", transcripts "
                    + transcripts() + ", screen:\n" + screen(pane), e);
        } finally {
            model.release(FIRST_BYTE_GATE);
        }
        JsonNode lifecycle = daemon.client().call("agent.explain", Map.of("pane_id", pane)).get("lifecycle");
        assertThat(lifecycle.get("state").asString()).isEqualTo("done");
        assertThat(lifecycle.get("source").asString()).isEqualTo("status_file");
        assertThat(lifecycle.get("cause").asString()).isEqualTo("turn_end");
        assertThat(lifecycle.get("matched").asString()).startsWith("\"status\":\"idle\"");
        assertThat(Path.of(lifecycle.get("file").asString()).getParent().getFileName().toString()).isEqualTo("sessions");
        assertThat(daemon.client().call("pane.get", Map.of("pane_id", pane)).get("attention").asString()).isEqualTo("none");
        assertThat(transcriptOf(pane)).doesNotContain("[Request interrupted by user"); // no marker: the status file alone
        // clear the prompt Claude put back into its input (Ctrl-U), then the next turn runs as usual
        daemon.client().call("pane.write", Map.of("pane_id", pane, "data", "\u0015"));
        before = baseline(pane);
        submit(pane, "scenario:after-first-byte go on");
        waitFor(pane, "done", before);
        assertLifecycle(pane, Scenario.CLAUDE_INTERRUPT_FIRST_BYTE.lifecycle());
        awaitScreen(pane, "Answered after the early interrupt.");
    }

    /**
     * {@code /compact} between turns: Claude 2.1.197 compacts only with two model messages or more ("Not
     * enough messages to compact" after one). Its PreCompact, the summarising fork's SubagentStop,
     * SessionStart {@code compact} and PostCompact move nothing, and the next turn runs on the summary.
     */
    @Test
    void aCompactionBetweenTurnsMovesNothingAndTheConversationGoesOn() {
        String pane = spawnClaude();
        submit(pane, "scenario:compact-first remember a word");
        timeline.awaitLifecycle(pane, TURN, "done");
        JsonNode before = baseline(pane);
        submit(pane, "scenario:compact-second keep it in mind");
        waitFor(pane, "done", before);
        String session = baseline(pane).get("agent_session_id").asString();
        int compactions = model.requests(ScriptedModel.COMPACTION).size(); // other tests' compactions are the same model's
        daemon.client().call("pane.write", Map.of("pane_id", pane, "data", "/compact"));
        awaitScreen(pane, "/compact");
        daemon.client().call("pane.write", Map.of("pane_id", pane, "data", "\r"));
        awaitScreen(pane, "Compacted");
        awaitScreen(pane, "PostCompact"); // Claude lists its compaction hooks once they ran: it is back at its prompt
        assertThat(model.requests(ScriptedModel.COMPACTION)).hasSize(compactions + 1);
        before = baseline(pane);
        submit(pane, "scenario:compact-after which word was it");
        try {
            waitFor(pane, "done", before);
        } catch (AssertionError e) {
            throw new AssertionError("pane " + pane + " lifecycle " + timeline.lifecycle(pane) + ", model "
                    + model.requests() + ", screen:\n" + screen(pane), e);
        }
        assertLifecycle(pane, Scenario.CLAUDE_COMPACT.lifecycle());
        assertThat(baseline(pane).get("agent_session_id").asString()).isEqualTo(session);
        awaitScreen(pane, "The word was heron.");
        String messages = model.bodies("compact-after").getFirst().body().path("messages").toString();
        assertThat(messages).contains("remember the word heron").doesNotContain("compact-first");
    }

    /**
     * Auto-compaction inside a turn, by threshold. Claude 2.1.197 compacts before a request only when its
     * window does not come from the model alone ({@code CLAUDE_CODE_AUTO_COMPACT_WINDOW} here: 100k, so the
     * threshold is 100k less 20k of output less 13k = 67k) and the last answer's usage (input + cache + output)
     * reached it: the Read's answer reports 90k input tokens (docs/agents.md, "Claude's compaction").
     */
    @Test
    void anAutoCompactionByThresholdKeepsThePaneWorkingUntilItsStop() throws Exception {
        Path dir = daemon.root().resolve("claude").resolve("autocompact");
        Path launcher = RealClaude.install(dir, model, List.of(project, daemon.root()),
                Map.of("CLAUDE_CODE_AUTO_COMPACT_WINDOW", "100000"));
        Path debug = dir.resolve("debug.log");
        String pane = spawnClaude(launcher, "--debug-file", debug.toString());
        compactMidTurn(pane, debug, "auto-compact", "auto-compact", AUTO_COMPACT_GATE);
        assertLifecycle(pane, Scenario.CLAUDE_AUTO_COMPACT.lifecycle());
        awaitScreen(pane, "Answered after the compaction.");
    }

    /**
     * Auto-compaction inside a turn, reactive: with the window from the model alone (Opus 4.8's 1M, the
     * default here) Claude 2.1.197 compacts only when the API refuses a request as too long. The Read's
     * result is answered {@code 400 prompt is too long}: Claude compacts and sends the request again on the
     * summary, with no StopFailure in between.
     */
    @Test
    void aPromptTooLongMidTurnCompactsAndThePaneStaysWorkingUntilItsStop() throws Exception {
        Path debug = daemon.root().resolve("claude").resolve("reactive-debug.log");
        String pane = spawnClaude(claude, "--debug-file", debug.toString());
        compactMidTurn(pane, debug, "reactive", "reactive-after", REACTIVE_GATE);
        assertLifecycle(pane, Scenario.CLAUDE_REACTIVE_COMPACT.lifecycle());
        awaitScreen(pane, "Answered after the reactive compaction.");
    }

    /**
     * Runs a first turn ({@code <prefix>-first}: a compaction needs an earlier answer to summarise), then a turn
     * of {@code scenario} that Claude compacts in. Claude fires PreCompact {@code auto}, summarises in a fork,
     * fires PostCompact {@code auto} and goes on: its next request, step 1 of {@code held} (the summary names
     * that scenario; the turn's Read comes after it), is held at {@code gate}. By then every compaction hook has
     * returned, and the pane must still be {@code working}, set by the turn's UserPromptSubmit; the release lets
     * the answer and its Stop end the turn.
     */
    void compactMidTurn(String pane, Path debug, String scenario, String held, String gate) {
        submit(pane, "scenario:" + scenario + "-first remember a word");
        timeline.awaitLifecycle(pane, TURN, "done");
        JsonNode before = baseline(pane);
        int compactions = model.requests(ScriptedModel.COMPACTION).size(); // other tests' compactions are the same model's
        submit(pane, "scenario:" + scenario + " read a file");
        try {
            eventually(TURN, () -> model.requests(held).stream().anyMatch(r -> r.tools() && r.step() == 1));
        } catch (AssertionError e) {
            throw new AssertionError("pane " + pane + " lifecycle " + timeline.lifecycle(pane) + ", model "
                    + model.requests() + ", transcripts " + transcripts() + ", screen:\n" + screen(pane), e);
        }
        assertThat(model.requests(ScriptedModel.COMPACTION)).hasSize(compactions + 1);
        // Claude's debug log names each hook with its matcher, and may be written a moment behind
        eventually(TURN, () -> Files.exists(debug) && contents(debug).contains("PostCompact:auto ["));
        String log = contents(debug);
        assertThat(log).contains("PreCompact:auto [");
        assertThat(log.indexOf("PreCompact:auto [")).isLessThan(log.indexOf("PostCompact:auto ["));
        JsonNode midTurn = daemon.client().call("agent.explain", Map.of("pane_id", pane)).get("lifecycle"); // seed R124
        assertThat(midTurn.get("state").asString()).isEqualTo("working");
        assertThat(midTurn.get("source").asString()).isEqualTo("hook");
        assertThat(midTurn.get("hook_event").asString()).isEqualTo("UserPromptSubmit");
        assertThat(timeline.lifecycle(pane)).containsExactly("idle", "working", "done", "working");
        model.release(gate);
        assertThat(waitFor(pane, "done", before).get("outcome").asString()).isEqualTo("done"); // seed R20
        JsonNode end = daemon.client().call("agent.explain", Map.of("pane_id", pane)).get("lifecycle");
        assertThat(end.get("source").asString()).isEqualTo("hook");
        assertThat(end.get("hook_event").asString()).isEqualTo("Stop");
        // Claude writes its transcript behind: the compaction's boundary arrives there later
        eventually(TURN, () -> transcriptOf(pane).contains("\"subtype\":\"compact_boundary\""));
        assertThat(transcriptOf(pane)).contains("\"compactMetadata\":{\"trigger\":\"auto\"");
        // the turn went on from the summary: the held request carried it, not the first turn's prompt
        String messages = model.bodies(held).getLast().body().path("messages").toString();
        assertThat(messages).contains("This session is being continued").doesNotContain(scenario + "-first");
    }

    /** The worker reports through the real CLI from its Bash tool; the state then never changes again. */
    @Test
    void aWorkerThatReportsCompletesItsTaskAndALateReportIsRefused() throws Exception {
        String task = startTask("scenario:report do the work");
        Map.Entry<Integer, String> waited = cli("--json", "task", "wait", task, "--until", "terminal", "--timeout", "180");
        assertThat(waited.getKey()).isZero();
        assertThat(waited.getValue()).contains("\"state\":\"completed\"");
        String pane = daemon.client().call("task.get", Map.of("task_id", task)).get("task").get("pane_id").asString();
        timeline.awaitLifecycle(pane, TURN, "done");
        Map.Entry<Integer, String> late = cli("report", "--task", task, "--status", "failed", "--summary", "too late");
        assertThat(late.getKey()).isEqualTo(1);
        JsonNode got = daemon.client().call("task.get", Map.of("task_id", task)).get("task");
        assertThat(got.get("state").asString()).isEqualTo("completed");
        assertThat(got.get("evidence").get("late_report").get("status").asString()).isEqualTo("failed");
        assertThat(timeline.task(task)).containsExactlyElementsOf(Scenario.CLAUDE_WORKER_REPORTS.lifecycle());
        // the worker idles at done: a wait for work that never comes is TIMEOUT, exit status 4
        assertThat(cli("wait", pane, "--until", "working", "--timeout", "1").getKey()).isEqualTo(4);
        daemon.client().call("task.finish", Map.of("task_id", task, "discard", true));
    }

    /** A worker whose turn ends without a report parks its task (seed L83: turn-end drops park it). */
    @Test
    void aTurnThatEndsWithoutAReportSettlesTheTaskAtInputRequired() throws Exception {
        String task = startTask("scenario:task-plain just answer");
        Map.Entry<Integer, String> waited = cli("--json", "task", "wait", task, "--timeout", "180");
        assertThat(waited.getKey()).isZero();
        JsonNode got = daemon.client().call("task.get", Map.of("task_id", task)).get("task");
        assertThat(got.get("state").asString()).isEqualTo("input_required");
        assertThat(got.get("evidence").get("reason").asString()).isEqualTo("turn_ended_without_report");
        assertThat(got.get("evidence").get("stage").asString()).isEqualTo("turn_end");
        assertThat(timeline.task(task)).containsExactlyElementsOf(Scenario.CLAUDE_WORKER_SILENT.lifecycle());
        // the worker's tokens, from its transcript: one model turn of the script (ADR 0215)
        assertThat(model.requests("task-plain").stream().filter(ScriptedModel.Recorded::tools).count()).isEqualTo(1);
        Usages.awaitUsage(TURN, () -> daemon.client().call("task.get", Map.of("task_id", task)).get("usage"),
                Usages.claude(1));
        assertThat(daemon.client().call("pane.get", Map.of("pane_id", got.get("pane_id").asString())).get("usage"))
                .isEqualTo(Usages.claude(1));
        daemon.client().call("task.cancel", Map.of("task_id", task));
        assertThat(cli("task", "wait", task, "--timeout", "30").getKey()).isEqualTo(3);
        daemon.client().call("task.finish", Map.of("task_id", task, "discard", true));
    }

    /** Tokens per message from Claude's transcript, counted once per message id, in pane.get and the metrics. */
    @Test
    void usageFromTheTranscriptArrivesInPaneGetAndTheMetrics() throws Exception {
        String pane = spawnClaude();
        int port = daemon.bean(dev.signaltty.transport.internal.metrics.MetricsEndpoint.class).port();
        Map<String, Double> before = Usages.metrics(port, "claude");
        submit(pane, "scenario:usage read a file");
        assertThat(timeline.awaitLifecycle(pane, TURN, "done")).containsExactlyElementsOf(Scenario.CLAUDE_USAGE.lifecycle());
        assertThat(model.requests("usage").stream().filter(ScriptedModel.Recorded::tools).count()).isEqualTo(2);
        JsonNode usage = Usages.awaitUsage(TURN, () -> daemon.client().call("pane.get", Map.of("pane_id", pane))
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
        String pane = spawnClaude();
        submit(pane, "scenario:resume-first remember a word");
        timeline.awaitLifecycle(pane, TURN, "done");
        String session = baseline(pane).get("agent_session_id").asString();
        daemon.client().call("pane.write", Map.of("pane_id", pane, "data", "/exit"));
        awaitScreen(pane, "/exit");
        daemon.client().call("pane.write", Map.of("pane_id", pane, "data", "\r"));
        daemon.awaitExited(pane, TURN);
        JsonNode resumed = daemon.client().call("pane.resume", Map.of("pane_id", pane));
        awaitScreen(pane, "I will remember the word pelican.");
        timeline.awaitLifecycle(pane, TURN, "idle");
        awaitScreen(pane, "❯");
        submit(pane, "scenario:resume-second which word was it");
        List<String> seen = timeline.awaitLifecycle(pane, TURN, "done");
        assertThat(seen).as(resumed.toString()).containsExactlyElementsOf(Scenario.CLAUDE_RESUME.lifecycle());
        assertThat(baseline(pane).get("agent_session_id").asString()).isEqualTo(session);
        // the model got the first turn back with the second prompt
        assertThat(model.bodies("resume-second").getFirst().body().path("messages").toString()).contains("pelican");
        awaitScreen(pane, "The word was pelican.");
    }
}
