package dev.signaltty.agent;

import static dev.signaltty.agent.AgentDaemonFixture.sleeper;
import static dev.signaltty.support.ProtocolClient.eventually;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import dev.signaltty.support.DaemonFixture;
import tools.jackson.databind.JsonNode;

/**
 * Codex's compaction hooks as Codex 0.171.0 sends them (the payloads' shape, recorded from the real binary; the
 * real runs are CodexCompactionRealTest's compaction scenarios), through the socket to a real daemon (ADR 0460):
 * {@code /compact} between turns is {@code working} from its PreCompact until its PostCompact or, when it failed,
 * its rollout's {@code task_complete}; an auto-compaction inside a turn moves nothing.
 */
class CodexCompactionHooksTest {

    @RegisterExtension
    static final DaemonFixture daemon = new DaemonFixture("codex-compaction");

    static final String SESSION = "01a23455-1422-7e03-81ee-e67cff7a7301";

    static Map<String, Object> codex(String event, String turn, Path rollout, Map<String, Object> extra) {
        Map<String, Object> payload = new HashMap<>(Map.of("session_id", SESSION, "turn_id", turn,
                "transcript_path", rollout.toString(), "cwd", daemon.root().toString(), "hook_event_name", event,
                "model", "gpt-5.1-codex"));
        payload.putAll(extra);
        return payload;
    }

    static JsonNode hook(String pane, String event, String turn, Path rollout, Map<String, Object> extra) {
        return daemon.client().call("hook-event", Map.of("pane_id", pane, "agent", "codex",
                "payload", codex(event, turn, rollout, extra)));
    }

    static JsonNode explain(String pane) {
        return daemon.client().call("agent.explain", Map.of("pane_id", pane)).get("lifecycle");
    }

    /** A pane whose Codex finished one turn ({@code done}), and its rollout. */
    static Path afterATurn(String pane) throws Exception {
        Path rollout = Files.writeString(daemon.root().resolve("rollout-" + pane + ".jsonl"), "{\"type\":\"session_meta\"}\n");
        hook(pane, "SessionStart", "t0", rollout, Map.of("source", "startup"));
        hook(pane, "UserPromptSubmit", "turn-1", rollout, Map.of("prompt", "remember a word"));
        assertThat(hook(pane, "Stop", "turn-1", rollout, Map.of()).get("lifecycle").asString()).isEqualTo("done");
        return rollout;
    }

    @Test
    void aManualCompactionIsWorkingFromPreCompactToPostCompact() throws Exception {
        String pane = sleeper(daemon.client(), daemon.workspace());
        Path rollout = afterATurn(pane);
        JsonNode reply = hook(pane, "PreCompact", "compact-1", rollout, Map.of("trigger", "manual"));
        assertThat(reply.get("lifecycle").asString()).isEqualTo("working");
        assertThat(reply.get("attention").asString()).isEqualTo("unread"); // the last answer is still unread
        assertThat(explain(pane).get("hook_event").asString()).isEqualTo("PreCompact");
        // another turn's PostCompact (a stale one) does not end this compaction
        assertThat(hook(pane, "PostCompact", "compact-0", rollout, Map.of("trigger", "manual")).get("lifecycle")
                .asString()).isEqualTo("working");
        reply = hook(pane, "PostCompact", "compact-1", rollout, Map.of("trigger", "manual"));
        assertThat(reply.get("lifecycle").asString()).isEqualTo("done");
        JsonNode lifecycle = explain(pane);
        assertThat(lifecycle.get("cause").asString()).isEqualTo("turn_end");
        assertThat(lifecycle.get("hook_event").asString()).isEqualTo("PostCompact");
    }

    @Test
    void aFailedManualCompactionEndsAtItsRolloutsTaskComplete() throws Exception {
        String pane = sleeper(daemon.client(), daemon.workspace());
        Path rollout = afterATurn(pane);
        assertThat(hook(pane, "PreCompact", "compact-2", rollout, Map.of("trigger", "manual")).get("lifecycle").asString())
                .isEqualTo("working");
        // what Codex 0.171.0 appends when the compaction's request fails (HTTP 500): no PostCompact, no Stop
        Files.writeString(rollout, "{\"type\":\"event_msg\",\"payload\":{\"type\":\"task_complete\",\"root_turn_id\":"
                + "\"compact-2\",\"turn_id\":\"compact-2\",\"last_agent_message\":null,\"error\":{\"message\":"
                + "\"We're currently experiencing high demand\",\"codex_error_info\":\"internal_server_error\"}}}\n",
                java.nio.file.StandardOpenOption.APPEND);
        eventually(Duration.ofSeconds(30), () -> explain(pane).get("state").asString().equals("done"));
        JsonNode lifecycle = explain(pane);
        assertThat(lifecycle.get("source").asString()).isEqualTo("transcript");
        assertThat(lifecycle.get("cause").asString()).isEqualTo("turn_end");
        assertThat(lifecycle.get("matched").asString()).isEqualTo("task_complete: We're currently experiencing high demand");
    }

    @Test
    void anAutoCompactionInsideATurnMovesNothingAndTheTurnsStopEndsIt() throws Exception {
        String pane = sleeper(daemon.client(), daemon.workspace());
        Path rollout = afterATurn(pane);
        hook(pane, "UserPromptSubmit", "turn-2", rollout, Map.of("prompt", "go on"));
        for (String event : new String[] {"PreCompact", "PostCompact"}) {
            JsonNode reply = hook(pane, event, "turn-2", rollout, Map.of("trigger", "auto"));
            assertThat(reply.get("lifecycle").asString()).as(event).isEqualTo("working");
            assertThat(reply.get("transitions")).as(event).isEmpty();
        }
        assertThat(hook(pane, "Stop", "turn-2", rollout, Map.of()).get("lifecycle").asString()).isEqualTo("done");
    }
}
