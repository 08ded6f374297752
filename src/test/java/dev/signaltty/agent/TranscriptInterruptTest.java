package dev.signaltty.agent;

import static dev.signaltty.agent.AgentDaemonFixture.claude;
import static dev.signaltty.agent.AgentDaemonFixture.hook;
import static dev.signaltty.agent.AgentDaemonFixture.sleeper;
import static dev.signaltty.support.ProtocolClient.eventually;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import dev.signaltty.support.DaemonFixture;
import tools.jackson.databind.JsonNode;

/**
 * Claude's interrupt marker, read from the transcript its UserPromptSubmit names (ADR 0290), with the
 * transcript written here in the shape Claude Code 2.1.197 writes it (the real binary's Esc and Ctrl-C
 * are in {@code ClaudeCodeRealTest}). What this adds: a marker of another prompt, of a subagent's
 * sidechain, or read after a hook ended the turn never moves the state. Each case appends the lines that
 * must be ignored before the one that counts, and checks which one set the state (agent.explain).
 */
class TranscriptInterruptTest {

    @RegisterExtension
    static final DaemonFixture daemon = new DaemonFixture("agents");
    static final Duration DEADLINE = Duration.ofSeconds(60);
    static final String PLAIN = "[Request interrupted by user]";
    static final String TOOL = "[Request interrupted by user for tool use]";

    static String lifecycle(String pane) {
        return daemon.client().call("pane.get", Map.of("pane_id", pane)).get("lifecycle").asString();
    }

    static JsonNode explained(String pane) {
        return daemon.client().call("agent.explain", Map.of("pane_id", pane)).get("lifecycle");
    }

    static void prompt(String pane, Path transcript, String promptId) {
        Map<String, Object> extra = new HashMap<>(Map.of("prompt_id", promptId, "prompt", "go"));
        Map<String, Object> payload = new HashMap<>(claude("UserPromptSubmit", "s1", extra));
        payload.put("transcript_path", transcript.toString());
        hook(daemon.client(), pane, payload);
    }

    /** The user line Claude appends on an interrupt. */
    static void interrupt(Path transcript, String promptId, String text, boolean sidechain) throws IOException {
        String line = "{\"parentUuid\":\"u0\",\"isSidechain\":" + sidechain + ",\"promptId\":\"" + promptId
                + "\",\"type\":\"user\",\"message\":{\"role\":\"user\",\"content\":[{\"type\":\"text\",\"text\":\""
                + text + "\"}]},\"uuid\":\"u1\",\"sessionId\":\"s1\"}\n";
        Files.writeString(transcript, line, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
    }

    static void awaitDoneBy(String pane, String marker) {
        eventually(DEADLINE, () -> "done".equals(lifecycle(pane)));
        JsonNode why = explained(pane);
        assertThat(why.get("source").asString()).isEqualTo("transcript");
        assertThat(why.get("cause").asString()).isEqualTo("turn_end");
        assertThat(why.get("matched").asString()).isEqualTo(marker);
    }

    @Test
    void onlyTheMarkerOfTheTurnsOwnPromptInTheMainConversationEndsTheTurn() throws IOException {
        String pane = sleeper(daemon.client(), daemon.workspace());
        Path transcript = daemon.root().resolve("own.jsonl");
        Files.writeString(transcript, "{\"type\":\"user\",\"message\":{\"role\":\"user\",\"content\":\"earlier\"}}\n");
        hook(daemon.client(), pane, "SessionStart", "s1");
        prompt(pane, transcript, "p1");
        assertThat(lifecycle(pane)).isEqualTo("working");
        interrupt(transcript, "p0", PLAIN, false); // an earlier turn's
        interrupt(transcript, "p1", PLAIN, true); // a subagent's (sidechain)
        interrupt(transcript, "p1", TOOL, false);
        awaitDoneBy(pane, TOOL);
        // the next turn: p1's marker, read late, is not this turn's
        JsonNode before = daemon.client().call("pane.get", Map.of("pane_id", pane)).get("wait_baseline");
        prompt(pane, transcript, "p2");
        interrupt(transcript, "p1", TOOL, false);
        interrupt(transcript, "p2", PLAIN, false);
        JsonNode done = daemon.client().call("wait", Map.of("pane_id", pane, "until", List.of("done"), "after", before,
                "timeout_s", 60));
        assertThat(done.get("outcome").asString()).isEqualTo("done");
        awaitDoneBy(pane, PLAIN);
    }

    /** Hooks stay authoritative: a Stop ended the turn, so a marker of it written later moves nothing. */
    @Test
    void aMarkerAfterTheTurnEndedByAHookChangesNothing() throws IOException {
        String pane = sleeper(daemon.client(), daemon.workspace());
        Path transcript = daemon.root().resolve("stopped.jsonl");
        hook(daemon.client(), pane, "SessionStart", "s1");
        prompt(pane, transcript, "p1"); // the file does not exist yet: read from its start once it does
        hook(daemon.client(), pane, "Stop", "s1");
        interrupt(transcript, "p1", PLAIN, false);
        // a second turn whose marker comes after the stale one: the stale one was never applied
        prompt(pane, transcript, "p2");
        interrupt(transcript, "p2", TOOL, false);
        awaitDoneBy(pane, TOOL);
        // the interrupt leaves attention alone: none since the prompt (the user is at the pane)
        assertThat(daemon.client().call("pane.get", Map.of("pane_id", pane)).get("attention").asString())
                .isEqualTo("none");
    }
}
