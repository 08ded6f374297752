package dev.signaltty.hardening;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import dev.signaltty.support.ProtocolClient;

/**
 * A daemon in its own JVM, launched the way {@code bin/signaltty server run} launches it (same JVM
 * flags, read from the script), on private XDG directories under {@code root}: the soak measures
 * the daemon's own RSS and threads from {@code /proc/<pid>/status}, which an in-process daemon would
 * share with the test's clients.
 */
final class SoakDaemon implements AutoCloseable {

    /** The JVM flags {@code bin/signaltty} gives the daemon (its {@code DAEMON_OPTS}), read from the script. */
    static final List<String> DAEMON_OPTS = daemonOpts(Path.of("bin", "signaltty"));

    private final Process process;
    private final Path socket;
    private final Path log;
    private final int metricsPort;

    private SoakDaemon(Process process, Path root, int metricsPort) {
        this.process = process;
        this.socket = root.resolve("run/signaltty/signaltty.sock");
        this.log = root.resolve("daemon.log");
        this.metricsPort = metricsPort;
    }

    static SoakDaemon start(Path root) throws IOException, InterruptedException {
        for (String dir : List.of("run", "state", "config", "home")) {
            Files.createDirectories(root.resolve(dir));
        }
        Files.setPosixFilePermissions(root.resolve("run"), PosixFilePermissions.fromString("rwx------"));
        int port;
        try (ServerSocket probe = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            port = probe.getLocalPort(); // free now; the daemon binds it a moment later
        }
        List<String> command = new ArrayList<>();
        command.add(ProcessHandle.current().info().command().orElseThrow());
        command.add("--enable-native-access=ALL-UNNAMED");
        command.addAll(DAEMON_OPTS);
        String extra = System.getProperty("soak.daemonJvmArgs", "").trim(); // e.g. -Xmx768m, for a what-if
        if (!extra.isEmpty()) {
            command.addAll(List.of(extra.split("\\s+")));
        }
        for (String property : List.of("pty4j.tmpdir", "jna.tmpdir")) {
            String value = System.getProperty(property);
            if (value != null) {
                command.add("-D" + property + "=" + value);
            }
        }
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add("dev.signaltty.SignalttyApplication");
        command.add("--signaltty.metrics.enabled=true");
        command.add("--signaltty.metrics.port=" + port);
        ProcessBuilder builder = new ProcessBuilder(command);
        builder.environment().put("XDG_RUNTIME_DIR", root.resolve("run").toString());
        builder.environment().put("XDG_STATE_HOME", root.resolve("state").toString());
        builder.environment().put("XDG_CONFIG_HOME", root.resolve("config").toString());
        builder.environment().put("HOME", root.resolve("home").toString());
        builder.environment().remove("SIGNALTTY_SOCKET");
        builder.redirectErrorStream(true);
        builder.redirectOutput(ProcessBuilder.Redirect.appendTo(root.resolve("daemon.log").toFile()));
        SoakDaemon daemon = new SoakDaemon(builder.start(), root, port);
        try {
            daemon.awaitReady(Duration.ofSeconds(90));
        } catch (IOException | RuntimeException e) {
            daemon.close();
            throw e;
        }
        return daemon;
    }

    private void awaitReady(Duration timeout) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new IOException("daemon exited with " + process.exitValue() + ":\n" + logText());
            }
            if (Files.exists(socket)) {
                try (ProtocolClient client = connect()) {
                    client.call("ping", java.util.Map.of());
                    return;
                } catch (RuntimeException | AssertionError notYet) {
                    // still starting
                }
            }
            Thread.sleep(50);
        }
        throw new IOException("daemon not ready within " + timeout + ":\n" + logText());
    }

    /** The first {@code DAEMON_OPTS="..."} of the launcher: the flags every daemon users start gets. */
    static List<String> daemonOpts(Path launcher) {
        try {
            for (String line : Files.readAllLines(launcher)) {
                java.util.regex.Matcher m = java.util.regex.Pattern.compile("^DAEMON_OPTS=\"([^\"$]*)\"").matcher(line);
                if (m.find()) {
                    return m.group(1).isBlank() ? List.of() : List.of(m.group(1).trim().split("\\s+"));
                }
            }
        } catch (IOException e) {
            throw new IllegalStateException("cannot read " + launcher, e);
        }
        throw new IllegalStateException("no DAEMON_OPTS in " + launcher);
    }

    /**
     * The daemon's live heap: {@code jcmd GC.class_histogram} runs a full GC and totals the objects
     * left (the heap it then gives back shows in the next RSS sample).
     */
    long liveHeapBytes() throws IOException, InterruptedException {
        java.util.regex.Matcher total = java.util.regex.Pattern.compile("(?m)^Total\\s+\\d+\\s+(\\d+)")
                .matcher(jcmd("GC.class_histogram"));
        if (!total.find()) {
            throw new IllegalStateException("no total in jcmd GC.class_histogram");
        }
        return Long.parseLong(total.group(1));
    }

    private String jcmd(String command) throws IOException, InterruptedException {
        Path jcmd = Path.of(ProcessHandle.current().info().command().orElseThrow()).resolveSibling("jcmd");
        Process p = new ProcessBuilder(jcmd.toString(), Long.toString(process.pid()), command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) {
            p.destroyForcibly();
            throw new IOException("jcmd " + command + " failed: " + out);
        }
        return out;
    }

    ProtocolClient connect() {
        return ProtocolClient.connect(socket);
    }

    long pid() {
        return process.pid();
    }

    int metricsPort() {
        return metricsPort;
    }

    boolean isAlive() {
        return process.isAlive();
    }

    /** The daemon's resident set, from {@code VmRSS}. */
    long rssBytes() throws IOException {
        return status("VmRSS:") * 1024;
    }

    /** The daemon's OS threads (platform threads and the JVM's own), from {@code Threads}. */
    long threads() throws IOException {
        return status("Threads:");
    }

    private long status(String key) throws IOException {
        for (String line : Files.readAllLines(Path.of("/proc", Long.toString(process.pid()), "status"))) {
            if (line.startsWith(key)) {
                return Long.parseLong(line.replaceAll("\\D", ""));
            }
        }
        throw new IllegalStateException("no " + key + " in /proc/" + process.pid() + "/status");
    }

    /** Every live descendant of the daemon (its panes' processes and theirs). */
    List<ProcessHandle> descendants() {
        return process.descendants().filter(ProcessHandle::isAlive).toList();
    }

    String logText() throws IOException {
        return Files.exists(log) ? Files.readString(log) : "";
    }

    /** SIGTERM (the daemon ends its panes and exits), SIGKILL after 30 s; the exit status, or -1. */
    int stop() throws InterruptedException {
        if (process.isAlive()) {
            process.destroy();
            if (!process.waitFor(30, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                process.waitFor(10, TimeUnit.SECONDS);
                return -1;
            }
        }
        return process.exitValue();
    }

    @Override
    public void close() throws InterruptedException {
        stop();
    }
}
