package bench;

import static bench.Format.ms;
import static bench.Format.ratio;
import static bench.Format.yes;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Daemon start until the socket answers. Issue 24 item 4's goal (< 0.7 s with the AOT cache) is the row
 * of the daemon users get, started by {@code bin/signaltty server run}; the other ways to start it are
 * context rows that show what each part (Spring AOT, the JDK's AOT cache) is worth.
 */
final class StartRows {

    private static final int RUNS = 5;

    private final Bench bench;

    StartRows(Bench bench) {
        this.bench = bench;
    }

    void run() throws Exception {
        double[] signaltty = new double[RUNS];
        double[] tmux = new double[RUNS];
        for (int i = 0; i < RUNS; i++) {
            try (Daemon daemon = Daemon.start(bench.java, bench.classpath, bench.work.resolve("start-" + i))) {
                signaltty[i] = daemon.awaitReady();
            }
            try (Tmux server = new Tmux(Files.createDirectories(bench.work.resolve("tmux-start-" + i)), 2000)) {
                long start = System.nanoTime();
                server.cli("new-session", "-d", "sleep 100000");
                tmux[i] = (System.nanoTime() - start) / 1e9;
            }
        }
        double t = Stats.median(tmux);
        if (bench.hasLauncher()) {
            // as a user starts it: bin/signaltty's flags and the AOT cache it trains (request path included)
            try (Daemon untimed = Daemon.launcher(bench.launcher(), bench.work.resolve("launcher-train"))) {
                untimed.awaitReady(900); // trains the cache when the build is newer than it (not timed)
            }
            double[] launched = new double[RUNS];
            for (int i = 0; i < RUNS; i++) {
                try (Daemon daemon = Daemon.launcher(bench.launcher(), bench.work.resolve("launcher-" + i))) {
                    launched[i] = daemon.awaitReady();
                }
            }
            double l = Stats.median(launched);
            bench.add(new Row("daemon start by `bin/signaltty server run` (its flags and trained AOT cache; median of "
                    + RUNS + ")", ms(l * 1e3), ms(t * 1e3), ratio(t, l), "< 0.7 s", yes(l < 0.7)));
        }
        double s = Stats.median(signaltty);
        bench.add(Row.context("daemon start, plain `java -cp` (no Spring AOT, no AOT cache; median of " + RUNS + ")",
                ms(s * 1e3), ms(t * 1e3), "—", ratio(t, s)));
        // Spring's build-time AOT alone (ADR 0425: the build generated the initializer), no JDK cache
        double[] springAot = new double[RUNS];
        for (int i = 0; i < RUNS; i++) {
            try (Daemon daemon = Daemon.start(bench.java, List.of("-Dspring.aot.enabled=true"), bench.classpath,
                    bench.work.resolve("spring-aot-" + i))) {
                springAot[i] = daemon.awaitReady();
            }
        }
        double a = Stats.median(springAot);
        bench.add(Row.context("daemon start with Spring AOT (`-Dspring.aot.enabled=true`, no JDK cache; median of "
                + RUNS + ")", ms(a * 1e3), ms(t * 1e3), "—", ratio(t, a)));
        if (Runtime.version().feature() >= 25) {
            double c = Stats.median(withAotCache());
            bench.add(Row.context("daemon start with an AOT cache (JEP 483/514; no Spring AOT; trained by one start "
                    + "in this run; median of " + RUNS + ")", ms(c * 1e3), ms(t * 1e3), "—", ratio(t, c)));
        }
        bench.note("Daemon start: the goal (issue 24 item 4, < 0.7 s with the AOT cache) is the `bin/signaltty server "
                + "run` row, the daemon users get; the plain-java, Spring-AOT-only and cache-only rows are context "
                + "(what each part of the launcher's start is worth), without a goal of their own.");
    }

    /**
     * Start times with an AOT cache: the classes as one jar (a cache needs jars, not directories), one
     * training start that serves a few requests and stops, then timed starts using the cache.
     */
    private double[] withAotCache() throws Exception {
        Path jar = bench.work.resolve("signaltty-classes.jar");
        Tmux.run(List.of(Path.of(bench.java).resolveSibling("jar").toString(), "--create", "--file", jar.toString(), "-C",
                Path.of(bench.classpath.split(":")[0]).toString(), "."));
        StringBuilder jars = new StringBuilder(jar.toString());
        try (Stream<Path> lib = Files.list(bench.repo.resolve("target/lib"))) {
            lib.filter(p -> p.toString().endsWith(".jar")).sorted().forEach(p -> jars.append(':').append(p));
        }
        Path cache = bench.work.resolve("daemon.aot");
        try (Daemon training = Daemon.start(bench.java, List.of("-XX:AOTCacheOutput=" + cache, "-Xlog:aot=off",
                "-Xlog:cds=off"), jars.toString(), bench.work.resolve("aot-train"))) {
            training.awaitReady();
            try (Daemon.Client client = training.connect()) {
                String workspace = client.call("workspace.create", Map.of("name", "train", "cwd", bench.work.toString()))
                        .get("workspace_id").asString();
                client.call("pane.spawn", Map.of("workspace_id", workspace, "argv", List.of("true")));
                client.call("pane.list", Map.of());
            }
        }
        long deadline = System.nanoTime() + 60_000_000_000L;
        while (!Files.exists(cache) && System.nanoTime() < deadline) {
            Thread.sleep(50); // the cache is written as the training JVM exits
        }
        double[] times = new double[RUNS];
        for (int i = 0; i < RUNS; i++) {
            try (Daemon daemon = Daemon.start(bench.java, List.of("-XX:AOTCache=" + cache, "-Xlog:aot=off", "-Xlog:cds=off"),
                    jars.toString(), bench.work.resolve("aot-" + i))) {
                times[i] = daemon.awaitReady();
            }
        }
        return times;
    }
}
