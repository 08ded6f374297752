package bench;

import static bench.Format.rate;
import static bench.Format.yes;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/** Acknowledged state changes over the socket (issue 17 item 6, ADR 0131): renames, each synced before its answer. */
final class RenamesRows {

    private final Bench bench;

    RenamesRows(Bench bench) {
        this.bench = bench;
    }

    /** 8 clients renaming their own workspace for a few seconds; each answer comes after its sync. */
    void run() throws Exception {
        int clients = 8;
        long seconds = Long.getLong("bench.renames.seconds", 5);
        long warmup = Long.getLong("bench.renames.warmup", 10);
        try (Daemon daemon = bench.daemon("renames", "--signaltty.metrics.enabled=true", "--signaltty.metrics.port=0")) {
            List<String> workspaces = new ArrayList<>();
            try (Daemon.Client setup = daemon.connect()) {
                for (int c = 0; c < clients; c++) {
                    workspaces.add(setup.call("workspace.create", Map.of("name", "r" + c, "cwd", bench.work.toString()))
                            .get("workspace_id").asString());
                }
            }
            if (!workspaces.stream().allMatch(ws -> ws.matches("[A-Za-z0-9_-]+"))) { // written into JSON unescaped
                throw new IllegalStateException("unexpected workspace ids " + workspaces);
            }
            AtomicLong done = new AtomicLong();
            // the JIT compiles the request path in the first seconds (at load 20, C2 took ~half the daemon's
            // CPU over seconds 3-18); the row measures the running daemon after that (ADR 0440)
            long warm = System.nanoTime() + warmup * 1_000_000_000L;
            long end = warm + seconds * 1_000_000_000L;
            List<Thread> threads = new ArrayList<>();
            double[][] journal = new double[2][];
            long[][] cpu = new long[2][]; // {daemon, this client JVM} CPU nanoseconds: what a rename costs
            threads.add(Thread.ofPlatform().start(() -> { // the journal's own counters over the measured span
                try {
                    Thread.sleep(Math.max(0, (warm - System.nanoTime()) / 1_000_000));
                    journal[0] = journalCounters(daemon);
                    cpu[0] = cpuNanos(daemon);
                    Thread.sleep(Math.max(0, (end - System.nanoTime()) / 1_000_000));
                    journal[1] = journalCounters(daemon);
                    cpu[1] = cpuNanos(daemon);
                } catch (IOException | InterruptedException e) {
                    throw new IllegalStateException(e);
                }
            }));
            for (int c = 0; c < clients; c++) {
                String ws = workspaces.get(c);
                threads.add(Thread.ofPlatform().start(() -> {
                    try (Daemon.Client client = daemon.connect()) {
                        for (int i = 0; System.nanoTime() < end; i++) {
                            renamed(client, i, ws, "n" + i);
                            if (System.nanoTime() > warm) {
                                done.incrementAndGet();
                            }
                        }
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                }));
            }
            for (Thread t : threads) {
                t.join();
            }
            double rate = done.get() / (double) seconds;
            double syncs = journal[1][1] - journal[0][1];
            String grouping = String.format(Locale.ROOT, " [%.1f events per sync, %.2f ms per write+sync, "
                    + "CPU per rename: daemon %.0f µs, clients %.0f µs]",
                    (journal[1][0] - journal[0][0]) / syncs, (journal[1][2] - journal[0][2]) * 1e3 / syncs,
                    (cpu[1][0] - cpu[0][0]) / 1e3 / done.get(), (cpu[1][1] - cpu[0][1]) / 1e3 / done.get());
            bench.add(new Row("acknowledged renames/s over the socket (" + clients + " clients, each synced before its "
                    + "answer, " + seconds + " s after " + warmup + " s warm-up)" + grouping, rate(rate) + " /s", "—", "—",
                    "≥ 10k", yes(rate >= 10_000)));
        }
    }

    /**
     * One rename and its answer, checked: the answer to this id, ok, with the new name. Written and read as
     * bytes, without a JSON mapper on either side: the clients share the daemon's two cores, and parsing
     * each answer into a tree cost them 25-40 µs of CPU per rename (ADR 0440).
     */
    private static void renamed(Daemon.Client client, long id, String workspace, String name) throws IOException {
        client.lines.send(("{\"id\":" + id + ",\"method\":\"workspace.rename\",\"params\":{\"workspace_id\":\""
                + workspace + "\",\"name\":\"" + name + "\"}}\n").getBytes(StandardCharsets.UTF_8));
        String answer = client.lines.next();
        if (answer == null || !answer.startsWith("{\"type\":\"response\",\"id\":" + id + ",\"ok\":true,\"result\":{")
                || !answer.contains("\"name\":\"" + name + "\"")) {
            throw new IllegalStateException("workspace.rename " + id + " to " + name + " answered: " + answer);
        }
    }

    /** CPU time so far of the daemon and of this JVM (the bench's clients), in nanoseconds. */
    static long[] cpuNanos(Daemon daemon) {
        return new long[] {ProcessHandle.of(daemon.pid()).orElseThrow().info().totalCpuDuration().orElseThrow().toNanos(),
                ProcessHandle.current().info().totalCpuDuration().orElseThrow().toNanos()};
    }

    /** The journal's events, syncs and seconds spent writing and syncing, from the daemon's /metrics. */
    static double[] journalCounters(Daemon daemon) throws IOException {
        URI uri = URI.create("http://127.0.0.1:" + daemon.metricsPort() + "/metrics");
        String text;
        try (InputStream in = uri.toURL().openStream()) {
            text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        return new double[] {metric(text, "signaltty_journal_batch_size_events_sum"),
                metric(text, "signaltty_journal_sync_seconds_count"), metric(text, "signaltty_journal_sync_seconds_sum")};
    }

    private static double metric(String text, String name) throws IOException {
        for (String line : text.split("\n")) {
            if (line.startsWith(name + " ") || line.startsWith(name + "{")) {
                return Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1));
            }
        }
        throw new IOException("no " + name + " in /metrics");
    }

    // ---- keystroke echo behind a neighbour flood (issue 24 item 3)
}
