package dev.signaltty.workspace.internal.git;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import dev.signaltty.transport.ErrorCode;
import dev.signaltty.transport.ProtocolException;

/**
 * Runs the {@code git} CLI found on PATH, one process group per call (seed R148, R268).
 *
 * <p>Each process starts under {@code setsid}, so git and everything it spawns (clean/process filters,
 * hooks) share a fresh process group whose id is the pid Java sees. When the {@link Deadline} passes,
 * the whole group is sent SIGKILL and the call fails with {@code TIMEOUT}. stdout is kept up to a cap
 * (reaching it kills the group: the caller asked for no more); stderr keeps its first
 * {@value #STDERR_CAP} bytes and drains the rest.
 *
 * <p>The environment is scrubbed of inherited {@code GIT_*} variables (GIT_DIR, GIT_INDEX_FILE,
 * GIT_DIFF_OPTS, GIT_EXTERNAL_DIFF, GIT_CONFIG_PARAMETERS, ...) except the ones that only choose which
 * trusted configuration files git reads; git never prompts and takes no optional locks, so a read never
 * rewrites the user's index.
 */
public final class GitRunner {

    public static final int STDERR_CAP = 8 * 1024;
    public static final long DEFAULT_STDOUT_CAP = 16L * 1024 * 1024;

    /** Inherited GIT_* variables that select trusted config files and so are kept. */
    private static final Set<String> KEPT_GIT_VARS =
            Set.of("GIT_CONFIG_GLOBAL", "GIT_CONFIG_SYSTEM", "GIT_CONFIG_NOSYSTEM");

    private final String git;
    private final String setsid;
    private final String kill;
    private final Map<String, String> inherited;
    private final Map<String, String> environmentOverrides;

    /**
     * @param environmentOverrides set after scrubbing (tests point HOME/XDG_CONFIG_HOME/GIT_CONFIG_GLOBAL
     *                             at temp dirs here)
     */
    public GitRunner(Map<String, String> environmentOverrides) {
        this(System.getenv(), environmentOverrides);
    }

    /**
     * @param inherited the environment the daemon was started with (scrubbed before use)
     */
    GitRunner(Map<String, String> inherited, Map<String, String> environmentOverrides) {
        this.inherited = Map.copyOf(inherited);
        this.git = onPath("git").orElseThrow(() -> new IllegalStateException("git not found on PATH"));
        this.setsid = onPath("setsid").orElseThrow(() -> new IllegalStateException("setsid not found on PATH"));
        this.kill = onPath("kill").orElseThrow(() -> new IllegalStateException("kill not found on PATH"));
        this.environmentOverrides = Map.copyOf(environmentOverrides);
    }

    public GitRunner() {
        this(Map.of());
    }

    public GitResult run(Path cwd, Deadline deadline, String... args) {
        return run(cwd, deadline, Map.of(), DEFAULT_STDOUT_CAP, List.of(args));
    }

    /**
     * @param extraEnv  per-call variables (e.g. GIT_INDEX_FILE for a temporary index)
     * @param stdoutCap bytes of stdout kept; more kills the group and sets {@code stdoutTruncated}
     */
    public GitResult run(Path cwd, Deadline deadline, Map<String, String> extraEnv, long stdoutCap,
                         List<String> args) {
        deadline.check("git " + subcommand(args));
        List<String> command = new ArrayList<>(List.of(setsid, "-w", git, "--no-pager",
                "-c", "core.quotePath=false", "-c", "color.ui=false"));
        command.addAll(args);
        ProcessBuilder builder = new ProcessBuilder(command).directory(cwd.toFile());
        Map<String, String> env = builder.environment();
        env.clear();
        env.putAll(inherited);
        env.keySet().removeIf(k -> k.startsWith("GIT_") && !KEPT_GIT_VARS.contains(k));
        env.put("GIT_TERMINAL_PROMPT", "0");
        env.put("GIT_OPTIONAL_LOCKS", "0");
        env.put("GIT_PAGER", "cat");
        env.put("LC_ALL", "C");
        env.remove("LANGUAGE");
        env.putAll(environmentOverrides);
        env.putAll(extraEnv);
        Process process;
        try {
            builder.redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
            process = builder.start();
        } catch (IOException e) {
            throw new ProtocolException(ErrorCode.IO_ERROR, "cannot start git: " + e.getMessage(), Map.of(), e);
        }
        long group = process.pid();
        AtomicBoolean overflow = new AtomicBoolean();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        Thread outReader = Thread.ofVirtual().start(() -> {
            if (drain(process.getInputStream(), out, stdoutCap, true)) {
                overflow.set(true);
                killGroup(group, process);
            }
        });
        Thread errReader = Thread.ofVirtual().start(() -> drain(process.getErrorStream(), err, STDERR_CAP, false));
        try {
            boolean exited = process.waitFor(deadline.remaining().toNanos(), TimeUnit.NANOSECONDS);
            if (!exited) {
                killGroup(group, process);
                process.waitFor(2, TimeUnit.SECONDS);
                throw deadline.timeout("git " + subcommand(args));
            }
            // Grandchildren may hold the pipes open after git exits; they belong to our group.
            if (!outReader.join(java.time.Duration.ofMillis(Math.max(50, deadline.remaining().toMillis())))) {
                killGroup(group, process);
                outReader.join(java.time.Duration.ofSeconds(2));
            }
            errReader.join(java.time.Duration.ofSeconds(2));
        } catch (InterruptedException e) {
            killGroup(group, process);
            Thread.currentThread().interrupt();
            throw new ProtocolException(ErrorCode.IO_ERROR, "interrupted while running git", Map.of(), e);
        }
        byte[] stdout;
        synchronized (out) {
            stdout = out.toByteArray();
        }
        String stderr;
        synchronized (err) {
            stderr = lenient(err.toByteArray());
        }
        return new GitResult(List.copyOf(args), process.exitValue(), stdout, overflow.get(), stderr);
    }

    /**
     * Reads until EOF keeping at most {@code cap} bytes. Returns true when more than {@code cap} came;
     * with {@code stopAtCap} it returns at that point, otherwise it drains the rest so the writer never
     * blocks on a full pipe.
     */
    private static boolean drain(InputStream in, ByteArrayOutputStream sink, long cap, boolean stopAtCap) {
        byte[] buffer = new byte[8192];
        long kept = 0;
        boolean over = false;
        try (in) {
            int n;
            while ((n = in.read(buffer)) >= 0) {
                int take = (int) Math.min(cap - kept, n);
                if (take > 0) {
                    synchronized (sink) {
                        sink.write(buffer, 0, take);
                    }
                    kept += take;
                }
                if (take < n) {
                    over = true;
                    if (stopAtCap) {
                        return true;
                    }
                }
            }
        } catch (IOException e) {
            // The pipe closes when the group is killed; what was read is kept.
        }
        return over;
    }

    /** SIGKILL to the whole process group (git, filters, their children), then the leader itself. */
    private void killGroup(long group, Process process) {
        try {
            Process killer = new ProcessBuilder(kill, "-KILL", "--", "-" + group)
                    .redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                    .start();
            killer.waitFor(2, TimeUnit.SECONDS);
        } catch (IOException e) {
            // fall through to the direct kill below
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
    }

    private static String lenient(byte[] bytes) {
        try {
            return StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPLACE)
                    .onUnmappableCharacter(CodingErrorAction.REPLACE)
                    .decode(ByteBuffer.wrap(bytes)).toString();
        } catch (java.nio.charset.CharacterCodingException e) {
            return "";
        }
    }

    /** The git subcommand among leading global options, for messages. */
    static String subcommand(List<String> args) {
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            if (a.equals("-c") || a.equals("-C")) {
                i++;
            } else if (!a.startsWith("-")) {
                return a;
            }
        }
        return args.isEmpty() ? "" : args.getFirst();
    }

    static Optional<String> onPath(String name) {
        String path = System.getenv("PATH");
        if (path == null) {
            return Optional.empty();
        }
        for (String dir : path.split(File.pathSeparator)) {
            if (dir.isEmpty()) {
                continue;
            }
            Path candidate = Path.of(dir, name);
            if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
                return Optional.of(candidate.toString());
            }
        }
        return Optional.empty();
    }
}
