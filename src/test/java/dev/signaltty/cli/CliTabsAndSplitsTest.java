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

/**
 * trial23's rough edges of tabs and splits, through the real CLI and daemon: tabs by name (ADR 1120), a split to the
 * left and above (ADR 1121), and a layout word the CLI cannot read answered as a usage error.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class CliTabsAndSplitsTest {

    CliHarness cli;

    @BeforeAll
    void start(@TempDir Path temp) throws Exception {
        cli = new CliHarness(temp);
    }

    @AfterAll
    void stop() {
        cli.close();
    }

    /** A new workspace with one sleeping pane: its pane id, tab id and handle. */
    record Made(String pane, String tab, String handle) {
    }

    Made workspace(String name) {
        Run created = cli.run("--json", "new", name, "--", "sleep", "600");
        assertThat(created.status()).as(created.toString()).isZero();
        Map<String, Object> both = CliHarness.json(created);
        String pane = Output.findId(both.get("pane"), "pane_id", "pane_");
        return new Made(pane, Output.findId(both.get("pane"), "tab_id", "tab_"),
                (String) ((Map<?, ?>) both.get("workspace")).get("handle"));
    }

    Map<?, ?> tab(String ref) {
        Run got = cli.run("--json", "tab", "get", ref);
        assertThat(got.status()).as(got.toString()).isZero();
        return CliHarness.json(got);
    }

    @Test
    void aTabIsAddressedByItsNameAndAShareNameIsRefusedListingTheTabs() {
        Made api = workspace("api");
        Made web = workspace("web");
        assertThat(cli.run("tab", "rename", api.tab(), "review").status()).isZero();
        Run split = cli.run("pane", "split", api.pane(), "--", "sleep", "600");
        assertThat(split.status()).as(split.toString()).isZero();

        Run layout = cli.run("tab", "set-layout", "review", "even-vertical");
        assertThat(layout.status()).as(layout.toString()).isZero();
        assertThat(((Map<?, ?>) tab(api.tab()).get("layout")).get("direction")).isEqualTo("down");
        Run spawned = cli.run("--json", "pane", "spawn", api.handle(), "--tab", "review", "--", "sleep", "600");
        assertThat(spawned.status()).as(spawned.toString()).isZero();
        assertThat(CliHarness.json(spawned).get("tab_id")).isEqualTo(api.tab());

        // web's first tab is "tab 1", and so is the first tab of every workspace made after it
        Made other = workspace("other");
        Run shared = cli.run("tab", "get", "tab 1");
        assertThat(shared.status()).as(shared.toString()).isEqualTo(1);
        assertThat(shared.err()).startsWith("BAD_PARAMS: <tab>: 'tab 1' is the name of ") // the usage line's word (ADR 1442)
                .contains(web.tab() + " (workspace web)").contains(other.tab() + " (workspace other)")
                .contains("give a tab id, or WORKSPACE:NAME");
        assertThat(tab("web:tab 1").get("tab_id")).isEqualTo(web.tab());

        Run unknown = cli.run("tab", "close", "no-such-tab");
        assertThat(unknown.status()).isEqualTo(1);
        assertThat(unknown.err()).startsWith("NO_SUCH_TAB: no tab no-such-tab"); // seed R309
    }

    @Test
    void aPaneIsSplitInLeftOfOrAboveTheOneSplit() {
        Made made = workspace("before");
        Run left = cli.run("--json", "pane", "split", made.pane(), "--direction", "left", "--ratio", "0.7",
                "--", "sleep", "600");
        assertThat(left.status()).as(left.toString()).isZero();
        String added = (String) CliHarness.json(left).get("pane_id");
        Map<?, ?> row = (Map<?, ?>) tab(made.tab()).get("layout");
        assertThat(row.get("direction")).isEqualTo("right");
        assertThat(((Map<?, ?>) row.get("first")).get("pane_id")).isEqualTo(added);
        assertThat(((Map<?, ?>) row.get("second")).get("pane_id")).isEqualTo(made.pane());
        assertThat(((Number) row.get("ratio")).doubleValue()).isCloseTo(0.3, org.assertj.core.data.Offset.offset(1e-9));

        Run up = cli.run("--json", "pane", "split", made.pane(), "--direction", "up", "--", "sleep", "600");
        assertThat(up.status()).as(up.toString()).isZero();
        Map<?, ?> column = (Map<?, ?>) ((Map<?, ?>) tab(made.tab()).get("layout")).get("second");
        assertThat(column.get("direction")).isEqualTo("down");
        assertThat(((Map<?, ?>) column.get("first")).get("pane_id")).isEqualTo(CliHarness.json(up).get("pane_id"));

        Run wrong = cli.run("pane", "split", made.pane(), "--direction", "sideways", "--", "sleep", "600");
        assertThat(wrong.status()).as("the daemon's refusal").isEqualTo(1);
        assertThat(wrong.err()).startsWith("BAD_PARAMS: direction: unknown value 'sideways' (one of right, down, left, up)");
        Run help = cli.run("pane", "split", "--help");
        assertThat(help.out()).contains("right | down | left | up");
    }

    /**
     * {@code tab layout} printed the whole tab as {@code key: value} lines, which {@code tab set-layout} cannot take
     * back; it prints the tree as one line of JSON, so a person can edit a ratio and set it again.
     */
    @Test
    void tabLayoutPrintsTheTreeThatSetLayoutTakesBack() {
        Made made = workspace("roundtrip");
        assertThat(cli.run("pane", "split", made.pane(), "--", "sleep", "600").status()).isZero();
        Run printed = cli.run("tab", "layout", made.tab());
        assertThat(printed.status()).as(printed.toString()).isZero();
        String tree = printed.out().strip();
        assertThat(tree).startsWith("{").doesNotContain("\n").contains("\"ratio\":0.5");
        Run set = cli.run("tab", "set-layout", made.tab(), tree.replace("\"ratio\":0.5", "\"ratio\":0.3"));
        assertThat(set.status()).as(set.toString()).isZero();
        assertThat(cli.run("tab", "layout", made.tab()).out()).contains("\"ratio\":0.3");
        assertThat(CliHarness.json(cli.run("--json", "tab", "layout", made.tab())).get("tab_id")).isEqualTo(made.tab());
    }

    /**
     * A layout word that is neither one of tmux's names nor a JSON tree is refused by the CLI before any request: a
     * usage error as every word the CLI cannot read (exit 2, {@code usage error:} and the usage line), where it
     * printed {@code BAD_PARAMS:} as if the daemon had refused it. What the daemon refuses stays its code, exit 1.
     */
    @Test
    void aLayoutWordTheCliCannotReadIsAUsageErrorAndTheDaemonsRefusalIsNot() {
        Made made = workspace("layouts");
        Run bogus = cli.run("tab", "set-layout", made.tab(), "bogus");
        assertThat(bogus.status()).isEqualTo(2);
        assertThat(bogus.err()).startsWith("usage error: layout: unknown layout 'bogus'; one of even-horizontal, "
                + "even-vertical, main-vertical, main-horizontal, tiled, or a JSON tree\n")
                .contains("usage: signaltty tab set-layout <tab> <layout>");
        Run foreign = cli.run("tab", "set-layout", made.tab(), "{\"pane_id\":\"pane_nobody\"}");
        assertThat(foreign.status()).as(foreign.toString()).isEqualTo(1);
        assertThat(foreign.err()).startsWith("BAD_PARAMS: "); // seed R219

        Run lines = cli.run("logs", "--lines", "-1");
        assertThat(lines.status()).isEqualTo(2);
        assertThat(lines.err()).startsWith("usage error: --lines: must be 0 (all) or more");
        assertThat(List.of(bogus.err(), lines.err())).noneMatch(e -> e.startsWith("BAD_PARAMS"));
    }
}
