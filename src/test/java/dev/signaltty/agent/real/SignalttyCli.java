package dev.signaltty.agent.real;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import dev.signaltty.agent.FakeAgent;

/** This build's one-shot CLI run against a test daemon's socket, as a person's shell would. */
final class SignalttyCli {

    private SignalttyCli() {
    }

    /** Runs {@code signaltty --no-start args…}; returns its exit status and stdout. */
    static Map.Entry<Integer, String> run(Path socket, String... args) throws Exception {
        List<String> command = new ArrayList<>(FakeAgent.cli());
        command.add("--no-start");
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD);
        builder.environment().keySet().removeIf(k -> k.startsWith("SIGNALTTY_"));
        builder.environment().put("SIGNALTTY_SOCKET", socket.toString());
        Process process = builder.start();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(120, TimeUnit.SECONDS)).isTrue();
        return Map.entry(process.exitValue(), out);
    }
}
