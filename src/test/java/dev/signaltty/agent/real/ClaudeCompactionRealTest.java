package dev.signaltty.agent.real;

import static dev.signaltty.agent.real.ClaudeDrive.TURN;
import static dev.signaltty.agent.real.ScriptedModel.call;
import static dev.signaltty.agent.real.ScriptedModel.say;
import static dev.signaltty.support.ProtocolClient.eventually;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import tools.jackson.databind.JsonNode;

/**
 * The real Claude Code (pinned, {@link RealAgents}) compacting its conversation against the scripted model:
 * {@code /compact} between turns, and an auto-compaction inside a turn, by threshold and reactive (docs/agents.md,
 * "Claude's compaction"). The set-up is {@link ClaudeDrive}'s, on the same daemon properties as
 * {@link ClaudeCodeRealTest}.
 */
class ClaudeCompactionRealTest {

    @RegisterExtension
    static final ClaudeDrive drive = new ClaudeDrive("claude-compaction");

    static final String AUTO_COMPACT_GATE = "auto-compact";
    static final String REACTIVE_GATE = "reactive-compact";

    @BeforeAll
    static void script() {
        drive.model().script("compact-first", say("I will remember the word heron."))
                .script("compact-second", say("Still remembering it."))
                .script("compact-after", say("The word was heron."))
                .script("auto-compact-first", say("I will remember the word heron."))
                .script("auto-compact", call("Read", drive.fileInput("a.txt")),
                        new ScriptedModel.Hold(AUTO_COMPACT_GATE, "Answered after the compaction."))
                .inputTokens("auto-compact", 0, 90_000)
                .compactionSummary("auto-compact", "<summary>1. The user asked to remember the word heron, then "
                        + "(scenario:auto-compact) to read a file; the model called Read.</summary>")
                .script("reactive-first", say("I will remember the word heron."))
                .script("reactive", call("Read", drive.fileInput("b.txt")), new ScriptedModel.Fail(400, "invalid_request_error",
                        "prompt is too long: 1050000 tokens > 1000000 maximum"))
                .compactionSummary("reactive", "<summary>1. The user asked to remember the word heron, then "
                        + "(scenario:reactive-after) to read a file; the model called Read.</summary>")
                // the Read kept after the summary makes the request after the compaction step 1
                .script("reactive-after", say("Never sent: the summary is followed by the Read."),
                        new ScriptedModel.Hold(REACTIVE_GATE, "Answered after the reactive compaction."));
    }

    /**
     * {@code /compact} between turns: Claude 2.1.197 compacts only with two model messages or more ("Not
     * enough messages to compact" after one). Its PreCompact, the summarising fork's SubagentStop,
     * SessionStart {@code compact} and PostCompact move nothing, and the next turn runs on the summary.
     */
    @Test
    void aCompactionBetweenTurnsMovesNothingAndTheConversationGoesOn() {
        String pane = drive.spawn();
        drive.submit(pane, "scenario:compact-first remember a word");
        drive.timeline().awaitLifecycle(pane, TURN, "done");
        JsonNode before = drive.baseline(pane);
        drive.submit(pane, "scenario:compact-second keep it in mind");
        drive.waitFor(pane, "done", before);
        String session = drive.baseline(pane).get("agent_session_id").asString();
        int compactions = drive.model().requests(ScriptedModel.COMPACTION).size(); // other tests' compactions are the same model's
        // Claude's own UI leaves the turn after its Stop: a /compact typed before would be queued behind it
        eventually(TURN, () -> !drive.screen(pane).contains("esc to interrupt"));
        drive.typeAndEnter(pane, "/compact");
        drive.awaitScreen(pane, "Compacted");
        drive.awaitScreen(pane, "PostCompact"); // Claude lists its compaction hooks once they ran: it is back at its prompt
        assertThat(drive.model().requests(ScriptedModel.COMPACTION)).hasSize(compactions + 1);
        before = drive.baseline(pane);
        drive.submit(pane, "scenario:compact-after which word was it");
        try {
            drive.waitFor(pane, "done", before);
        } catch (AssertionError e) {
            throw new AssertionError("pane " + pane + " lifecycle " + drive.timeline().lifecycle(pane) + ", model "
                    + drive.model().requests() + ", screen:\n" + drive.screen(pane), e);
        }
        drive.assertLifecycle(pane, Scenario.CLAUDE_COMPACT.lifecycle());
        assertThat(drive.baseline(pane).get("agent_session_id").asString()).isEqualTo(session);
        drive.awaitScreen(pane, "The word was heron.");
        String messages = drive.model().bodies("compact-after").getFirst().body().path("messages").toString();
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
        Path dir = drive.daemon().root().resolve("claude").resolve("autocompact");
        Path launcher = RealClaude.install(dir, drive.model(), List.of(drive.project(), drive.daemon().root()),
                Map.of("CLAUDE_CODE_AUTO_COMPACT_WINDOW", "100000"));
        Path debug = dir.resolve("debug.log");
        String pane = drive.spawn(launcher, "--debug-file", debug.toString());
        compactMidTurn(pane, debug, "auto-compact", "auto-compact", AUTO_COMPACT_GATE);
        drive.assertLifecycle(pane, Scenario.CLAUDE_AUTO_COMPACT.lifecycle());
        drive.awaitScreen(pane, "Answered after the compaction.");
    }

    /**
     * Auto-compaction inside a turn, reactive: with the window from the model alone (Opus 4.8's 1M, the
     * default here) Claude 2.1.197 compacts only when the API refuses a request as too long. The Read's
     * result is answered {@code 400 prompt is too long}: Claude compacts and sends the request again on the
     * summary, with no StopFailure in between.
     */
    @Test
    void aPromptTooLongMidTurnCompactsAndThePaneStaysWorkingUntilItsStop() throws Exception {
        Path debug = drive.daemon().root().resolve("claude").resolve("reactive-debug.log");
        String pane = drive.spawn(drive.claude(), "--debug-file", debug.toString());
        compactMidTurn(pane, debug, "reactive", "reactive-after", REACTIVE_GATE);
        drive.assertLifecycle(pane, Scenario.CLAUDE_REACTIVE_COMPACT.lifecycle());
        drive.awaitScreen(pane, "Answered after the reactive compaction.");
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
        drive.submit(pane, "scenario:" + scenario + "-first remember a word");
        drive.timeline().awaitLifecycle(pane, TURN, "done");
        JsonNode before = drive.baseline(pane);
        int compactions = drive.model().requests(ScriptedModel.COMPACTION).size(); // other tests' compactions are the same model's
        drive.submit(pane, "scenario:" + scenario + " read a file");
        try {
            eventually(TURN, () -> drive.model().requests(held).stream().anyMatch(r -> r.tools() && r.step() == 1));
        } catch (AssertionError e) {
            throw new AssertionError("pane " + pane + " lifecycle " + drive.timeline().lifecycle(pane) + ", model "
                    + drive.model().requests() + ", transcripts " + drive.transcripts() + ", screen:\n" + drive.screen(pane), e);
        }
        assertThat(drive.model().requests(ScriptedModel.COMPACTION)).hasSize(compactions + 1);
        // Claude's debug log names each hook with its matcher, and may be written a moment behind
        eventually(TURN, () -> Files.exists(debug) && contents(debug).contains("PostCompact:auto ["));
        String log = contents(debug);
        assertThat(log).contains("PreCompact:auto [");
        assertThat(log.indexOf("PreCompact:auto [")).isLessThan(log.indexOf("PostCompact:auto ["));
        JsonNode midTurn = drive.daemon().client().call("agent.explain", Map.of("pane_id", pane)).get("lifecycle"); // seed R124
        assertThat(midTurn.get("state").asString()).isEqualTo("working");
        assertThat(midTurn.get("source").asString()).isEqualTo("hook");
        assertThat(midTurn.get("hook_event").asString()).isEqualTo("UserPromptSubmit");
        assertThat(drive.timeline().lifecycle(pane)).containsExactly("idle", "working", "done", "working");
        drive.model().release(gate);
        assertThat(drive.waitFor(pane, "done", before).get("outcome").asString()).isEqualTo("done"); // seed R20
        JsonNode end = drive.daemon().client().call("agent.explain", Map.of("pane_id", pane)).get("lifecycle");
        assertThat(end.get("source").asString()).isEqualTo("hook");
        assertThat(end.get("hook_event").asString()).isEqualTo("Stop");
        // Claude writes its transcript behind: the compaction's boundary arrives there later
        eventually(TURN, () -> drive.transcriptOf(pane).contains("\"subtype\":\"compact_boundary\""));
        assertThat(drive.transcriptOf(pane)).contains("\"compactMetadata\":{\"trigger\":\"auto\"");
        // the turn went on from the summary: the held request carried it, not the first turn's prompt
        String messages = drive.model().bodies(held).getLast().body().path("messages").toString();
        assertThat(messages).contains("This session is being continued").doesNotContain(scenario + "-first");
    }

    static String contents(Path file) {
        try {
            return Files.readString(file);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
