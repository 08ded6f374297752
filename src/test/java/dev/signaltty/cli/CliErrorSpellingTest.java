package dev.signaltty.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

import dev.signaltty.cli.CliHarness.Run;
import dev.signaltty.cli.internal.Output;

/**
 * ADR 1442 through the real CLI and daemon: a refusal names what the CLI user types, not the wire's method and param
 * names, and the {@code details} line stays the wire's for scripts.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class CliErrorSpellingTest {

    CliHarness cli;
    String sleeper;

    @BeforeAll
    void start(@TempDir Path temp) throws Exception {
        cli = new CliHarness(temp);
        Run created = cli.run("--json", "new", "spelling", "--", "sleep", "600");
        assertThat(created.status()).as(created.toString()).isZero();
        sleeper = Output.findId(CliHarness.json(created).get("pane"), "pane_id", "pane_");
    }

    @AfterAll
    void stop() {
        cli.close();
    }

    /** It said {@code wait for it (pane.read mode last_command)}: a command no shell has. */
    @Test
    void aBusyShellSaysWhichCommandReadsTheRunningOne() {
        Run spawned = cli.run("--json", "pane", "spawn", "spelling", "--", "bash");
        assertThat(spawned.status()).as(spawned.toString()).isZero();
        String shell = Output.findId(CliHarness.json(spawned), "pane_id", "pane_");
        Run timedOut = cli.run("pane", "run", shell, "--timeout", "1", "--", "sleep 600");
        assertThat(timedOut.err()).as(timedOut.toString()).startsWith("TIMEOUT: ");

        Run busy = cli.run("pane", "run", shell, "--", "echo again");
        assertThat(busy.status()).as(busy.toString()).isEqualTo(1);
        assertThat(busy.err()).as(busy.toString()).startsWith("AGENT_BUSY: pane " + shell + " is running command")
                .contains("wait for it (signaltty pane read " + shell + " --mode last_command) or interrupt it")
                .doesNotContain("pane.read");
        // what it names runs as typed
        Run read = cli.run("pane", "read", shell, "--mode", "last_command");
        assertThat(read.status()).as(read.toString()).isZero();
    }

    /** {@code timeout_s} is the wire's param; the CLI user typed {@code --timeout}. */
    @Test
    void aBadValueNamesTheOptionTypedAndTheDetailsKeepTheWireField() {
        Run wait = cli.run("task", "wait", "task_none", "--timeout", "0");
        assertThat(wait.status()).as(wait.toString()).isEqualTo(1);
        assertThat(wait.err()).startsWith("BAD_PARAMS: --timeout: must be positive\n")
                .contains("details: {\"field\":\"timeout_s\"}");
    }

    /** It said {@code use pane.submit and pane.wait_for_output instead}. */
    @Test
    void aPaneWithoutShellIntegrationNamesTheCommandsToUseInstead() {
        Run run = cli.run("pane", "run", sleeper, "--", "echo hi");
        assertThat(run.status()).as(run.toString()).isEqualTo(1);
        assertThat(run.err()).startsWith("BAD_PARAMS: <pane>: pane " + sleeper + " runs ")
                .contains("use `pane submit` and `pane wait-output` instead").doesNotContain("pane.submit");
    }
}
