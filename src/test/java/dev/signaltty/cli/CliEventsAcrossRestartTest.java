package dev.signaltty.cli;

import static dev.signaltty.cli.LiveRestart.WAIT;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.signaltty.cli.CliHarness.Run;
import dev.signaltty.support.Await;

/**
 * ADR 1062: {@code signaltty events} on this machine goes on through {@code server restart}. It resubscribes from
 * where it was (the subscription's {@code head_seq} when it has printed nothing yet), so what the new image
 * journals before the stream is back (the kept pane told running again) is replayed, not lost (seed R19); a
 * {@code server stop} still ends it with exit 1.
 */
class CliEventsAcrossRestartTest {

    @TempDir
    Path temp;

    @Test
    void theStreamResumesFromWhereItWasAndEndsAtAStop() throws Exception { // seed R19
        try (CliHarness cli = new CliHarness(temp)) {
            String kept = LiveRestart.startWithPane(cli, "events", List.of("sleep", "600"));
            Path out = temp.resolve("events.out");
            Path err = temp.resolve("events.err");
            Process events = cli.builder(CliHarness.javaCommand("events", "--events", "pane.*", "--json"), Map.of())
                    .redirectOutput(out.toFile()).redirectError(err.toFile()).start();
            try {
                Await.until(WAIT, "the subscription (--json prints its reply)",
                        () -> Files.readString(err).contains("\"head_seq\""));
                Run restart = cli.run("server", "restart");
                assertThat(restart.status()).as(restart.toString()).isZero();

                // journaled by the new image as it adopted the program, before the stream was back: replayed
                Await.until(WAIT, "the kept pane told running again",
                        () -> Files.readString(out).contains("\"pane.updated\"") && Files.readString(out).contains(kept));
                Run made = cli.run("--json", "new", "after", "--", "true");
                assertThat(made.status()).as(made.toString()).isZero();
                Await.until(WAIT, "a pane made after the restart", () -> Files.readString(out).lines()
                        .filter(l -> l.contains("\"pane.created\"")).count() == 1);
                assertThat(Files.readString(err)).contains("lost the connection to the daemon",
                        "reconnected to the daemon; replay complete");
                List<Long> seqs = Files.readString(out).lines()
                        .map(l -> Long.parseLong(l.replaceAll(".*\"seq\":(\\d+).*", "$1"))).toList();
                assertThat(seqs).as("once each, in order").isSorted().doesNotHaveDuplicates();
                assertThat(Files.readString(out)).doesNotContain("\"type\":\"gap\"");

                assertThat(cli.run("server", "stop").status()).isZero();
                assertThat(events.waitFor(60, TimeUnit.SECONDS)).isTrue();
                assertThat(events.exitValue()).isEqualTo(1);
                assertThat(Files.readString(err)).contains("the daemon closed the stream");
            } finally {
                events.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        }
    }
}
