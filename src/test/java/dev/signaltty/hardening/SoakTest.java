package dev.signaltty.hardening;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.signaltty.support.ProtocolClient;
import dev.signaltty.support.TestDaemon;
import dev.signaltty.transport.internal.metrics.MetricsEndpointTest;
import tools.jackson.databind.JsonNode;

/**
 * A short soak (CI form of issue 10's 500/50/20): 100 connections issuing requests, 10 stream
 * consumers and 4 panes flooding mixed ANSI and UTF-8, for {@code soak.seconds} (10 s). The long form
 * is the same test with system properties: {@code -Dsoak.seconds=300 -Dsoak.connections=500
 * -Dsoak.panes=20 -Dsoak.stalled=15 -Dsoak.journal=15} (20 pane readers + 15 + 15 = 50 streams). Consumers that
 * read keep every byte in order; consumers that never read are closed for lag; neither slows the
 * request connections, and memory stays bounded.
 */
class SoakTest {

    private static final int SECONDS = Integer.getInteger("soak.seconds", 10);
    private static final int CONNECTIONS = Integer.getInteger("soak.connections", 100);
    private static final int PANES = Integer.getInteger("soak.panes", 4);
    /** Connections that attach and never read; with 4 pane readers and 3 journal subscribers: 10 streams. */
    private static final int STALLED = Integer.getInteger("soak.stalled", 3);
    private static final int JOURNAL_SUBSCRIBERS = Integer.getInteger("soak.journal", 3);
    private static final String FLOOD = "yes $'\\e[1;31mred\\e[0m gr\u00fcn \u2713 \u65e5\u672c\u8a9e \\e[38;5;202mcolour\\e[0m \\e[K'";

    @TempDir
    Path root;

    @Test
    void readersLoseNothingStalledReadersAreClosedAndRequestsKeepFlowing() throws Exception {
        long heapBefore = heapAfterGc();
        try (TestDaemon daemon = TestDaemon.start(root, "signaltty.metrics.enabled=true", "signaltty.metrics.port=0");
             ProtocolClient control = daemon.connect()) {
            int metricsPort = daemon.bean(dev.signaltty.transport.internal.metrics.MetricsEndpoint.class).port();
            String workspace = control.call("workspace.create", Map.of("name", "soak", "cwd", root.toString()))
                    .get("workspace_id").asString();
            List<String> panes = new ArrayList<>();
            for (int i = 0; i < PANES; i++) {
                panes.add(control.call("pane.spawn", Map.of("workspace_id", workspace, "argv", List.of("bash", "-c", FLOOD)))
                        .get("pane_id").asString());
            }
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(SECONDS);
            ConcurrentLinkedQueue<String> failures = new ConcurrentLinkedQueue<>();
            List<Thread> threads = new ArrayList<>();
            List<ProtocolClient> clients = new ArrayList<>();

            // readers attached to every flooding pane: offsets must be continuous
            AtomicLong bytesRead = new AtomicLong();
            AtomicLong readersClosed = new AtomicLong();
            for (String pane : panes) {
                ProtocolClient viewer = daemon.connect();
                clients.add(viewer);
                long start = viewer.call("pane.attach", Map.of("pane_id", pane)).get("output_offset").asLong();
                threads.add(Thread.ofVirtual().start(() -> readPane(viewer, pane, start, deadline, bytesRead, readersClosed, failures)));
            }
            // stalled viewers: attach to every pane (so their backlog passes the cap within the run), never read
            List<ProtocolClient> stalled = new ArrayList<>();
            for (int i = 0; i < STALLED; i++) {
                ProtocolClient viewer = daemon.connect();
                for (String pane : panes) {
                    viewer.call("pane.attach", Map.of("pane_id", pane));
                }
                stalled.add(viewer);
            }
            double ptyOutAtStall = MetricsEndpointTest.sample(MetricsEndpointTest.scrape(metricsPort),
                    "signaltty_pty_bytes_total{direction=\"out\"}");
            // journal subscribers: seqs strictly increase
            for (int i = 0; i < JOURNAL_SUBSCRIBERS; i++) {
                ProtocolClient subscriber = daemon.connect();
                clients.add(subscriber);
                subscriber.call("subscribe", Map.of());
                threads.add(Thread.ofVirtual().start(() -> readJournal(subscriber, deadline, failures)));
            }
            // request connections: every call answered, none starved
            AtomicLong requests = new AtomicLong();
            AtomicLong slowest = new AtomicLong();
            CountDownLatch done = new CountDownLatch(CONNECTIONS);
            for (int i = 0; i < CONNECTIONS; i++) {
                int n = i;
                Thread.ofVirtual().start(() -> {
                    try (ProtocolClient client = daemon.connect()) {
                        request(client, workspace, n, deadline, requests, slowest);
                    } catch (RuntimeException | AssertionError e) {
                        failures.add("connection " + n + ": " + e);
                    } finally {
                        done.countDown();
                    }
                });
            }
            assertThat(done.await(SECONDS + 60, TimeUnit.SECONDS)).as("request connections finished").isTrue();
            for (ProtocolClient client : clients) {
                client.close();
            }
            for (Thread thread : threads) {
                assertThat(thread.join(Duration.ofSeconds(30))).as("stream reader finished").isTrue();
            }
            assertThat(failures).isEmpty();

            // stop the flood, then: a stalled viewer's connection was closed for lag, so reading it
            // drains to end of stream (one still open would just go quiet)
            for (String pane : panes) {
                control.call("pane.close", Map.of("pane_id", pane));
            }
            String metrics = MetricsEndpointTest.scrape(metricsPort);
            double lagClosures = MetricsEndpointTest.sample(metrics, "signaltty_connections_lag_closures_total ");
            double ptyOut = MetricsEndpointTest.sample(metrics, "signaltty_pty_bytes_total{direction=\"out\"}");
            System.out.printf("soak %d s: %d requests on %d connections (slowest %.1f ms), %d pty bytes read by "
                            + "viewers (%d of %d readers closed for lag), %.0f pty bytes out, %.0f lag closures%n", SECONDS,
                    requests.get(), CONNECTIONS, slowest.get() / 1e6, bytesRead.get(), readersClosed.get(), PANES, ptyOut,
                    lagClosures);
            // what a stalled viewer was sent: every pane's output since it attached, base64 (4/3) plus framing
            double backlog = (ptyOut - ptyOutAtStall) * 4 / 3;
            long cap = 32L << 20; // ConnectionOutput.MAX_QUEUED_EVENT_BYTES
            for (ProtocolClient viewer : stalled) {
                boolean closed = drainsToEnd(viewer);
                if (backlog > cap * 1.1) {
                    assertThat(closed).as("stalled viewer sent %.0f bytes is closed for lag", backlog).isTrue();
                } else if (backlog < cap * 0.9) {
                    assertThat(closed).as("stalled viewer sent only %.0f bytes stays open", backlog).isFalse();
                }
                viewer.close();
            }
            if (backlog > cap * 1.1) {
                assertThat(lagClosures).isGreaterThanOrEqualTo(STALLED);
            }
            assertThat(requests.get()).isGreaterThanOrEqualTo(CONNECTIONS);
            assertThat(control.call("ping", Map.of())).isNotNull();
            long heapGrowth = heapAfterGc() - heapBefore;
            assertThat(heapGrowth).as("heap growth").isLessThan(256L << 20);
            assertThat(rssBytes()).as("RSS of the JVM running daemon and clients").isLessThan(2L << 30);
        }
    }

    private static void request(ProtocolClient client, String workspace, int n, long deadline, AtomicLong requests,
                                AtomicLong slowest) {
        int i = 0;
        while (System.nanoTime() < deadline || i == 0) {
            long start = System.nanoTime();
            switch (i++ % 4) {
                case 0 -> client.call("ping", Map.of());
                case 1 -> client.call("pane.list", Map.of());
                case 2 -> client.call("workspace.get", Map.of("workspace_id", workspace));
                default -> assertThat(client.errorCode("pane.get", Map.of("pane_id", "p-missing-" + n))).isEqualTo("NO_SUCH_PANE");
            }
            slowest.accumulateAndGet(System.nanoTime() - start, Math::max);
            requests.incrementAndGet();
            // paced like agents polling (~100 requests/s per connection), not a spin that starves the floods
            LockSupport.parkNanos(10_000_000);
        }
    }

    private static void readPane(ProtocolClient viewer, String pane, long start, long deadline, AtomicLong bytesRead,
                                 AtomicLong closedForLag, ConcurrentLinkedQueue<String> failures) {
        long offset = start;
        try {
            while (System.nanoTime() < deadline) {
                JsonNode event = viewer.nextEvent();
                JsonNode payload = event.get("payload");
                if (!"pty.data".equals(event.get("event").asString()) || !pane.equals(payload.get("pane_id").asString())) {
                    continue;
                }
                int length = Base64.getDecoder().decode(payload.get("data_b64").asString()).length;
                long end = payload.get("output_offset").asLong();
                if (end - length != offset) {
                    failures.add(pane + ": gap or overlap at " + offset + " (next chunk ends " + end + ", " + length + " bytes)");
                    return;
                }
                offset = end;
                bytesRead.addAndGet(length);
            }
        } catch (AssertionError e) {
            closedForLag.incrementAndGet(); // "connection closed by the server": it fell behind, which is allowed
        } catch (RuntimeException e) {
            if (System.nanoTime() < deadline) {
                failures.add(pane + " reader: " + e);
            } // else: the test closed the connection at the end of the run
        }
    }

    private static void readJournal(ProtocolClient subscriber, long deadline, ConcurrentLinkedQueue<String> failures) {
        long last = -1;
        try {
            while (System.nanoTime() < deadline) {
                JsonNode event = subscriber.nextEvent();
                long seq = event.get("seq").asLong();
                if (seq <= last) {
                    failures.add("journal subscriber: seq " + seq + " after " + last);
                    return;
                }
                last = seq;
            }
        } catch (AssertionError e) {
            // "connection closed by the server": only acceptable as a lag closure, which the journal
            // stream has no reason for here (it only carries a few events)
            failures.add("journal subscriber closed: " + e.getMessage());
        } catch (RuntimeException e) {
            if (System.nanoTime() < deadline) {
                failures.add("journal subscriber: " + e);
            }
        }
    }

    /** True when the stream ends (the server closed it) within the deadline. */
    private static boolean drainsToEnd(ProtocolClient viewer) throws InterruptedException {
        Thread reader = Thread.ofVirtual().start(() -> {
            while (viewer.readRawLine() != null) {
                // discard what was queued before the close
            }
        });
        return reader.join(Duration.ofSeconds(10));
    }

    private static long heapAfterGc() {
        var memory = ManagementFactory.getMemoryMXBean();
        for (int i = 0; i < 3; i++) {
            memory.gc();
        }
        return memory.getHeapMemoryUsage().getUsed();
    }

    private static long rssBytes() throws java.io.IOException {
        for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
            if (line.startsWith("VmRSS:")) {
                return Long.parseLong(line.replaceAll("\\D", "")) * 1024;
            }
        }
        throw new IllegalStateException("no VmRSS in /proc/self/status");
    }
}
