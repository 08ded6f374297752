package dev.signaltty.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.signaltty.cli.CliHarness.Run;
import dev.signaltty.cli.internal.Output;
import dev.signaltty.support.Await;
import dev.signaltty.transport.StateDirLock;
import dev.signaltty.transport.internal.metrics.MetricsEndpointTest;

/**
 * Issue 18 items 3 and 4 (and {@code events} ending with the daemon): daemon.log holds one line per
 * lifecycle event and {@code signaltty logs [-f]} shows it; the metrics are right across a restart and
 * pass {@code promtool check metrics} (Debian's prometheus package, .ci/install.d/40-promtool.sh).
 */
class CliLogsAndMetricsTest {

    /** The machine may be loaded: give a start longer than the CLI's default deadline. */
    static final Map<String, String> PATIENT = Map.of("SIGNALTTY_START_TIMEOUT_S", "180");
    static final String[] METRICS = {"--signaltty.metrics.enabled=true", "--signaltty.metrics.port=0"};

    @TempDir
    Path temp;

    @Test
    void logsLifecycleLinesFollowsThemAndEventsEndsNonZeroWhenTheDaemonStops() throws Exception {
        try (CliHarness cli = new CliHarness(temp)) {
            Run start = cli.run(PATIENT, "", "server", "start");
            assertThat(start.status()).as(start.toString()).isZero();
            Path eventsOut = temp.resolve("events.txt");
            Process events = cli.builder(CliHarness.javaCommand("events"), Map.of())
                    .redirectOutput(eventsOut.toFile()).redirectError(temp.resolve("events.err").toFile()).start();
            Path followed = temp.resolve("follow.txt");
            Process follow = cli.builder(CliHarness.javaCommand("logs", "-f"), Map.of())
                    .redirectOutput(followed.toFile()).redirectErrorStream(true).start();
            try {
                Run ws = cli.run("--json", "new", "logged", "--", "sh", "-c", "exit 3");
                String pane = Output.findId(CliHarness.json(ws).get("pane"), "pane_id", "pane_");
                await(() -> cli.run("pane", "get", pane).out().contains("exit_code: 3"), "pane exit");
                assertThat(cli.run("pane", "get", "pane_never").status()).isEqualTo(1);
                await(() -> Files.readString(eventsOut).contains("pane.exited"), "the events stream");
                assertThat(cli.run("server", "stop").status()).isZero();

                assertThat(events.waitFor(60, TimeUnit.SECONDS)).isTrue();
                assertThat(events.exitValue()).isEqualTo(1);
                assertThat(Files.readString(temp.resolve("events.err"))).contains("the daemon closed the stream");

                Run logs = cli.run("logs", "--lines", "0");
                assertThat(logs.status()).as(logs.toString()).isZero();
                assertThat(logs.out()).contains("daemon started: pid ")
                        .contains("workspace.created").contains("pane.created")
                        .containsPattern("pane\\.exited seq=\\d+ pane_id=" + pane + " exit_code=3")
                        .containsPattern("request pane\\.get id=\\S+ failed: NO_SUCH_PANE: ")
                        .contains("daemon stopping (pid ").contains("a server.stop request");
                assertThat(cli.run("logs", "--lines", "1").out().lines()).hasSize(1);
                await(() -> Files.readString(followed).contains("a server.stop request"), "logs -f");
            } finally {
                follow.destroy();
                events.destroy();
            }
        }
    }

    @Test
    void logsBeforeAnyDaemonRanIsAnIoErrorNamingTheFile() throws Exception { // a seed error code, not NOT_FOUND
        try (CliHarness cli = new CliHarness(temp)) {
            Run logs = cli.run("logs");
            assertThat(logs.status()).as(logs.toString()).isEqualTo(1);
            assertThat(logs.err()).startsWith("IO_ERROR: no log at " + cli.stateDir().resolve("daemon.log"));
        }
    }

    @Test
    void gaugesMatchThePaneListAfterARestartAndPassPromtool() throws Exception {
        try (CliHarness cli = new CliHarness(temp)) {
            Run start = cli.run(PATIENT, "", prepend("server", "start"));
            assertThat(start.status()).as(start.toString()).isZero();
            cli.run("new", "m", "--", "sleep", "600");
            Run quick = cli.run("--json", "pane", "spawn", "m", "--", "true");
            String exited = Output.findId(CliHarness.json(quick), "pane_id", "pane_");
            await(() -> cli.run("pane", "get", exited).out().contains("exit_code: 0"), "pane exit");
            String before = MetricsEndpointTest.scrape(port(cli));
            assertThat(MetricsEndpointTest.sample(before, "signaltty_panes{state=\"running\"")).isEqualTo(1.0);
            assertThat(MetricsEndpointTest.sample(before, "signaltty_panes{state=\"exited\"")).isEqualTo(1.0);
            MetricsEndpointTest.promtool(before);

            Run stop = cli.run("--json", "server", "stop");
            assertThat(stop.status()).as(stop.toString()).isZero();
            // --json passes server.stop's result through, as for every other command (seed R332)
            assertThat(CliHarness.json(stop)).containsEntry("stopping", true).containsKey("pid");
            // stop returns once the daemon has let go of its state dir, so a start right after is never
            // refused as "in use by another signaltty daemon"
            assertThat(StateDirLock.heldBy(cli.stateDir())).isNull();
            Run restart = cli.run(PATIENT, "", prepend("server", "start"));
            assertThat(restart.status()).as(restart.toString()).isZero();
            List<?> panes = (List<?>) CliHarness.json(cli.run("--json", "pane", "list")).get("panes");
            long running = panes.stream().filter(p -> "running".equals(((Map<?, ?>) p).get("status"))).count();
            String after = MetricsEndpointTest.scrape(port(cli));
            assertThat(MetricsEndpointTest.sample(after, "signaltty_panes{state=\"running\"")).isEqualTo(running);
            assertThat(MetricsEndpointTest.sample(after, "signaltty_panes{state=\"exited\""))
                    .isEqualTo(panes.size() - running);
            assertThat(MetricsEndpointTest.sample(after, "signaltty_tasks{state=\"working\"")).isZero();
            assertThat(after).contains("signaltty_tasks{state=\"completed\"}");
            MetricsEndpointTest.promtool(after);
        }
    }

    private static String[] prepend(String... words) {
        String[] all = new String[words.length + METRICS.length];
        System.arraycopy(words, 0, all, 0, words.length);
        System.arraycopy(METRICS, 0, all, words.length, METRICS.length);
        return all;
    }

    /** The ephemeral port of the latest start, from its log line. */
    private static int port(CliHarness cli) throws IOException {
        Matcher m = Pattern.compile("metrics on http://127\\.0\\.0\\.1:(\\d+)/metrics")
                .matcher(Files.readString(cli.stateDir().resolve("daemon.log")));
        int port = -1;
        while (m.find()) {
            port = Integer.parseInt(m.group(1));
        }
        assertThat(port).as("a metrics log line").isPositive();
        return port;
    }

    private static void await(Await.Check check, String what) throws Exception {
        Await.until(Duration.ofSeconds(60), what, check);
    }
}
