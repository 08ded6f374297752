package dev.signaltty.cli;

import static dev.signaltty.cli.LiveRestart.WAIT;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.signaltty.cli.CliHarness.Run;
import dev.signaltty.support.Await;
import dev.signaltty.support.ProtocolClient;

/**
 * ADR 1061: the one-shot CLI's waits go on through {@code server restart}. The daemon cancels every wait when
 * it stops (seed R70), with cause {@code restart} when it restarts in place; the CLI then asks the next image
 * again for the time left, so a script's wait does not fail while every program ran on. A {@code server stop}
 * still ends the wait, with cause {@code shutdown}.
 */
class CliWaitAcrossRestartTest {

    @TempDir
    Path temp;

    @Test
    void aWaitForOutputAndAnAgentWaitGoOnThroughARestartInPlace() throws Exception { // seed R70
        try (CliHarness cli = new CliHarness(temp)) {
            String shell = LiveRestart.startWithPane(cli, "waits", List.of("bash", "--norc", "--noprofile"));
            int idle = idleConnections(cli);
            CompletableFuture<Run> output = inBackground(
                    () -> cli.run("pane", "wait-output", shell, "MARKER-42", "--timeout", "120"));
            CompletableFuture<Run> exited = inBackground(
                    () -> cli.run("wait", shell, "--until", "exited", "--timeout", "120"));
            awaitConnections(cli, idle + 2); // both waits are in the daemon before it restarts

            Run restart = cli.run("server", "restart");
            assertThat(restart.status()).as(restart.toString()).isZero();
            try (ProtocolClient daemon = ProtocolClient.connect(cli.socket())) {
                daemon.call("pane.write", Map.of("pane_id", shell, "data", "echo MARKER-$((40+2))\r"));
                Run found = output.get(WAIT.toSeconds(), TimeUnit.SECONDS);
                assertThat(found.status()).as(found.toString()).isZero();
                assertThat(found.out()).contains("MARKER-42");
                assertThat(found.err()).contains("the daemon restarted; waiting on");

                daemon.call("pane.write", Map.of("pane_id", shell, "data", "exit 3\r"));
                Run ended = exited.get(WAIT.toSeconds(), TimeUnit.SECONDS);
                assertThat(ended.status()).as(ended.toString()).isZero();
                assertThat(ended.out()).contains("outcome: exited");
                assertThat(ended.err()).contains("the daemon restarted; waiting on");
            }
        }
    }

    @Test
    void aServerStopStillEndsTheWait() throws Exception { // seed R70
        try (CliHarness cli = new CliHarness(temp)) {
            String shell = LiveRestart.startWithPane(cli, "stops", List.of("sleep", "600"));
            int idle = idleConnections(cli);
            CompletableFuture<Run> waiting = inBackground(
                    () -> cli.run("pane", "wait-output", shell, "never-printed", "--timeout", "120"));
            awaitConnections(cli, idle + 1);

            Run stop = cli.run("server", "stop");
            assertThat(stop.status()).as(stop.toString()).isZero();
            Run cut = waiting.get(WAIT.toSeconds(), TimeUnit.SECONDS);
            assertThat(cut.status()).as(cut.toString()).isEqualTo(4);
            assertThat(cut.err()).contains("TIMEOUT", "\"cause\":\"shutdown\"").doesNotContain("waiting on");
        }
    }

    /** On a thread of its own: the common pool has one thread on two cores, and the waits must run together. */
    private static CompletableFuture<Run> inBackground(java.util.function.Supplier<Run> run) {
        CompletableFuture<Run> result = new CompletableFuture<>();
        Thread.ofVirtual().start(() -> {
            try {
                result.complete(run.get());
            } catch (RuntimeException e) {
                result.completeExceptionally(e);
            }
        });
        return result;
    }

    /**
     * The daemon's connections once their number holds still for 300 ms, the one this asks on included: a client
     * closed just before (the set-up's) is still counted until the daemon has read its end, and a baseline that
     * counts it leaves the waits' own connection unseen (ci-a: "not within 60 s: 3 connections").
     */
    private static int idleConnections(CliHarness cli) throws Exception {
        long deadline = System.nanoTime() + WAIT.toNanos();
        int last = connections(cli);
        int same = 0;
        while (same < 3 && System.nanoTime() < deadline) {
            Thread.sleep(100);
            int now = connections(cli);
            same = now == last ? same + 1 : 0;
            last = now;
        }
        return last;
    }

    /** The daemon's open connections, the one this asks on included. */
    private static int connections(CliHarness cli) {
        try (ProtocolClient daemon = ProtocolClient.connect(cli.socket())) {
            return daemon.call("server.info", Map.of()).get("connections").asInt();
        }
    }

    private static void awaitConnections(CliHarness cli, int atLeast) throws Exception {
        Await.until(WAIT, atLeast + " connections (the waits' own)", () -> connections(cli) >= atLeast);
    }
}
