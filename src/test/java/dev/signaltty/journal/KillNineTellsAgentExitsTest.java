package dev.signaltty.journal;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.signaltty.support.Await;
import tools.jackson.databind.JsonNode;

/**
 * ADR 1140: an agent that was working when its daemon was SIGKILLed ends with it, and the next daemon tells the
 * pane's exit (ADR 1060). It tells the agent's exit too: one {@code agent.exited} with cause {@code daemon_lost},
 * so a client following {@code agent.*} does not see the agent working for ever. An agent whose exit was journaled
 * before the kill is not told again, and a later clean restart tells nothing more.
 */
class KillNineTellsAgentExitsTest {

    private static final Duration WAIT = Duration.ofSeconds(30);

    @TempDir
    Path root;

    @Test
    void anAgentWorkingWhenItsDaemonWasKilledIsToldExitedOnce() throws Exception { // seed R19
        String working;
        String finished;
        try (DaemonProcess daemon = DaemonProcess.start(root); StreamClient client = daemon.connect()) {
            String ws = client.ok("workspace.create", Map.of("name", "lost", "cwd", root.toString()))
                    .path("workspace_id").asString();
            working = client.ok("pane.spawn", Map.of("workspace_id", ws, "argv", List.of("sleep", "600")))
                    .path("pane_id").asString();
            finished = client.ok("pane.spawn", Map.of("workspace_id", ws,
                    "argv", List.of("sh", "-c", "read line; exit 3"))).path("pane_id").asString();
            hook(client, working, "s-working", "UserPromptSubmit");
            hook(client, finished, "s-finished", "UserPromptSubmit");
            client.ok("pane.write", Map.of("pane_id", finished, "data", "bye\r"));
            Await.until(WAIT, "the finished agent's exit is journaled",
                    () -> replayed(client, "agent.exited", finished).size() == 1);
            // the working state is in the agents snapshot, not only in the journal after it
            Path snapshot = daemon.stateDir.resolve("snapshot").resolve("agents.json");
            Await.until(WAIT, "the agents snapshot holds the told states", () -> Files.exists(snapshot)
                    && Files.readString(snapshot).contains("working") && Files.readString(snapshot).contains("exited"));
            daemon.kill9();
        }
        try (DaemonProcess restarted = DaemonProcess.start(root); StreamClient client = restarted.connect()) {
            assertThat(replayed(client, "agent.exited", working)).singleElement().satisfies(e -> {
                assertThat(e.path("cause").asString()).isEqualTo("daemon_lost");
                assertThat(e.path("previous").asString()).isEqualTo("working");
                assertThat(e.path("agent").asString()).isEqualTo("claude");
            });
            assertThat(replayed(client, "agent.exited", finished)).singleElement()
                    .satisfies(e -> assertThat(e.path("cause").asString()).isEqualTo("exit"));
            assertThat(client.ok("pane.get", Map.of("pane_id", working)).path("lifecycle").asString())
                    .isEqualTo("exited");
        }
        // a clean restart after it: both exits are known and told no more
        try (DaemonProcess again = DaemonProcess.start(root); StreamClient client = again.connect()) {
            assertThat(replayed(client, "agent.exited", working)).hasSize(1);
            assertThat(replayed(client, "agent.exited", finished)).hasSize(1);
        }
    }

    private static void hook(StreamClient client, String pane, String session, String event) throws Exception {
        client.ok("hook-event", Map.of("pane_id", pane, "agent", "claude",
                "payload", Map.of("session_id", session, "hook_event_name", event, "prompt", "go")));
    }

    /** The payloads of every {@code event} about {@code paneId} in the journal, read by a fresh subscription. */
    private static List<JsonNode> replayed(StreamClient client, String event, String paneId) throws Exception {
        int before = client.events.size();
        JsonNode sub = client.ok("subscribe", Map.of("events", List.of(event), "from_seq", 0));
        int returned = sub.path("replay").path("returned").asInt();
        assertThat(client.awaitEvents(before + returned, WAIT)).isTrue();
        List<JsonNode> out = new ArrayList<>();
        for (JsonNode frame : client.events.subList(before, before + returned)) {
            if (frame.path("payload").path("pane_id").asString().equals(paneId)) {
                out.add(frame.path("payload"));
            }
        }
        client.ok("unsubscribe", Map.of());
        return out;
    }
}
