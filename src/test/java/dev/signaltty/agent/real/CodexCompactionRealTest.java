package dev.signaltty.agent.real;

import static dev.signaltty.agent.real.CodexDrive.TURN;
import static dev.signaltty.agent.real.ScriptedModel.say;
import static dev.signaltty.support.ProtocolClient.eventually;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.RegisterExtension;

import dev.signaltty.agent.FakeAgent;
import tools.jackson.databind.JsonNode;

/**
 * The real Codex (pinned, {@link RealAgents}) compacting its conversation against the scripted Responses model
 * (ADR 0460): {@code /compact} between turns, held, failed and interrupted, and an auto-compaction mid-turn. The
 * set-up is {@link CodexDrive}'s, on the same daemon properties as {@link CodexRealTest}; each test has the hooks
 * trusted before it starts (the review itself is CodexRealTest's), so each runs alone.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class CodexCompactionRealTest {

    @RegisterExtension
    static final CodexDrive drive = new CodexDrive("codex-compaction", true, FakeAgent.cliProperty(),
            "signaltty.agent.permission-wait-s=30", "signaltty.metrics.enabled=true", "signaltty.metrics.port=0");

    static final String COMPACT_GATE = "codex-compact";
    static final String AUTO_GATE = "codex-auto";

    @BeforeAll
    static void script() {
        drive.model().script("codex-compact-first", say("I will remember the word heron."))
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

    @BeforeEach
    void trustTheHooks() {
        drive.trustTheHooks();
    }

    /** How many tasks (turns, compactions) Codex's rollout of the pane's session records as ended. */
    static long taskCompletes(String pane) {
        try {
            return Files.readAllLines(drive.rollout(pane)).stream().filter(l -> l.contains("\"type\":\"task_complete\"")).count();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** Two turns of {@code first}/{@code second} scenarios, each ended in Codex's rollout too. */
    static void twoTurns(String pane, String first, String second) {
        drive.submit(pane, "scenario:" + first + " remember a word");
        drive.timeline().awaitLifecycle(pane, TURN, "idle", "working", "done");
        drive.submit(pane, "scenario:" + second + " keep it in mind");
        drive.timeline().awaitLifecycle(pane, TURN, "done", "working", "done");
        // Stop fires before Codex ends its task: /compact typed before the rollout's task_complete is refused
        eventually(TURN, () -> taskCompletes(pane) == 2);
    }

    static final String REFUSED = "disabled while a task is in progress";

    /**
     * Types {@code /compact} and Enter once Codex's own UI has left the last task (no "esc to interrupt"): the
     * daemon's {@code done} and the rollout's {@code task_complete} both come before that, and a {@code /compact}
     * Codex refuses ("disabled while a task is in progress") sends nothing. Only a refusal seen on screen is retyped
     * (bounded): a {@code /compact} typed while the compaction runs would sit in the composer, where the Esc that
     * should interrupt the compaction only dismisses its command popup.
     */
    static void compact(String pane, int compactionsBefore) {
        try {
            for (int attempt = 1; ; attempt++) {
                eventually(TURN, () -> !drive.screen(pane).contains("esc to interrupt"));
                int refusals = count(drive.screen(pane), REFUSED);
                int typed = count(drive.screen(pane), "› /compact");
                drive.press(pane, "/compact");
                eventually(TURN, () -> count(drive.screen(pane), "› /compact") > typed);
                drive.press(pane, "\r");
                // the compaction request follows the PreCompact hook, a process of its own: slow under load
                eventually(TURN, () -> drive.model().requests(ScriptedModel.COMPACTION).size() > compactionsBefore
                        || count(drive.screen(pane), REFUSED) > refusals);
                if (drive.model().requests(ScriptedModel.COMPACTION).size() > compactionsBefore) {
                    return;
                }
                if (attempt == 10) {
                    throw new AssertionError("/compact refused " + attempt + " times");
                }
            }
        } catch (AssertionError e) {
            throw drive.failure(pane, e);
        }
    }

    static int count(String screen, String text) {
        int n = 0;
        for (int i = screen.indexOf(text); i >= 0; i = screen.indexOf(text, i + text.length())) {
            n++;
        }
        return n;
    }

    /**
     * Esc until the pane's lifecycle is {@code interrupted}: an Esc the TUI drops (its key handling behind under
     * load) leaves "esc to interrupt" on screen, so one more is sent (bounded); once the screen has left the
     * compaction, the Interrupt hook is waited for, never a second Esc (which would reach Codex's idle composer).
     */
    static void interrupt(String pane, List<String> interrupted) {
        for (int attempt = 1; attempt <= 5; attempt++) {
            drive.press(pane, "\u001b");
            try {
                eventually(java.time.Duration.ofSeconds(30), () -> drive.timeline().lifecycle(pane).equals(interrupted)
                        || !drive.screen(pane).contains("esc to interrupt"));
                break;
            } catch (AssertionError stillCompacting) {
                // the Esc did not reach the compaction: send one more
            }
        }
        eventually(TURN, () -> drive.timeline().lifecycle(pane).equals(interrupted));
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
        String pane = drive.spawn().get("pane_id").asString();
        drive.awaitScreen(pane, "Ask Codex", CodexDrive.LAUNCH);
        twoTurns(pane, "codex-compact-first", "codex-compact-second");
        drive.awaitScreen(pane, "Still remembering it.");
        int compactions = drive.model().requests(ScriptedModel.COMPACTION).size(); // other tests' compactions are the same model's
        compact(pane, compactions);
        List<String> expected = Scenario.CODEX_COMPACT.lifecycle();
        try {
            // the summary is held: Codex is compacting, and the pane says so
            eventually(TURN, () -> drive.timeline().lifecycle(pane).equals(expected.subList(0, 6)));
            JsonNode lifecycle = drive.explainLifecycle(pane);
            assertThat(lifecycle.get("state").asString()).as("explain %s", lifecycle).isEqualTo("working");
            assertThat(lifecycle.get("hook_event").asString()).as("explain %s", lifecycle).isEqualTo("PreCompact");
            drive.awaitScreen(pane, "Compacting context");
            drive.model().release(COMPACT_GATE);
            eventually(TURN, () -> drive.timeline().lifecycle(pane).equals(expected.subList(0, 7)));
            drive.awaitScreen(pane, "Context compacted");
        } catch (AssertionError e) {
            throw drive.failure(pane, e);
        }
        JsonNode lifecycle = drive.explainLifecycle(pane);
        assertThat(lifecycle.get("source").asString()).as("explain %s", lifecycle).isEqualTo("hook");
        assertThat(lifecycle.get("cause").asString()).as("explain %s", lifecycle).isEqualTo("turn_end");
        assertThat(lifecycle.get("hook_event").asString()).as("explain %s", lifecycle).isEqualTo("PostCompact");
        eventually(TURN, () -> taskCompletes(pane) == 3); // the compaction's own task_complete, after PostCompact
        drive.submit(pane, "scenario:codex-compact-after which word was it");
        drive.timeline().awaitWholeLifecycle(pane, TURN, expected);
        drive.awaitScreen(pane, "The word was heron.");
        lifecycle = drive.explainLifecycle(pane);
        assertThat(lifecycle.get("source").asString()).as("explain %s", lifecycle).isEqualTo("hook");
        assertThat(lifecycle.get("cause").asString()).as("explain %s", lifecycle).isEqualTo("turn_end");
        assertThat(lifecycle.get("hook_event").asString()).as("explain %s", lifecycle).isEqualTo("Stop");
        assertThat(drive.model().requests(ScriptedModel.COMPACTION)).hasSize(compactions + 1);
        // the third turn runs on the summary: Codex sends it in place of the model's earlier answers
        String input = drive.model().bodies("codex-compact-after").getFirst().body().path("input").toString();
        assertThat(input).contains("remember the word heron; the model agreed").doesNotContain("Still remembering it.");
        drive.assertSessionIsTheConversation(pane, "scenario:codex-compact-after");
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
        String pane = drive.spawn().get("pane_id").asString();
        drive.awaitScreen(pane, "Ask Codex", CodexDrive.LAUNCH);
        twoTurns(pane, "codex-compact-fail-first", "codex-compact-fail-second");
        int compactions = drive.model().requests(ScriptedModel.COMPACTION).size();
        compact(pane, compactions);
        List<String> expected = Scenario.CODEX_COMPACT_FAILED.lifecycle();
        try {
            eventually(TURN, () -> drive.timeline().lifecycle(pane).equals(expected.subList(0, 7)));
        } catch (AssertionError e) {
            throw drive.failure(pane, e);
        }
        JsonNode lifecycle = drive.explainLifecycle(pane);
        assertThat(lifecycle.get("state").asString()).as("explain %s", lifecycle).isEqualTo("done");
        assertThat(lifecycle.get("source").asString()).as("explain %s", lifecycle).isEqualTo("transcript");
        assertThat(lifecycle.get("cause").asString()).as("explain %s", lifecycle).isEqualTo("turn_end");
        assertThat(lifecycle.get("matched").asString()).as("explain %s", lifecycle).startsWith("task_complete: ");
        assertThat(drive.model().requests(ScriptedModel.COMPACTION)).as("tries").hasSize(compactions + 1);
        drive.awaitScreen(pane, "high demand");
        drive.submit(pane, "scenario:codex-compact-fail-after which word was it");
        drive.timeline().awaitWholeLifecycle(pane, TURN, expected);
        drive.awaitScreen(pane, "The word was egret, uncompacted.");
        assertThat(drive.explainLifecycle(pane).get("hook_event").asString()).isEqualTo("Stop");
        // nothing was compacted: the model's earlier answers are still in the conversation
        assertThat(drive.model().bodies("codex-compact-fail-after").getFirst().body().path("input").toString())
                .contains("Still remembering the egret.");
    }

    /**
     * Esc while Codex compacts (the summary held, "Compacting context (… esc to interrupt)" on screen): Codex
     * fires its Interrupt hook, which ends the {@code working} that PreCompact began; the next turn is ordinary.
     */
    @Test
    @Order(13)
    void anInterruptedCompactionEndsThroughTheInterruptHook() {
        String pane = drive.spawn().get("pane_id").asString();
        drive.awaitScreen(pane, "Ask Codex", CodexDrive.LAUNCH);
        twoTurns(pane, "codex-compact-esc-first", "codex-compact-esc-second");
        compact(pane, drive.model().requests(ScriptedModel.COMPACTION).size());
        List<String> expected = Scenario.CODEX_COMPACT_INTERRUPTED.lifecycle();
        try {
            eventually(TURN, () -> drive.timeline().lifecycle(pane).equals(expected.subList(0, 6)));
            drive.awaitScreen(pane, "Compacting context");
            interrupt(pane, expected.subList(0, 7));
        } catch (AssertionError e) {
            throw drive.failure(pane, e);
        }
        JsonNode lifecycle = drive.explainLifecycle(pane);
        assertThat(lifecycle.get("source").asString()).as("explain %s", lifecycle).isEqualTo("hook");
        assertThat(lifecycle.get("cause").asString()).as("explain %s", lifecycle).isEqualTo("turn_end");
        assertThat(lifecycle.get("hook_event").asString()).as("explain %s", lifecycle).isEqualTo("Interrupt");
        eventually(TURN, () -> taskCompletes(pane) == 3 || drive.screen(pane).contains("Ask Codex"));
        drive.submit(pane, "scenario:codex-compact-esc-after go on");
        drive.timeline().awaitWholeLifecycle(pane, TURN, expected);
        drive.awaitScreen(pane, "Back after the interrupted compaction.");
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
        String pane = drive.spawn("-c", "model_auto_compact_token_limit=20000").get("pane_id").asString();
        drive.awaitScreen(pane, "Ask Codex", CodexDrive.LAUNCH);
        int compactions = drive.model().requests(ScriptedModel.COMPACTION).size();
        drive.submit(pane, "scenario:codex-auto run a command");
        try {
            eventually(TURN, () -> drive.model().requests("codex-auto-after").stream().anyMatch(ScriptedModel.Recorded::tools));
            drive.awaitScreen(pane, "Context compacted");
        } catch (AssertionError e) {
            throw drive.failure(pane, e);
        }
        // what Codex sent, in order: the turn's request, the summary request (no tools), the turn again on the summary
        List<String> sent = drive.model().requests().stream().filter(r -> List.of("codex-auto", ScriptedModel.COMPACTION,
                "codex-auto-after").contains(r.scenario()) && (r.tools() || ScriptedModel.COMPACTION.equals(r.scenario())))
                .map(r -> r.scenario() + "#" + r.step()).toList();
        assertThat(sent.subList(sent.indexOf("codex-auto#0"), sent.size()))
                .containsExactly("codex-auto#0", "compaction#0", "codex-auto-after#0");
        assertThat(drive.model().requests(ScriptedModel.COMPACTION)).hasSize(compactions + 1);
        assertThat(drive.timeline().lifecycle(pane)).containsExactly("idle", "working"); // held: mid-turn, compacted, working
        JsonNode lifecycle = drive.explainLifecycle(pane);
        assertThat(lifecycle.get("state").asString()).as("explain %s", lifecycle).isEqualTo("working");
        assertThat(taskCompletes(pane)).isZero(); // one task: the compaction ran inside the turn
        drive.model().release(AUTO_GATE);
        assertThat(drive.timeline().awaitLifecycle(pane, TURN, "done")).containsExactlyElementsOf(Scenario.CODEX_AUTO_COMPACT.lifecycle());
        drive.awaitScreen(pane, "Finished on the summary.");
        lifecycle = drive.explainLifecycle(pane);
        assertThat(lifecycle.get("hook_event").asString()).as("explain %s", lifecycle).isEqualTo("Stop");
        eventually(TURN, () -> taskCompletes(pane) == 1);
        try {
            assertThat(Files.readString(drive.rollout(pane))).contains("\"type\":\"compacted\"");
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
