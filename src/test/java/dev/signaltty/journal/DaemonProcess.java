package dev.signaltty.journal;

import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A real signaltty daemon in its own JVM, on private XDG directories under {@code root}, for tests
 * that must crash it ({@code kill -9}) or watch it exit.
 */
final class DaemonProcess implements AutoCloseable {

    final Path root;
    final Path socket;
    final Path stateDir;
    final Path log;
    private final Process process;
    /** The daemon's descendants when it was killed with -9. */
    private final List<ProcessHandle> orphans = new ArrayList<>();

    private DaemonProcess(Path root, Process process) {
        this.root = root;
        this.process = process;
        this.socket = root.resolve("run/signaltty/signaltty.sock");
        this.stateDir = root.resolve("state/signaltty");
        this.log = root.resolve("daemon.log");
    }

    /** Starts a daemon and waits until its socket accepts (or it exits). */
    static DaemonProcess start(Path root, String... args) throws IOException, InterruptedException {
        return started(launch(root, Map.of(), List.of(), args));
    }

    /**
     * As {@link #start}, under {@code nohup}: the daemon starts with SIGHUP ignored, as a CI run started
     * under {@code nohup} starts every daemon of the suite.
     */
    static DaemonProcess startIgnoringHangUps(Path root) throws IOException, InterruptedException {
        return started(launch(root, Map.of(), List.of("nohup")));
    }

    private static DaemonProcess started(DaemonProcess daemon) throws IOException, InterruptedException {
        try {
            daemon.awaitSocket(Duration.ofSeconds(240)); // a start took 34 s and over 60 s at load 30 (session 6)
        } catch (IOException | InterruptedException | RuntimeException e) {
            daemon.process.destroyForcibly(); // a daemon that never listened outlived its test by 90 min once
            throw e;
        }
        return daemon;
    }

    static DaemonProcess launch(Path root, String... args) throws IOException {
        return launch(root, Map.of(), args);
    }

    /** As {@link #launch(Path, String...)} with environment overrides (e.g. another daemon's XDG_STATE_HOME). */
    static DaemonProcess launch(Path root, Map<String, String> env, String... args) throws IOException {
        return launch(root, env, List.of(), args);
    }

    private static DaemonProcess launch(Path root, Map<String, String> env, List<String> prefix, String... args)
            throws IOException {
        for (String dir : List.of("run", "state", "config", "home")) {
            Files.createDirectories(root.resolve(dir));
        }
        Files.setPosixFilePermissions(root.resolve("run"), java.nio.file.attribute.PosixFilePermissions.fromString("rwx------"));
        List<String> command = new ArrayList<>(prefix);
        command.add(ProcessHandle.current().info().command().orElseThrow());
        command.add("--enable-native-access=ALL-UNNAMED");
        command.add("-Xshare:auto");
        for (String property : List.of("pty4j.tmpdir", "jna.tmpdir")) {
            String value = System.getProperty(property);
            if (value != null) {
                command.add("-D" + property + "=" + value);
            }
        }
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add("dev.signaltty.SignalttyApplication");
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command);
        builder.environment().put("XDG_RUNTIME_DIR", root.resolve("run").toString());
        builder.environment().put("XDG_STATE_HOME", root.resolve("state").toString());
        builder.environment().put("XDG_CONFIG_HOME", root.resolve("config").toString());
        builder.environment().put("HOME", root.resolve("home").toString());
        builder.environment().remove("SIGNALTTY_SOCKET");
        builder.environment().putAll(env);
        builder.redirectErrorStream(true);
        builder.redirectOutput(ProcessBuilder.Redirect.appendTo(root.resolve("daemon.log").toFile()));
        return new DaemonProcess(root, builder.start());
    }

    void awaitSocket(Duration timeout) throws IOException, InterruptedException {
        Instant deadline = Instant.now().plus(timeout);
        while (Instant.now().isBefore(deadline)) {
            if (!process.isAlive()) {
                throw new IOException("daemon exited with " + process.exitValue() + ":\n" + logText());
            }
            if (Files.exists(socket)) {
                try (SocketChannel probe = SocketChannel.open(StandardProtocolFamily.UNIX)) {
                    probe.connect(UnixDomainSocketAddress.of(socket));
                    return;
                } catch (IOException notYet) {
                    // still starting
                }
            }
            Thread.sleep(50);
        }
        throw new IOException("daemon did not listen within " + timeout + ":\n" + logText());
    }

    StreamClient connect() throws IOException {
        return new StreamClient(socket);
    }

    String logText() throws IOException {
        return Files.exists(log) ? Files.readString(log) : "";
    }

    /** SIGKILL: no shutdown hook, no clean stop. */
    void kill9() throws InterruptedException {
        // the hang-up of their terminals ends the panes' programs (ADR 0590), but not what they started: a
        // shell's `sleep 600` is no session leader and gets no SIGHUP; close() ends what is left
        orphans.addAll(process.descendants().toList());
        process.destroyForcibly();
        process.waitFor(30, TimeUnit.SECONDS);
    }

    /** Waits for the process to exit by itself; its status, or -1 on timeout. */
    int awaitExit(Duration timeout) throws InterruptedException {
        return process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS) ? process.exitValue() : -1;
    }

    long pid() {
        return process.pid(); // nohup execs the JVM: the same process
    }

    boolean isAlive() {
        return process.isAlive();
    }

    /** SIGTERM, then SIGKILL after 20 s; then SIGKILL to what a {@link #kill9} left running. */
    @Override
    public void close() throws InterruptedException {
        if (process.isAlive()) {
            process.destroy();
            if (!process.waitFor(20, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                process.waitFor(10, TimeUnit.SECONDS);
            }
        }
        orphans.forEach(ProcessHandle::destroyForcibly);
    }
}
