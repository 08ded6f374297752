package bench;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import tools.jackson.databind.JsonNode;

/**
 * signaltty against tmux, measured in the same run on the same machine (issue 10). Prints a markdown
 * table and, with {@code -Dbench.docs=FILE}, replaces the generated section of that file. Run it with
 * {@code bench/run}, which builds the project and finds the JDK.
 */
public final class Bench {

    /** One table row; {@code raw} is the raw PTY's figure where one applies, {@code load} the 1/5/15-minute load when measured. */
    record Row(String measure, String signaltty, String tmux, String raw, String ratio, String goal, String met, String load) {
        Row(String measure, String signaltty, String tmux, String ratio, String goal, String met) {
            this(measure, signaltty, tmux, "—", ratio, goal, met, loadNow());
        }

        Row(String measure, String signaltty, String tmux, String raw, String ratio, String goal, String met) {
            this(measure, signaltty, tmux, raw, ratio, goal, met, loadNow());
        }
    }

    static String loadNow() {
        try {
            return String.join(" ", Arrays.copyOf(Files.readString(Path.of("/proc/loadavg")).split(" "), 3));
        } catch (IOException e) {
            return "?";
        }
    }

    final String java = ProcessHandle.current().info().command().orElseThrow();
    final String classpath = System.getProperty("bench.daemon.cp");
    final Path repo = Path.of(System.getProperty("bench.repo", ".")).toAbsolutePath();
    final int floodMb = Integer.getInteger("bench.flood.mb", 100);
    /** {@code -Dbench.flood.tmux=false}: signaltty against the raw PTY only (quicker A/B runs of the flood path). */
    final boolean floodTmux = !"false".equals(System.getProperty("bench.flood.tmux"));
    final int memoryPanes = Integer.getInteger("bench.memory.panes", 40);
    final Path work;
    final List<Row> rows = new ArrayList<>();
    final List<String> notes = new ArrayList<>();

    Bench() throws IOException {
        work = Files.createTempDirectory("signaltty-bench");
    }

    public static void main(String[] args) throws Exception {
        Bench bench = new Bench();
        try {
            bench.runAll(args.length == 0 ? List.of("start", "roundtrip", "cli", "list", "flood", "memory", "journal",
                    "renames", "keys", "restart") : List.of(args));
        } finally {
            if (!Boolean.getBoolean("bench.keep")) { // -Dbench.keep=true keeps the daemons' logs for a look
                bench.deleteWork();
            }
        }
        String table = bench.table();
        System.out.println(table);
        String docs = System.getProperty("bench.docs");
        if (docs != null && args.length == 0) { // a partial run prints only: the recorded table stays whole
            bench.updateDocs(Path.of(docs), table);
        }
    }

    void runAll(List<String> which) {
        measure(which, "start", this::startup);
        measure(which, "roundtrip", this::roundTrip);
        measure(which, "cli", this::cliLatency);
        measure(which, "list", this::paneList);
        measure(which, "flood", this::flood);
        measure(which, "memory", this::memory);
        measure(which, "journal", this::journal);
        measure(which, "renames", this::renames);
        measure(which, "keys", this::keystrokes);
        measure(which, "restart", this::restart);
    }

    interface Measure {
        void run() throws Exception;
    }

    void measure(List<String> which, String name, Measure measure) {
        if (!which.contains(name)) {
            return;
        }
        System.err.println("bench: " + name + " …");
        try {
            measure.run();
        } catch (Exception | AssertionError e) {
            rows.add(new Row(name, "error: " + e.getMessage(), "", "", "", "no"));
            e.printStackTrace();
        }
    }

    Daemon daemon(String name, String... args) throws Exception {
        // -Dbench.daemon.opts="-XX:StartFlightRecording=…" passes JVM options to the daemons (profiling)
        String opts = System.getProperty("bench.daemon.opts", "").strip();
        Daemon daemon = Daemon.start(java, opts.isEmpty() ? List.of() : List.of(opts.split("\\s+")), classpath,
                work.resolve(name), args);
        try {
            daemon.awaitReady();
        } catch (Exception | Error e) {
            daemon.close(); // a daemon that never answered (a start past the deadline at load 30+) is not left running
            throw e;
        }
        return daemon;
    }

    // ---- daemon start until the socket answers

    void startup() throws Exception {
        int runs = 5;
        double[] signaltty = new double[runs];
        double[] tmux = new double[runs];
        for (int i = 0; i < runs; i++) {
            try (Daemon daemon = Daemon.start(java, classpath, work.resolve("start-" + i))) {
                signaltty[i] = daemon.awaitReady();
            }
            try (Tmux server = new Tmux(Files.createDirectories(work.resolve("tmux-start-" + i)), 2000)) {
                long start = System.nanoTime();
                server.cli("new-session", "-d", "sleep 100000");
                tmux[i] = (System.nanoTime() - start) / 1e9;
            }
        }
        double s = Stats.median(signaltty);
        double t = Stats.median(tmux);
        rows.add(new Row("daemon start until the socket answers (median of " + runs + ")", ms(s * 1e3), ms(t * 1e3),
                ratio(t, s), "< 1.5 s", yes(s < 1.5)));
        // Spring's build-time AOT alone (ADR 0425: the build generated the initializer), no JDK cache
        double[] springAot = new double[runs];
        for (int i = 0; i < runs; i++) {
            try (Daemon daemon = Daemon.start(java, List.of("-Dspring.aot.enabled=true"), classpath,
                    work.resolve("spring-aot-" + i))) {
                springAot[i] = daemon.awaitReady();
            }
        }
        double a = Stats.median(springAot);
        rows.add(new Row("daemon start with Spring AOT (`-Dspring.aot.enabled=true`, no JDK cache; median of " + runs + ")",
                ms(a * 1e3), ms(t * 1e3), ratio(t, a), "< 1.5 s", yes(a < 1.5)));
        Path launcher = repo.resolve("bin/signaltty");
        if (Files.isExecutable(launcher)) {
            // as a user starts it: bin/signaltty's flags and the AOT cache it trains (request path included)
            try (Daemon untimed = Daemon.launch(List.of(launcher.toString(), "server", "run"), work.resolve("launcher-train"))) {
                untimed.awaitReady(900); // trains the cache when the build is newer than it (not timed)
            }
            double[] launched = new double[runs];
            for (int i = 0; i < runs; i++) {
                try (Daemon daemon = Daemon.launch(List.of(launcher.toString(), "server", "run"),
                        work.resolve("launcher-" + i))) {
                    launched[i] = daemon.awaitReady();
                }
            }
            double l = Stats.median(launched);
            rows.add(new Row("daemon start by `bin/signaltty server run` (its flags and trained AOT cache; median of "
                    + runs + ")", ms(l * 1e3), ms(t * 1e3), ratio(t, l), "< 0.7 s", yes(l < 0.7)));
        }
        if (Runtime.version().feature() >= 25) {
            double[] cached = withAotCache(runs);
            double c = Stats.median(cached);
            rows.add(new Row("daemon start with an AOT cache (JEP 483/514; trained by one start in this run)", ms(c * 1e3),
                    ms(t * 1e3), ratio(t, c), "< 1.5 s", yes(c < 1.5)));
        }
    }

    /**
     * Start times with an AOT cache: the classes as one jar (a cache needs jars, not directories), one
     * training start that serves a few requests and stops, then timed starts using the cache.
     */
    private double[] withAotCache(int runs) throws Exception {
        Path jar = work.resolve("signaltty-classes.jar");
        Tmux.run(List.of(Path.of(java).resolveSibling("jar").toString(), "--create", "--file", jar.toString(), "-C",
                Path.of(classpath.split(":")[0]).toString(), "."));
        StringBuilder jars = new StringBuilder(jar.toString());
        try (Stream<Path> lib = Files.list(repo.resolve("target/lib"))) {
            lib.filter(p -> p.toString().endsWith(".jar")).sorted().forEach(p -> jars.append(':').append(p));
        }
        Path cache = work.resolve("daemon.aot");
        try (Daemon training = Daemon.start(java, List.of("-XX:AOTCacheOutput=" + cache, "-Xlog:aot=off", "-Xlog:cds=off"),
                jars.toString(), work.resolve("aot-train"))) {
            training.awaitReady();
            try (Daemon.Client client = training.connect()) {
                String workspace = client.call("workspace.create", Map.of("name", "train", "cwd", work.toString()))
                        .get("workspace_id").asString();
                client.call("pane.spawn", Map.of("workspace_id", workspace, "argv", List.of("true")));
                client.call("pane.list", Map.of());
            }
        }
        long deadline = System.nanoTime() + 60_000_000_000L;
        while (!Files.exists(cache) && System.nanoTime() < deadline) {
            Thread.sleep(50); // the cache is written as the training JVM exits
        }
        double[] times = new double[runs];
        for (int i = 0; i < runs; i++) {
            try (Daemon daemon = Daemon.start(java, List.of("-XX:AOTCache=" + cache, "-Xlog:aot=off", "-Xlog:cds=off"),
                    jars.toString(), work.resolve("aot-" + i))) {
                times[i] = daemon.awaitReady();
            }
        }
        return times;
    }

    // ---- request round trip on one open connection

    void roundTrip() throws Exception {
        int n = Integer.getInteger("bench.rt.n", 20_000);
        int window = 128;
        try (Daemon daemon = daemon("rt"); Daemon.Client client = daemon.connect();
             Tmux tmux = new Tmux(Files.createDirectories(work.resolve("tmux-rt")), 2000)) {
            tmux.startControl();
            byte[] ping = Daemon.Client.request(1, "ping", Map.of());
            byte[] display = "display-message -p x\n".getBytes(StandardCharsets.UTF_8);
            // cold: the first requests the fresh daemon ever serves (issue 24 item 2), pane.get against a
            // pane query on tmux's side, before any warm-up of either
            String workspace = client.call("workspace.create", Map.of("name", "rt", "cwd", work.toString()))
                    .get("workspace_id").asString();
            String pane = client.call("pane.spawn", Map.of("workspace_id", workspace, "argv", List.of("sleep", "100000")))
                    .get("pane_id").asString();
            byte[] get = Daemon.Client.request(2, "pane.get", Map.of("pane_id", pane));
            byte[] query = "display-message -p '#{pane_id} #{pane_width}x#{pane_height} #{pane_pid} #{pane_current_command}'\n"
                    .getBytes(StandardCharsets.UTF_8);
            double[] sCold = sequential(n, () -> { client.lines.send(get); return client.lines.next(); });
            double[] tCold = sequential(n, () -> { tmux.lines.send(query); return tmux.readBlock(); });
            double sColdRate = n / sum(sCold);
            double tColdRate = n / sum(tCold);
            rows.add(new Row("request round trip, cold: the first " + n + " sequential requests to a fresh daemon "
                    + "(`pane.get` vs `display-message -p` of pane fields)",
                    rate(sColdRate) + " req/s, p50 " + us(Stats.median(sCold)),
                    rate(tColdRate) + " req/s, p50 " + us(Stats.median(tCold)),
                    ratio(sColdRate, tColdRate), "≥ 1.5× tmux control mode", yes(sColdRate >= 1.5 * tColdRate)));
            Path launcher = repo.resolve("bin/signaltty");
            if (Files.isExecutable(launcher)) {
                // issue 24 item 2 as written: a daemon freshly started by bin/signaltty (its AOT cache)
                try (Daemon launched = Daemon.launch(List.of(launcher.toString(), "server", "run"), work.resolve("rt-launcher"));
                     Daemon.Client fresh = connectWhenReady(launched)) {
                    String ws = fresh.call("workspace.create", Map.of("name", "rt", "cwd", work.toString()))
                            .get("workspace_id").asString();
                    String id = fresh.call("pane.spawn", Map.of("workspace_id", ws, "argv", List.of("sleep", "100000")))
                            .get("pane_id").asString();
                    byte[] freshGet = Daemon.Client.request(2, "pane.get", Map.of("pane_id", id));
                    double[] lCold = sequential(n, () -> { fresh.lines.send(freshGet); return fresh.lines.next(); });
                    double lRate = n / sum(lCold);
                    rows.add(new Row("request round trip, cold, daemon started by `bin/signaltty server run` (its AOT "
                            + "cache): the first " + n + " sequential `pane.get` (tmux: the cold row's)",
                            rate(lRate) + " req/s, p50 " + us(Stats.median(lCold)),
                            rate(tColdRate) + " req/s, p50 " + us(Stats.median(tCold)),
                            ratio(lRate, tColdRate), "≥ 1.5× tmux control mode", yes(lRate >= 1.5 * tColdRate)));
                }
            }
            sequential(n / 4, () -> { client.lines.send(ping); return client.lines.next(); });
            sequential(n / 4, () -> { tmux.lines.send(display); return tmux.readBlock(); });
            double[] sLat = sequential(n, () -> { client.lines.send(ping); return client.lines.next(); });
            double[] tLat = sequential(n, () -> { tmux.lines.send(display); return tmux.readBlock(); });
            double sRate = n / sum(sLat);
            double tRate = n / sum(tLat);
            rows.add(new Row("request round trip, warm, sequential (`ping` vs `display-message -p x`)",
                    rate(sRate) + " req/s, p50 " + us(Stats.median(sLat)), rate(tRate) + " req/s, p50 " + us(Stats.median(tLat)),
                    ratio(sRate, tRate), "≥ tmux control mode", yes(sRate >= tRate)));
            double sPipe = pipelined(n * 5, window, client.lines, ping, () -> client.lines.next());
            double tPipe = pipelined(n * 5, window, tmux.lines, display, () -> tmux.readBlock());
            rows.add(new Row("request round trip, pipelined (window " + window + ")", rate(sPipe) + " req/s",
                    rate(tPipe) + " req/s", ratio(sPipe, tPipe), "≥ 30k req/s", yes(sPipe >= 30_000)));
        }
    }

    static Daemon.Client connectWhenReady(Daemon daemon) throws Exception {
        daemon.awaitReady(900); // bin/signaltty may first train its AOT cache (not part of the cold figure)
        return daemon.connect();
    }

    interface Call {
        Object run() throws IOException;
    }

    static double[] sequential(int n, Call call) throws IOException {
        double[] latencies = new double[n];
        for (int i = 0; i < n; i++) {
            long start = System.nanoTime();
            call.run();
            latencies[i] = (System.nanoTime() - start) / 1e9;
        }
        return latencies;
    }

    /** Requests in batches of {@code window} written at once, then their responses read. */
    static double pipelined(int n, int window, Lines lines, byte[] request, Call read) throws IOException {
        byte[] batch = new byte[request.length * window];
        for (int i = 0; i < window; i++) {
            System.arraycopy(request, 0, batch, i * request.length, request.length);
        }
        long start = System.nanoTime();
        int done = 0;
        while (done < n) {
            lines.send(batch);
            for (int i = 0; i < window; i++) {
                read.run();
            }
            done += window;
        }
        return done / ((System.nanoTime() - start) / 1e9);
    }

    // ---- one-shot CLI

    void cliLatency() throws Exception {
        Path cli = repo.resolve("bin/signaltty");
        int runs = 15;
        try (Daemon daemon = daemon("cli");
             Tmux tmux = new Tmux(Files.createDirectories(work.resolve("tmux-cli")), 2000)) {
            tmux.cli("new-session", "-d", "sleep 100000");
            List<String> command;
            String what;
            if (Files.isExecutable(cli)) {
                command = List.of(cli.toString(), "--no-start", "ping");
                what = "`bin/signaltty ping`";
            } else {
                command = List.of(java, "-cp", classpath, "bench.PingClient", daemon.socket.toString());
                what = "raw socket ping client (bin/signaltty not built)";
            }
            Map<String, String> env = Map.of("XDG_RUNTIME_DIR", daemon.root.resolve("run").toString());
            runTimed(command, env); // first run may build the CLI jar and its AOT cache
            runTimed(command, env);
            double[] s = new double[runs];
            double[] t = new double[runs];
            for (int i = 0; i < runs; i++) {
                s[i] = runTimed(command, env);
                t[i] = runTimed(List.of("tmux", "-S", tmux.socket.toString(), "display-message", "-p", "x"), Map.of());
            }
            double sm = Stats.median(s);
            double tm = Stats.median(t);
            rows.add(new Row("one-shot CLI latency, median of " + runs + " (" + what + " vs `tmux display-message -p x`)",
                    ms(sm * 1e3), ms(tm * 1e3), ratio(tm, sm), "≤ 100 ms", yes(sm <= 0.1)));
        }
    }

    double runTimed(List<String> command, Map<String, String> env) throws Exception {
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        builder.environment().putAll(env);
        builder.environment().remove("SIGNALTTY_SOCKET");
        long start = System.nanoTime();
        Process process = builder.start();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        int status = process.waitFor();
        double elapsed = (System.nanoTime() - start) / 1e9;
        if (status != 0) {
            throw new IOException(command + " exited " + status + ": " + out);
        }
        return elapsed;
    }

    // ---- pane.list with 1,000 live panes (issue 24 item 4)

    void paneList() throws Exception {
        int panes = Integer.getInteger("bench.list.panes", 1000);
        int runs = 200;
        try (Daemon daemon = daemon("list"); Daemon.Client client = daemon.connect();
             Tmux tmux = new Tmux(Files.createDirectories(work.resolve("tmux-list")), 2000)) {
            String workspace = client.call("workspace.create", Map.of("name", "list", "cwd", work.toString()))
                    .get("workspace_id").asString();
            // ten panes a tab, like tmux's windows: one tab's layout is a binary tree as deep as its
            // panes, and past ~250 panes in one tab the journal refuses the nesting (reported in issue 24)
            String tab = null;
            for (int i = 0; i < panes; i++) {
                if (i % 10 == 0) {
                    tab = client.call("tab.create", Map.of("workspace_id", workspace)).get("tab_id").asString();
                }
                client.call("pane.spawn", Map.of("workspace_id", workspace, "tab_id", tab, "argv", List.of("sleep", "100000")));
            }
            tmux.startControl();
            for (int i = 1; i < panes; i++) {
                tmux.command("new-window -d 'sleep 100000'");
            }
            int listed = client.call("pane.list", Map.of()).get("panes").size();
            int tmuxListed = tmux.command("list-panes -a").size();
            for (int i = 0; i < 10; i++) {
                client.call("pane.list", Map.of());
                tmux.command("list-panes -a");
            }
            // the answer is read as a line, not parsed: both servers are timed with the same client work
            byte[] list = Daemon.Client.request(999_999, "pane.list", Map.of());
            double[] s = sequential(runs, () -> { client.lines.send(list); return client.lines.next(); });
            double[] t = sequential(runs, () -> tmux.command("list-panes -a"));
            double sm = Stats.median(s);
            double tm = Stats.median(t);
            rows.add(new Row("`pane.list` with " + listed + " live panes (vs `list-panes -a`, " + tmuxListed + " panes), median",
                    ms(sm * 1e3) + ", p99 " + ms(Stats.percentile(s, 99) * 1e3), ms(tm * 1e3), ratio(tm, sm),
                    "< 10 ms (herdr: 2.76 s at 198)", yes(sm < 0.010 && listed == panes)));
        }
    }

    // ---- PTY flood

    /** How a flood file is written: at least the given bytes, returning the exact size. */
    @FunctionalInterface
    interface FloodWriter {
        long write(Path file, long bytes) throws IOException;
    }

    void flood() throws Exception {
        flood("mixed ANSI + UTF-8", "flood.txt", FloodFile::write);
        flood("plain text: 12 words a line, a few SGR colours, 2–3-byte UTF-8", "plain.txt", FloodFile::writePlain);
    }

    void flood(String what, String name, FloodWriter writer) throws Exception {
        Path file = work.resolve(name);
        long size = writer.write(file, (long) floodMb << 20);
        int rounds = Integer.getInteger("bench.flood.rounds", 3);
        double mb = size / 1048576.0;
        double coldSeconds;
        double[] signaltty = new double[rounds];
        double[] tmuxSeconds = new double[rounds];
        double[] raw = new double[rounds];
        double[] advantage = new double[rounds];
        double[] ofRaw = new double[rounds];
        double[] cpu = new double[rounds];
        double[] paneChildCpu = new double[rounds];
        double[] rawCpu = new double[rounds];
        java.util.Map<String, double[]> cpuByKind = new java.util.TreeMap<>();
        try (Daemon daemon = daemon("flood-" + name); Daemon.Client client = daemon.connect();
                Tmux tmux = new Tmux(Files.createDirectories(work.resolve("tmux-" + name)), 2000)) {
            String workspace = client.call("workspace.create", Map.of("name", "flood", "cwd", work.toString()))
                    .get("workspace_id").asString();
            tmux.cli("new-session", "-d", "-x", "200", "-y", "50", "sleep 100000");
            // the first flood through a new daemon runs while the JIT compiles the emulator; the rounds
            // after it are the steady state a long-running daemon gives every later flood. Each round
            // measures signaltty, tmux and the raw PTY back to back, so a change in the machine's load
            // hits all three, and the advantage is taken per round.
            coldSeconds = floodPane(client, workspace, file, size, null);
            for (int round = 0; round < rounds; round++) {
                double cpuBefore = Stats.cpuSeconds(daemon.process.pid());
                double childBefore = Stats.childCpuSeconds(Long.toString(daemon.process.pid()));
                Stats.ThreadCpu threads = new Stats.ThreadCpu(daemon.process.pid());
                signaltty[round] = floodPane(client, workspace, file, size, threads);
                cpu[round] = Stats.cpuSeconds(daemon.process.pid()) - cpuBefore;
                paneChildCpu[round] = Stats.childCpuSeconds(Long.toString(daemon.process.pid())) - childBefore;
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
        double sSeconds = Stats.median(signaltty);
        double tSeconds = Stats.median(tmuxSeconds);
        double rawSeconds = Stats.median(raw);
        double ratioMedian = Stats.median(advantage);
        double ofRawMedian = Stats.median(ofRaw);
        String label = floodMb + " MiB " + what;
        if (floodTmux) {
            rows.add(new Row("PTY flood throughput (" + label + ", until drained; median of " + rounds + " rounds)",
                    String.format(Locale.ROOT, "%.1f MiB/s", mb / sSeconds), String.format(Locale.ROOT, "%.1f MiB/s", mb / tSeconds),
                    String.format(Locale.ROOT, "%.2f×", ratioMedian), "≥ 4× tmux", yes(ratioMedian >= 4)));
        }
        // issue 24 item 1: the goal is the PTY's own rate, per round (the raw rate swings with the load)
        rows.add(new Row("PTY flood throughput against the raw PTY rate (" + label + "; `script -qc cat`, no emulator; "
                + "same rounds, median of the per-round ratios)", String.format(Locale.ROOT, "%.1f MiB/s", mb / sSeconds),
                "—", "raw " + String.format(Locale.ROOT, "%.1f MiB/s", mb / rawSeconds),
                String.format(Locale.ROOT, "%.0f%% of raw", 100 * ofRawMedian), "≥ 90 % of raw", yes(ofRawMedian >= 0.9)));
        rows.add(new Row("PTY flood, cold: the first flood through a fresh daemon (" + label + ") against the raw median",
                String.format(Locale.ROOT, "%.1f MiB/s", mb / coldSeconds), "—",
                "raw " + String.format(Locale.ROOT, "%.1f MiB/s", mb / rawSeconds),
                String.format(Locale.ROOT, "%.0f%% of raw", 100 * rawSeconds / coldSeconds), "≥ 90 % of raw",
                yes(rawSeconds / coldSeconds >= 0.9)));
        StringBuilder perRound = new StringBuilder();
        for (int round = 0; round < rounds; round++) {
            String tmuxRate = floodTmux ? String.format(Locale.ROOT, "%.1f", mb / tmuxSeconds[round]) : "—";
            String tmuxAdvantage = floodTmux ? String.format(Locale.ROOT, "%.2f×, ", advantage[round]) : "";
            perRound.append(String.format(Locale.ROOT, "%s%.1f / %s / %.1f MiB/s (%s%.0f%% of raw)", round == 0 ? "" : "; ",
                    mb / signaltty[round], tmuxRate, mb / raw[round], tmuxAdvantage, 100 * ofRaw[round]));
        }
        notes.add("PTY flood (" + what + ") rounds (signaltty / tmux / raw PTY, advantage, share of raw): " + perRound + ".");
        StringBuilder kinds = new StringBuilder();
        cpuByKind.forEach((kind, seconds) -> {
            if (Stats.median(seconds) >= 0.01) {
                kinds.append(kinds.isEmpty() ? "" : ", ").append(String.format(Locale.ROOT, "%s %.2f", kind, Stats.median(seconds)));
            }
        });
        notes.add(String.format(Locale.ROOT, "PTY flood (%s): the daemon's CPU time (user + system, all threads) per round: "
                + "median %.2f s per %d MiB; by thread (medians, s): %s. The pane's cat: %.2f s; the raw PTY's script(1) "
                + "and cat: %.2f s (the kernel's PTY work in kworker threads is in neither).", what, Stats.median(cpu), floodMb,
                kinds, Stats.median(paneChildCpu), Stats.median(rawCpu)));
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

    // ---- memory per idle pane with 10,000 lines of scrollback

    /** JVM options that give memory back after a GC (G1 keeps up to 70 % of the heap free by default). */
    static final List<String> LEAN_HEAP = List.of("-XX:MinHeapFreeRatio=10", "-XX:MaxHeapFreeRatio=20");

    void memory() throws Exception {
        memory(List.of(), "");
        memory(LEAN_HEAP, ", daemon with `" + String.join(" ", LEAN_HEAP) + "`");
    }

    void memory(List<String> jvmOptions, String variant) throws Exception {
        int panes = memoryPanes;
        String print = "awk 'BEGIN{for(i=1;i<=10000;i++) printf \"%06d lorem ipsum dolor sit amet, consectetur adipiscing elit\\n\", i}'";
        long perPane = 10_000L * 64; // 63 printed bytes + CR from the terminal's newline translation
        double sPerPane;
        double heapPerPane;
        Daemon started = Daemon.start(java, jvmOptions, classpath, work.resolve("memory" + jvmOptions.size()));
        started.awaitReady();
        try (Daemon daemon = started; Daemon.Client client = daemon.connect()) {
            String workspace = client.call("workspace.create", Map.of("name", "mem", "cwd", work.toString()))
                    .get("workspace_id").asString();
            // one pane first, so per-pane classes and threads are in the baseline
            spawnPrinting(client, workspace, print, perPane);
            long rss0 = settledRss(daemon);
            long heap0 = heapUsedAfterGc(daemon);
            for (int i = 0; i < panes; i++) {
                spawnPrinting(client, workspace, print, perPane);
            }
            long rss1 = settledRss(daemon);
            long heap1 = heapUsedAfterGc(daemon);
            sPerPane = (rss1 - rss0) * 1024.0 / panes;
            heapPerPane = (heap1 - heap0) * 1024.0 / panes;
            notes.add("Memory" + variant + ": " + panes + " panes each printing 10,000 lines of 63 bytes, then idle (`sleep`); "
                    + "figures are the server's RSS growth after a full GC divided by the panes. signaltty's Java heap "
                    + "retained per pane after GC: " + mib(heapPerPane) + ". Emulator on this branch: "
                    + "`pane/internal/vt` (scrollback limit 10,000 lines).");
        }
        double tPerPane;
        try (Tmux tmux = new Tmux(Files.createDirectories(work.resolve("tmux-mem")), 10_000)) {
            tmux.cli("new-session", "-d", "-x", "80", "-y", "24", print + "; exec sleep 100000");
            awaitTmuxHistory(tmux, 1);
            long pid = tmux.serverPid();
            long rss0 = Stats.rssKb(pid);
            for (int i = 0; i < panes; i++) {
                tmux.cli("new-window", "-d", print + "; exec sleep 100000");
            }
            awaitTmuxHistory(tmux, panes + 1);
            Thread.sleep(500);
            tPerPane = (Stats.rssKb(pid) - rss0) * 1024.0 / panes;
        }
        rows.add(new Row("memory per idle pane with 10,000 lines of scrollback (" + panes + " panes, RSS growth" + variant + ")",
                mib(sPerPane), mib(tPerPane), ratio(tPerPane, sPerPane), "≤ half of tmux",
                yes(sPerPane <= tPerPane / 2)));
    }

    private static void spawnPrinting(Daemon.Client client, String workspace, String print, long expected) throws Exception {
        String pane = client.call("pane.spawn", Map.of("workspace_id", workspace, "cols", 80, "rows", 24,
                "argv", List.of("sh", "-c", print + "; exec sleep 100000"))).get("pane_id").asString();
        long deadline = System.nanoTime() + 120_000_000_000L;
        while (System.nanoTime() < deadline) {
            JsonNode got = client.call("pane.get", Map.of("pane_id", pane));
            JsonNode view = got.has("pane") ? got.get("pane") : got;
            if (view.path("output_offset").asLong() >= expected) {
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
        String jcmd = Path.of(java).resolveSibling("jcmd").toString();
        Tmux.run(List.of(jcmd, Long.toString(daemon.process.pid()), "GC.run"));
        String info = Tmux.run(List.of(jcmd, Long.toString(daemon.process.pid()), "GC.heap_info"));
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

    // ---- journal (bench/journal-throughput.sh output, run by bench/run)

    void journal() throws Exception {
        String file = System.getProperty("bench.journal");
        if (file == null || !Files.exists(Path.of(file))) {
            return;
        }
        double best = 0;
        int appenders = 0;
        for (String line : Files.readAllLines(Path.of(file))) {
            String[] cells = line.split("\\|");
            if (cells.length > 5 && cells[1].trim().startsWith("journal (group commit")) {
                double rate = Double.parseDouble(cells[4].trim());
                if (rate > best) {
                    best = rate;
                    appenders = Integer.parseInt(cells[2].trim());
                }
            }
        }
        rows.add(new Row("journaled events/s (journal benchmark, " + appenders + " appenders, sync before publish)",
                rate(best) + " events/s", "—", "—", "≥ 20k", yes(best >= 20_000)));
    }

    // ---- acknowledged state changes over the socket (issue 17 item 6, ADR 0131)

    /** 8 clients renaming their own workspace for a few seconds; each answer comes after its sync. */
    void renames() throws Exception {
        int clients = 8;
        long seconds = Long.getLong("bench.renames.seconds", 5);
        long warmup = Long.getLong("bench.renames.warmup", 10);
        try (Daemon daemon = daemon("renames", "--signaltty.metrics.enabled=true", "--signaltty.metrics.port=0")) {
            List<String> workspaces = new ArrayList<>();
            try (Daemon.Client setup = daemon.connect()) {
                for (int c = 0; c < clients; c++) {
                    workspaces.add(setup.call("workspace.create", Map.of("name", "r" + c, "cwd", work.toString()))
                            .get("workspace_id").asString());
                }
            }
            if (!workspaces.stream().allMatch(ws -> ws.matches("[A-Za-z0-9_-]+"))) { // written into JSON unescaped
                throw new IllegalStateException("unexpected workspace ids " + workspaces);
            }
            java.util.concurrent.atomic.AtomicLong done = new java.util.concurrent.atomic.AtomicLong();
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
                        throw new java.io.UncheckedIOException(e);
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
            rows.add(new Row("acknowledged renames/s over the socket (" + clients + " clients, each synced before its "
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
        return new long[] {daemon.process.info().totalCpuDuration().orElseThrow().toNanos(),
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

    void keystrokes() throws Exception {
        int floods = Integer.getInteger("bench.keys.floods", 20);
        int total = Integer.getInteger("bench.keys.n", 1000);
        Path file = work.resolve("keys-flood.txt");
        FloodFile.write(file, 4L << 20);
        Keystrokes.Result result;
        try (Daemon daemon = daemon("keys")) {
            result = new Keystrokes(work, file, floods, total, 4).run(daemon);
        }
        String s = latency(result.signaltty());
        String t = latency(result.tmux());
        String r = latency(result.raw());
        double sp99 = Stats.percentile(result.signaltty(), 99);
        double tp99 = Stats.percentile(result.tmux(), 99);
        rows.add(new Row("keystroke echo with " + floods + " neighbour panes flooding (" + result.signaltty().length
                + " keys in 4 interleaved rounds; `pane.write` → `pty.data` vs `send-keys` → `%output`)", s, t, r,
                ratio(tp99, sp99) + " (p99)", "p99 ≤ 0.5× tmux's", yes(sp99 <= 0.5 * tp99)));
    }

    static String latency(double[] seconds) {
        return "p50 " + ms(Stats.median(seconds) * 1e3) + ", p99 " + ms(Stats.percentile(seconds, 99) * 1e3);
    }

    // ---- restart with history (issue 17, ADR 0230)

    /**
     * N panes each print M MiB; the bytes the daemon wrote meanwhile (/proc wchar: transcripts, journal,
     * log) per pane per MiB; then kill -9 and the time until the restarted daemon answers on the same
     * state dir, with every pane's screen and scrollback restored.
     */
    void restart() throws Exception {
        int panes = Integer.getInteger("bench.restart.panes", 20);
        int mib = Integer.getInteger("bench.restart.mib", 4);
        long bytes = (long) mib << 20;
        Path root = work.resolve("restart");
        long written;
        try (Daemon daemon = daemon("restart"); Daemon.Client client = daemon.connect()) {
            String ws = client.call("workspace.create", Map.of("name", "r", "cwd", work.toString())).get("workspace_id").asString();
            long before = wchar(daemon.process.pid());
            List<String> ids = new ArrayList<>();
            for (int p = 0; p < panes; p++) {
                ids.add(client.call("pane.spawn", Map.of("workspace_id", ws, "argv", List.of("sh", "-c",
                        "yes 'restart bench line: some text of a typical length for build output, sixty-odd' | head -c "
                                + bytes + "; sleep 100000"))).get("pane_id").asString());
            }
            long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(10);
            for (String id : ids) {
                while (client.call("pane.get", Map.of("pane_id", id)).get("pane").get("output_offset").asLong() < bytes) {
                    if (System.nanoTime() > deadline) {
                        throw new IOException("pane " + id + " did not print " + mib + " MiB within 10 min");
                    }
                    Thread.sleep(100);
                }
            }
            Thread.sleep(3_000); // one 2 s checkpoint-and-sync pass
            written = wchar(daemon.process.pid()) - before;
            daemon.process.destroyForcibly().waitFor(); // kill -9
        }
        long onDisk;
        try (var files = Files.walk(root.resolve("state/signaltty/transcripts"))) {
            onDisk = files.filter(Files::isRegularFile).mapToLong(f -> f.toFile().length()).sum();
        }
        double empty;
        try (Daemon fresh = Daemon.start(java, classpath, work.resolve("restart-empty"))) {
            empty = fresh.awaitReady();
        }
        try (Daemon restarted = Daemon.start(java, classpath, root)) {
            double seconds = restarted.awaitReady();
            rows.add(new Row("restart after kill -9 until the socket answers (" + panes + " panes × " + mib
                    + " MiB printed, screens and scrollback restored; an empty start in the same run: "
                    + ms(empty * 1e3) + ")", ms(seconds * 1e3), "—", "—", "—", "—"));
            rows.add(new Row("bytes written by the daemon per pane per MiB of output (transcripts, journal, log)",
                    String.format(Locale.ROOT, "%.2f MiB", written / (double) panes / mib / (1 << 20)),
                    "—", "—", "bounded", "—"));
            notes.add("restart: transcripts on disk after " + panes + " panes × " + mib + " MiB: "
                    + String.format(Locale.ROOT, "%.1f MiB (%.2f MiB per pane)", onDisk / 1048576.0,
                    onDisk / 1048576.0 / panes));
        }
    }

    private static long wchar(long pid) throws IOException {
        for (String line : Files.readAllLines(Path.of("/proc/" + pid + "/io"))) {
            if (line.startsWith("wchar:")) {
                return Long.parseLong(line.substring(6).strip());
            }
        }
        throw new IOException("no wchar for " + pid);
    }

    // ---- output

    String table() {
        StringBuilder out = new StringBuilder();
        out.append("| measure | signaltty | tmux | raw PTY | signaltty advantage | goal | met | load |\n"
                + "|---|---:|---:|---:|---:|---|---|---|\n");
        for (Row row : rows) {
            out.append("| ").append(String.join(" | ", row.measure(), row.signaltty(), row.tmux(), row.raw(), row.ratio(),
                    row.goal(), row.met(), row.load()))
                    .append(" |\n");
        }
        out.append("\nAdvantage: how many times better signaltty does than tmux in the same run (rate ÷ rate, or "
                + "tmux's time or memory ÷ signaltty's); above 1 signaltty is ahead.\n");
        for (String note : notes) {
            out.append("\n- ").append(note);
        }
        return out.toString();
    }

    static final String BEGIN = "<!-- bench/run: begin (generated; edit bench/src instead) -->";
    static final String END = "<!-- bench/run: end -->";

    void updateDocs(Path docs, String table) throws Exception {
        String text = Files.exists(docs) ? Files.readString(docs) : "# Benchmarks\n";
        String tmuxVersion = Tmux.version();
        String section = BEGIN + "\n\nLast `bench/run`: " + LocalDate.now() + ", " + Runtime.getRuntime().availableProcessors()
                + " cores, JDK " + Runtime.version() + ", " + tmuxVersion + ", load average before the run "
                + System.getProperty("bench.load", "?") + ".\n\n" + table + "\n\n" + END;
        int b = text.indexOf(BEGIN);
        int e = text.indexOf(END);
        String updated = b >= 0 && e > b ? text.substring(0, b) + section + text.substring(e + END.length())
                : text.stripTrailing() + "\n\n## Suite against tmux (`bench/run`)\n\n" + section + "\n";
        Files.writeString(docs, updated);
    }

    void deleteWork() throws IOException {
        try (Stream<Path> paths = Files.walk(work)) {
            paths.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }

    static double sum(double[] values) {
        double s = 0;
        for (double v : values) {
            s += v;
        }
        return s;
    }

    static String ratio(double a, double b) {
        return String.format(Locale.ROOT, "%.2f×", a / b);
    }

    static String rate(double perSecond) {
        return String.format(Locale.ROOT, "%,.0f", perSecond);
    }

    static String us(double seconds) {
        return String.format(Locale.ROOT, "%.0f µs", seconds * 1e6);
    }

    static String ms(double millis) {
        return String.format(Locale.ROOT, "%.1f ms", millis);
    }

    static String mib(double bytes) {
        return String.format(Locale.ROOT, "%.2f MiB", bytes / 1048576.0);
    }

    static String yes(boolean met) {
        return met ? "yes" : "**no**";
    }
}
