package dev.signaltty.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

import dev.signaltty.cli.CliHarness.Run;
import dev.signaltty.cli.internal.Output;
import dev.signaltty.workspace.internal.git.TestRepo;

/**
 * Session 23's trial: a developer's first hour with the README's commands, through the real CLI and daemon and a
 * real bash; each test is a place where the answer left the user guessing.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class CliTrialTest {

    CliHarness cli;
    String shell;

    @BeforeAll
    void start(@TempDir Path temp) throws Exception {
        cli = new CliHarness(temp);
        Run created = cli.run("--json", "new", "trial", "--", "bash", "--norc", "--noprofile");
        assertThat(created.status()).as(created.toString()).isZero();
        shell = Output.findId(CliHarness.json(created).get("pane"), "pane_id", "pane_");
    }

    @AfterAll
    void stop() {
        cli.close();
    }

    /**
     * The README's {@code wait <pane> --until idle} on a plain shell can only time out: nothing reports a shell's
     * agent state. The TIMEOUT said "no matching state within the timeout"; it now names what was waited for, how
     * long, where the pane is, and what to use instead. A wait for {@code exited} gets no such hint: a shell does
     * exit.
     */
    @Test
    void aWaitForAnAgentStateOnAPlainShellSaysWhyItTimedOut() { // seed R335
        Run idle = cli.run("wait", shell, "--until", "idle", "--until", "done", "--timeout", "0.5");
        assertThat(idle.status()).as(idle.toString()).isEqualTo(4);
        assertThat(idle.err()).startsWith("TIMEOUT: pane " + shell + " reached none of idle, done within 0.5 s"
                + " (now lifecycle unknown, attention none); nothing has reported this pane's agent state")
                .contains("wait for its output with pane wait-output, or run a command line with pane run");

        Run exited = cli.run("wait", shell, "--until", "exited", "--timeout", "0.5");
        assertThat(exited.status()).as(exited.toString()).isEqualTo(4);
        assertThat(exited.err()).startsWith("TIMEOUT: pane " + shell + " reached none of exited within 0.5 s"
                + " (now lifecycle unknown, attention none)\n");
        assertThat(exited.err()).doesNotContain("nothing has reported");
    }

    /**
     * {@code notify "build done"} from a plain shell (not a signaltty pane, no --pane) is taken and marks no pane:
     * {@code ls} and {@code attention} show nothing of it, and the answer alone left the user looking for it. The CLI
     * now says so on stderr; with {@code --pane} it does not, and the pane is unread.
     */
    @Test
    void aNotificationOutsideAnyPaneSaysItMarksNoPane() { // seed R336
        Run paneless = cli.run("notify", "build done");
        assertThat(paneless.status()).as(paneless.toString()).isZero();
        assertThat(paneless.out()).contains("message: build done").doesNotContain("pane_id");
        assertThat(paneless.err()).isEqualTo("notice: no pane (no --pane, and not run inside a signaltty pane): the"
                + " notification marks no pane unread; only `events` subscribers and the web dashboard see it\n");

        Run spawned = cli.run("--json", "pane", "spawn", "trial", "--", "bash", "--norc", "--noprofile");
        String other = Output.findId(CliHarness.json(spawned), "pane_id", "pane_"); // the wait test's pane stays unmarked
        Run onPane = cli.run("notify", "tests passed", "--pane", other);
        assertThat(onPane.status()).as(onPane.toString()).isZero();
        assertThat(onPane.err()).isEmpty();
        assertThat(onPane.out()).contains("pane_id: " + other).contains("attention: unread");
    }

    /**
     * In the console a typo got Spring Shell's answers: {@code bogus} printed "Command bogus not found" and the
     * whole command list, {@code pane lst} every pane verb in no order and no "did you mean". A line that names no
     * command now gets the one-shot CLI's usage error (a noun alone: its verbs); a line pasted from the docs with its
     * leading {@code signaltty} runs (help lists that {@code signaltty} command), and only help lists every command.
     */
    @Test
    void theConsoleAnswersATypoAsTheCliDoes() {
        Run run = cli.run(Map.of(), "pane lst\nbogus\npane\nsignaltty ping\nhelp\nexit\n", "console");
        assertThat(run.status()).as(run.toString()).isZero();
        assertThat(run.err()).contains("usage error: unknown command 'pane lst' (did you mean 'list'?); verbs: spawn,")
                .contains("usage error: unknown command 'bogus'");
        assertThat(run.out()).doesNotContain("Available sub-commands").doesNotContain("Command bogus not found")
                .contains("pong").contains("Exiting the shell");
        assertThat(run.out()).contains("signaltty: run a command line as the one-shot CLI does");
        assertThat(run.err()).as("pane alone: its verbs").contains("usage error: missing verb after 'pane': spawn, split,");
        assertThat(run.out().lines().filter(l -> l.contains("AVAILABLE COMMANDS"))).as("only help lists the commands")
                .hasSize(1);
    }

    /**
     * {@code task list} printed all 17 fields of a task, about 300 characters a row: the objective and the state
     * were lost among commits, worktree paths and timestamps. It now shows what tells tasks apart and where each
     * runs; {@code --json} keeps every field.
     */
    @Test
    void taskListShowsATableThatFitsAScreen(@TempDir Path temp) { // seed R340
        TestRepo repo = TestRepo.withReadme(temp.resolve("repo"));
        Run started = cli.run("--json", "task", "start", "--repo", repo.root.toString(), "--objective",
                "fix the flaky test", "--ready-timeout", "1", "--", "bash", "--norc", "--noprofile");
        assertThat(started.status()).as(started.toString()).isZero();
        String task = Output.findId(CliHarness.json(started).get("task"), "task_id", "task_");

        Run list = cli.run("task", "list");
        assertThat(list.status()).as(list.toString()).isZero();
        List<String> lines = list.out().lines().toList();
        assertThat(lines.getFirst().split(" +")).containsExactly("TASK_ID", "STATE", "OBJECTIVE", "REPO", "BRANCH",
                "PANE_ID", "UPDATED_AT");
        assertThat(lines).anyMatch(l -> l.startsWith(task + " ") && l.contains("fix the flaky test")
                && l.contains("signaltty/" + task));
        assertThat(lines).allMatch(l -> l.length() < 200, "every line under 200 characters");
        assertThat(cli.run("--json", "task", "list").out()).contains("\"base_commit\"").contains("\"worktree\"");
    }

    /**
     * {@code agent explain [pane]} outside a pane sent no pane, and the daemon's {@code BAD_PARAMS: pane_id: is
     * required} (exit 1) said nothing of the default. It is now the usage error that names the variable it read.
     */
    @Test
    void agentExplainOutsideAPaneSaysWhereThePaneComesFrom() {
        Run bare = cli.run("agent", "explain");
        assertThat(bare.status()).as(bare.toString()).isEqualTo(2);
        assertThat(bare.err()).startsWith("usage error: missing <pane> ($SIGNALTTY_PANE is not set: this does not run"
                + " inside a signaltty pane)\nusage: signaltty agent explain <pane>");
        Run inside = cli.run(Map.of("SIGNALTTY_PANE", shell), "", "agent", "explain");
        assertThat(inside.status()).as(inside.toString()).isZero();
        assertThat(inside.out()).contains("pane_id: " + shell);
    }

    /**
     * {@code task wait} with neither a task nor {@code --context}, and {@code task start} with neither {@code --agent}
     * nor a command, reached the daemon, whose BAD_PARAMS named protocol fields ({@code task_id or context_id},
     * {@code agent or argv}) with exit 1. Both are now the usage error (exit 2) that names what to type.
     */
    @Test
    void aTaskCommandWithoutOneOfItsAlternativesNamesWhatToType() { // seed R340
        Run wait = cli.run("task", "wait");
        assertThat(wait.status()).as(wait.toString()).isEqualTo(2);
        assertThat(wait.err()).startsWith("usage error: missing <task> or --context CONTEXT\nusage: signaltty task wait");
        Run start = cli.run("task", "start", "--repo", ".", "--objective", "x");
        assertThat(start.status()).as(start.toString()).isEqualTo(2);
        assertThat(start.err()).startsWith("usage error: missing the worker: --agent AGENT, or its command after --"
                + " (-- claude)\nusage: signaltty task start");
        Run context = cli.run("task", "wait", "--context", "trial-none", "--timeout", "1"); // seed R63
        assertThat(context.status()).as(context.toString()).isZero();
        // an empty context is settled (seed R63), and a mistyped one looked finished: the CLI says there was none
        assertThat(context.err()).isEqualTo("notice: no task has the context trial-none, so there was nothing to wait"
                + " for (`task list` shows the tasks and their contexts)\n");
    }
}
