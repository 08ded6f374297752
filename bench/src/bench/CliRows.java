package bench;

import static bench.Format.ms;
import static bench.Format.ratio;
import static bench.Format.yes;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * The one-shot CLI as a new process per call against the tmux CLI (issue 24 item 4: median ≤ 50 ms on a
 * quiet machine; it is what every agent hook pays per tool call).
 */
final class CliRows {

    private static final int RUNS = 15;

    private final Bench bench;

    CliRows(Bench bench) {
        this.bench = bench;
    }

    void run() throws Exception {
        Path cli = bench.launcher();
        try (Daemon daemon = bench.daemon("cli");
             Tmux tmux = new Tmux(Files.createDirectories(bench.work.resolve("tmux-cli")), 2000)) {
            tmux.cli("new-session", "-d", "sleep 100000");
            List<String> command;
            String what;
            if (bench.hasLauncher()) {
                command = List.of(cli.toString(), "--no-start", "ping");
                what = "`bin/signaltty ping`";
            } else {
                command = List.of(bench.java, "-cp", bench.classpath, "bench.PingClient", daemon.socket.toString());
                what = "raw socket ping client (bin/signaltty not built)";
            }
            Map<String, String> env = Map.of("XDG_RUNTIME_DIR", daemon.root.resolve("run").toString(),
                    "SIGNALTTY_SOCKET", daemon.socket.toString());
            runTimed(command, env); // first run may build the CLI jar and its AOT cache
            runTimed(command, env);
            double[] s = new double[RUNS];
            double[] t = new double[RUNS];
            for (int i = 0; i < RUNS; i++) {
                s[i] = runTimed(command, env);
                t[i] = runTimed(List.of("tmux", "-S", tmux.socket.toString(), "display-message", "-p", "x"), Map.of());
            }
            double sm = Stats.median(s);
            double tm = Stats.median(t);
            bench.add(new Row("one-shot CLI latency, median of " + RUNS + " (" + what + " vs `tmux display-message -p x`)",
                    ms(sm * 1e3), ms(tm * 1e3), ratio(tm, sm), "≤ 50 ms (quiet machine)", yes(sm <= 0.05)));
        }
    }

    private static double runTimed(List<String> command, Map<String, String> env) throws Exception {
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        builder.environment().remove("SIGNALTTY_SOCKET");
        builder.environment().putAll(env);
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
}
