package bench;

import static bench.Format.mib;
import static bench.Format.ratio;
import static bench.Format.yes;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
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

    MemoryRows(Bench bench) {
        this.bench = bench;
    }

    /** RSS growth and Java heap retained per pane, in bytes. */
    private record PerPane(double rss, double heap) {
    }

    void run() throws Exception {
        double tmux = tmuxPerPane();
        if (bench.hasLauncher()) {
            PerPane launched;
            try (Daemon daemon = bench.launched("memory-launcher")) {
                launched = perPane(daemon);
            }
            bench.add(new Row("memory per idle pane with 10,000 lines of scrollback (" + panes + " panes, RSS growth; "
                    + "daemon started by `bin/signaltty server run`: its default flags and AOT cache)",
                    mib(launched.rss()), mib(tmux), ratio(tmux, launched.rss()), "≤ 1 MiB", yes(launched.rss() <= 1 << 20)));
            note("`bin/signaltty server run`", launched);
        }
        PerPane plain;
        try (Daemon daemon = bench.daemon("memory-plain", List.of())) {
            plain = perPane(daemon);
        }
        bench.add(Row.context("memory per idle pane with 10,000 lines of scrollback (" + panes + " panes, RSS growth; "
                + "plain-java daemon, the JVM's default heap sizing)", mib(plain.rss()), mib(tmux), "—", ratio(tmux, plain.rss())));
        note("plain-java daemon", plain);
    }

    private void note(String daemon, PerPane perPane) {
        bench.note("Memory (" + daemon + "): " + panes + " panes each printing 10,000 lines of 63 bytes, then idle "
                + "(`sleep`); figures are the server's RSS growth after a full GC divided by the panes. signaltty's Java "
                + "heap retained per pane after GC: " + mib(perPane.heap()) + ". Emulator on this branch: "
                + "`pane/internal/vt` (scrollback limit 10,000 lines).");
    }

    private PerPane perPane(Daemon daemon) throws Exception {
        try (Daemon.Client client = daemon.connect()) {
            String workspace = client.call("workspace.create", Map.of("name", "mem", "cwd", bench.work.toString()))
                    .get("workspace_id").asString();
            // one pane first, so per-pane classes and threads are in the baseline
            spawnPrinting(client, workspace);
            long rss0 = settledRss(daemon);
            long heap0 = heapUsedAfterGc(daemon);
            for (int i = 0; i < panes; i++) {
                spawnPrinting(client, workspace);
            }
            long rss1 = settledRss(daemon);
            long heap1 = heapUsedAfterGc(daemon);
            return new PerPane((rss1 - rss0) * 1024.0 / panes, (heap1 - heap0) * 1024.0 / panes);
        }
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

    private static void spawnPrinting(Daemon.Client client, String workspace) throws Exception {
        String pane = client.call("pane.spawn", Map.of("workspace_id", workspace, "cols", 80, "rows", 24,
                "argv", List.of("sh", "-c", PRINT + "; exec sleep 100000"))).get("pane_id").asString();
        long deadline = System.nanoTime() + 120_000_000_000L;
        while (System.nanoTime() < deadline) {
            JsonNode got = client.call("pane.get", Map.of("pane_id", pane));
            JsonNode view = got.has("pane") ? got.get("pane") : got;
            if (view.path("output_offset").asLong() >= PER_PANE) {
                return;
            }
            Thread.sleep(10);
        }
        throw new IOException("pane " + pane + " did not print its lines");
    }

    private long settledRss(Daemon daemon) throws Exception {
        heapUsedAfterGc(daemon);
        Thread.sleep(500);
        return daemon.rssKb();
    }

    /** Heap in use after a full GC, in KiB, from {@code jcmd GC.heap_info} beside this JVM's java. */
    private long heapUsedAfterGc(Daemon daemon) throws Exception {
        String jcmd = Path.of(bench.java).resolveSibling("jcmd").toString();
        Tmux.run(List.of(jcmd, Long.toString(daemon.pid()), "GC.run"));
        String info = Tmux.run(List.of(jcmd, Long.toString(daemon.pid()), "GC.heap_info"));
        Matcher m = Pattern.compile("used (\\d+)K").matcher(info);
        if (!m.find()) {
            throw new IOException("no heap figure in: " + info);
        }
        return Long.parseLong(m.group(1));
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
