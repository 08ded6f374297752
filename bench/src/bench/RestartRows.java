package bench;

import static bench.Format.ms;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** Restart with history (issue 17, ADR 0230): bytes written per pane per MiB, then kill -9 and the restart. */
final class RestartRows {

    private final Bench bench;

    RestartRows(Bench bench) {
        this.bench = bench;
    }

    /**
     * N panes each print M MiB; the bytes the daemon wrote meanwhile (/proc wchar: transcripts, journal,
     * log) per pane per MiB; then kill -9 and the time until the restarted daemon answers on the same
     * state dir, with every pane's screen and scrollback restored.
     */
    void run() throws Exception {
        int panes = Integer.getInteger("bench.restart.panes", 20);
        int mib = Integer.getInteger("bench.restart.mib", 4);
        long bytes = (long) mib << 20;
        Path root = bench.work.resolve("restart");
        long written;
        try (Daemon daemon = bench.daemon("restart"); Daemon.Client client = daemon.connect()) {
            String ws = client.call("workspace.create", Map.of("name", "r", "cwd", bench.work.toString())).get("workspace_id").asString();
            long before = wchar(daemon.pid());
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
            written = wchar(daemon.pid()) - before;
            daemon.process.destroyForcibly().waitFor(); // kill -9
        }
        long onDisk;
        try (var files = Files.walk(root.resolve("state/signaltty/transcripts"))) {
            onDisk = files.filter(Files::isRegularFile).mapToLong(f -> f.toFile().length()).sum();
        }
        double empty;
        try (Daemon fresh = Daemon.start(bench.java, bench.classpath, bench.work.resolve("restart-empty"))) {
            empty = fresh.awaitReady();
        }
        try (Daemon restarted = Daemon.start(bench.java, bench.classpath, root)) {
            double seconds = restarted.awaitReady();
            bench.add(new Row("restart after kill -9 until the socket answers (" + panes + " panes × " + mib
                    + " MiB printed, screens and scrollback restored; an empty start in the same run: "
                    + ms(empty * 1e3) + ")", ms(seconds * 1e3), "—", "—", "—", "—"));
            bench.add(new Row("bytes written by the daemon per pane per MiB of output (transcripts, journal, log)",
                    String.format(Locale.ROOT, "%.2f MiB", written / (double) panes / mib / (1 << 20)),
                    "—", "—", "bounded", "—"));
            bench.note("restart: transcripts on disk after " + panes + " panes × " + mib + " MiB: "
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
}
