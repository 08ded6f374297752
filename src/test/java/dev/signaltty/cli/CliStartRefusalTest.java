package dev.signaltty.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.signaltty.support.Await;
import dev.signaltty.transport.StateDirLock;

/**
 * Issue 23 items 3, 8 and 10 through the real CLI: a refused start prints one line (the file, the
 * problem, the command that recovers) and no stack frames; {@code server recover} gets past what it
 * was suggested for; a second daemon on a state dir in use is refused before anything is launched; a
 * {@code SIGNALTTY_SOCKET} that is a regular file is neither deleted nor is its directory chmod-ed.
 */
class CliStartRefusalTest {

    @TempDir
    Path temp;

    @Test
    void aLostReservationIsOneLineWithTheRecoverHintAndRecoverStarts() throws Exception { // seed R177
        try (CliHarness cli = new CliHarness(temp)) {
            CliHarness.Run started = cli.run("server", "start");
            assertThat(started.status()).as(started.toString()).isZero();
            CliHarness.Run before = cli.run("notify", "before");
            assertThat(before.status()).as(before.toString()).isZero();
            CliHarness.Run stopped = cli.run("server", "stop");
            assertThat(stopped.status()).as(stopped.toString()).isZero();
            Path reservation = temp.resolve("state/signaltty/event-sequence.json");
            Files.delete(reservation);

            CliHarness.Run refused = cli.run("server", "start");
            assertThat(refused.status()).as(refused.toString()).isNotZero();
            assertThat(refused.err().strip().lines()).as(refused.toString()).hasSize(1).first().asString()
                    .contains(reservation.toString()).contains("missing").contains("signaltty server recover")
                    .doesNotContain("\tat ");
            assertThat(refused.out()).isEmpty();

            CliHarness.Run recovered = cli.run("server", "recover");
            assertThat(recovered.status()).as(recovered.toString()).isZero();
            assertThat(cli.run("notify", "after").status()).isZero();
        }
    }

    @Test
    void aSecondDaemonOnAStateDirInUseIsRefusedBeforeItIsLaunched() throws Exception {
        try (CliHarness cli = new CliHarness(temp)) {
            assertThat(cli.run("server", "start").status()).isZero();
            Path otherRuntime = Files.createDirectories(temp.resolve("other-run"));
            Path log = temp.resolve("state/signaltty/daemon.log");
            long logBefore = Files.size(log);
            CliHarness.Run second = cli.run(Map.of("XDG_RUNTIME_DIR", otherRuntime.toString()), "", "server", "start");
            assertThat(second.status()).as(second.toString()).isNotZero();
            assertThat(second.err().strip().lines()).as(second.toString()).hasSize(1).first().asString()
                    .contains("in use by another signaltty daemon").contains(cli.socket().toString());
            assertThat(Files.size(log)).as("nothing launched, nothing logged").isEqualTo(logBefore);
            assertThat(otherRuntime.resolve("signaltty/signaltty.sock")).doesNotExist();
            assertThat(cli.run("server", "status").status()).isZero();
        }
    }

    @Test
    void stoppingADaemonOnAnotherSocketDoesNotWaitForTheDaemonHoldingThisStateDir() throws Exception {
        // bin/signaltty's cache training stops its private daemon with SIGNALTTY_SOCKET only; with the user's
        // daemon running, the stop waited 30 s for that daemon's state-dir lock, failed, and the launcher with it
        try (CliHarness cli = new CliHarness(temp)) {
            assertThat(cli.run("server", "start").status()).isZero();
            Path otherRuntime = Files.createDirectories(temp.resolve("other-run"));
            Map<String, String> other = Map.of("XDG_RUNTIME_DIR", otherRuntime.toString(),
                    "XDG_STATE_HOME", Files.createDirectories(temp.resolve("other-state")).toString());
            Path otherSocket = otherRuntime.resolve("signaltty/signaltty.sock");
            try {
                CliHarness.Run started = cli.run(other, "", "server", "start");
                assertThat(started.status()).as(started.toString()).isZero();

                CliHarness.Run stopped = cli.run(Map.of("SIGNALTTY_SOCKET", otherSocket.toString()), "", "server", "stop");

                assertThat(stopped.status()).as(stopped.toString()).isZero();
                assertThat(stopped.err()).doesNotContain("TIMEOUT");
                assertThat(cli.run(other, "", "--no-start", "ping").status()).as("the other daemon stopped").isNotZero();
                assertThat(cli.run("server", "status").status()).as("this state dir's daemon still runs").isZero();
            } finally {
                cli.run(other, "", "--no-start", "server", "stop");
            }
        }
    }

    @Test
    void twoStartsAtOnceBothSucceedOnTheOneDaemonThatWon() throws Exception {
        // the loser's daemon is refused by the winner's lock; its CLI waits for the winner (ADR 0595)
        try (CliHarness cli = new CliHarness(temp)) {
            java.util.concurrent.CompletableFuture<CliHarness.Run> first =
                    java.util.concurrent.CompletableFuture.supplyAsync(() -> cli.run("server", "start"));
            CliHarness.Run second = cli.run("server", "start");
            assertThat(second.status()).as(second.toString()).isZero();
            assertThat(first.get().status()).as(first.get().toString()).isZero();
            assertThat(cli.run("notify", "one daemon").status()).isZero();
        }
    }

    @Test
    void aRaceWinnerSlowerThanThreeSecondsToListenIsWaitedFor() throws Exception {
        // ADR 0596: on a loaded machine the winner can take more than 3 s from its lock to listening. Here the
        // "winner" is this test: it holds the state dir's lock for our socket, so the launched daemon is
        // refused, and only 5 s later does anything listen. The CLI must wait for it, not report the refusal.
        try (CliHarness cli = new CliHarness(temp)) {
            Path stateDir = temp.resolve("state/signaltty");
            StateDirLock lock = StateDirLock.acquire(stateDir, cli.socket());
            java.util.concurrent.CompletableFuture<CliHarness.Run> start =
                    java.util.concurrent.CompletableFuture.supplyAsync(() -> cli.run("server", "start"));
            Path out = stateDir.resolve("daemon.out");
            Await.until(Duration.ofSeconds(60), "the launched daemon refused by the lock", () -> Files.exists(out)
                    && Files.readString(out).contains("in use by another signaltty daemon"));
            Thread.sleep(5_000);
            assertThat(start).as("the CLI still waits for the lock's holder").isNotDone();
            Files.createDirectories(cli.socket().getParent());
            try (ServerSocketChannel winner = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
                winner.bind(UnixDomainSocketAddress.of(cli.socket()));
                Thread.ofVirtual().start(() -> { // answers nothing: each connection is closed (EOF to the harness)
                    try {
                        while (true) {
                            winner.accept().close();
                        }
                    } catch (java.io.IOException closed) {
                        // the test is over
                    }
                });
                CliHarness.Run run = start.get(30, TimeUnit.SECONDS);
                assertThat(run.status()).as(run.toString()).isZero();
                assertThat(run.out()).contains("started pid");
            } finally {
                lock.close();
                Files.deleteIfExists(cli.socket());
            }
        }
    }

    @Test
    void aLockHolderThatNeverListensEndsTheWaitWithTheRefusalNotATimeout() throws Exception {
        // ADR 0596: the CLI waits while the lock is held for its socket, up to the start deadline; then the
        // launched daemon's refusal is the answer, not "did not accept … may still be starting"
        try (CliHarness cli = new CliHarness(temp);
                StateDirLock lock = StateDirLock.acquire(temp.resolve("state/signaltty"), cli.socket())) {
            CliHarness.Run run = cli.run(Map.of("SIGNALTTY_START_TIMEOUT_S", "5"), "", "server", "start");
            assertThat(run.status()).as(run.toString()).isNotZero();
            assertThat(run.err().strip().lines()).as(run.toString()).hasSize(1).first().asString()
                    .contains("cannot start:").contains("in use by another signaltty daemon")
                    .doesNotContain("did not accept");
        }
    }

    @Test
    void aSocketPathThatIsARegularFileIsRefusedAndLeftAlone() throws Exception {
        Path dir = Files.createDirectories(temp.resolve("sockets"));
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path file = Files.writeString(dir.resolve("not-a-socket"), "keep me");
        try (CliHarness cli = new CliHarness(temp)) {
            CliHarness.Run run = cli.run(Map.of("SIGNALTTY_SOCKET", file.toString()), "", "server", "start");
            assertThat(run.status()).as(run.toString()).isNotZero();
            assertThat(run.err().strip().lines()).as(run.toString()).hasSize(1).first().asString()
                    .contains(file.toString()).contains("is not a socket");
        }
        assertThat(Files.readString(file)).isEqualTo("keep me");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(dir))).isEqualTo("rwxr-xr-x");
    }

    @Test
    void aMalformedStartTimeoutIsRefusedNamingTheVariableBeforeAnyDaemonIsLaunched() throws Exception {
        try (CliHarness cli = new CliHarness(temp)) {
            for (String bad : new String[] {"soon", "0", "-5"}) {
                CliHarness.Run run = cli.run(Map.of("SIGNALTTY_START_TIMEOUT_S", bad), "", "server", "start");
                assertThat(run.status()).as(run.toString()).isNotZero();
                assertThat(run.err().strip().lines()).as(run.toString()).hasSize(1).first().asString()
                        .contains("SIGNALTTY_START_TIMEOUT_S").contains("'" + bad + "'");
                assertThat(cli.socket()).as("no daemon was launched").doesNotExist();
            }
        }
    }
}
