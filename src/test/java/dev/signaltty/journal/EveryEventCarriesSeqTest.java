package dev.signaltty.journal;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.signaltty.support.TestDaemon;
import tools.jackson.databind.JsonNode;

/**
 * Every event frame carries a numeric seq (seed R307), whatever produced it: journaled state events
 * of every family a short session touches, and the transient pty.data stream of an attached pane.
 */
class EveryEventCarriesSeqTest {

    @Test
    void everyFrameOfABusySessionHasASeq(@TempDir Path root) throws Exception { // seed R307
        try (TestDaemon daemon = TestDaemon.start(root); StreamClient watcher = new StreamClient(daemon.socket());
             StreamClient actor = new StreamClient(daemon.socket())) {
            watcher.ok("subscribe", Map.of("events", List.of("*")));
            String ws = actor.ok("workspace.create", Map.of("name", "seqs", "cwd", root.toString()))
                    .path("workspace_id").asString();
            String tab = actor.ok("tab.create", Map.of("workspace_id", ws, "name", "t")).path("tab_id").asString();
            String pane = actor.ok("pane.spawn", Map.of("workspace_id", ws, "tab_id", tab,
                    "argv", List.of("sh", "-c", "sleep 0.5; echo hello-seq; sleep 0.5"))).path("pane_id").asString();
            watcher.ok("pane.attach", Map.of("pane_id", pane));
            actor.ok("hook-event", Map.of("pane_id", pane, "agent", "claude",
                    "payload", Map.of("session_id", "s", "hook_event_name", "SessionStart")));
            actor.ok("notify", Map.of("pane_id", pane, "message", "look"));
            actor.ok("pane.rename", Map.of("pane_id", pane, "name", "seqpane"));
            long deadline = System.nanoTime() + Duration.ofSeconds(15).toNanos();
            while (System.nanoTime() < deadline && watcher.events.stream()
                    .noneMatch(e -> "pane.exited".equals(e.path("event").asString()))) {
                Thread.sleep(20);
            }
            List<JsonNode> frames = watcher.events;
            Set<String> names = frames.stream().map(e -> e.path("event").asString()).collect(Collectors.toSet());
            assertThat(names).contains("workspace.created", "tab.created", "pane.created", "pty.data", "pane.exited");
            assertThat(names).anyMatch(n -> n.startsWith("agent.")).anyMatch(n -> n.startsWith("notification."));
            for (JsonNode frame : frames) {
                assertThat(frame.path("type").asString()).isEqualTo("event");
                assertThat(frame.path("seq").isIntegralNumber()).as(frame.toString()).isTrue();
                assertThat(frame.path("seq").asLong()).as(frame.toString()).isPositive();
            }
            // the subscription's state events come in ascending order (pty.data is a separate stream)
            List<Long> seqs = frames.stream().filter(e -> !"pty.data".equals(e.path("event").asString()))
                    .map(e -> e.path("seq").asLong()).toList();
            assertThat(seqs).isSorted().doesNotHaveDuplicates();
        }
    }
}
