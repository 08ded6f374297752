package dev.signaltty.cli.internal.remote;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

import org.jspecify.annotations.Nullable;

import dev.signaltty.cli.internal.CliException;
import dev.signaltty.cli.internal.Client;
import dev.signaltty.cli.internal.Json;

/**
 * The way to one remote daemon: an OpenSSH ControlMaster connection (reused by every later call while
 * it lives, {@code ControlPersist}) that forwards the remote daemon's socket to a local one under
 * {@code $XDG_RUNTIME_DIR/signaltty/hosts/}. The first call starts the master, runs
 * {@code signaltty server start --json} there (the remote daemon starts on demand, like the local
 * one, and says which socket and protocol it has), then adds the forward. Later calls only connect to
 * the local socket and ping through it; a ping that fails sets the way up again.
 *
 * <p>ssh, not signaltty, authenticates: keys, agents, known_hosts and {@code ~/.ssh/config} are the
 * user's own ({@code SIGNALTTY_SSH_CONFIG} names another config file, as {@code ssh -F}). The remote
 * socket's owner and mode rules still apply on the remote side, where sshd runs as the remote user.
 */
public final class SshTunnel {

    /** The protocol this CLI speaks; a remote daemon that reports another one is refused. */
    static final String PROTOCOL = "signaltty/1";
    static final long CONNECT_DEADLINE_S = 30;
    /** A remote daemon's first start can take seconds on a busy machine (as locally, see Daemon). */
    static final long REMOTE_START_DEADLINE_S = 90;
    static final long CONTROL_DEADLINE_S = 15;
    static final String PERSIST = "600";

    /**
     * One set-up at a time per host in this process: attach's stream and input threads both reconnect
     * after a drop, and two concurrent opens would cancel each other's forward.
     */
    private static final java.util.concurrent.ConcurrentHashMap<Path, Object> OPENING =
            new java.util.concurrent.ConcurrentHashMap<>();

    private final HostTarget host;
    private final Path dir;
    private final Function<String, @Nullable String> env;

    public SshTunnel(HostTarget host, Path runtimeDir, Function<String, @Nullable String> env) {
        this.host = host;
        this.dir = runtimeDir.resolve("hosts");
        this.env = env;
    }

    public HostTarget host() {
        return host;
    }

    /** The local end of the forward: a Unix socket path kept short (the kernel caps it at 108 bytes). */
    public Path localSocket() {
        return dir.resolve(key() + ".sock");
    }

    Path controlPath() {
        return dir.resolve(key() + ".ctl");
    }

    Path log() {
        return dir.resolve(key() + ".log");
    }

    private String key() {
        String safe = host.name().replaceAll("[^A-Za-z0-9._-]", "_");
        if (safe.length() > 24 || !safe.equals(host.name())) {
            safe = safe.substring(0, Math.min(12, safe.length())) + "-" + shortHash(host.target());
        }
        return safe;
    }

    private static String shortHash(String text) {
        try {
            byte[] digest = java.security.MessageDigest.getInstance("SHA-256")
                    .digest(text.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest, 0, 5);
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** A connection to the remote daemon, setting up the master and forward first when needed. */
    public Client connect(boolean noStart) {
        Client client = tryConnect();
        if (client != null) {
            return client;
        }
        synchronized (OPENING.computeIfAbsent(controlPath(), k -> new Object())) {
            client = tryConnect(); // another thread may have set the way up meanwhile
            if (client != null) {
                return client;
            }
            open(noStart);
        }
        client = tryConnect();
        if (client == null) {
            throw new CliException("NO_SUCH_SERVER", "host " + host.label() + ": the forwarded socket "
                    + localSocket() + " does not answer (ssh log " + log() + ")");
        }
        return client;
    }

    /** Connects and pings: a forward whose far end is gone still accepts locally, then closes. */
    private @Nullable Client tryConnect() {
        Client client;
        try {
            client = Client.connect(localSocket());
        } catch (CliException e) {
            return null;
        }
        try {
            if (client.call("ping", Map.of()).ok()) {
                return client;
            }
        } catch (CliException e) {
            // the forward is there, the remote daemon is not
        }
        client.close();
        return null;
    }

    /** Starts the master if needed, starts the remote daemon, and forwards its socket. */
    void open(boolean noStart) {
        prepareDir();
        if (!masterAlive()) {
            startMaster();
        }
        String remoteSocket = remoteDaemon(noStart);
        // A forward left from an earlier remote daemon would shadow the new one: cancel, then add.
        control(List.of("-O", "cancel", "-L", localSocket() + ":" + remoteSocket), true);
        try {
            Files.deleteIfExists(localSocket());
        } catch (IOException e) {
            throw new CliException("IO_ERROR", "cannot remove " + localSocket() + ": " + e.getMessage());
        }
        control(List.of("-O", "forward", "-L", localSocket() + ":" + remoteSocket), false);
    }

    /**
     * Makes the remote dashboard at {@code remoteAddress:port} reachable here as {@code 127.0.0.1:port}:
     * a TCP forward on the same master, with the same port number, because the dashboard answers only
     * its own port in Host and Origin (its DNS-rebinding defence) and names its cookie after the port
     * (ADR-0225). Repeating it replaces the forward; a port already taken here is an error naming it.
     */
    public void forwardDashboard(String remoteAddress, int port) {
        prepareDir();
        if (!masterAlive()) {
            startMaster();
        }
        String spec = "127.0.0.1:" + port + ":" + remoteAddress + ":" + port;
        control(List.of("-O", "cancel", "-L", spec), true);
        if (control(List.of("-O", "forward", "-L", spec), true) != 0) {
            throw new CliException("IO_ERROR", "host " + host.label() + ": cannot forward 127.0.0.1:" + port
                    + " here to its dashboard (is the port in use on this machine? set signaltty.web.port on "
                    + "the host to another one): " + lastLine(log()));
        }
    }

    /** Runs a whole CLI command on the remote host (server start/stop/status/recover), its I/O ours. */
    public int exec(List<String> words, boolean tty) {
        prepareDir();
        if (!masterAlive()) {
            startMaster();
        }
        List<String> command = ssh();
        if (tty) {
            command.add("-t");
        }
        command.add(host.destination());
        command.add("--");
        command.add(remoteCommandLine(words));
        try {
            Process process = new ProcessBuilder(command).inheritIO().start();
            return process.waitFor();
        } catch (IOException e) {
            throw new CliException("IO_ERROR", "host " + host.label() + ": cannot run ssh: " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CliException("IO_ERROR", "interrupted");
        }
    }

    /** Ends the master connection (and with it the forward); quiet when there is none. */
    public void close() {
        if (Files.exists(controlPath())) {
            control(List.of("-O", "exit"), true);
        }
        try {
            Files.deleteIfExists(localSocket());
        } catch (IOException e) {
            // a later open() replaces it anyway
        }
    }

    private String remoteCommandLine(List<String> words) {
        // ssh hands the remote shell one string: the configured command as written, each word quoted.
        StringBuilder line = new StringBuilder(host.command());
        for (String word : words) {
            line.append(" '").append(word.replace("'", "'\\''")).append('\'');
        }
        return line.toString();
    }

    private void prepareDir() {
        try {
            Files.createDirectories(dir, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        } catch (IOException e) {
            throw new CliException("IO_ERROR", "cannot create " + dir + ": " + e.getMessage());
        }
    }

    private boolean masterAlive() {
        return Files.exists(controlPath()) && control(List.of("-O", "check"), true) == 0;
    }

    private void startMaster() {
        try {
            // ssh -M with a stale control socket in place would quietly run without one.
            Files.deleteIfExists(controlPath());
        } catch (IOException e) {
            throw new CliException("IO_ERROR", "cannot remove " + controlPath() + ": " + e.getMessage());
        }
        List<String> command = ssh();
        command.addAll(List.of("-f", "-N", "-M", "-o", "ControlPersist=" + PERSIST,
                "-o", "ServerAliveInterval=5", "-o", "ServerAliveCountMax=3",
                "-o", "StreamLocalBindUnlink=yes", "-o", "StreamLocalBindMask=0177",
                "-o", "ExitOnForwardFailure=yes", host.destination()));
        // -f keeps stdio open in the background master: a file, never a pipe we would wait on.
        ProcessBuilder builder = new ProcessBuilder(command)
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                .redirectOutput(ProcessBuilder.Redirect.to(log().toFile()))
                .redirectErrorStream(true);
        int status = run(builder, CONNECT_DEADLINE_S, "connect");
        if (status != 0) {
            throw new CliException("NO_SUCH_SERVER", "host " + host.label() + " is unreachable over ssh (exit "
                    + status + "): " + lastLine(log()));
        }
    }

    /**
     * {@code signaltty server start --json} on the host ({@code server status --json} with
     * {@code --no-start}): its socket path, after checking its protocol.
     */
    private String remoteDaemon(boolean noStart) {
        List<String> command = ssh();
        command.add(host.destination());
        command.add("--");
        command.add(remoteCommandLine(List.of("server", noStart ? "status" : "start", "--json")));
        Path out = dir.resolve(key() + ".start.out");
        Path errors = dir.resolve(key() + ".start.err");
        ProcessBuilder builder = new ProcessBuilder(command)
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                .redirectOutput(out.toFile()).redirectError(errors.toFile());
        int status = run(builder, REMOTE_START_DEADLINE_S, "start the remote daemon");
        String stdout = read(out).strip();
        String stderr = read(errors).strip();
        if (status == 255) {
            throw new CliException("NO_SUCH_SERVER", "host " + host.label() + " is unreachable over ssh: "
                    + (stderr.isEmpty() ? "(no message from ssh)" : stderr));
        }
        if (status != 0) {
            throw new CliException(noStart ? "NO_SUCH_SERVER" : "IO_ERROR", "host "
                    + host.label() + ": '" + host.command() + " server " + (noStart ? "status" : "start")
                    + "' failed (exit " + status + "): "
                    + (stderr.isEmpty() ? stdout : stderr));
        }
        Map<String, Object> info;
        try {
            info = Json.parseObject(stdout.substring(Math.max(0, stdout.lastIndexOf("\n{") + 1)));
        } catch (RuntimeException e) {
            throw new CliException("BAD_PROTOCOL", "host " + host.label() + ": '" + host.command()
                    + " server start --json' printed no server info: " + abbreviate(stdout));
        }
        Object protocol = info.get("protocol");
        if (!PROTOCOL.equals(protocol)) {
            throw new CliException("BAD_PROTOCOL", "host " + host.label() + " runs a daemon that speaks "
                    + protocol + ", this CLI speaks " + PROTOCOL + " (upgrade one of them)");
        }
        if (!(info.get("socket") instanceof String socket) || socket.isBlank()) {
            throw new CliException("BAD_PROTOCOL", "host " + host.label() + ": server info names no socket");
        }
        return socket;
    }

    /** ssh's control commands on the master ({@code -O check|forward|cancel|exit}). */
    private int control(List<String> args, boolean quiet) {
        List<String> command = ssh();
        command.addAll(args);
        command.add(host.destination());
        ProcessBuilder builder = new ProcessBuilder(command)
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log().toFile()))
                .redirectErrorStream(true);
        int status = run(builder, CONTROL_DEADLINE_S, String.join(" ", args));
        if (status != 0 && !quiet) {
            throw new CliException("IO_ERROR", "host " + host.label() + ": ssh " + String.join(" ", args)
                    + " failed (exit " + status + "): " + lastLine(log()));
        }
        return status;
    }

    /** The ssh command line every call shares. */
    private List<String> ssh() {
        List<String> command = new ArrayList<>();
        command.add("ssh");
        String config = env.apply("SIGNALTTY_SSH_CONFIG");
        if (config != null && !config.isBlank()) {
            command.addAll(List.of("-F", config));
        }
        command.addAll(List.of("-o", "ControlPath=" + controlPath(), "-o", "BatchMode=yes",
                "-o", "ConnectTimeout=10"));
        command.addAll(host.portArgs());
        return command;
    }

    private int run(ProcessBuilder builder, long deadlineS, String what) {
        Process process;
        try {
            process = builder.start();
        } catch (IOException e) {
            throw new CliException("IO_ERROR", "cannot run ssh (is OpenSSH's client on PATH?): " + e.getMessage());
        }
        try {
            if (!process.waitFor(deadlineS, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                process.waitFor(5, TimeUnit.SECONDS);
                throw new CliException("TIMEOUT", "host " + host.label() + ": ssh did not " + what + " within "
                        + deadlineS + " s");
            }
            return process.exitValue();
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new CliException("IO_ERROR", "interrupted");
        }
    }

    private static String read(Path file) {
        try {
            String text = Files.readString(file, StandardCharsets.UTF_8);
            Files.deleteIfExists(file);
            return text;
        } catch (IOException e) {
            return "";
        }
    }

    private static String lastLine(Path file) {
        try {
            List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
            for (int i = lines.size() - 1; i >= 0; i--) {
                if (!lines.get(i).isBlank()) {
                    return lines.get(i).strip();
                }
            }
        } catch (IOException e) {
            // no log yet
        }
        return "(no message from ssh)";
    }

    private static String abbreviate(String text) {
        return text.length() <= 200 ? text : text.substring(0, 200) + "…";
    }
}
