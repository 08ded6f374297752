package dev.signaltty.agent.real;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import dev.signaltty.agent.FakeAgent;
import tools.jackson.databind.JsonNode;

/**
 * The real Codex (pinned, {@link RealAgents}) whose hooks nobody trusted yet shows "Hooks need review" at launch
 * (0.171.0: "12 hooks are new or changed.", "1. Review hooks", "2. Trust all and continue", "3. Continue without
 * trusting (hooks won't run)"). Measured: the pane read {@code idle}, attention {@code none} while it waited (the
 * input box's footer is drawn under it), so nobody was told that a person must answer, and skipped, the hooks never
 * run (ADR 1112). The codex manifest's {@code hooks_review} rule reads it as blocked, {@code input_required}, with its
 * title and count as the message, which a refused {@code pane.submit} quotes with how to answer it; answered, the
 * pane is idle with attention none, not a turn's end (ADR 1232).
 */
class CodexHooksReviewRealTest {

    @RegisterExtension
    static final CodexDrive drive = new CodexDrive("codex-hooks-review", false, FakeAgent.cliProperty());

    @Test
    void theHooksReviewIsBlockedWithInputRequiredUntilAnswered() {
        String pane = drive.spawn().get("pane_id").asString();
        drive.awaitScreen(pane, "Trust all and continue", CodexDrive.LAUNCH);

        JsonNode row = drive.awaitQuestion(pane, "hooks_review");
        assertThat(row.path("message").asString()).matches("Hooks need review — \\d+ hooks are new or changed\\.");
        // a submit does not land in the review, and its refusal says what is asked and how to answer it
        JsonNode refused = drive.daemon().client().request("pane.submit", Map.of("pane_id", pane, "text", "hello"))
                .get("error");
        assertThat(refused.get("code").asString()).isEqualTo("AGENT_BUSY");
        assertThat(refused.get("message").asString()).as(refused.toString())
                .startsWith("the pane's agent asks the person: \"Hooks need review — ")
                .contains("answer it on its screen: choose with pane.write").endsWith("then submit again");
        assertThat(refused.get("details").get("question").asString()).startsWith("Hooks need review — ");

        drive.trustAll(pane); // the person trusts them: the pane waits at its prompt, nothing to read
        drive.assertQuestionAnswered(pane);
    }
}
