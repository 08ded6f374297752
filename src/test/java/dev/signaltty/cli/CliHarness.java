package dev.signaltty.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import dev.signaltty.cli.internal.Json;

/**
 * Runs {@code dev.signaltty.cli.Main} as a real subprocess, the way bin/signaltty does, with its own
 * XDG dirs, and reaps every daemon (and pane process) it started when closed.
 */
final class CliHarness implements AutoCloseable {

    /** A finished CLI run. */
    record Run(int status, String out, String err) {
        @Override
        public String toString() {
            return "exit " + status + "\n--- stdout\n" + out + "--- stderr\n" + err;
        }
    }

    private final Path runtime;
    private final Path state;
    private final Path config;
    private final Path cwd;
    private final Set<Long> daemons = new HashSet<>();
    private final String marker;

    CliHarness(Path temp) throws IOException {
        this.runtime = Files.createDirectories(temp.resolve("run"));
        this.state = Files.createDirectories(temp.resolve("state"));
        this.config = Files.createDirectories(temp.resolve("config"));
        this.cwd = Files.createDirectories(temp.resolve("work"));
        this.marker = temp.toAbsolutePath().toString().replace(' ', '_');
    }

    Path socket() {
        return runtime.resolve("signaltty").resolve("signaltty.sock");
    }

    Path cwd() {
        return cwd;
    }

    /** {@code $XDG_STATE_HOME/signaltty}: daemon.log, the journal. */
    Path stateDir() {
        return state.resolve("signaltty");
    }

    /** {@code $XDG_CONFIG_HOME/signaltty}: config.yml. */
    Path configDir() {
        return config.resolve("signaltty");
    }

    Run run(String... args) {
        return run(Map.of(), "", args);
    }

    /** The java command line that runs Main with {@code args}. */
    static List<String> javaCommand(String... args) {
        List<String> command = new ArrayList<>();
        command.add(ProcessHandle.current().info().command().orElseThrow());
        command.addAll(List.of("--enable-native-access=ALL-UNNAMED", "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC",
                "-cp", System.getProperty("java.class.path"), "dev.signaltty.cli.Main"));
        command.addAll(List.of(args));
        return command;
    }

    /** The variables that make a process use this harness's dirs (and mark its daemons for close()). */
    Map<String, String> environment() {
        Path natives = Path.of("target", "native").toAbsolutePath();
        // the daemons run in Spring's AOT mode, as bin/signaltty starts them (ADR 0425): the build's
        // process-classes step generated the initializer in target/classes
        return Map.of("XDG_RUNTIME_DIR", runtime.toString(), "XDG_STATE_HOME", state.toString(),
                "XDG_CONFIG_HOME", config.toString(),
                // a loaded 2-core CI machine has taken over 60 s to bring a daemon up (the default is 45 s)
                "SIGNALTTY_START_TIMEOUT_S", "240", "SIGNALTTY_DAEMON_JAVA_OPTS", "-Dpty4j.tmpdir=" + natives
                        + " -Djna.tmpdir=" + natives + " -Dspring.aot.enabled=true -Dsignaltty.test.harness=" + marker);
    }

    /** A process builder for {@code command} in this harness's directory and XDG environment. */
    ProcessBuilder builder(List<String> command, Map<String, String> env) {
        ProcessBuilder builder = new ProcessBuilder(command).directory(cwd.toFile());
        Map<String, String> environment = builder.environment();
        environment.keySet().removeIf(k -> k.startsWith("SIGNALTTY_"));
        // The marker lets close() find this harness's daemons even when one never answered.
        environment.putAll(environment());
        environment.putAll(env);
        return builder;
    }

    Run run(Map<String, String> env, String stdin, String... args) {
        List<String> command = javaCommand(args);
        ProcessBuilder builder = builder(command, env);
        try {
            Path out = Files.createTempFile(state, "out", ".txt");
            Path err = Files.createTempFile(state, "err", ".txt");
            builder.redirectOutput(out.toFile()).redirectError(err.toFile());
            Process process = builder.start();
            try (var in = process.getOutputStream()) {
                in.write(stdin.getBytes(StandardCharsets.UTF_8));
            }
            if (!process.waitFor(60, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new AssertionError("CLI did not finish in 60 s: " + command);
            }
            Run run = new Run(process.exitValue(), Files.readString(out), Files.readString(err));
            Files.delete(out);
            Files.delete(err);
            rememberDaemon();
            return run;
        } catch (IOException e) {
            throw new AssertionError(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    /** Asks a running daemon for its pid so close() can reap it even if stop fails. */
    private void rememberDaemon() {
        if (!Files.exists(socket())) {
            return;
        }
        try (var client = dev.signaltty.cli.internal.Client.connect(socket())) {
            Object info = client.call("server.info", Map.of()).result();
            if (info instanceof Map<?, ?> m && m.get("pid") instanceof Long pid) {
                daemons.add(pid);
            }
        } catch (RuntimeException e) {
            // not running (any more)
        }
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> json(Run run) {
        return Json.parseObject(run.out().strip());
    }

    @Override
    public void close() {
        rememberDaemon();
        String flag = "-Dsignaltty.test.harness=" + marker;
        ProcessHandle.allProcesses()
                .filter(p -> p.info().arguments().map(a -> List.of(a).contains(flag)).orElse(false))
                .forEach(p -> daemons.add(p.pid()));
        boolean stopped = dev.signaltty.cli.internal.Client.listening(socket()) && run("server", "stop").status() == 0;
        for (long pid : daemons) {
            ProcessHandle.of(pid).ifPresent(daemon -> {
                List<ProcessHandle> children = daemon.descendants().toList();
                if (!stopped) {
                    daemon.destroy(); // SIGTERM: Spring closes the context and reaps its panes
                }
                try {
                    daemon.onExit().get(10, TimeUnit.SECONDS);
                } catch (Exception e) {
                    daemon.destroyForcibly();
                }
                children.forEach(ProcessHandle::destroyForcibly);
            });
        }
    }
}
