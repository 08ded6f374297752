package dev.signaltty.journal;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import tools.jackson.databind.JsonNode;

/** subscribe/unsubscribe through a real daemon's socket. */
class SubscribeOverSocketTest {

    @TempDir
    static Path root;

    static DaemonProcess daemon;

    @BeforeAll
    static void startDaemon() throws Exception {
        daemon = DaemonProcess.start(root);
    }

    @AfterAll
    static void stopDaemon() throws Exception {
        daemon.close();
    }

    private static long createWorkspace(StreamClient client, String name) throws Exception {
        client.ok("workspace.create", Map.of("name", name));
        return client.events.isEmpty() ? -1 : client.events.getLast().path("seq").asLong();
    }

    @Test
    void streamsJournaledStateEventsToALiveSubscriber() throws Exception {
        try (StreamClient subscriber = daemon.connect(); StreamClient actor = daemon.connect()) {
            JsonNode result = subscriber.ok("subscribe", Map.of("events", List.of("workspace.*")));
            assertThat(result.path("subscribed").asBoolean()).isTrue();
            actor.ok("workspace.create", Map.of("name", "live-one"));
            assertThat(subscriber.awaitEvents(1, Duration.ofSeconds(10))).isTrue();
            JsonNode event = subscriber.events.getFirst();
            assertThat(event.path("event").asString()).isEqualTo("workspace.created");
            assertThat(event.path("seq").asLong()).isPositive();
            assertThat(event.path("at").asString()).endsWith("Z");
            // Journaled before it was published: the audit already has it.
            assertThat(java.nio.file.Files.readString(daemon.stateDir.resolve("audit.jsonl")))
                    .contains("{\"seq\":" + event.path("seq").asLong() + ",\"event\":\"workspace.created\"");
        }
    }

    @Test
    void repliesBeforeReplayFramesWhichPrecedeLiveEvents() throws Exception { // seed R185, seed R19
        try (StreamClient watcher = daemon.connect(); StreamClient actor = daemon.connect()) {
            watcher.ok("subscribe", Map.of("events", List.of("workspace.*")));
            actor.ok("workspace.create", Map.of("name", "before-a"));
            watcher.awaitEvents(1, Duration.ofSeconds(10));
            long cursor = watcher.events.getFirst().path("seq").asLong();
            actor.ok("workspace.create", Map.of("name", "missed-b"));
            actor.ok("workspace.create", Map.of("name", "missed-c"));
            watcher.awaitEvents(3, Duration.ofSeconds(10));
            try (StreamClient late = daemon.connect()) {
                JsonNode result = late.ok("subscribe", Map.of("events", List.of("workspace.*"), "from_seq", cursor));
                JsonNode replay = result.path("replay");
                assertThat(result.path("subscribed").asBoolean()).isTrue();
                assertThat(replay.path("status").asString()).isEqualTo("complete");
                assertThat(replay.path("requested_after").asLong()).isEqualTo(cursor);
                assertThat(replay.path("returned").asInt()).isGreaterThanOrEqualTo(2);
                assertThat(replay.has("recovery")).isFalse();
                actor.ok("workspace.create", Map.of("name", "live-d"));
                assertThat(late.awaitEvents(replay.path("returned").asInt() + 1, Duration.ofSeconds(10))).isTrue();
                List<JsonNode> lines = late.lines;
                assertThat(lines.getFirst().path("type").asString()).isEqualTo("response");
                List<Long> seqs = late.events.stream().map(e -> e.path("seq").asLong()).toList();
                assertThat(seqs).isSorted().doesNotHaveDuplicates();
                assertThat(seqs.getFirst()).isGreaterThan(cursor);
                assertThat(late.events.getLast().path("payload").toString()).contains("live-d");
            }
        }
    }

    @Test
    // seed R189, seed R190, seed R191, seed R192
    void refusesACursorPastTheHeadThenClosesTheConnection() throws Exception {
        try (StreamClient client = daemon.connect()) {
            JsonNode result = client.ok("subscribe", Map.of("from_seq", 1L << 50));
            assertThat(result.path("subscribed").asBoolean()).isFalse();
            assertThat(result.path("replay").path("status").asString()).isEqualTo("cursor_ahead");
            assertThat(result.path("replay").path("returned").asInt()).isZero();
            assertThat(result.path("replay").path("recovery").asString()).isEqualTo("snapshot_then_resubscribe");
            assertThat(client.awaitEof(Duration.ofSeconds(10))).isTrue();
            assertThat(client.events).isEmpty();
        }
    }

    @Test
    void rejectsAnUnknownGlobAsBadParams() throws Exception {
        try (StreamClient client = daemon.connect()) {
            JsonNode response = client.call("subscribe", Map.of("events", List.of("bogus.*")));
            assertThat(response.path("ok").asBoolean()).isFalse();
            assertThat(response.path("error").path("code").asString()).isEqualTo("BAD_PARAMS");
            assertThat(response.path("error").path("details").path("field").asString()).isEqualTo("events");
            assertThat(client.ok("unsubscribe", Map.of()).path("unsubscribed").asBoolean()).isFalse();
        }
    }

    @Test
    void unsubscribeEndsTheStreamButNotTheConnection() throws Exception {
        try (StreamClient client = daemon.connect(); StreamClient actor = daemon.connect()) {
            client.ok("subscribe", Map.of("events", List.of("workspace.created")));
            assertThat(client.ok("unsubscribe", Map.of()).path("unsubscribed").asBoolean()).isTrue();
            actor.ok("workspace.create", Map.of("name", "unseen"));
            assertThat(client.ok("unsubscribe", Map.of()).path("unsubscribed").asBoolean()).isFalse();
            assertThat(client.events).isEmpty();
        }
    }
}
