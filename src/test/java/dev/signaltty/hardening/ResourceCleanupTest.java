package dev.signaltty.hardening;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.signaltty.support.ProtocolClient;
import tools.jackson.databind.JsonNode;

/**
 * After {@code server.stop}, nothing is left: no child process (panes, their background jobs), no PTY
 * held open, no temp file, no socket (issue 10, hardening). The daemon runs in its own JVM with a
 * private temp directory so what it leaves there can be counted.
 */
class ResourceCleanupTest {

    @Test
    void leavesNoProcessPtyTempFileOrSocketAfterServerStop(@TempDir Path root) throws Exception {
        Path tmp = Files.createDirectories(root.resolve("tmp"));
        Path run = Files.createDirectories(root.resolve("run"));
        Files.setPosixFilePermissions(run, PosixFilePermissions.fromString("rwx------"));
        List<String> command = new ArrayList<>(List.of(ProcessHandle.current().info().command().orElseThrow(),
                "--enable-native-access=ALL-UNNAMED", "-Djava.io.tmpdir=" + tmp, "-cp", System.getProperty("java.class.path"),
                "dev.signaltty.SignalttyApplication"));
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(root.resolve("daemon.log").toFile());
        builder.environment().put("XDG_RUNTIME_DIR", run.toString());
        builder.environment().put("XDG_STATE_HOME", root.resolve("state").toString());
        builder.environment().put("XDG_CONFIG_HOME", root.resolve("config").toString());
        builder.environment().put("HOME", Files.createDirectories(root.resolve("home")).toString());
        builder.environment().remove("SIGNALTTY_SOCKET");
        Process daemon = builder.start();
        Instant daemonStarted = daemon.toHandle().info().startInstant().orElseThrow();
        Path socket = run.resolve("signaltty/signaltty.sock");
        awaitSocket(socket, daemon);

        List<ProcessHandle> started = new ArrayList<>();
        List<Path> ptys = new ArrayList<>();
        List<Long> sessions = new ArrayList<>();
        Instant stopRequested;
        try (ProtocolClient client = ProtocolClient.connect(socket)) {
            String ws = client.call("workspace.create", Map.of("name", "cleanup", "cwd", root.toString()))
                    .get("workspace_id").asString();
            for (int i = 0; i < 3; i++) {
                client.call("pane.spawn", Map.of("workspace_id", ws, "argv",
                        List.of("sh", "-c", "sleep 600 & sleep 600 & echo ready; wait")));
            }
            ProtocolClient.eventually(Duration.ofSeconds(20), () -> {
                JsonNode panes = client.call("pane.list", Map.of()).get("panes");
                for (JsonNode pane : panes) {
                    if (!client.call("pane.read", Map.of("pane_id", pane.get("pane_id").asString()))
                            .get("text").asString().contains("ready")) {
                        return false;
                    }
                }
                return true;
            });
            for (JsonNode pane : client.call("pane.list", Map.of()).get("panes")) {
                ProcessHandle leader = ProcessHandle.of(pane.get("pid").asLong()).orElseThrow();
                started.add(leader);
                sessions.add(sessionOf(leader.pid()));
                leader.descendants().forEach(started::add);
                ptys.add(Files.readSymbolicLink(Path.of("/proc", String.valueOf(leader.pid()), "fd", "0")));
            }
            assertThat(started).hasSizeGreaterThanOrEqualTo(9);
            stopRequested = Instant.now();
            client.call("server.stop", Map.of());
        }
        assertThat(daemon.waitFor(30, TimeUnit.SECONDS)).as("daemon exits after server.stop").isTrue();
        ProtocolClient.eventually(Duration.ofSeconds(10), () -> started.stream().noneMatch(ProcessHandle::isAlive));
        assertThat(socket).doesNotExist();
        for (Path pty : ptys) {
            assertThat(pty.toString()).startsWith("/dev/pts/");
            // a pts number freed by our panes can be given at once to another program's new terminal (another
            // daemon on this machine, started before ours or by a live parent of its own): only a holder
            // started while our daemon ran, in one of our panes' sessions or with no ancestor from before it, is ours
            assertThat(holders(pty, daemonStarted, stopRequested, sessions)).as("processes holding " + pty).isEmpty();
        }
        try (Stream<Path> left = Files.walk(tmp)) {
            assertThat(left.filter(Files::isRegularFile).toList()).as("temp files left").isEmpty();
        }
        try (Stream<Path> left = Files.walk(root.resolve("home"))) {
            assertThat(left.filter(Files::isRegularFile).toList()).as("files left in HOME").isEmpty();
        }
    }

    /**
     * Pids that still hold {@code pty} open and could be ours: started between our daemon's start and the stop
     * request, and either in one of our panes' sessions or with no ancestor from before our daemon up to init
     * (a process of ours that leaked was re-parented; another daemon's terminal has its own older parent).
     */
    private static List<Long> holders(Path pty, Instant daemonStarted, Instant stopRequested, List<Long> sessions)
            throws IOException {
        List<Long> out = new ArrayList<>();
        try (Stream<Path> procs = Files.list(Path.of("/proc"))) {
            for (Path proc : procs.filter(p -> p.getFileName().toString().matches("\\d+")).toList()) {
                try (Stream<Path> fds = Files.list(proc.resolve("fd"))) {
                    if (fds.anyMatch(fd -> {
                        try {
                            return Files.readSymbolicLink(fd).equals(pty);
                        } catch (IOException gone) {
                            return false;
                        }
                    })) {
                        long pid = Long.parseLong(proc.getFileName().toString());
                        if (ProcessHandle.of(pid).map(p -> couldBeOurs(p, daemonStarted, stopRequested, sessions))
                                .orElse(false)) { // gone: holds nothing now
                            out.add(pid);
                        }
                    }
                } catch (IOException | SecurityException gone) {
                    // the process ended while we looked
                }
            }
        }
        return out;
    }

    private static boolean couldBeOurs(ProcessHandle holder, Instant daemonStarted, Instant stopRequested,
            List<Long> sessions) {
        Instant start = holder.info().startInstant().orElse(null);
        if (start == null || start.isBefore(daemonStarted) || !start.isBefore(stopRequested)) {
            return false;
        }
        if (sessions.contains(sessionOf(holder.pid()))) {
            return true;
        }
        for (ProcessHandle up = holder.parent().orElse(null); up != null && up.pid() > 1; up = up.parent().orElse(null)) {
            Instant upStart = up.info().startInstant().orElse(null);
            if (upStart != null && upStart.isBefore(daemonStarted)) {
                return false;
            }
        }
        return true;
    }

    /** The session id from /proc/PID/stat (field 6; the command name in field 2 may hold spaces), -1 if gone. */
    private static long sessionOf(long pid) {
        try {
            String stat = Files.readString(Path.of("/proc", String.valueOf(pid), "stat"));
            String[] after = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            return Long.parseLong(after[3]);
        } catch (IOException | RuntimeException gone) {
            return -1;
        }
    }

    private static void awaitSocket(Path socket, Process daemon) throws Exception {
        long deadline = System.nanoTime() + 240_000_000_000L;
        while (System.nanoTime() < deadline) {
            assertThat(daemon.isAlive()).as("daemon running").isTrue();
            try (SocketChannel ch = SocketChannel.open(StandardProtocolFamily.UNIX)) {
                ch.connect(UnixDomainSocketAddress.of(socket));
                return;
            } catch (IOException notYet) {
                Thread.sleep(50);
            }
        }
        throw new AssertionError("daemon socket never came up");
    }
}
