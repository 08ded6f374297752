package dev.signaltty.pane.internal;

import static dev.signaltty.support.ProtocolClient.eventually;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.signaltty.support.ProtocolClient;
import dev.signaltty.support.TestDaemon;

/**
 * The output warm-up after the socket listens (ADR 0770): it runs its synthetic output through the output path
 * once and leaves nothing behind, it waits while a real pane's output flows and never writes into that pane,
 * and {@code signaltty.pane.output-warmup=false} turns it off.
 */
class OutputWarmupTest {

    private static final long BYTES = 1 << 20;

    @Test
    void runsOnceAndLeavesNoPaneEventOrFileBehind(@TempDir Path root) throws Exception {
        try (TestDaemon daemon = TestDaemon.start(root, "signaltty.pane.output-warmup=true",
                "signaltty.pane.output-warmup-delay-ms=1500", "signaltty.pane.output-warmup-bytes=" + BYTES);
             ProtocolClient client = daemon.connect()) {
            OutputWarmup warmup = daemon.bean(OutputWarmup.class);
            Map<String, Long> stateBefore = files(daemon.stateDir());
            List<String> runtimeBefore = names(daemon.socket().getParent());

            assertThat(warmup.awaitFinished(120_000)).isTrue();

            assertThat(warmup.fed()).isGreaterThanOrEqualTo(BYTES);
            eventually(Duration.ofSeconds(10), () -> !threadNames().contains("output-warmup"));
            assertThat(client.call("pane.list", Map.of()).get("panes")).isEmpty();
            assertThat(files(daemon.stateDir())).isEqualTo(stateBefore); // no transcript, no journal event
            assertThat(names(daemon.socket().getParent())).isEqualTo(runtimeBefore);
        }
    }

    @Test
    void waitsWhileAPaneHasOutputAndNeverWritesIntoIt(@TempDir Path root) throws Exception {
        long bytes = 16 * BYTES; // more than it could emulate before the pane's first line
        try (TestDaemon daemon = TestDaemon.start(root, "signaltty.pane.output-warmup=true",
                "signaltty.pane.output-warmup-delay-ms=3000", "signaltty.pane.output-warmup-bytes=" + bytes);
             ProtocolClient client = daemon.connect()) {
            OutputWarmup warmup = daemon.bean(OutputWarmup.class);
            String ws = client.call("workspace.create", Map.of("name", "w", "cwd", root.toString()))
                    .get("workspace_id").asString();
            // ticks for 5 s or more, then stays quiet
            String pane = client.call("pane.spawn", Map.of("workspace_id", ws, "argv", List.of("sh", "-c",
                    "i=0; while [ $i -lt 250 ]; do echo tick; sleep 0.02; i=$((i+1)); done; exec sleep 300")))
                    .get("pane_id").asString();

            eventually(Duration.ofSeconds(60), () -> warmup.pauses() > 0);
            long fedWhilePaused = warmup.fed();
            Thread.sleep(300); // the pane still ticks: the warm-up stays where it paused
            assertThat(warmup.fed()).isEqualTo(fedWhilePaused).isLessThan(bytes);

            assertThat(warmup.awaitFinished(120_000)).isTrue(); // once the ticks end, it goes on to the end
            assertThat(warmup.fed()).isGreaterThanOrEqualTo(bytes);
            String text = client.call("pane.read", Map.of("pane_id", pane, "mode", "tail", "lines", 5000))
                    .get("text").asString();
            assertThat(text.lines().filter(line -> !line.isBlank()).distinct()).containsOnly("tick");
            assertThat(text.lines().filter("tick"::equals)).hasSize(250);
        }
    }

    @Test
    void doesNotRunWhenTurnedOff(@TempDir Path root) throws Exception {
        try (TestDaemon daemon = TestDaemon.start(root, "signaltty.pane.output-warmup=false",
                "signaltty.pane.output-warmup-bytes=" + BYTES)) {
            OutputWarmup warmup = daemon.bean(OutputWarmup.class);
            assertThat(warmup.awaitFinished(0)).isTrue();
            assertThat(warmup.fed()).isZero();
            assertThat(threadNames()).doesNotContain("output-warmup");
        }
    }

    private static List<String> threadNames() {
        return Thread.getAllStackTraces().keySet().stream().map(Thread::getName).toList();
    }

    private static List<String> names(Path dir) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.map(f -> f.getFileName().toString()).sorted().toList();
        }
    }

    /** Every file under {@code dir} but the log, with its size; a snapshot caught mid-write under its final name. */
    private static Map<String, Long> files(Path dir) throws IOException {
        Map<String, Long> out = new TreeMap<>();
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path file : files.filter(Files::isRegularFile).toList()) {
                if (!file.getFileName().toString().startsWith("daemon.log")) {
                    out.put(dir.relativize(file).toString().replaceFirst("\\.tmp$", ""), Files.size(file));
                }
            }
        }
        return out;
    }
}
