package dev.signaltty;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Spring's build-time AOT processing (issue 24 item 4, daemon start; ADR 0356) runs the daemon's
 * {@code main} to prepare its context, then abandons the run. That must succeed and must not touch the
 * state directory of whoever builds: no lock, no log, no native-library cache. Run as a separate JVM
 * (the processor sets {@code spring.aot.processing} for its whole process), on the main classes and
 * the dependencies only.
 */
class AotProcessingTest {

    @TempDir
    Path temp;

    @Test
    void generatesTheContextWithoutTouchingTheBuildersStateDir() throws Exception {
        Path xdg = Files.createDirectories(temp.resolve("xdg"));
        Path out = temp.resolve("aot");
        String classpath = Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
                .filter(entry -> !entry.endsWith("test-classes"))
                .collect(Collectors.joining(File.pathSeparator));
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--enable-native-access=ALL-UNNAMED", "-cp", classpath,
                "org.springframework.boot.SpringApplicationAotProcessor", SignalttyApplication.class.getName(),
                out.resolve("sources").toString(), out.resolve("resources").toString(),
                out.resolve("classes").toString(), "dev.signaltty", "signaltty"));
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(temp.resolve("processor.log").toFile());
        builder.environment().put("XDG_RUNTIME_DIR", xdg.resolve("run").toString());
        builder.environment().put("XDG_STATE_HOME", xdg.resolve("state").toString());
        builder.environment().put("XDG_CONFIG_HOME", xdg.resolve("config").toString());
        builder.environment().remove("SIGNALTTY_SOCKET");
        Process process = builder.start();
        boolean exited = process.waitFor(10, TimeUnit.MINUTES); // the whole context is prepared in the interpreter
        if (!exited) {
            process.destroyForcibly().waitFor();
        }
        String log = Files.readString(temp.resolve("processor.log"));
        assertThat(exited).as(log).isTrue();
        assertThat(process.exitValue()).as(log).isZero();
        assertThat(out.resolve("sources/dev/signaltty/SignalttyApplication__ApplicationContextInitializer.java"))
                .as(log).exists();
        try (Stream<Path> files = Files.walk(xdg)) {
            assertThat(files.filter(p -> !p.equals(xdg)).toList()).as("written under the builder's XDG dirs").isEmpty();
        }
    }
}
