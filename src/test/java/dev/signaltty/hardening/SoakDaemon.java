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
 * A daemon in its own JVM, launched the way {@code bin/signaltty server run} launches it (same main
 * class arguments, same heap flags), on private XDG directories under {@code root}: the soak measures
 * the daemon's own RSS and threads from {@code /proc/<pid>/status}, which an in-process daemon would
 * share with the test's clients.
 */
final class SoakDaemon implements AutoCloseable {

    /** The heap flags {@code bin/signaltty} gives the daemon: memory is returned after a GC. */
    static final List<String> HEAP_FLAGS = List.of("-XX:MinHeapFreeRatio=10", "-XX:MaxHeapFreeRatio=20");

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
        command.addAll(HEAP_FLAGS);
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
