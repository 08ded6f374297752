package bench;

import static bench.Format.mib;
import static bench.Format.ratio;
import static bench.Format.yes;

import java.io.IOException;
import java.nio.file.Files;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import tools.jackson.databind.JsonNode;

/**
 * Memory per idle pane with 10,000 lines of scrollback. Issue 24 item 4's goal (≤ 1 MiB RSS per pane
 * with the daemon's default flags) is measured on the daemon {@code bin/signaltty server run} starts, so
 * the flags are the launcher's own and cannot drift from what users get; the plain-java daemon (the
 * JVM's default heap sizing) is context. tmux: the same panes as windows with {@code history-limit 10000}.
 */
final class MemoryRows {

    private static final String PRINT = "awk 'BEGIN{for(i=1;i<=10000;i++) printf \"%06d lorem ipsum dolor sit amet, "
            + "consectetur adipiscing elit\\n\", i}'";
    /** 63 printed bytes + CR from the terminal's newline translation, per line. */
    private static final long PER_PANE = 10_000L * 64;

    private final Bench bench;
    private final int panes = Integer.getInteger("bench.memory.panes", 40);
    /**
     * Seconds the panes idle before each sample: past the reader's 1 s buffer release and its 4 s more
     * before it hands the master to the idle watcher (ADRs 0491, 0547), so an idle pane is measured idle.
     */
    private final int idleSeconds = Integer.getInteger("bench.memory.idle", 6);

    MemoryRows(Bench bench) {
        this.bench = bench;
    }

    /** RSS growth and Java heap retained per pane, in bytes, and the breakdown for the notes. */
    private record PerPane(double rss, double heap, String breakdown) {
    }

    void run() throws Exception {
        double tmux = tmuxPerPane();
        if (bench.hasLauncher()) {
            PerPane launched;
            try (Daemon daemon = bench.launched("memory-launcher")) {
                launched = perPane(daemon);
            }
            bench.add(new Row("memory per idle pane with 10,000 lines of scrollback (" + panes + " panes, RSS growth after a "
                    + "warm-up round and a settled full GC; daemon started by `bin/signaltty server run`: its default flags and AOT cache)",
                    mib(launched.rss()), mib(tmux), ratio(tmux, launched.rss()), "≤ 1 MiB", yes(launched.rss() <= 1 << 20)));
            note("`bin/signaltty server run`", launched);
            if (Boolean.parseBoolean(System.getProperty("bench.memory.nmt", "true"))) {
                try (Daemon daemon = bench.launched("memory-nmt", Map.of("JDK_JAVA_OPTIONS", "-XX:NativeMemoryTracking=summary"))) {
                    note("`bin/signaltty server run` with `-XX:NativeMemoryTracking=summary` added, for its categories", perPane(daemon));
                }
            }
        }
        PerPane plain;
        try (Daemon daemon = bench.daemon("memory-plain", List.of())) {
            plain = perPane(daemon);
        }
        bench.add(Row.context("memory per idle pane with 10,000 lines of scrollback (" + panes + " panes, RSS growth after a "
                + "warm-up round and a settled full GC; plain-java daemon, the JVM's default heap sizing)", mib(plain.rss()), mib(tmux),
                "—", ratio(tmux, plain.rss())));
        note("plain-java daemon", plain);
    }

    private void note(String daemon, PerPane perPane) {
        bench.note("Memory (" + daemon + "): " + panes + " panes each printing 10,000 lines of 63 bytes, then idle "
                + "(`sleep`) for " + idleSeconds + " s, after a warm-up round of as many panes closed again; the server's RSS growth after a full GC, once "
                + "G1's uncommit has settled, divided by the panes (ADR 0545). Per pane, KiB: " + perPane.breakdown()
                + ". Emulator on this branch: `pane/internal/vt` (scrollback limit 10,000 lines).");
    }

    /**
     * The baseline is taken after a warm-up round of the same panes, closed again: the collector's
     * high-water mark, JIT code and per-pane classes are then the same in both samples, so the growth is
     * what the idle panes hold, not what G1 happened to have committed and touched before the baseline.
     */
    private PerPane perPane(Daemon daemon) throws Exception {
        try (Daemon.Client client = daemon.connect()) {
            String workspace = client.call("workspace.create", Map.of("name", "mem", "cwd", bench.work.toString()))
                    .get("workspace_id").asString();
            List<String> warmUp = new java.util.ArrayList<>();
            for (int i = 0; i < panes; i++) {
                warmUp.add(spawnPrinting(client, workspace));
            }
            closeAll(client, warmUp);
            Thread.sleep(idleSeconds * 1000L);
            MemorySample base = MemorySample.settled(bench.java, daemon.pid());
            for (int i = 0; i < panes; i++) {
                spawnPrinting(client, workspace);
            }
            Thread.sleep(idleSeconds * 1000L);
            MemorySample end = MemorySample.settled(bench.java, daemon.pid());
            return new PerPane((end.rss() - base.rss()) * 1024.0 / panes, (end.heapUsed() - base.heapUsed()) * 1024.0 / panes,
                    end.perPane(base, panes));
        }
    }

    private static void closeAll(Daemon.Client client, List<String> panes) throws Exception {
        for (String pane : panes) {
            client.call("pane.close", Map.of("pane_id", pane));
        }
        long deadline = System.nanoTime() + 300_000_000_000L;
        while (System.nanoTime() < deadline) {
            String listed = client.call("pane.list", Map.of()).toString();
            if (panes.stream().noneMatch(listed::contains)) {
                return;
            }
            Thread.sleep(100);
        }
        throw new IOException("closed panes are still listed");
    }

    private double tmuxPerPane() throws Exception {
        try (Tmux tmux = new Tmux(Files.createDirectories(bench.work.resolve("tmux-mem")), 10_000)) {
            tmux.cli("new-session", "-d", "-x", "80", "-y", "24", PRINT + "; exec sleep 100000");
            awaitTmuxHistory(tmux, 1);
            long pid = tmux.serverPid();
            long rss0 = Stats.rssKb(pid);
            for (int i = 0; i < panes; i++) {
                tmux.cli("new-window", "-d", PRINT + "; exec sleep 100000");
            }
            awaitTmuxHistory(tmux, panes + 1);
            Thread.sleep(500);
            return (Stats.rssKb(pid) - rss0) * 1024.0 / panes;
        }
    }

    private static String spawnPrinting(Daemon.Client client, String workspace) throws Exception {
        String pane = client.call("pane.spawn", Map.of("workspace_id", workspace, "cols", 80, "rows", 24,
                "argv", List.of("sh", "-c", PRINT + "; exec sleep 100000"))).get("pane_id").asString();
        long deadline = System.nanoTime() + 120_000_000_000L;
        while (System.nanoTime() < deadline) {
            JsonNode got = client.call("pane.get", Map.of("pane_id", pane));
            JsonNode view = got.has("pane") ? got.get("pane") : got;
            if (view.path("output_offset").asLong() >= PER_PANE) {
                return pane;
            }
            Thread.sleep(10);
        }
        throw new IOException("pane " + pane + " did not print its lines");
    }

    private static void awaitTmuxHistory(Tmux tmux, int panes) throws Exception {
        long deadline = System.nanoTime() + 120_000_000_000L;
        while (System.nanoTime() < deadline) {
            String[] sizes = tmux.cli("list-panes", "-a", "-F", "#{history_size}").trim().split("\n");
            long full = Stream.of(sizes).filter(s -> !s.isBlank()).mapToLong(Long::parseLong).filter(h -> h >= 9_970).count();
            if (full >= panes) {
                return;
            }
            Thread.sleep(50);
        }
        throw new IOException("tmux panes did not fill their history");
    }
}
