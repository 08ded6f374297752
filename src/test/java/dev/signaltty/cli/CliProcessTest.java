package dev.signaltty.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.signaltty.cli.CliHarness.Run;

/** The CLI as a real process with no daemon around: what it must do on its own. */
class CliProcessTest {

    @TempDir
    Path temp;

    CliHarness cli;

    @BeforeEach
    void setUp() throws Exception {
        cli = new CliHarness(temp);
    }

    @AfterEach
    void tearDown() {
        cli.close();
    }

    @Nested
    class WithNoDaemonAndNoStart {

        @Test
        void reportsNoSuchServerItselfAndExitsNonzero() { // seed R310
            Run run = cli.run("--no-start", "ping");
            assertThat(run.status()).as(run.toString()).isEqualTo(1);
            assertThat(run.err()).startsWith("NO_SUCH_SERVER: ").contains(cli.socket().toString());
            assertThat(run.out()).isEmpty();
            assertThat(cli.socket()).doesNotExist();
        }

        @Test
        void reportsNotRunningForServerStatus() {
            Run run = cli.run("server", "status");
            assertThat(run.status()).isEqualTo(1);
            assertThat(run.out()).startsWith("not running");
            assertThat(cli.socket()).doesNotExist();
        }

        @Test
        void reportsNotRunningForServerStatusAsJsonWithJson() {
            Run run = cli.run("--json", "server", "status");
            assertThat(run.status()).isEqualTo(1);
            assertThat(CliHarness.json(run)).containsEntry("running", false)
                    .containsEntry("socket", cli.socket().toString());
            assertThat(cli.socket()).doesNotExist();
        }
    }

    @Nested
    class HookEvent {

        private static final String STOP = "{\"session_id\":\"s1\",\"hook_event_name\":\"Stop\"}";

        @Test
        void exitsZeroPrintingNothingOutsideAPane() {
            Run run = cli.run(Map.of(), STOP, "hook-event");
            assertThat(run.status()).isZero();
            assertThat(run.out()).isEmpty();
            assertThat(run.err()).isEmpty();
        }

        @Test
        void exitsZeroPrintingNothingInsideAPaneWithNoDaemonAndStartsNone() {
            Run run = cli.run(Map.of("SIGNALTTY_PANE", "pane_abc"), STOP, "hook-event", "--wait-for-answer");
            assertThat(run.status()).isZero();
            assertThat(run.out()).isEmpty();
            assertThat(run.err()).isEmpty();
            assertThat(cli.socket()).doesNotExist();
        }
    }

    @Nested
    class Usage {

        @Test
        void exitsTwoWithTheUsageLineOnAMistake() {
            Run run = cli.run("pane", "read");
            assertThat(run.status()).isEqualTo(2);
            assertThat(run.err()).contains("missing <pane>").contains("usage: signaltty pane read <pane>");
        }

        @Test
        void printsHelpFromTheTable() {
            Run run = cli.run("help");
            assertThat(run.status()).isZero();
            assertThat(run.out()).contains("pane wait-output <pane> <pattern>").contains("[pane.wait_for_output]");
        }

        @Test
        void neverStartsADaemonForAUsageError() {
            cli.run("pane", "frobnicate", "x");
            assertThat(cli.socket()).doesNotExist();
            assertThat(Files.exists(cli.socket().getParent())).isFalse();
        }
    }
}
