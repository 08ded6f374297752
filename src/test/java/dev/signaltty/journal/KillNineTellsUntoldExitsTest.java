package dev.signaltty.journal;

import static dev.signaltty.journal.KillNineJournal.WAIT;
import static dev.signaltty.journal.KillNineJournal.replayed;
import static dev.signaltty.journal.KillNineJournal.restarted;
import static dev.signaltty.journal.KillNineJournal.spawnBoth;
import static dev.signaltty.journal.KillNineJournal.thenKill9;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.signaltty.journal.KillNineJournal.LostPanes;
import dev.signaltty.support.Await;
import tools.jackson.databind.JsonNode;

/**
 * ADR 1060: a program that was running when its daemon was SIGKILLed ends with it (the kernel hangs up its
 * terminal), but no {@code pane.exited} was ever journaled for it. The next daemon tells that exit, once: the
 * pane reads exited with {@code exit_unknown}, and a client replaying the journal sees the pane end instead of
 * running forever. An exit journaled before the kill keeps its code and is not told twice.
 */
class KillNineTellsUntoldExitsTest {

    @TempDir
    Path root;

    @Test
    void aProgramLostWithAKilledDaemonIsToldExitedOnceWithItsStatusUnknown() throws Exception { // seed R19
        LostPanes lost = thenKill9(root, (daemon, client) -> {
            LostPanes panes = spawnBoth(client, root, "lost", List.of("sleep", "600"), List.of("sh", "-c", "exit 3"));
            Await.until(WAIT, "the finished pane's exit is journaled",
                    () -> replayed(client, "pane.exited", panes.finished()).size() == 1);
            return panes;
        });
        restarted(root, client -> {
            JsonNode pane = client.ok("pane.get", Map.of("pane_id", lost.running())).path("pane");
            assertThat(pane.path("status").asString()).isEqualTo("exited");
            assertThat(pane.has("exit_code")).as("no made-up status").isFalse();
            assertThat(pane.path("exit_unknown").asString()).contains("daemon ended while it ran");
            assertThat(pane.has("exited_at")).isTrue();

            assertThat(replayed(client, "pane.exited", lost.running())).singleElement().satisfies(e -> {
                assertThat(e.path("exit_code").isMissingNode() || e.path("exit_code").isNull()).isTrue();
                assertThat(e.path("exit_unknown").asString()).contains("daemon ended while it ran");
            });
            assertThat(replayed(client, "pane.exited", lost.finished())).singleElement()
                    .satisfies(e -> assertThat(e.path("exit_code").asInt()).isEqualTo(3));
        });
        // a clean restart after it: the exit is known now and told no more; the unknown status stays unknown
        restarted(root, client -> {
            assertThat(replayed(client, "pane.exited", lost.running())).hasSize(1);
            JsonNode pane = client.ok("pane.get", Map.of("pane_id", lost.running())).path("pane");
            assertThat(pane.has("exit_code")).as("an unknown status does not read 0 after a restart").isFalse();
            assertThat(pane.path("exit_unknown").asString()).contains("daemon ended while it ran");
            assertThat(client.ok("pane.get", Map.of("pane_id", lost.finished())).path("pane").path("exit_code").asInt())
                    .isEqualTo(3);
        });
    }
}
