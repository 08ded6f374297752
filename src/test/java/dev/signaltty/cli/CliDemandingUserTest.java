package dev.signaltty.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
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
 * Session 24: twenty minutes of the one-shot CLI as a demanding user (missing arguments, typos, wrong ids), through
 * the real CLI and daemon; each test is an answer that left the user guessing.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class CliDemandingUserTest {

    CliHarness cli;
    String pane;
    String tab;

    @BeforeAll
    void start(@TempDir Path temp) throws Exception {
        cli = new CliHarness(temp);
        Run created = cli.run("--json", "new", "rough", "--", "sleep", "600");
        assertThat(created.status()).as(created.toString()).isZero();
        Map<String, Object> both = CliHarness.json(created);
        pane = Output.findId(both.get("pane"), "pane_id", "pane_");
        tab = Output.findId(both.get("pane"), "tab_id", "tab_");
    }

    @AfterAll
    void stop() {
        cli.close();
    }

    /** {@code pane write <pane>} with nothing to write went to the daemon, whose BAD_PARAMS came with exit 1. */
    @Test
    void paneWriteWithNothingToWriteIsAUsageError() {
        Run run = cli.run("pane", "write", pane);
        assertThat(run.status()).as(run.toString()).isEqualTo(2);
        assertThat(run.err()).startsWith("usage error: missing <data> (or --data TEXT, --data-b64 B64)\n")
                .contains("usage: signaltty pane write <pane> [data]");
    }

    /** A name with a capital or a dot was refused with the pattern alone; the slug meant is offered. */
    @Test
    void aPaneNameThatIsNoSlugIsRefusedWithTheSlugMeant() { // seed R226
        Run capital = cli.run("pane", "rename", pane, "Build.Web");
        assertThat(capital.status()).isEqualTo(1);
        assertThat(capital.err()).startsWith("BAD_PARAMS: name: must match [a-z][a-z0-9_-]* (e.g. 'build-web')");
        Run digit = cli.run("pane", "rename", pane, "1st");
        assertThat(digit.err()).startsWith("BAD_PARAMS: name: must match [a-z][a-z0-9_-]*\n"); // no slug to offer
    }

    /**
     * {@code pane list} printed every scalar field of a pane, about 250 characters a row (sizes, offsets, three
     * timestamps), and the name, what people address a pane by, only as the last column and only when some pane had
     * one. It shows the columns that tell panes apart, the name second; {@code --json} keeps every field.
     */
    @Test
    void paneListShowsTheColumnsThatTellPanesApartWithTheName() {
        Run list = cli.run("pane", "list");
        assertThat(list.status()).as(list.toString()).isZero();
        String header = list.out().lines().findFirst().orElseThrow();
        assertThat(header.split("\\s+")).containsExactly("PANE_ID", "NAME", "LABEL", "WORKSPACE_ID", "TAB_ID",
                "STATUS", "EXIT_CODE", "ARGV", "CWD");
        assertThat(list.out()).contains(pane).contains("sleep 600").doesNotContain("OUTPUT_OFFSET");
        assertThat(cli.run("--json", "pane", "list").out()).contains("\"output_offset\"");
    }

    /**
     * {@code worktree create}'s help offered {@code --open} "also open it as a workspace", but the daemon opens one
     * unless told not to: the flag did nothing, and the way not to open one ({@code --open=false}) was nowhere.
     */
    @Test
    void worktreeCreateOpensAWorkspaceUnlessNoOpen(@TempDir Path temp) {
        TestRepo repo = TestRepo.withReadme(temp.resolve("repo"));
        Run source = cli.run("--json", "workspace", "create", "wtsource", "--cwd", repo.root.toString());
        assertThat(source.status()).as(source.toString()).isZero();
        Run opened = cli.run("--json", "worktree", "create", "wtsource", "--branch", "opened");
        assertThat(opened.status()).as(opened.toString()).isZero();
        assertThat(CliHarness.json(opened)).containsKey("workspace");
        Run bare = cli.run("--json", "worktree", "create", "wtsource", "--branch", "bare", "--no-open");
        assertThat(bare.status()).as(bare.toString()).isZero();
        assertThat(CliHarness.json(bare)).containsKey("worktree").doesNotContainKey("workspace");
        assertThat(cli.run("worktree", "create", "--help").out()).contains("--no-open")
                .contains("open a workspace on it (the default)");
    }

    /** {@code tab ratio <tab> 0.3} on a tab of one pane said only that the path "ends at a pane". */
    @Test
    void aRatioForATabOfOnePaneSaysThereIsNoDivider() { // seed R244
        Run run = cli.run("tab", "ratio", tab, "0.3");
        assertThat(run.status()).isEqualTo(1);
        assertThat(run.err()).startsWith("BAD_PARAMS: path: does not lead to a split in tab " + tab
                + " (it has one pane: no divider to move)");
    }
}
