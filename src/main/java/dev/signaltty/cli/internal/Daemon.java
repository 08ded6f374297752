package dev.signaltty.cli.internal;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

import org.jspecify.annotations.Nullable;

import dev.signaltty.transport.PrivateFiles;
import dev.signaltty.transport.SignalttyPaths;
import dev.signaltty.transport.StartupRefused;
import dev.signaltty.transport.StateDirLock;

/**
 * Starts and stops the daemon for the CLI. {@code start} launches {@code Main server run} detached —
 * a new session ({@code setsid}), stdin from /dev/null, output appended to {@code daemon.log} in the
 * state dir, the same java and classpath as this process, the environment preserved — and returns once
 * the socket accepts.
 */
public final class Daemon {

    /**
     * Spring starts the daemon in ~2 s on an idle machine, but in 12+ s on this 2-core machine under
     * load: a generous default, overridable with {@code SIGNALTTY_START_TIMEOUT_S}.
     */
    static final long START_DEADLINE_MS = 45_000;
    static final long STOP_DEADLINE_MS = 30_000;
    static final String MAIN = "dev.signaltty.cli.Main";

    private final SignalttyPaths paths;
    private final Function<String, @Nullable String> env;

    public Daemon(SignalttyPaths paths, Function<String, @Nullable String> env) {
        this.paths = paths;
        this.env = env;
    }

    public Path log() {
        return paths.stateDir().resolve("daemon.log");
    }

    /** The daemon's raw stdout/stderr: the JVM's own words and the one-line start-up refusal. */
    Path out() {
        return paths.stateDir().resolve("daemon.out");
    }

    /** A connection to the running daemon, starting it first unless {@code noStart}. */
    public Client connect(boolean noStart, java.io.PrintStream err) {
        var tunnel = dev.signaltty.cli.internal.remote.RemoteHosts.tunnel(env);
        if (tunnel != null) {
            return tunnel.connect(noStart); // the remote daemon starts on demand there, as here
        }
        try {
            return Client.connect(paths.socket());
        } catch (CliException e) {
            if (noStart) {
                throw e;
            }
        }
        long pid = start(false);
        err.println("signaltty: started the daemon (pid " + pid + ", socket " + paths.socket() + ")");
        return Client.connect(paths.socket());
    }

    /**
     * How long a lost connection is retried: {@code local} for this machine's daemon (a restart is
     * quick or not happening); through an ssh tunnel, {@code SIGNALTTY_RECONNECT_TIMEOUT_S} (default
     * 60 s), as a new master connection and forward take seconds.
     */
    public long reconnectDeadlineMs(long local) {
        return dev.signaltty.cli.internal.remote.RemoteHosts.tunnel(env) == null ? local
                : dev.signaltty.cli.internal.remote.RemoteHosts.reconnectDeadlineS(env) * 1_000;
    }

    /**
     * True while a daemon of this machine's state dir holds its lock without answering: one stopping for a
     * {@code server restart} (its hand-over can wait 5 s for programs to read their input) or starting, whose
     * socket comes back, or one that let the lock go to execute itself again and has not yet taken it back (its
     * new image still starting: ADR 1290); a reconnect goes on waiting for it, up to {@link #startDeadline} (ADR 0850).
     * False through a tunnel (the lock is the remote machine's).
     */
    public boolean daemonComingBack() {
        if (dev.signaltty.cli.internal.remote.RemoteHosts.tunnel(env) != null) {
            return false;
        }
        // held, or let go between the old image's close and the new image's start (ADR 1290)
        StateDirLock.Holder holder = StateDirLock.restartingIn(paths.stateDir());
        return holder != null && (holder.socket().isEmpty() || holder.servesSocket(paths.socket()));
    }

    /** How long a daemon may take to answer once launched ({@code SIGNALTTY_START_TIMEOUT_S}), in ms. */
    public long startDeadline() {
        return startDeadlineMs();
    }

    /**
     * Launches the daemon and waits until its socket accepts.
     *
     * @param recover start with {@code -Dsignaltty.journal.recover=true} (issue 4's explicit recovery)
     * @return the pid of the launched process
     */
    public long start(boolean recover) {
        return start(recover, List.of());
    }

    /**
     * Launches the daemon with {@code settings} ({@code --key=value} arguments, Spring's command-line
     * properties) and waits until its socket accepts.
     */
    public long start(boolean recover, List<String> settings) {
        StateDirLock.Holder holder = StateDirLock.heldBy(paths.stateDir());
        if (holder != null && !holder.servesSocket(paths.socket())) {
            // another daemon owns the state dir: refuse here, before the launch appends to its log
            throw new CliException("IO_ERROR", "cannot start: " + paths.stateDir() + " is in use by another "
                    + "signaltty daemon" + holder.describe() + "; stop that daemon first (signaltty server stop "
                    + "with its SIGNALTTY_SOCKET)");
        }
        long logStart;
        try {
            PrivateFiles.directory(paths.stateDir());
            if (Files.exists(log(), java.nio.file.LinkOption.NOFOLLOW_LINKS) && !Files.isRegularFile(log(),
                    java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
                throw new CliException("IO_ERROR", "cannot start: " + log() + " is not a regular file; remove it");
            }
            PrivateFiles.ensureFile(log());
            PrivateFiles.ensureFile(out());
            logStart = Files.size(out()); // the refusal line is the JVM's stderr, which goes to daemon.out

        } catch (IOException e) {
            throw new CliException("IO_ERROR", "cannot start: cannot prepare " + paths.stateDir() + ": " + e.getMessage());
        }
        List<String> command = new ArrayList<>();
        String setsid = onPath("setsid");
        if (setsid != null) {
            command.add(setsid);
        }
        command.add(ProcessHandle.current().info().command()
                .orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        command.add("--enable-native-access=ALL-UNNAMED");
        String extra = env.apply("SIGNALTTY_DAEMON_JAVA_OPTS");
        if (extra != null && !extra.isBlank()) {
            command.addAll(List.of(extra.trim().split("\\s+")));
        }
        if (recover) {
            command.add("-Dsignaltty.journal.recover=true");
        }
        // bin/signaltty runs one-shot commands on the project jar alone and passes the full classpath here.
        String classpath = System.getProperty("signaltty.classpath", System.getProperty("java.class.path"));
        command.addAll(List.of("-cp", classpath, MAIN, "server", "run"));
        command.addAll(settings);
        long startDeadlineMs = startDeadlineMs();
        ProcessBuilder builder = detached(new ProcessBuilder(command));
        Process process;
        try {
            process = builder.start();
        } catch (IOException e) {
            throw new CliException("IO_ERROR", "cannot launch the daemon: " + e.getMessage());
        }
        long deadline = System.nanoTime() + startDeadlineMs * 1_000_000;
        long diedAt = 0;
        while (System.nanoTime() < deadline) {
            if (Client.listening(paths.socket())) {
                return process.pid();
            }
            if (diedAt == 0 && !process.isAlive() && process.exitValue() != 0) {
                diedAt = System.nanoTime();
            }
            // Ours died: it may have lost a start race to another CLI's daemon, which then accepts on our
            // socket. A loser is refused by a winner that holds the state dir's lock, so we wait for as long
            // as a daemon for our socket holds it (a loaded machine can take more than 3 s from the lock to
            // listening; ADR 0596) and no longer: with the lock free, or held for another socket, there is
            // no winner to wait for (a damaged file, a bad setting), so the refusal is reported at once.
            if (diedAt != 0 && !heldForOurSocket()) {
                throw refused(process, logStart);
            }
            sleep(25);
        }
        if (diedAt != 0) { // the lock's holder never listened: ours was refused, and that is the answer
            throw refused(process, logStart);
        }
        throw new CliException("TIMEOUT", "the daemon (pid " + process.pid() + ") did not accept on "
                + paths.socket() + " within " + startDeadlineMs / 1000 + " s and may still be starting; log "
                + log() + ":\n" + tail(log(), 20));
    }

    /** Our launched daemon exited before listening: its refusal line, or its exit status and output. */
    private CliException refused(Process process, long logStart) {
        String refusal = refusal(out(), logStart);
        return new CliException("IO_ERROR", refusal != null ? "cannot start: " + refusal + " [log " + log() + "]"
                : "the daemon exited with status " + process.exitValue() + " before listening; "
                + out() + ":\n" + tail(out(), 20));
    }

    /** Whether a daemon that listens, or will listen, on our socket holds the state dir's lock. */
    private boolean heldForOurSocket() {
        StateDirLock.Holder holder = StateDirLock.heldBy(paths.stateDir());
        return holder != null && (holder.socket().isEmpty() || holder.servesSocket(paths.socket()));
    }

    /**
     * The daemon's process context, the same whoever starts it (docs/cli.md, "Environment"): cwd
     * {@code $HOME}; this environment without the pane identity ({@code SIGNALTTY_PANE},
     * {@code _WORKSPACE}, {@code _TASK}) of a pane the caller may run in; stdin from /dev/null; its own
     * log goes to daemon.log (rolled by the daemon), and stdout/stderr — only the JVM's own words, say a
     * crash — to daemon.out beside it.
     */
    private ProcessBuilder detached(ProcessBuilder builder) {
        String home = env.apply("HOME");
        if (home != null && Files.isDirectory(Path.of(home))) {
            builder.directory(new File(home));
        }
        builder.environment().keySet().removeAll(PANE_IDENTITY);
        builder.command().add(builder.command().indexOf(MAIN), "-Dlogging.threshold.console=OFF");
        return builder.redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                .redirectOutput(ProcessBuilder.Redirect.appendTo(out().toFile()))
                .redirectErrorStream(true);
    }

    /** What the daemon gives each pane about itself; never part of the daemon's own environment. */
    static final List<String> PANE_IDENTITY = List.of("SIGNALTTY_PANE", "SIGNALTTY_WORKSPACE", "SIGNALTTY_TASK");

    /** The start deadline; a malformed override is refused before any daemon is launched. */
    private long startDeadlineMs() {
        String seconds = env.apply("SIGNALTTY_START_TIMEOUT_S");
        if (seconds == null || seconds.isBlank()) {
            return START_DEADLINE_MS;
        }
        try {
            long value = Long.parseLong(seconds.strip());
            if (value >= 1 && value <= 3600) {
                return value * 1000;
            }
        } catch (NumberFormatException e) {
            // refused below
        }
        throw new CliException("BAD_PARAMS", "SIGNALTTY_START_TIMEOUT_S must be whole seconds from 1 to 3600, not '"
                + seconds + "'");
    }

    /**
     * Asks the daemon to stop and waits until its socket stops accepting and it has let go of the state
     * directory's lock: the daemon closes its socket first and finishes its shutdown (snapshots, journal)
     * after, so a {@code server start} right after a {@code stop} that returned only on the socket found
     * the old daemon still holding the lock and was refused. Returns server.stop's result.
     */
    public @Nullable Object stop() {
        @Nullable Object result;
        try (Client client = Client.connect(paths.socket())) {
            result = client.call("server.stop", Map.of()).orThrow();
        }
        long deadline = System.nanoTime() + STOP_DEADLINE_MS * 1_000_000;
        while (System.nanoTime() < deadline) {
            // a holder listening on another socket is another daemon (SIGNALTTY_SOCKET names a socket outside
            // this state dir's runtime dir): not the one stopped here, so not waited for
            if (!Client.listening(paths.socket()) && !heldForOurSocket()) {
                return result;
            }
            sleep(25);
        }
        StateDirLock.Holder holder = StateDirLock.heldBy(paths.stateDir());
        throw new CliException("TIMEOUT", (holder == null ? "the daemon still accepts on " + paths.socket()
                : "the daemon" + holder.describe() + " still holds " + paths.stateDir()) + " after "
                + STOP_DEADLINE_MS / 1000 + " s");
    }

    private @Nullable String onPath(String program) {
        String path = env.apply("PATH");
        if (path == null) {
            return null;
        }
        for (String dir : path.split(File.pathSeparator)) {
            if (dir.isEmpty()) {
                continue;
            }
            Path candidate = Path.of(dir, program);
            if (Files.isExecutable(candidate)) {
                return candidate.toString();
            }
        }
        return null;
    }

    /** The one line a refused daemon printed ({@link StartupRefused#LINE_PREFIX}) since {@code from}, or null. */
    static @Nullable String refusal(Path log, long from) {
        try (java.nio.channels.FileChannel channel = java.nio.channels.FileChannel.open(log)) {
            long length = channel.size() - from;
            if (length <= 0) {
                return null;
            }
            java.nio.ByteBuffer bytes = java.nio.ByteBuffer.allocate((int) Math.min(length, 1 << 20));
            channel.read(bytes, Math.max(from, channel.size() - bytes.capacity()));
            String found = null;
            for (String line : new String(bytes.array(), 0, bytes.position(), StandardCharsets.UTF_8).split("\n")) {
                if (line.startsWith(StartupRefused.LINE_PREFIX)) {
                    found = line.substring(StartupRefused.LINE_PREFIX.length()).strip();
                }
            }
            return found;
        } catch (IOException e) {
            return null;
        }
    }

    static String tail(Path file, int lines) {
        try {
            List<String> all = Files.readAllLines(file, StandardCharsets.UTF_8);
            return String.join("\n", all.subList(Math.max(0, all.size() - lines), all.size()));
        } catch (IOException | RuntimeException e) {
            return "(no log)";
        }
    }

    /** Sleeps; an interrupt ends the command (IO_ERROR) with the flag set again. */
    static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CliException("IO_ERROR", "interrupted");
        }
    }
}
