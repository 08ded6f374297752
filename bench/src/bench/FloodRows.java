package bench;

import static bench.Format.mibPerSecond;
import static bench.Format.ofRaw;
import static bench.Format.yes;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

import tools.jackson.databind.JsonNode;

/**
 * PTY floods: a file {@code cat} into a 200×50 pane until drained, against tmux and the raw PTY
 * ({@code script -qc cat}, no emulator) in the same rounds. Issue 24 item 1's goal is the PTY's own
 * rate, ≥ 90 % of raw, warm and for the cold first flood; the ratio against tmux is context. The cold
 * goal row is the daemon users get ({@code bin/signaltty server run}: its flags and AOT cache); the
 * plain-java cold flood is context.
 */
final class FloodRows {

    /** How a flood file is written: at least the given bytes, returning the exact size. */
    @FunctionalInterface
    interface FloodWriter {
        long write(Path file, long bytes) throws IOException;
    }

    private final Bench bench;
    private final int floodMb = Integer.getInteger("bench.flood.mb", 100);
    /** {@code -Dbench.flood.tmux=false}: signaltty against the raw PTY only (quicker A/B runs of the flood path). */
    private final boolean floodTmux = !"false".equals(System.getProperty("bench.flood.tmux"));
    private final int rounds = Integer.getInteger("bench.flood.rounds", 3);

    FloodRows(Bench bench) {
        this.bench = bench;
    }

    void run() throws Exception {
        flood("mixed ANSI + UTF-8", "flood.txt", FloodFile::write);
        flood("plain text: 12 words a line, a few SGR colours, 2–3-byte UTF-8", "plain.txt", FloodFile::writePlain);
    }

    /** One cold flood: seconds until drained and the daemon's CPU seconds meanwhile. */
    private record Cold(double seconds, double cpu) {
    }

    private void flood(String what, String name, FloodWriter writer) throws Exception {
        Path file = bench.work.resolve(name);
        long size = writer.write(file, (long) floodMb << 20);
        double mb = size / 1048576.0;
        Cold cold;
        double[] signaltty = new double[rounds];
        double[] tmuxSeconds = new double[rounds];
        double[] raw = new double[rounds];
        double[] advantage = new double[rounds];
        double[] ofRaw = new double[rounds];
        double[] cpu = new double[rounds];
        double[] paneChildCpu = new double[rounds];
        double[] rawCpu = new double[rounds];
        Map<String, double[]> cpuByKind = new TreeMap<>();
        try (Daemon daemon = bench.daemon("flood-" + name); Daemon.Client client = daemon.connect();
                Tmux tmux = new Tmux(Files.createDirectories(bench.work.resolve("tmux-" + name)), 2000)) {
            String workspace = workspace(client);
            tmux.cli("new-session", "-d", "-x", "200", "-y", "50", "sleep 100000");
            // the first flood through a new daemon runs while the JIT compiles the emulator; the rounds
            // after it are the steady state a long-running daemon gives every later flood. Each round
            // measures signaltty, tmux and the raw PTY back to back, so a change in the machine's load
            // hits all three, and the advantage is taken per round.
            cold = cold(daemon, client, workspace, file, size);
            for (int round = 0; round < rounds; round++) {
                long pid = daemon.pid();
                double cpuBefore = Stats.cpuSeconds(pid);
                double childBefore = Stats.childCpuSeconds(Long.toString(pid));
                Stats.ThreadCpu threads = new Stats.ThreadCpu(pid);
                signaltty[round] = floodPane(client, workspace, file, size, threads);
                cpu[round] = Stats.cpuSeconds(pid) - cpuBefore;
                paneChildCpu[round] = Stats.childCpuSeconds(Long.toString(pid)) - childBefore;
                int r = round;
                threads.byKind().forEach((kind, seconds) -> cpuByKind.computeIfAbsent(kind, k -> new double[rounds])[r] = seconds);
                long start = System.nanoTime();
                if (floodTmux) {
                    tmux.cli("new-window", "-d", "cat '" + file + "'; tmux -S '" + tmux.socket + "' wait-for -S flooded" + round);
                    tmux.cli("wait-for", "flooded" + round);
                }
                tmuxSeconds[round] = floodTmux ? (System.nanoTime() - start) / 1e9 : Double.NaN;
                double rawBefore = Stats.childCpuSeconds("self");
                start = System.nanoTime();
                new ProcessBuilder("script", "-qc", "cat '" + file + "'", "/dev/null")
                        .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectErrorStream(true).start().waitFor();
                raw[round] = (System.nanoTime() - start) / 1e9;
                rawCpu[round] = Stats.childCpuSeconds("self") - rawBefore;
                advantage[round] = tmuxSeconds[round] / signaltty[round];
                ofRaw[round] = raw[round] / signaltty[round];
            }
        }
        // the daemon users get, on its own (the plain-java daemon and tmux are gone): its first flood
        Cold launched = null;
        if (bench.hasLauncher()) {
            try (Daemon daemon = bench.launched("flood-launcher-" + name); Daemon.Client client = daemon.connect()) {
                launched = cold(daemon, client, workspace(client), file, size);
            }
        }
        double sSeconds = Stats.median(signaltty);
        double rawSeconds = Stats.median(raw);
        double ofRawMedian = Stats.median(ofRaw);
        String label = floodMb + " MiB " + what;
        String rawFigure = "raw " + mibPerSecond(mb, rawSeconds);
        // issue 24 item 1: the goal is the PTY's own rate, per round (the raw rate swings with the load)
        bench.add(new Row("PTY flood throughput against the raw PTY rate (" + label + "; `script -qc cat`, no emulator; "
                + "median of " + rounds + " rounds' per-round ratios)", mibPerSecond(mb, sSeconds),
                "—", rawFigure, ofRaw(ofRawMedian),
                "≥ 90 % of raw", yes(ofRawMedian >= 0.9)));
        if (floodTmux) {
            bench.add(Row.context("PTY flood against tmux (" + label + ", until drained; same rounds, median of the "
                    + "per-round advantages)", mibPerSecond(mb, sSeconds), mibPerSecond(mb, Stats.median(tmuxSeconds)),
                    "—", String.format(Locale.ROOT, "%.2f×", Stats.median(advantage))));
        }
        if (launched != null) {
            bench.add(new Row("PTY flood, cold: the first flood through a fresh daemon started by `bin/signaltty server "
                    + "run` (its flags and AOT cache; " + label + ") against the raw median", mibPerSecond(mb, launched.seconds()),
                    "—", rawFigure, ofRaw(rawSeconds / launched.seconds()), "≥ 90 % of raw",
                    yes(rawSeconds / launched.seconds() >= 0.9)));
        }
        bench.add(Row.context("PTY flood, cold: the first flood through a fresh plain-java daemon (" + label
                + ") against the raw median", mibPerSecond(mb, cold.seconds()), "—", rawFigure,
                ofRaw(rawSeconds / cold.seconds())));
        notes(what, mb, signaltty, tmuxSeconds, raw, advantage, ofRaw);
        StringBuilder kinds = new StringBuilder();
        cpuByKind.forEach((kind, seconds) -> {
            if (Stats.median(seconds) >= 0.01) {
                kinds.append(kinds.isEmpty() ? "" : ", ").append(String.format(Locale.ROOT, "%s %.2f", kind, Stats.median(seconds)));
            }
        });
        bench.note(String.format(Locale.ROOT, "PTY flood (%s): the daemon's CPU time (user + system, all threads) per round: "
                + "median %.2f s per %d MiB; by thread (medians, s): %s. The pane's cat: %.2f s; the raw PTY's script(1) "
                + "and cat: %.2f s (the kernel's PTY work in kworker threads is in neither). Cold first flood: %.2f s of "
                + "daemon CPU (plain java)%s.", what, Stats.median(cpu), floodMb, kinds, Stats.median(paneChildCpu),
                Stats.median(rawCpu), cold.cpu(), launched == null ? ""
                        : String.format(Locale.ROOT, ", %.2f s (`bin/signaltty server run`)", launched.cpu())));
    }

    private void notes(String what, double mb, double[] signaltty, double[] tmuxSeconds, double[] raw, double[] advantage,
            double[] ofRaw) {
        StringBuilder perRound = new StringBuilder();
        for (int round = 0; round < rounds; round++) {
            String tmuxRate = floodTmux ? String.format(Locale.ROOT, "%.1f", mb / tmuxSeconds[round]) : "—";
            String tmuxAdvantage = floodTmux ? String.format(Locale.ROOT, "%.2f×, ", advantage[round]) : "";
            perRound.append(String.format(Locale.ROOT, "%s%.1f / %s / %.1f MiB/s (%s%.0f%% of raw)", round == 0 ? "" : "; ",
                    mb / signaltty[round], tmuxRate, mb / raw[round], tmuxAdvantage, 100 * ofRaw[round]));
        }
        bench.note("PTY flood (" + what + ") rounds (signaltty / tmux / raw PTY, advantage, share of raw): " + perRound + ".");
    }

    private String workspace(Daemon.Client client) throws IOException {
        return client.call("workspace.create", Map.of("name", "flood", "cwd", bench.work.toString()))
                .get("workspace_id").asString();
    }

    private static Cold cold(Daemon daemon, Daemon.Client client, String workspace, Path file, long size) throws Exception {
        double cpuBefore = daemon.cpuSeconds();
        double seconds = floodPane(client, workspace, file, size, null);
        return new Cold(seconds, daemon.cpuSeconds() - cpuBefore);
    }

    /**
     * Seconds from spawning {@code cat file} in a new 200×50 pane until it has exited and every byte went
     * through the emulator. {@code threads}, when given, is sampled while the pane's threads still run.
     */
    private static double floodPane(Daemon.Client client, String workspace, Path file, long size, Stats.ThreadCpu threads)
            throws Exception {
        long start = System.nanoTime();
        String pane = client.call("pane.spawn", Map.of("workspace_id", workspace, "cols", 200, "rows", 50,
                "argv", List.of("cat", file.toString()))).get("pane_id").asString();
        // one blocking wait instead of polling: a poller costs the daemon a request per poll, and each
        // pane.get takes the terminal's monitor the emulator holds, so polling slowed what it measured
        // (tmux and the raw PTY have no poller). The agent state reaches exited only after every byte read
        // went through the emulator (PaneLifecycle drains it before the exit is told).
        Thread sampler = null;
        if (threads != null) {
            sampler = Thread.ofPlatform().daemon().start(() -> {
                while (!Thread.currentThread().isInterrupted()) {
                    threads.sample(); // the pane's reader ends with its output: read it before then
                    try {
                        Thread.sleep(100);
                    } catch (InterruptedException e) {
                        return;
                    }
                }
            });
        }
        try {
            client.call("wait", Map.of("pane_id", pane, "until", "exited", "timeout_s", 600));
        } finally {
            if (sampler != null) {
                sampler.interrupt();
                sampler.join();
            }
        }
        JsonNode got = client.call("pane.get", Map.of("pane_id", pane));
        JsonNode view = got.has("pane") ? got.get("pane") : got;
        if (!"exited".equals(view.path("status").asString()) || view.path("output_offset").asLong() < size) {
            throw new IOException("flood not drained at its exit: " + view);
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        if (threads != null) {
            threads.sample();
        }
        client.call("pane.close", Map.of("pane_id", pane));
        return seconds;
    }
}
