package dev.signaltty.journal;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeSet;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import tools.jackson.databind.JsonNode;

import dev.signaltty.transport.ProtocolJson;

/**
 * Issue 4's crash test: {@code kill -9} during a burst of state events from concurrent clients, then a
 * restart. Every event a subscriber saw is in the audit under the same seq, no seq was issued twice,
 * and replay from any cursor says complete only when it is.
 */
class CrashRecoveryTest {

    static final int BURST = 10_000;
    static final int WRITERS = 8;

    @TempDir
    Path root;

    @Test
    void keepsEveryDeliveredEventAndProvesReplayAfterAKill9DuringABurst() throws Exception {
        List<StreamClient> subscribers = new ArrayList<>();
        AtomicInteger acknowledged = new AtomicInteger();
        List<String> workspaces = new ArrayList<>();
        long reservedBeforeCrash;
        try (DaemonProcess daemon = DaemonProcess.start(root)) {
            try (StreamClient setup = daemon.connect()) {
                for (int w = 0; w < WRITERS; w++) {
                    workspaces.add(setup.ok("workspace.create", Map.of("name", "burst-" + w))
                            .path("workspace_id").asString());
                }
            }
            for (int s = 0; s < 3; s++) {
                StreamClient subscriber = daemon.connect();
                subscriber.ok("subscribe", Map.of());
                subscribers.add(subscriber);
            }
            AtomicBoolean stop = new AtomicBoolean();
            try (ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor()) {
                List<Future<?>> writers = new ArrayList<>();
                for (int w = 0; w < WRITERS; w++) {
                    String workspace = workspaces.get(w);
                    writers.add(pool.submit(() -> {
                        try (StreamClient client = daemon.connect()) {
                            for (int i = 0; !stop.get(); i++) {
                                client.ok("workspace.rename", Map.of("workspace_id", workspace, "name", "n" + i));
                                acknowledged.incrementAndGet();
                            }
                        } catch (IOException crashed) {
                            // the daemon was killed mid-request
                        }
                        return null;
                    }));
                }
                long burstStart = System.nanoTime();
                long deadline = burstStart + Duration.ofMinutes(4).toNanos();
                while (acknowledged.get() < BURST && System.nanoTime() < deadline) {
                    Thread.sleep(5);
                }
                assertThat(acknowledged.get()).as("acknowledged renames before the kill").isGreaterThanOrEqualTo(BURST);
                double burstSeconds = (System.nanoTime() - burstStart) / 1e9;
                System.out.printf("crash test: burst of %d renames from %d clients in %.1f s (%.0f/s end to end)%n",
                        acknowledged.get(), WRITERS, burstSeconds, acknowledged.get() / burstSeconds);
                daemon.kill9(); // mid-burst: the writers are still sending
                stop.set(true);
                for (Future<?> writer : writers) {
                    writer.get();
                }
            }
            reservedBeforeCrash = reservation(daemon.stateDir);
        }
        for (StreamClient subscriber : subscribers) {
            subscriber.awaitEof(Duration.ofSeconds(10));
            subscriber.close();
        }

        Path state = root.resolve("state/signaltty");
        Map<Long, JsonNode> audit = readAudit(state);
        System.out.printf("crash test: %d renames acknowledged before kill -9, %d records in the audit, "
                + "subscribers saw %s events%n", acknowledged.get(), audit.size(),
                subscribers.stream().map(c -> c.events.size()).toList());
        // No seq issued twice, and every acknowledged transition is journaled.
        assertThat(audit.size()).isGreaterThanOrEqualTo(acknowledged.get() + WRITERS);
        for (StreamClient subscriber : subscribers) {
            assertThat(subscriber.events).isNotEmpty();
            long previous = 0;
            for (JsonNode event : subscriber.events) {
                long seq = event.path("seq").asLong();
                assertThat(seq).isGreaterThan(previous);
                previous = seq;
                JsonNode journaled = audit.get(seq);
                assertThat(journaled).as("delivered seq %d is in the audit", seq).isNotNull();
                assertThat(journaled.path("event")).isEqualTo(event.path("event"));
                assertThat(journaled.path("payload")).isEqualTo(event.path("payload"));
            }
        }

        try (DaemonProcess restarted = DaemonProcess.start(root); StreamClient client = restarted.connect()) {
            client.ok("subscribe", Map.of());
            client.ok("workspace.create", Map.of("name", "after-restart"));
            assertThat(client.awaitEvents(1, Duration.ofSeconds(10))).isTrue();
            long fresh = client.events.getFirst().path("seq").asLong();
            assertThat(fresh).as("restart skips the unused reservation").isGreaterThan(reservedBeforeCrash);
            client.close();

            Map<Long, JsonNode> all = readAudit(state);
            List<Long> seqs = new ArrayList<>(new TreeSet<>(all.keySet()));
            List<Long> cursors = new ArrayList<>(List.of(0L, seqs.getFirst(), seqs.get(seqs.size() - 2),
                    seqs.getLast(), seqs.get(seqs.size() - 4097), seqs.get(seqs.size() - 4096),
                    seqs.getLast() - 1, reservedBeforeCrash));
            Random random = new Random(4);
            for (int i = 0; i < 12; i++) {
                cursors.add(seqs.get(random.nextInt(seqs.size())));
            }
            for (long cursor : cursors) {
                List<Long> expected = seqs.stream().filter(seq -> seq > cursor).toList();
                try (StreamClient replaying = restarted.connect()) {
                    JsonNode result = replaying.ok("subscribe", Map.of("from_seq", cursor));
                    String status = result.path("replay").path("status").asString();
                    if (expected.size() > 4096) {
                        assertThat(status).as("cursor %d with %d events after it", cursor, expected.size())
                                .isEqualTo("truncated");
                        assertThat(replaying.awaitEof(Duration.ofSeconds(10))).isTrue();
                        continue;
                    }
                    assertThat(status).as("cursor %d", cursor).isEqualTo("complete");
                    assertThat(result.path("replay").path("returned").asInt()).isEqualTo(expected.size());
                    assertThat(replaying.awaitEvents(expected.size(), Duration.ofSeconds(30))).isTrue();
                    assertThat(replaying.events.stream().map(e -> e.path("seq").asLong()).toList())
                            .isEqualTo(expected);
                }
            }
        }
    }

    private static long reservation(Path state) throws IOException {
        return ProtocolJson.MAPPER.readTree(Files.readString(state.resolve("event-sequence.json")))
                .path("reserved_through").asLong();
    }

    /** seq → record of both generations; fails on a seq seen twice or out of order. */
    static Map<Long, JsonNode> readAudit(Path state) throws IOException {
        Map<Long, JsonNode> records = new HashMap<>();
        long previous = 0;
        for (String name : List.of("audit.jsonl.1", "audit.jsonl")) {
            Path file = state.resolve(name);
            if (!Files.exists(file)) {
                continue;
            }
            for (String line : Files.readAllLines(file)) {
                JsonNode record = ProtocolJson.MAPPER.readTree(line);
                long seq = record.path("seq").asLong();
                assertThat(seq).as("audit seqs ascend, none issued twice").isGreaterThan(previous);
                previous = seq;
                records.put(seq, record);
            }
        }
        return records;
    }
}
