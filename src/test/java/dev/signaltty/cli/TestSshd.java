package dev.signaltty.cli;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/**
 * A real OpenSSH server on a loopback port, standing for one remote machine: its own host key, a key
 * pair made for the test's client, and {@code SetEnv} giving every session that machine's own XDG dirs
 * (a separate {@link CliHarness}), so its signaltty daemon is a different daemon from the local one.
 * {@link #sshConfig()} is an ssh client config naming it {@code alias} (the test's ~/.ssh is never used).
 */
final class TestSshd implements AutoCloseable {

    private final Path dir;
    private final String alias;
    private final int port;
    private Process sshd;

    private TestSshd(Path dir, String alias, int port, Process sshd) {
        this.dir = dir;
        this.alias = alias;
        this.port = port;
        this.sshd = sshd;
    }

    /** Starts sshd for {@code remote}'s environment; the client config is shared by every host of a test. */
    static TestSshd start(Path dir, String alias, Map<String, String> remoteEnv, Path clientConfig) throws Exception {
        Files.createDirectories(dir);
        Path hostKey = dir.resolve("host_key");
        Path clientKey = clientConfig.resolveSibling("client_key");
        keygen(hostKey);
        if (!Files.exists(clientKey)) {
            keygen(clientKey);
        }
        Files.copy(clientKey.resolveSibling("client_key.pub"), dir.resolve("authorized_keys"));
        // sshd running as root wants its privilege separation directory (Debian's service makes it).
        Files.createDirectories(Path.of("/run/sshd"));
        int port = freePort();
        String setEnv = remoteEnv.entrySet().stream().map(e -> "\"" + e.getKey() + "=" + e.getValue() + "\"")
                .collect(Collectors.joining(" "));
        Files.writeString(dir.resolve("sshd_config"), String.join("\n",
                "Port " + port, "ListenAddress 127.0.0.1", "HostKey " + hostKey, "PidFile " + dir.resolve("sshd.pid"),
                "AuthorizedKeysFile " + dir.resolve("authorized_keys"), "StrictModes no", "UsePAM no",
                "PasswordAuthentication no", "KbdInteractiveAuthentication no",
                "PermitRootLogin prohibit-password", "AllowStreamLocalForwarding yes", "SetEnv " + setEnv, ""));
        String user = System.getProperty("user.name");
        Files.writeString(clientConfig, String.join("\n", "Host " + alias, "  HostName 127.0.0.1", "  Port " + port,
                "  User " + user, "  IdentityFile " + clientKey, "  IdentitiesOnly yes",
                "  UserKnownHostsFile " + clientConfig.resolveSibling("known_hosts"),
                "  StrictHostKeyChecking accept-new", "  LogLevel ERROR", ""), StandardCharsets.UTF_8,
                java.nio.file.StandardOpenOption.CREATE, java.nio.file.StandardOpenOption.APPEND);
        return new TestSshd(dir, alias, port, launch(dir, port));
    }

    private static Process launch(Path dir, int port) throws Exception {
        Process process = new ProcessBuilder(onPath("sshd"), "-D", "-e", "-f", dir.resolve("sshd_config").toString())
                .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.appendTo(dir.resolve("sshd.log").toFile()))
                .start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (!accepts(port)) {
            if (!process.isAlive() || System.nanoTime() > deadline) {
                process.destroyForcibly();
                throw new AssertionError("sshd did not start: " + Files.readString(dir.resolve("sshd.log")));
            }
            Thread.sleep(50);
        }
        return process;
    }

    boolean alive() {
        return sshd.isAlive();
    }

    /** The host coming back: sshd again on the same port with the same keys. */
    void restart() throws Exception {
        sshd = launch(dir, port);
    }

    String alias() {
        return alias;
    }

    int port() {
        return port;
    }

    /** The host going away: sshd and every session it serves end at once (kill -9). */
    void kill() {
        List<ProcessHandle> sessions = sshd.descendants().toList();
        sshd.destroyForcibly();
        sessions.forEach(ProcessHandle::destroyForcibly);
        try {
            sshd.waitFor(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void close() {
        kill();
    }

    /** A shell script that runs the CLI of this build with this JVM: "signaltty" on the remote host. */
    static Path remoteCommand(Path dir) throws IOException {
        List<String> java = CliHarness.javaCommand();
        StringBuilder script = new StringBuilder("#!/bin/sh\nexec");
        for (String word : java) {
            script.append(" '").append(word.replace("'", "'\\''")).append('\'');
        }
        script.append(" \"$@\"\n");
        Path file = dir.resolve("signaltty");
        Files.writeString(file, script.toString());
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwx------"));
        return file;
    }

    private static void keygen(Path key) throws Exception {
        Process process = new ProcessBuilder(onPath("ssh-keygen"), "-q", "-t", "ed25519", "-N", "", "-f", key.toString())
                .redirectErrorStream(true).start();
        if (!process.waitFor(30, TimeUnit.SECONDS) || process.exitValue() != 0) {
            throw new AssertionError("ssh-keygen failed: " + new String(process.getInputStream().readAllBytes()));
        }
    }

    static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }

    private static boolean accepts(int port) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress("127.0.0.1", port), 500);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    /** A program on PATH (sshd lives in an sbin directory, on root's PATH). */
    static String onPath(String name) {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(":")) {
            Path candidate = Path.of(dir, name);
            if (Files.isExecutable(candidate)) {
                return candidate.toString();
            }
        }
        throw new AssertionError(name + " is not on PATH: .ci/install.d/50-openssh.sh installs openssh-server");
    }
}
