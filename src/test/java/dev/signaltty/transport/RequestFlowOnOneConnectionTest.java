package dev.signaltty.transport;

import static dev.signaltty.support.ProtocolClient.eventually;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import dev.signaltty.support.DaemonFixture;
import dev.signaltty.support.ProtocolClient;
import dev.signaltty.support.TestDaemon;
import tools.jackson.databind.JsonNode;

/**
 * Which thread answers a request is invisible on the wire (ADR 0102): ordinary requests answered on
 * the connection's reader, waits on its worker, events and pipelined answers by its writer all keep
 * request order, reply-before-stream, cancellation of a wait, and a stalled client stalls only itself.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class RequestFlowOnOneConnectionTest {

    @RegisterExtension
    static final DaemonFixture daemon = new DaemonFixture("flow");

    static String line(String id, String method, String params) {
        return "{\"id\":\"" + id + "\",\"method\":\"" + method + "\",\"params\":" + params + "}\n";
    }

    @Nested
    class AroundAWait {

        @Test
        void answersRequestsBeforeAndAfterASupersededWaitInTheOrderSent() { // seed R5 R6 R136
            String pane = daemon.spawnShell("sleep 60");
            try (ProtocolClient waiter = daemon.connect()) {
                String wait = line("w", "pane.wait_for_output", "{\"pane_id\":\"" + pane + "\",\"match\":\"never\",\"timeout_s\":60}");
                waiter.sendRaw(line("a", "ping", "{}") + wait + line("b", "ping", "{}") + line("c", "server.info", "{}")
                        + line("d", "ping", "{}"));
                assertThat(waiter.nextResponse().get("id").asString()).isEqualTo("a");
                JsonNode cancelled = waiter.nextResponse();
                assertThat(cancelled.get("id").asString()).isEqualTo("w");
                assertThat(cancelled.get("error").get("details").get("cause").asString()).isEqualTo("superseded");
                assertThat(List.of(waiter.nextResponse(), waiter.nextResponse(), waiter.nextResponse()))
                        .extracting(r -> r.get("id").asString() + ":" + r.get("ok").asBoolean())
                        .containsExactly("b:true", "c:true", "d:true");
                // and once the worker is idle, requests are answered one by one again
                for (int i = 0; i < 20; i++) {
                    assertThat(waiter.call("ping", Map.of()).get("pong").asBoolean()).isTrue();
                }
            }
        }

        @Test
        void cancelsAWaitSentAloneOnlyWhenTheNextRequestArrives() { // seed R136
            String pane = daemon.spawnShell("sleep 60");
            try (ProtocolClient waiter = daemon.connect()) {
                waiter.sendRaw(line("w", "pane.wait_for_output", "{\"pane_id\":\"" + pane + "\",\"match\":\"never\",\"timeout_s\":60}"));
                sleep(300); // the wait is running on its own: nothing answers it yet
                waiter.sendRaw(line("p", "ping", "{}"));
                JsonNode cancelled = waiter.nextResponse();
                assertThat(cancelled.get("id").asString()).isEqualTo("w");
                assertThat(cancelled.get("error").get("details").get("cause").asString()).isEqualTo("superseded");
                assertThat(waiter.nextResponse().get("id").asString()).isEqualTo("p");
            }
        }
    }

    @Test
    void writesTheAttachReplyBeforeAnyOutputItStreams() { // seed R299
        String pane = daemon.spawnShell("i=0; while [ $i -lt 100000 ]; do echo streaming-$i; i=$((i+1)); done; sleep 60");
        for (int round = 0; round < 5; round++) {
            try (ProtocolClient viewer = daemon.connect()) {
                viewer.sendRaw(line("att", "pane.attach", "{\"pane_id\":\"" + pane + "\"}"));
                JsonNode first = ProtocolJson.MAPPER.readTree(viewer.readRawLine());
                assertThat(first.get("type").asString()).isEqualTo("response");
                assertThat(first.get("id").asString()).isEqualTo("att");
                assertThat(viewer.nextEvent().get("event").asString()).isEqualTo("pty.data");
            }
        }
    }

    @Nested
    class AClientThatStopsReading {

        @Test
        void stallsNeitherTheOutputOfItsPaneNorOtherConnectionsAndGetsEveryAnswerInOrderOnceItReads() { // seed R6 R201
            String pane = daemon.spawnShell("i=0; while true; do echo tick-$i; i=$((i+1)); sleep 0.01; done");
            // schema answers worth 24 MiB: over the socket buffers and over the 16 MiB of answers a
            // connection holds for a client before it stops reading that client's requests
            int schemaBytes = daemon.client().call("schema", Map.of()).toString().length();
            int requests = (24 << 20) / schemaBytes + 1;
            try (ProtocolClient stalled = daemon.connect(); ProtocolClient other = daemon.connect()) {
                stalled.call("pane.attach", Map.of("pane_id", pane));
                StringBuilder batch = new StringBuilder();
                for (int i = 0; i < requests; i++) {
                    batch.append(line("s" + i, "schema", "{}"));
                }
                stalled.sendRaw(batch.toString());

                // the stalled client's pane keeps producing and another client is served meanwhile
                long offset = other.call("pane.get", Map.of("pane_id", pane)).get("pane").get("output_offset").asLong();
                for (int i = 0; i < 200; i++) {
                    assertThat(other.call("ping", Map.of()).get("pong").asBoolean()).isTrue();
                }
                eventually(Duration.ofSeconds(10), () -> other.call("pane.get", Map.of("pane_id", pane))
                        .get("pane").get("output_offset").asLong() > offset + 1000);
                JsonNode attached = other.call("pane.attach", Map.of("pane_id", pane));
                assertThat(new String(Base64.getDecoder().decode(attached.get("snapshot_b64").asString()),
                        StandardCharsets.UTF_8)).contains("tick-");

                List<String> ids = new ArrayList<>();
                for (int i = 0; i < requests; i++) {
                    JsonNode response = stalled.nextResponse();
                    assertThat(response.get("ok").asBoolean()).isTrue();
                    ids.add(response.get("id").asString());
                }
                assertThat(ids).isEqualTo(java.util.stream.IntStream.range(0, requests).mapToObj(i -> "s" + i).toList());
                assertThat(stalled.nextEvent().get("event").asString()).isEqualTo("pty.data");
                assertThat(stalled.call("ping", Map.of()).get("pong").asBoolean()).isTrue();
            }
        }
    }

    @Test
    void stopsTheServerPromptlyWhileAClientIsNotReadingItsAnswers(@TempDir Path own) {
        TestDaemon stopping = TestDaemon.start(own);
        try (ProtocolClient stalled = stopping.connect()) {
            StringBuilder batch = new StringBuilder();
            for (int i = 0; i < 2000; i++) {
                batch.append(line("s" + i, "schema", "{}"));
            }
            stalled.sendRaw(batch.toString());
            sleep(500); // the server fills the socket and stops reading this client
            long start = System.nanoTime();
            stopping.close();
            assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(10));
            assertThat(stopping.isRunning()).isFalse();
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }
}
