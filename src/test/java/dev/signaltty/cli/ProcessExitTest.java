package dev.signaltty.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A one-shot CLI process that halts instead of exiting (ADR 0535, {@code -Dsignaltty.exit=halt} as the
 * launcher's one-shot line sets it) still delivers all of its stdout and stderr and its exit status.
 */
class ProcessExitTest {

    @TempDir
    Path dir;

    @Test
    void aHaltingOneShotCommandFlushesItsOutputAndKeepsItsStatus() throws Exception {
        Result help = run("help");
        assertThat(help.status()).isZero();
        assertThat(help.out()).contains("With no arguments, signaltty starts the daemon if needed");

        Result unknown = run("--no-start", "no-such-command");
        assertThat(unknown.status()).isEqualTo(2);
        assertThat(unknown.err()).contains("unknown command 'no-such-command'");

        Result noDaemon = run("--no-start", "ping");
        assertThat(noDaemon.status()).isEqualTo(1);
        assertThat(noDaemon.err()).contains("NO_SUCH_SERVER");
    }

    private record Result(int status, String out, String err) {
    }

    private Result run(String... words) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(ProcessHandle.current().info().command().orElse("java"),
                "-Dsignaltty.exit=halt", "-cp", System.getProperty("java.class.path"), Main.class.getName()));
        command.addAll(List.of(words));
        Path out = dir.resolve("out"), err = dir.resolve("err");
        ProcessBuilder builder = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile());
        // a private socket path: no daemon listens there
        builder.environment().put("SIGNALTTY_SOCKET", dir.resolve("none.sock").toString());
        Process process = builder.start();
        boolean exited = process.waitFor(180, TimeUnit.SECONDS);
        if (!exited) {
            process.destroyForcibly().waitFor();
        }
        assertThat(exited).as("exited within 180 s").isTrue();
        return new Result(process.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
                Files.readString(err, StandardCharsets.UTF_8));
    }
}
