package bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;

/**
 * signaltty against tmux, measured in the same run on the same machine (issue 10). Prints a markdown
 * table and, with {@code -Dbench.docs=FILE}, replaces the generated section of that file. Run it with
 * {@code bench/run}, which builds the project and finds the JDK. Each group of rows is its own class
 * ({@code StartRows}, {@code FloodRows}, …); this one holds what they share: the JDK, the daemon's class
 * path, the work directory and the rows and notes measured so far.
 */
public final class Bench {

    /** Seconds a plain-java daemon may take to answer its socket (an untimed wait, not a figure). */
    private static final long READY_SECONDS = 300;

    final String java = ProcessHandle.current().info().command().orElseThrow();
    final String classpath = System.getProperty("bench.daemon.cp");
    final Path repo = Path.of(System.getProperty("bench.repo", ".")).toAbsolutePath();
    final Path work;
    final List<Row> rows = new ArrayList<>();
    final List<String> notes = new ArrayList<>();
    /** Each group's name and the cores' idle share over the second before it started (the load average lags). */
    private final List<String> settled = new ArrayList<>();

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
        bench.note("Cores idle over the second before each group started (the rows' load averages lag behind a "
                + "busy group before them; a group waits for >= 85 %): " + String.join(", ", bench.settled) + ".");
        String table = Report.table(bench.rows, bench.notes);
        System.out.println(table);
        String docs = System.getProperty("bench.docs");
        if (docs != null && args.length == 0) { // a partial run prints only: the recorded table stays whole
            Report.updateDocs(Path.of(docs), table);
        }
    }

    void runAll(List<String> which) {
        measure(which, "start", () -> new StartRows(this).run());
        measure(which, "roundtrip", () -> new RoundTripRows(this).run());
        measure(which, "cli", () -> new CliRows(this).run());
        measure(which, "list", () -> new ListRows(this).run());
        measure(which, "flood", () -> new FloodRows(this).run());
        measure(which, "memory", () -> new MemoryRows(this).run());
        measure(which, "journal", () -> new JournalRows(this).run());
        measure(which, "renames", () -> new RenamesRows(this).run());
        measure(which, "keys", () -> new KeystrokeRows(this).run());
        measure(which, "restart", () -> new RestartRows(this).run());
    }

    interface Measure {
        void run() throws Exception;
    }

    void measure(List<String> which, String name, Measure measure) {
        if (!which.contains(name)) {
            return;
        }
        settled.add(String.format(Locale.ROOT, "%s %.0f %%", name, settle(name) * 100));
        System.err.println("bench: " + name + " …");
        try {
            measure.run();
        } catch (Exception | AssertionError e) {
            rows.add(new Row(name, "error: " + e.getMessage(), "", "", "", "no"));
            e.printStackTrace();
        }
    }

    /**
     * Waits (at most 60 s) until the cores are at least 85 % idle over one second: a group must not start while the
     * previous one's processes still wind down. The 1,000-pane group left the flood rows that followed it at
     * load 12–24 in two recorded runs; the load average decays too slowly to tell, so /proc/stat is read.
     * Returns the idle share of the last second waited.
     */
    private static double settle(String name) {
        long deadline = System.nanoTime() + 60_000_000_000L;
        double idle = 0;
        int waited = 0;
        while (System.nanoTime() < deadline) {
            long[] before = cpuTimes();
            try {
                Thread.sleep(1_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return idle;
            }
            long[] after = cpuTimes();
            long total = after[0] - before[0];
            idle = total <= 0 ? 1 : (double) (after[1] - before[1]) / total;
            if (idle >= 0.85) {
                break;
            }
            waited++;
        }
        if (waited > 0) {
            System.err.printf(Locale.ROOT, "bench: %s waited %d s for the cores to settle (idle %.0f %%)%n",
                    name, waited + 1, idle * 100);
        }
        return idle;
    }

    /** All CPU time and idle + iowait time since boot, in clock ticks (/proc/stat's first line). */
    private static long[] cpuTimes() {
        try {
            String[] f = Files.readAllLines(Path.of("/proc/stat")).get(0).trim().split("\\s+");
            long total = 0;
            for (int i = 1; i < f.length; i++) {
                total += Long.parseLong(f[i]);
            }
            return new long[] {total, Long.parseLong(f[4]) + Long.parseLong(f[5])};
        } catch (IOException | RuntimeException e) {
            return new long[] {0, 0}; // not Linux: no wait
        }
    }

    void add(Row row) {
        rows.add(row);
    }

    void note(String note) {
        notes.add(note);
    }

    /**
     * A plain-java daemon ({@code java -cp … SignalttyApplication}), answering its socket. The deadline is
     * generous: at load 100+ on 2 cores a start took over 60 s, and a missed deadline loses the whole group.
     */
    Daemon daemon(String name, String... args) throws Exception {
        return ready(Daemon.start(java, daemonOptions(), classpath, work.resolve(name), args), READY_SECONDS);
    }

    /** The same with these JVM options (and {@code -Dbench.daemon.opts}). */
    Daemon daemon(String name, List<String> jvmOptions) throws Exception {
        List<String> options = new ArrayList<>(jvmOptions);
        options.addAll(daemonOptions());
        return ready(Daemon.start(java, options, classpath, work.resolve(name)), READY_SECONDS);
    }

    /**
     * A daemon as users get it: started by {@code bin/signaltty server run} (its JVM flags, its AOT cache),
     * answering its socket. The deadline is long: the launcher first trains its cache when the build is
     * newer than it, so a caller that times the start uses {@link Daemon#launcher} itself.
     */
    Daemon launched(String name) throws Exception {
        return launched(name, Map.of());
    }

    /** The same with these variables added to its environment (e.g. {@code JDK_JAVA_OPTIONS} for NMT). */
    Daemon launched(String name, Map<String, String> env) throws Exception {
        return ready(Daemon.launcher(launcher(), work.resolve(name), env), 900);
    }

    Path launcher() {
        return repo.resolve("bin/signaltty");
    }

    boolean hasLauncher() {
        return Files.isExecutable(launcher());
    }

    /** -Dbench.daemon.opts="-XX:StartFlightRecording=…" passes JVM options to the plain-java daemons (profiling). */
    private static List<String> daemonOptions() {
        String opts = System.getProperty("bench.daemon.opts", "").strip();
        return opts.isEmpty() ? List.of() : List.of(opts.split("\\s+"));
    }

    private static Daemon ready(Daemon daemon, long seconds) throws Exception {
        try {
            daemon.awaitReady(seconds);
        } catch (Exception | Error e) {
            daemon.close(); // a daemon that never answered (a start past the deadline at load 30+) is not left running
            throw e;
        }
        return daemon;
    }

    void deleteWork() throws IOException {
        try (Stream<Path> paths = Files.walk(work)) {
            paths.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }
}
