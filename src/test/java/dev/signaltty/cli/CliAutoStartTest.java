package dev.signaltty.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.signaltty.cli.CliHarness.Run;

/** The daemon starts on its own when a command needs it, and stops on request. */
class CliAutoStartTest {

    @TempDir
    Path temp;

    @Test
    void startsTheDaemonBeforeTheFirstRequestAndStopsItOnRequest() throws Exception {
        try (CliHarness cli = new CliHarness(temp)) {
            Run list = cli.run("workspace", "list");
            assertThat(list.status()).as(list.toString()).isZero();
            assertThat(list.err()).contains("started the daemon");
            assertThat(list.out()).contains("(none)");

            Run created = cli.run("workspace", "create", "auto");
            assertThat(created.status()).as(created.toString()).isZero();
            assertThat(created.err()).doesNotContain("started the daemon");

            Run status = cli.run("server", "status");
            assertThat(status.status()).isZero();
            assertThat(status.out()).contains("protocol: signaltty/1");

            Run stop = cli.run("server", "stop");
            assertThat(stop.status()).as(stop.toString()).isZero();
            assertThat(stop.out()).isEqualTo("stopped\n");
            assertThat(cli.run("server", "status").status()).isEqualTo(1);
        }
    }

    @Test
    void attachAndViewWithoutATerminalFailBeforeStartingADaemon() throws Exception {
        try (CliHarness cli = new CliHarness(temp)) {
            // the harness gives the CLI a pipe and files, as a script does
            for (String[] args : new String[][] {{"attach", "pane_x"}, {"attach", "--tab", "tab_x"}, {"view"},
                    {"view", "--tab", "tab_x"}}) {
                Run run = cli.run(args);
                assertThat(run.status()).as(run.toString()).isEqualTo(1);
                assertThat(run.err()).as(run.toString()).startsWith("BAD_PARAMS: attach and view need a terminal")
                        .doesNotContain("started the daemon");
            }
            assertThat(cli.socket()).as("no daemon was started").doesNotExist();
            assertThat(cli.run("server", "status").status()).isEqualTo(1);
        }
    }
}
