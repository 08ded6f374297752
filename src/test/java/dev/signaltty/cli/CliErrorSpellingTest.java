package dev.signaltty.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

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

    /**
     * It said {@code wait for its end (pane.run command_number 1)} and {@code (pane.read mode last_command)}: commands
     * no shell has. Both run as the message spells them; the run waits for the command a timeout left running (ADR 1480).
     */
    @Test
    void aBusyShellSaysWhichCommandsWaitForAndReadTheRunningOne() {
        Run spawned = cli.run("--json", "pane", "spawn", "spelling", "--", "bash");
        assertThat(spawned.status()).as(spawned.toString()).isZero();
        String shell = Output.findId(CliHarness.json(spawned), "pane_id", "pane_");
        Run timedOut = cli.run("pane", "run", shell, "--timeout", "1", "--", "read answer; echo got $answer");
        assertThat(timedOut.err()).as(timedOut.toString()).startsWith("TIMEOUT: ").doesNotContain("pane.run");
        Matcher waitFor = Pattern.compile("signaltty pane run " + shell + " --command-number (\\d+) waits for its end")
                .matcher(timedOut.err());
        assertThat(waitFor.find()).as(timedOut.toString()).isTrue();

        Run busy = cli.run("pane", "run", shell, "--", "echo again");
        assertThat(busy.status()).as(busy.toString()).isEqualTo(1);
        assertThat(busy.err()).as(busy.toString()).startsWith("AGENT_BUSY: pane " + shell + " is running command")
                .contains("wait for its end (signaltty pane run " + shell + " --command-number " + waitFor.group(1) + ")")
                .contains("read its output so far (signaltty pane read " + shell + " --mode last_command)")
                .doesNotContain("pane.read").doesNotContain("pane.run");
        // what it names runs as typed
        Run read = cli.run("pane", "read", shell, "--mode", "last_command");
        assertThat(read.status()).as(read.toString()).isZero();
        assertThat(read.err()).as("its output so far is not a finished command's").isEqualTo("notice: command "
                + waitFor.group(1) + " is still running: this is its output so far (signaltty pane run " + shell
                + " --command-number " + waitFor.group(1) + " waits for its end)\n");
        assertThat(cli.run("pane", "write", shell, "yes\r").status()).isZero();
        Run waited = cli.run("pane", "run", shell, "--command-number", waitFor.group(1));
        assertThat(waited.status()).as(waited.toString()).isZero();
        assertThat(waited.out()).as(waited.toString()).contains("got yes");
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
