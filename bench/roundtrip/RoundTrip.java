import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.Channels;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The cold and warm sequential round trip of a daemon started the launcher's way (issue 24 item 2),
 * with the daemon's CPU per request read from /proc, per thread group. Standalone (no project
 * classes), so one copy measures any checkout: {@code java bench/roundtrip/RoundTrip.java LAUNCHER}.
 *
 * <p>One round: a fresh daemon by {@code LAUNCHER server run} on private XDG dirs, a workspace and a
 * {@code sleep} pane, then {@code -Dn} (20,000) sequential {@code pane.get} (cold), {@code -Dwarmup}
 * more, then {@code n} {@code pane.get} and {@code n} {@code ping} (warm); the daemon is stopped. The
 * request bytes are the bench's ({@code {"id":2,"method":"pane.get","params":{...}}}); each answer is
 * read to its newline and checked for {@code "ok":true}. Prints one line of figures. With
 * {@code -Dtmux=true} it measures tmux control mode the same way instead (the comparator).
 * {@code -Ddaemon.opts=...} replaces the launcher's daemon JVM options (give its AOT cache flags too);
 * {@code -Dkeep=FILE} keeps the daemon's log (e.g. {@code -XX:+PrintCompilation} output) and prints the
 * cold and warm windows in seconds since launch. Do not run it under {@code chrt -f} on a shared box
 * (ADR 0500).
 */
public final class RoundTrip {

    static final long TICK_NANOS = 10_000_000L; // USER_HZ 100

    public static void main(String[] args) throws Exception {
        int n = Integer.getInteger("n", 20_000);
        int warmup = Integer.getInteger("warmup", 50_000);
        Path root = Files.createTempDirectory("rt10-");
        try {
            if (Boolean.getBoolean("tmux")) {
                tmux(root, n, warmup);
            } else {
                daemon(args[0], root, n, warmup);
            }
        } finally {
            deleteTree(root);
        }
    }

    static void daemon(String launcher, Path root, int n, int warmup) throws Exception {
        for (String dir : List.of("run", "state", "config")) {
            Files.createDirectories(root.resolve(dir));
        }
        Files.setPosixFilePermissions(root.resolve("run"), PosixFilePermissions.fromString("rwx------"));
        Path socket = root.resolve("run/signaltty/signaltty.sock");
        List<String> command = new ArrayList<>(List.of(launcher, "server", "run"));
        ProcessBuilder builder = new ProcessBuilder(command);
        builder.environment().put("XDG_RUNTIME_DIR", root.resolve("run").toString());
        builder.environment().put("XDG_STATE_HOME", root.resolve("state").toString());
        builder.environment().put("XDG_CONFIG_HOME", root.resolve("config").toString());
        builder.environment().remove("SIGNALTTY_SOCKET");
        String extra = System.getProperty("daemon.opts");
        if (extra != null) {
            builder.environment().put("SIGNALTTY_DAEMON_JAVA_OPTS", extra);
        }
        builder.redirectErrorStream(true);
        builder.redirectOutput(root.resolve("daemon.log").toFile());
        long launched = System.nanoTime();
        Process process = builder.start();
        try {
            Conn conn = awaitReady(process, socket, root);
            double ready = (System.nanoTime() - launched) / 1e9;
            conn.call("{\"id\":10,\"method\":\"workspace.create\",\"params\":{\"name\":\"rt\",\"cwd\":\""
                    + root + "\"}}\n");
            String ws = field(conn.last, "workspace_id");
            conn.call("{\"id\":11,\"method\":\"pane.spawn\",\"params\":{\"workspace_id\":\"" + ws
                    + "\",\"argv\":[\"sleep\",\"100000\"]}}\n");
            String pane = field(conn.last, "pane_id");
            byte[] get = ("{\"id\":2,\"method\":\"pane.get\",\"params\":{\"pane_id\":\"" + pane + "\"}}\n")
                    .getBytes(StandardCharsets.UTF_8);
            byte[] ping = "{\"id\":1,\"method\":\"ping\"}\n".getBytes(StandardCharsets.UTF_8);
            long pid = process.pid(); // the launcher execs the daemon's JVM
            Map<String, Long> before = threadTicks(pid);
            double coldFrom = (System.nanoTime() - launched) / 1e9;
            double[] cold = conn.sequential(n, get);
            double coldTo = (System.nanoTime() - launched) / 1e9;
            Map<String, Long> afterCold = threadTicks(pid);
            conn.sequential(warmup, get);
            Map<String, Long> beforeWarm = threadTicks(pid);
            double warmFrom = (System.nanoTime() - launched) / 1e9;
            double[] warm = conn.sequential(n, get);
            double warmTo = (System.nanoTime() - launched) / 1e9;
            Map<String, Long> afterWarm = threadTicks(pid);
            double[] warmPing = conn.sequential(n, ping);
            String keep = System.getProperty("keep");
            if (keep != null) {
                System.out.printf(Locale.ROOT, "windows since launch: cold %.3f-%.3f s, warm %.3f-%.3f s%n",
                        coldFrom, coldTo, warmFrom, warmTo);
            }
            System.out.printf(Locale.ROOT, "daemon ready %.2fs | cold pane.get %s | warm pane.get %s | warm ping %s"
                            + " | cold cpu %s | warm cpu %s | load %s%n",
                    ready, rate(cold), rate(warm), rate(warmPing), cpu(before, afterCold, n), cpu(beforeWarm, afterWarm, n),
                    Files.readString(Path.of("/proc/loadavg")).substring(0, 14));
            conn.send("{\"id\":99,\"method\":\"server.stop\"}\n".getBytes(StandardCharsets.UTF_8));
            conn.close();
            if (!process.waitFor(60, TimeUnit.SECONDS)) {
                throw new IOException("daemon did not stop");
            }
            if (keep != null) {
                Files.copy(root.resolve("daemon.log"), Path.of(keep), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            if (process.isAlive()) {
                process.descendants().forEach(ProcessHandle::destroyForcibly);
                process.destroyForcibly().waitFor();
            }
        }
    }

    static void tmux(Path root, int n, int warmup) throws Exception {
        Path socket = root.resolve("tmux.sock");
        Path config = root.resolve("tmux.conf");
        Files.writeString(config, "set -g history-limit 2000\nset -g status off\n");
        Process control = new ProcessBuilder("tmux", "-S", socket.toString(), "-f", config.toString(), "-C",
                "new-session", "-x", "80", "-y", "24", "sleep 100000").start();
        try {
            Conn conn = new Conn(control.getInputStream(), control.getOutputStream(), true);
            conn.readAnswer(); // new-session's own block
            byte[] query = "display-message -p '#{pane_id} #{pane_width}x#{pane_height} #{pane_pid} #{pane_current_command}'\n"
                    .getBytes(StandardCharsets.UTF_8);
            byte[] display = "display-message -p x\n".getBytes(StandardCharsets.UTF_8);
            double[] cold = conn.sequential(n, query);
            conn.sequential(warmup, query);
            double[] warm = conn.sequential(n, query);
            double[] warmX = conn.sequential(n, display);
            System.out.printf(Locale.ROOT, "tmux | cold query %s | warm query %s | warm display x %s | load %s%n",
                    rate(cold), rate(warm), rate(warmX), Files.readString(Path.of("/proc/loadavg")).substring(0, 14));
        } finally {
            new ProcessBuilder("tmux", "-S", socket.toString(), "kill-server").start().waitFor(20, TimeUnit.SECONDS);
            control.destroy();
            control.waitFor(10, TimeUnit.SECONDS);
        }
    }

    static Conn awaitReady(Process process, Path socket, Path root) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(1800); // the launcher may first train its cache
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new IOException("daemon exited: " + Files.readString(root.resolve("daemon.log")));
            }
            if (Files.exists(socket)) {
                try {
                    SocketChannel channel = SocketChannel.open(StandardProtocolFamily.UNIX);
                    channel.connect(UnixDomainSocketAddress.of(socket));
                    Conn conn = new Conn(Channels.newInputStream(channel), Channels.newOutputStream(channel), false);
                    conn.call("{\"id\":0,\"method\":\"ping\"}\n");
                    return conn;
                } catch (IOException notYet) {
                    // not listening yet
                }
            }
            Thread.sleep(2);
        }
        throw new IOException("daemon not ready");
    }

    static String field(String json, String name) {
        Matcher m = Pattern.compile("\"" + name + "\":\"([^\"]+)\"").matcher(json);
        if (!m.find()) {
            throw new IllegalStateException("no " + name + " in " + json);
        }
        return m.group(1);
    }

    /** Daemon CPU ticks by thread group (C2, C1, request readers, the rest), from /proc/PID/task. */
    static Map<String, Long> threadTicks(long pid) throws IOException {
        Map<String, Long> ticks = new TreeMap<>();
        try (var tasks = Files.list(Path.of("/proc/" + pid + "/task"))) {
            for (Path task : (Iterable<Path>) tasks::iterator) {
                String stat;
                try {
                    stat = Files.readString(task.resolve("stat"));
                } catch (IOException gone) {
                    continue;
                }
                String name = stat.substring(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
                String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
                long t = Long.parseLong(f[11]) + Long.parseLong(f[12]);
                String group = name.startsWith("C2 ") ? "c2" : name.startsWith("C1 ") ? "c1"
                        : name.startsWith("conn-") ? "conn" : name.contains("GC") || name.startsWith("G1") ? "gc" : "other";
                ticks.merge(group, t, Long::sum);
                ticks.merge("all", t, Long::sum);
            }
        }
        return ticks;
    }

    static String cpu(Map<String, Long> before, Map<String, Long> after, int n) {
        StringBuilder out = new StringBuilder();
        for (String group : List.of("all", "conn", "c2", "c1", "gc", "other")) {
            long d = after.getOrDefault(group, 0L) - before.getOrDefault(group, 0L);
            out.append(String.format(Locale.ROOT, "%s %.0f ", group, d * TICK_NANOS / 1e3 / n));
        }
        return out.append("µs/req").toString();
    }

    static String rate(double[] latencies) {
        double sum = 0;
        for (double l : latencies) {
            sum += l;
        }
        double[] sorted = latencies.clone();
        Arrays.sort(sorted);
        return String.format(Locale.ROOT, "%.0f req/s p50 %.1f µs", latencies.length / sum, sorted[sorted.length / 2] * 1e6);
    }

    static void deleteTree(Path root) throws IOException {
        try (var walk = Files.walk(root)) {
            walk.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }

    /** One client connection: a request line out, its answer in (tmux: its %begin..%end block). */
    static final class Conn {
        private final InputStream in;
        private final OutputStream out;
        private final boolean tmux;
        private final byte[] buffer = new byte[1 << 16];
        private int start;
        private int end;
        private final byte[] line = new byte[1 << 16];
        private int length;
        String last = "";

        Conn(InputStream in, OutputStream out, boolean tmux) {
            this.in = in;
            this.out = out;
            this.tmux = tmux;
        }

        void send(byte[] bytes) throws IOException {
            out.write(bytes);
            out.flush();
        }

        void call(String request) throws IOException {
            send(request.getBytes(StandardCharsets.UTF_8));
            readAnswer();
            last = new String(line, 0, length, StandardCharsets.UTF_8);
            if (!last.contains("\"ok\":true")) {
                throw new IOException("failed: " + request + " -> " + last);
            }
        }

        double[] sequential(int n, byte[] request) throws IOException {
            double[] latencies = new double[n];
            for (int i = 0; i < n; i++) {
                long t0 = System.nanoTime();
                send(request);
                readAnswer();
                latencies[i] = (System.nanoTime() - t0) / 1e9;
                if (!tmux && !okAnswer()) {
                    throw new IOException("not ok: " + new String(line, 0, length, StandardCharsets.UTF_8));
                }
            }
            return latencies;
        }

        private boolean okAnswer() {
            byte[] ok = "\"ok\":true".getBytes(StandardCharsets.UTF_8);
            outer:
            for (int i = 0; i + ok.length <= Math.min(length, 64); i++) {
                for (int j = 0; j < ok.length; j++) {
                    if (line[i + j] != ok[j]) {
                        continue outer;
                    }
                }
                return true;
            }
            return false;
        }

        void readAnswer() throws IOException {
            if (!tmux) {
                nextLine();
                return;
            }
            boolean inBlock = false;
            while (true) {
                nextLine();
                String text = new String(line, 0, Math.min(length, 8), StandardCharsets.UTF_8);
                if (text.startsWith("%begin ")) {
                    inBlock = true;
                } else if (inBlock && (text.startsWith("%end ") || text.startsWith("%error "))) {
                    return;
                }
            }
        }

        private void nextLine() throws IOException {
            length = 0;
            while (true) {
                if (start == end) {
                    int got = in.read(buffer);
                    if (got < 0) {
                        throw new IOException("connection closed");
                    }
                    start = 0;
                    end = got;
                }
                while (start < end) {
                    byte b = buffer[start++];
                    if (b == '\n') {
                        return;
                    }
                    if (length < line.length) {
                        line[length++] = b;
                    }
                }
            }
        }

        void close() throws IOException {
            out.close();
            in.close();
        }
    }
}
