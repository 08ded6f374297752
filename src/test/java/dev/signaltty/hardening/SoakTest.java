package dev.signaltty.hardening;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.signaltty.hardening.SoakStreams.Reading;
import dev.signaltty.support.ProtocolClient;
import dev.signaltty.transport.internal.metrics.MetricsEndpointTest;

/**
 * Issue 10's soak against a daemon in its own JVM: request connections, stream subscribers (a reader
 * on every flooding pane, journal subscribers, and stalled pane viewers and journal subscribers that
 * never read) and panes flooding mixed ANSI and UTF-8, for a bounded time. Readers that keep up lose
 * nothing (continuous {@code output_offset}s; every notification seen, in order); stalled ones are closed for
 * lag (seed R201); every request is answered; the daemon's RSS stays under a stated bound; its threads
 * return to where they were; no pane process is left.
 *
 * <p>The CI form is the defaults below (~25 s). The full form is the same code with larger numbers:
 * {@code ./mvnw -B verify -Psoak} (pom.xml: 500 connections, 20 panes, 50 subscribers, 120 s; ADR 0108).
 */
class SoakTest {

    private static final int SECONDS = Integer.getInteger("soak.seconds", 10);
    /** Request connections, all open at once for the whole run; {@link #NOTIFIERS} of them send notifications. */
    private static final int CONNECTIONS = Integer.getInteger("soak.connections", 100);
    /** Flooding panes; each gets one reader that keeps up. */
    private static final int PANES = Integer.getInteger("soak.panes", 4);
    private static final int JOURNAL = Integer.getInteger("soak.journal", 3);
    /** Viewers attached to every pane that never read. */
    private static final int STALLED = Integer.getInteger("soak.stalled", 2);
    /** Journal subscribers that never read. */
    private static final int STALLED_JOURNAL = Integer.getInteger("soak.stalledJournal", 1);
    /**
     * Request connections that send 4 KiB notifications as fast as they are answered: the journal
     * stream's load. Many at once, so their appends share the journal's syncs (group commit).
     */
    private static final int NOTIFIERS = Integer.getInteger("soak.notifiers", 16);
    /** Notifications in all: 16,384 × 4 KiB is twice a connection's 32 MiB event cap. */
    private static final int NOTIFICATIONS = Integer.getInteger("soak.notifications", 16_384);
    /** The full form must push both kinds of laggard past the cap (the CI form judges what it reaches). */
    private static final boolean REQUIRE_LAG = Boolean.getBoolean("soak.requireLag");
    /** Pause between one request connection's calls: agents polling, not a spin that starves the floods. */
    private static final long PACE_MS = Long.getLong("soak.paceMs", 10);
    /** The daemon's RSS must stay below this at every sample. */
    private static final long RSS_BOUND_MIB = Long.getLong("soak.rssMib", 2560);
    /** The daemon's heap in use after a full GC at the end of the run, panes still flooding, must stay below this. */
    private static final long LIVE_HEAP_BOUND_MIB = Long.getLong("soak.liveHeapMib", 512);
    /** Daemon threads allowed above the start after everything is closed (JIT and GC workers vary). */
    private static final int THREAD_SLACK = 12;
    private static final long EVENT_CAP = 32L << 20; // ConnectionOutput.MAX_QUEUED_EVENT_BYTES
    private static final String FLOOD = "yes $'\\e[1;31mred\\e[0m gr\u00fcn \u2713 \u65e5\u672c\u8a9e \\e[38;5;202mcolour\\e[0m \\e[K'";

    @TempDir
    Path root;

    @Test
    void readersLoseNothingLaggardsAreClosedRequestsAreAnsweredAndTheDaemonStaysBounded() throws Exception {
        long started = System.nanoTime();
        String loadBefore = Files.readString(Path.of("/proc/loadavg")).trim();
        ConcurrentLinkedQueue<String> failures = new ConcurrentLinkedQueue<>();
        List<ProcessHandle> paneProcesses = new ArrayList<>();
        try (SoakDaemon daemon = SoakDaemon.start(root);
             ProtocolClient control = daemon.connect();
             RssSampler sampler = new RssSampler(daemon)) {
            long threadsAtStart = daemon.threads();
            String workspace = control.call("workspace.create", Map.of("name", "soak", "cwd", root.toString()))
                    .get("workspace_id").asString();
            List<String> panes = new ArrayList<>();
            for (int i = 0; i < PANES; i++) {
                panes.add(control.call("pane.spawn", Map.of("workspace_id", workspace, "argv", List.of("bash", "-c", FLOOD)))
                        .get("pane_id").asString());
            }
            control.call("pane.list", Map.of()).get("panes").forEach(pane -> ProcessHandle.of(pane.get("pid").asLong())
                    .ifPresent(paneProcesses::add));
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(SECONDS);
            List<ProtocolClient> clients = new ArrayList<>();
            ConcurrentLinkedQueue<Reading> readings = new ConcurrentLinkedQueue<>();
            List<Thread> readers = new ArrayList<>();

            for (String pane : panes) {
                ProtocolClient viewer = track(clients, daemon.connect());
                long start = viewer.call("pane.attach", Map.of("pane_id", pane)).get("output_offset").asLong();
                readers.add(Thread.ofVirtual().start(() -> readings.add(SoakStreams.readPane(viewer, pane, start, deadline, failures))));
            }
            AtomicLongArray acked = new AtomicLongArray(NOTIFIERS);
            CountDownLatch notifiersDone = new CountDownLatch(NOTIFIERS);
            AtomicLong answered = new AtomicLong();
            AtomicLong slowest = new AtomicLong();
            AtomicLong connectionsFinished = new AtomicLong();
            CountDownLatch requestsDone = new CountDownLatch(CONNECTIONS);
            for (int i = 0; i < JOURNAL; i++) {
                ProtocolClient subscriber = track(clients, daemon.connect());
                subscriber.call("subscribe", Map.of());
                String who = "journal subscriber " + i;
                readers.add(Thread.ofVirtual().start(() -> readings.add(SoakStreams.readJournal(subscriber, who, acked,
                        () -> notifiersDone.getCount() == 0, Duration.ofSeconds(SECONDS + 120L), failures))));
            }
            // laggards: attached to every pane (or subscribed to the journal) and never read
            double ptyOutBeforeStall = metric(daemon, "signaltty_pty_bytes_total{direction=\"out\"}");
            List<ProtocolClient> stalledViewers = new ArrayList<>();
            for (int i = 0; i < STALLED; i++) {
                ProtocolClient viewer = track(stalledViewers, daemon.connect());
                for (String pane : panes) {
                    viewer.call("pane.attach", Map.of("pane_id", pane));
                }
            }
            List<ProtocolClient> stalledSubscribers = new ArrayList<>();
            for (int i = 0; i < STALLED_JOURNAL; i++) {
                track(stalledSubscribers, daemon.connect()).call("subscribe", Map.of());
            }
            double ptyOutAtStall = metric(daemon, "signaltty_pty_bytes_total{direction=\"out\"}");

            for (int k = 0; k < NOTIFIERS; k++) {
                int notifier = k;
                Thread.ofVirtual().start(() -> {
                    try (ProtocolClient client = daemon.connect()) {
                        SoakStreams.notifies(client, notifier, deadline, NOTIFICATIONS / NOTIFIERS, acked, answered);
                        connectionsFinished.incrementAndGet();
                    } catch (RuntimeException | AssertionError e) {
                        failures.add("notifier " + notifier + ": " + e);
                    } finally {
                        notifiersDone.countDown();
                        requestsDone.countDown();
                    }
                });
            }
            for (int i = NOTIFIERS; i < CONNECTIONS; i++) {
                int n = i;
                Thread.ofVirtual().start(() -> {
                    try (ProtocolClient client = daemon.connect()) {
                        SoakStreams.requests(client, workspace, n, deadline, TimeUnit.MILLISECONDS.toNanos(PACE_MS), answered, slowest);
                        connectionsFinished.incrementAndGet();
                    } catch (RuntimeException | AssertionError e) {
                        failures.add("connection " + n + ": " + e);
                    } finally {
                        requestsDone.countDown();
                    }
                });
            }
            assertThat(requestsDone.await(SECONDS + 120L, TimeUnit.SECONDS)).as("request connections finished").isTrue();
            assertThat(notifiersDone.await(60, TimeUnit.SECONDS)).as("notifiers finished").isTrue();
            // one more journal event after the last notification: it wakes every subscriber to see it is done
            control.call("workspace.create", Map.of("name", "soak-end", "cwd", root.toString()));
            for (Thread reader : readers) {
                if (!reader.join(Duration.ofSeconds(60))) {
                    failures.add("a stream reader did not finish within 60 s of the run's end");
                    clients.forEach(ProtocolClient::close);
                }
            }
            long runNanos = System.nanoTime() - (deadline - TimeUnit.SECONDS.toNanos(SECONDS));
            long liveHeapUnderLoad = daemon.liveHeapBytes(); // what is really kept, as opposed to what G1 has committed
            long rssAfterGcUnderLoad = daemon.rssBytes();
            clients.forEach(ProtocolClient::close);

            // stop the flood, then: a laggard's connection was closed, so reading it ends (an open one would go quiet)
            for (String pane : panes) {
                control.call("pane.close", Map.of("pane_id", pane));
            }
            double ptyOut = metric(daemon, "signaltty_pty_bytes_total{direction=\"out\"}");
            double connectionLagClosures = metric(daemon, "signaltty_connections_lag_closures_total ");
            double subscriptionLagClosures = metric(daemon, "signaltty_subscriptions_lag_closures_total ");
            String journal = MetricsEndpointTest.scrape(daemon.metricsPort()).lines()
                    .filter(l -> l.startsWith("signaltty_journal_") && !l.contains("_bucket") && !l.startsWith("#"))
                    .collect(java.util.stream.Collectors.joining("; "));
            // every lag closure happened before the run ended, so its grace for queued responses is over:
            // a laggard's stream ends at once, an open one stays quiet for the whole wait
            List<ProtocolClient> stalled = new ArrayList<>(stalledViewers);
            stalled.addAll(stalledSubscribers);
            List<Long> drained = SoakStreams.drainToEnd(stalled, Duration.ofSeconds(3));
            List<Long> viewersDrained = drained.subList(0, STALLED);
            List<Long> subscribersDrained = drained.subList(STALLED, drained.size());
            stalledViewers.forEach(ProtocolClient::close);
            stalledSubscribers.forEach(ProtocolClient::close);
            assertThat(control.call("ping", Map.of())).isNotNull();

            // every connection but control is closed and every pane ended: threads go back to the start
            long threadsAtPeak = sampler.maxThreads();
            long threadsAtEnd = settledThreads(daemon, threadsAtStart + THREAD_SLACK, Duration.ofSeconds(60));
            List<Long> rss = sampler.stop();
            long liveHeapAtEnd = daemon.liveHeapBytes();
            long rssAtEnd = daemon.rssBytes();
            long notifications = 0;
            for (int k = 0; k < NOTIFIERS; k++) {
                notifications += acked.get(k);
            }

            Report report = new Report(loadBefore, Files.readString(Path.of("/proc/loadavg")).trim(), runNanos,
                    System.nanoTime() - started, CONNECTIONS, connectionsFinished.get(), answered.get(), slowest.get(),
                    List.copyOf(readings), STALLED, viewersDrained, STALLED_JOURNAL, subscribersDrained, notifications, ptyOut,
                    connectionLagClosures, subscriptionLagClosures, journal, rss, liveHeapUnderLoad, rssAfterGcUnderLoad, liveHeapAtEnd, rssAtEnd, threadsAtStart, threadsAtPeak, threadsAtEnd);
            report.print(System.out);

            assertThat(failures).isEmpty();
            assertThat(connectionsFinished.get()).as("connections whose every request was answered").isEqualTo(CONNECTIONS);
            assertThat(answered.get()).isGreaterThanOrEqualTo(CONNECTIONS);
            assertThat(readings.stream().filter(r -> !r.closedForLag() && r.events() > 0))
                    .as("some readers kept up through the whole run").isNotEmpty();
            // laggards, judged only outside ±10 % of the cap around what they were sent. Sent to a stalled
            // viewer: the base64 (4/3) of every pane's output since it attached, at least from after the
            // last attach, at most from before the first, plus framing (~3 % on ~4 KiB chunks; 10 % allowed)
            double paneBacklog = (ptyOut - ptyOutAtStall) * 4 / 3;
            double paneBacklogAtMost = (ptyOut - ptyOutBeforeStall) * 4 / 3 * 1.1;
            judge("stalled viewer", paneBacklog, paneBacklogAtMost, viewersDrained);
            // sent to a stalled journal subscriber: every notification, 4 KiB of message and < 1 KiB of the rest
            double journalBacklog = notifications * (double) SoakStreams.PADDING.length();
            judge("stalled journal subscriber", journalBacklog, notifications * (SoakStreams.PADDING.length() + 1024.0),
                    subscribersDrained);
            if (REQUIRE_LAG) {
                assertThat(paneBacklog).as("bytes sent to each stalled viewer").isGreaterThan(EVENT_CAP * 1.1);
                assertThat(journalBacklog).as("bytes sent to each stalled journal subscriber").isGreaterThan(EVENT_CAP * 1.1);
            }
            if (paneBacklog > EVENT_CAP * 1.1 && journalBacklog > EVENT_CAP * 1.1) {
                assertThat(connectionLagClosures).isGreaterThanOrEqualTo(STALLED + STALLED_JOURNAL);
            }
            if (journalBacklog > EVENT_CAP * 1.1) {
                assertThat(subscriptionLagClosures).as("journal streams closed for lag (R201)").isGreaterThanOrEqualTo(STALLED_JOURNAL);
            }
            assertThat(liveHeapUnderLoad).as("daemon heap after a full GC under load").isLessThan(LIVE_HEAP_BOUND_MIB << 20);
            assertThat(rss).as("daemon RSS samples (bytes)").allSatisfy(b -> assertThat(b).isLessThan(RSS_BOUND_MIB << 20));
            assertThat(threadsAtEnd).as("daemon threads after the soak (started with %d)", threadsAtStart)
                    .isLessThanOrEqualTo(threadsAtStart + THREAD_SLACK);
            assertThat(daemon.stop()).as("daemon exit status on SIGTERM").isIn(0, 143);
        }
        ProtocolClient.eventually(Duration.ofSeconds(10), () -> paneProcesses.stream().noneMatch(ProcessHandle::isAlive));
        assertThat(paneProcesses).as("pane processes").isNotEmpty();
    }

    /**
     * A laggard sent clearly more than the cap is closed, and once closed is sent nothing more: reading
     * it ends after what was already in the socket, far less than the cap (R201). One sent clearly less
     * stays open. Within ±10 % of the cap it is not judged: {@code atLeast} and {@code atMost} bound
     * what it was sent.
     */
    private static void judge(String who, double atLeast, double atMost, List<Long> drained) {
        for (long bytes : drained) {
            if (atLeast > EVENT_CAP * 1.1) {
                assertThat(bytes).as("%s sent at least %.0f bytes is closed for lag", who, atLeast).isNotNegative();
                assertThat(bytes).as("bytes %s still got after its close", who).isLessThan(EVENT_CAP / 4);
            } else if (atMost < EVENT_CAP * 0.9) {
                assertThat(bytes).as("%s sent at most %.0f bytes stays open", who, atMost).isEqualTo(-1);
            }
        }
    }

    private static <T> T track(List<? super T> list, T item) {
        list.add(item);
        return item;
    }

    private static double metric(SoakDaemon daemon, String prefix) {
        return MetricsEndpointTest.sample(MetricsEndpointTest.scrape(daemon.metricsPort()), prefix);
    }

    /** The daemon's thread count once it is at most {@code target}, or the last seen after {@code timeout}. */
    private static long settledThreads(SoakDaemon daemon, long target, Duration timeout) throws Exception {
        long deadline = System.nanoTime() + timeout.toNanos();
        long threads = daemon.threads();
        while (threads > target && System.nanoTime() < deadline) {
            Thread.sleep(200);
            threads = daemon.threads();
        }
        return threads;
    }
}
