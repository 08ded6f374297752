package dev.signaltty.journal;

import static dev.signaltty.journal.KillNineJournal.WAIT;
import static dev.signaltty.journal.KillNineJournal.replayed;
import static dev.signaltty.journal.KillNineJournal.restarted;
import static dev.signaltty.journal.KillNineJournal.spawnBoth;
import static dev.signaltty.journal.KillNineJournal.thenKill9;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.signaltty.journal.KillNineJournal.LostPanes;
import dev.signaltty.support.Await;

/**
 * ADR 1140: an agent that was working when its daemon was SIGKILLed ends with it, and the next daemon tells the
 * pane's exit (ADR 1060). It tells the agent's exit too: one {@code agent.exited} with cause {@code daemon_lost},
 * so a client following {@code agent.*} does not see the agent working for ever. An agent whose exit was journaled
 * before the kill is not told again, and a later clean restart tells nothing more.
 */
class KillNineTellsAgentExitsTest {

    @TempDir
    Path root;

    @Test
    void anAgentWorkingWhenItsDaemonWasKilledIsToldExitedOnce() throws Exception { // seed R19
        // the running pane's agent is working at the kill
        LostPanes agents = thenKill9(root, (daemon, client) -> {
            LostPanes panes = spawnBoth(client, root, "lost", List.of("sleep", "600"),
                    List.of("sh", "-c", "read line; exit 3"));
            hook(client, panes.running(), "s-working", "UserPromptSubmit");
            hook(client, panes.finished(), "s-finished", "UserPromptSubmit");
            client.ok("pane.write", Map.of("pane_id", panes.finished(), "data", "bye\r"));
            Await.until(WAIT, "the finished agent's exit is journaled",
                    () -> replayed(client, "agent.exited", panes.finished()).size() == 1);
            // the working state is in the agents snapshot, not only in the journal after it
            Path snapshot = daemon.stateDir.resolve("snapshot").resolve("agents.json");
            Await.until(WAIT, "the agents snapshot holds the told states", () -> Files.exists(snapshot)
                    && Files.readString(snapshot).contains("working") && Files.readString(snapshot).contains("exited"));
            return panes;
        });
        restarted(root, client -> {
            assertThat(replayed(client, "agent.exited", agents.running())).singleElement().satisfies(e -> {
                assertThat(e.path("cause").asString()).isEqualTo("daemon_lost");
                assertThat(e.path("previous").asString()).isEqualTo("working");
                assertThat(e.path("agent").asString()).isEqualTo("claude");
            });
            assertThat(replayed(client, "agent.exited", agents.finished())).singleElement()
                    .satisfies(e -> assertThat(e.path("cause").asString()).isEqualTo("exit"));
            assertThat(client.ok("pane.get", Map.of("pane_id", agents.running())).path("lifecycle").asString())
                    .isEqualTo("exited");
        });
        // a clean restart after it: both exits are known and told no more
        restarted(root, client -> {
            assertThat(replayed(client, "agent.exited", agents.running())).hasSize(1);
            assertThat(replayed(client, "agent.exited", agents.finished())).hasSize(1);
        });
    }

    private static void hook(StreamClient client, String pane, String session, String event) throws Exception {
        client.ok("hook-event", Map.of("pane_id", pane, "agent", "claude",
                "payload", Map.of("session_id", session, "hook_event_name", event, "prompt", "go")));
    }
}
