package dev.signaltty.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.spi.ToolProvider;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import dev.signaltty.support.DaemonFixture;

/**
 * The one-shot CLI's AOT cache as bin/signaltty trains it (one {@link CliTraining} run against a daemon, ADR
 * 0560) holds every class of ours that the hook path, {@code --no-start ping} and {@code ls} over a fleet load:
 * none opens the CLI's jar at run time (loading one class from it costs ~4 ms: the jar's central directory,
 * inflating, verifying).
 */
class CliTrainingTest {

    private static final String EVENT = "{\"hook_event_name\":\"PreToolUse\",\"session_id\":\"training\","
            + "\"tool_name\":\"Bash\",\"tool_input\":{\"command\":\"true\"}}";
    /** The launcher's one-shot flags that decide what the cache may be used with (bin/signaltty's FLAGS). */
    private static final List<String> FLAGS = List.of("-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC",
            "-XX:-UsePerfData", "-Dsignaltty.exit=halt");

    @RegisterExtension
    static final DaemonFixture daemon = DaemonFixture.withoutWorkspace();

    @TempDir
    Path dir;

    @Test
    void theTrainedCacheHoldsTheHookPathAndPingsAnswer() throws Exception {
        Path jar = cliJar();
        Path cache = dir.resolve("cli.aot");
        Result training = java(List.of("-XX:AOTCacheOutput=" + cache, "-Xlog:aot=off", "-Xlog:cds=off", "-cp",
                jar.toString(), CliTraining.class.getName()));
        assertThat(training.status()).as(training.out()).isZero();
        assertThat(cache).isNotEmptyFile();

        List<String> run = List.of("-XX:AOTCache=" + cache, "-Xlog:class+load=info", "-cp", jar.toString(),
                Main.class.getName());
        Result ping = java(concat(run, "--no-start", "ping"));
        assertThat(ping.status()).as(ping.out()).isZero();
        assertThat(ping.out()).contains("pong");
        assertThat(ping.out()).as("ping loads no class from the jar").doesNotContain("source: file:");

        Result hook = java(concat(run, "hook-event", "--agent", "claude"));
        assertThat(hook.status()).as(hook.out()).isZero();
        assertThat(hook.out()).contains("dev.signaltty.cli.internal.HookEventCommand source: shared objects file");
        assertThat(hook.out()).as("the hook path loads no class from the jar").doesNotContain("source: file:");

        assertThat(daemon.client().call("workspace.list", Map.of()).get("workspaces").toString())
                .as("the training closed the workspace it made for ls").doesNotContain(CliTraining.WORKSPACE);
        String fleet = daemon.client().call("workspace.create", Map.of("name", "fleet", "cwd", dir.toString()))
                .get("workspace_id").asString();
        daemon.client().call("pane.spawn", Map.of("workspace_id", fleet, "argv", List.of("sh", "-c", "exec cat")));
        Result ls = java(concat(run, "--no-start", "ls"));
        assertThat(ls.status()).as(ls.out()).isZero();
        assertThat(ls.out()).contains("fleet").contains("exec cat");
        assertThat(ls.out()).as("ls over a fleet loads no class from the jar").doesNotContain("source: file:");
    }

    private record Result(int status, String out) {
    }

    /** The project's classes as one jar, as the launcher makes it (an AOT cache covers jar entries only). */
    private Path cliJar() {
        Path jar = dir.resolve("cli.jar");
        Path classes = Path.of(Main.class.getProtectionDomain().getCodeSource().getLocation().getPath());
        ToolProvider tool = ToolProvider.findFirst("jar").orElseThrow();
        int status = tool.run(System.out, System.err, "--create", "--file", jar.toString(), "-C", classes.toString(), ".");
        assertThat(status).as("jar tool").isZero();
        return jar;
    }

    private Result java(List<String> args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(ProcessHandle.current().info().command().orElse("java"));
        command.addAll(FLAGS);
        command.addAll(args);
        Path in = Files.writeString(dir.resolve("event.json"), EVENT);
        Path out = dir.resolve("out");
        ProcessBuilder builder = new ProcessBuilder(command).redirectInput(in.toFile()).redirectErrorStream(true)
                .redirectOutput(out.toFile());
        builder.environment().putAll(Map.of("SIGNALTTY_SOCKET", daemon.socket().toString(),
                "SIGNALTTY_PANE", "p-training"));
        Process process = builder.start();
        boolean exited = process.waitFor(180, TimeUnit.SECONDS);
        if (!exited) {
            process.destroyForcibly().waitFor();
        }
        assertThat(exited).as("exited within 180 s").isTrue();
        return new Result(process.exitValue(), Files.readString(out, StandardCharsets.UTF_8));
    }

    private static List<String> concat(List<String> head, String... tail) {
        List<String> all = new ArrayList<>(head);
        all.addAll(List.of(tail));
        return all;
    }
}
