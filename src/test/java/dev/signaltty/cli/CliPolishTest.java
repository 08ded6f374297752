package dev.signaltty.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

import dev.signaltty.cli.CliHarness.Run;
import dev.signaltty.cli.internal.Json;
import dev.signaltty.cli.internal.Output;

/** Issue 18 item 5: the rough edges of a new user's trial, each through the real CLI and daemon. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class CliPolishTest {

    CliHarness cli;
    String workspace;
    String pane;

    @BeforeAll
    void start(@TempDir Path temp) throws Exception {
        cli = new CliHarness(temp);
        Run created = cli.run("--json", "new", "agentsim", "--", "sleep", "600");
        assertThat(created.status()).as(created.toString()).isZero();
        Map<String, Object> both = CliHarness.json(created);
        workspace = Output.findId(both.get("workspace"), "workspace_id", "ws_");
        pane = Output.findId(both.get("pane"), "pane_id", "pane_");
    }

    @AfterAll
    void stop() {
        cli.close();
    }

    @Test
    void paneListTakesAWorkspaceHandleAndRefusesAnUnknownOne() { // seed: every workspace_id accepts a handle
        Run byHandle = cli.run("--json", "pane", "list", "--workspace", "agentsim");
        assertThat(byHandle.status()).as(byHandle.toString()).isZero();
        assertThat(byHandle.out()).contains(pane);
        Run unknown = cli.run("pane", "list", "--workspace", "no-such-handle");
        assertThat(unknown.status()).as(unknown.toString()).isEqualTo(1);
        assertThat(unknown.err()).startsWith("NO_SUCH_WORKSPACE: ");
        Run unknownTab = cli.run("pane", "list", "--tab", "tab_never");
        assertThat(unknownTab.err()).startsWith("NO_SUCH_TAB: ");
    }

    @Test
    void decisionListShowsPendingOnesUnlessAskedForAll() throws Exception {
        Run ws = cli.run("--json", "new", "decisions", "--", "sleep", "600");
        String asker = Output.findId(CliHarness.json(ws).get("pane"), "pane_id", "pane_");
        hook(asker, "{\"session_id\":\"s1\",\"hook_event_name\":\"SessionStart\"}");
        hook(asker, "{\"session_id\":\"s1\",\"hook_event_name\":\"UserPromptSubmit\",\"prompt\":\"go\"}");
        Process waiting = cli.builder(CliHarness.javaCommand("hook-event", "--pane", asker, "--agent", "claude",
                "--wait-for-answer"), Map.of()).redirectErrorStream(true).start();
        try (var in = waiting.getOutputStream()) {
            in.write(("{\"session_id\":\"s1\",\"hook_event_name\":\"PermissionRequest\",\"tool_name\":\"Bash\","
                    + "\"tool_input\":{\"command\":\"ls\"},\"tool_use_id\":\"toolu_1\"}").getBytes(StandardCharsets.UTF_8));
        }
        String decision = null;
        long deadline = System.nanoTime() + 60_000_000_000L;
        while (decision == null && System.nanoTime() < deadline) {
            List<?> pending = (List<?>) CliHarness.json(cli.run("--json", "decision", "list")).get("decisions");
            decision = pending.isEmpty() ? null : (String) ((Map<?, ?>) pending.getFirst()).get("decision_id");
            Thread.sleep(200);
        }
        assertThat(decision).as("a pending decision").isNotNull();
        Run wrong = cli.run("decision", "answer", decision, "allow");
        assertThat(wrong.status()).as(wrong.toString()).isEqualTo(1);
        assertThat(wrong.err()).startsWith("BAD_PARAMS: <option>: 'allow' is not one of allow_once, deny"); // ADR 1442
        assertThat(cli.run("decision", "answer", decision, "allow_once").status()).isZero();
        assertThat(waiting.waitFor(60, TimeUnit.SECONDS)).isTrue();

        Run pending = cli.run("--json", "decision", "list");
        assertThat((List<?>) CliHarness.json(pending).get("decisions")).as("answered is not pending").isEmpty();
        Run all = cli.run("--json", "decision", "list", "--all");
        assertThat(all.out()).contains(decision).contains("\"status\":\"answered\"");
        Run both = cli.run("decision", "list", "--all", "--status", "pending");
        assertThat(both.status()).isEqualTo(2);
        assertThat(both.err()).contains("--status and --all exclude each other");
    }

    private void hook(String target, String payload) {
        Run run = cli.run(Map.of(), payload, "hook-event", "--pane", target, "--agent", "claude");
        assertThat(run.status()).as(run.toString()).isZero();
    }

    @Test
    void tabRatioDefaultsToTheRootAndSetLayoutTakesTmuxLayoutNames() {
        Run ws = cli.run("--json", "new", "layouts", "--", "sleep", "600");
        String first = Output.findId(CliHarness.json(ws).get("pane"), "pane_id", "pane_");
        for (int i = 0; i < 3; i++) {
            Run split = cli.run("pane", "split", first, "--", "sleep", "600");
            assertThat(split.status()).as(split.toString()).isZero();
        }
        String tab = Output.findId(CliHarness.json(cli.run("--json", "pane", "get", first)), "tab_id", "tab_");

        Run ratio = cli.run("--json", "tab", "ratio", tab, "0.99");
        assertThat(ratio.status()).as(ratio.toString()).isZero();
        assertThat(layout(tab).get("ratio").toString()).isEqualTo("0.95"); // clamped, at the root

        Run tiled = cli.run("tab", "set-layout", tab, "tiled");
        assertThat(tiled.status()).as(tiled.toString()).isZero();
        Map<?, ?> grid = layout(tab); // 4 panes: two rows of two
        assertThat(grid.get("direction")).isEqualTo("down");
        assertThat(((Map<?, ?>) grid.get("first")).get("direction")).isEqualTo("right");
        assertThat(((Map<?, ?>) grid.get("second")).get("direction")).isEqualTo("right");

        assertThat(cli.run("tab", "set-layout", tab, "even-horizontal").status()).isZero();
        Map<?, ?> row = layout(tab);
        assertThat(row.get("direction")).isEqualTo("right");
        assertThat(row.get("ratio").toString()).isEqualTo("0.25");
        assertThat(((Map<?, ?>) row.get("first")).get("pane_id")).isEqualTo(first);

        assertThat(cli.run("tab", "set-layout", tab, "main-vertical").status()).isZero();
        assertThat(layout(tab).get("ratio").toString()).isEqualTo("0.6");
        assertThat(((Map<?, ?>) layout(tab).get("second")).get("direction")).isEqualTo("down");

        Run bad = cli.run("tab", "set-layout", tab, "even-sideways");
        assertThat(bad.status()).isEqualTo(2);
        assertThat(bad.err()).contains("unknown layout 'even-sideways'")
                .contains("one of even-horizontal, even-vertical, main-vertical");
        Run typo = cli.run("tab", "set-layout", tab, "tiledd");
        assertThat(typo.status()).isEqualTo(2);
        assertThat(typo.err()).contains("unknown layout 'tiledd' (did you mean 'tiled'?)").doesNotContain("offset");
        Run broken = cli.run("tab", "set-layout", tab, "{\"pane_id\":");
        assertThat(broken.status()).isEqualTo(2);
        assertThat(broken.err()).contains("layout: not a JSON tree (");
    }

    private Map<?, ?> layout(String tab) {
        return (Map<?, ?>) CliHarness.json(cli.run("--json", "tab", "get", tab)).get("layout");
    }

    @Test
    void aNewWorkspaceWhoseProgramCannotStartLeavesNothingBehind() { // nothing half done
        Run run = cli.run("new", "ghost", "--", "signaltty-test-no-such-program");
        assertThat(run.status()).as(run.toString()).isEqualTo(1);
        assertThat(run.err()).startsWith("SPAWN_FAILED: ").contains("was closed again");
        Run list = cli.run("--json", "workspace", "list");
        assertThat(list.out()).doesNotContain("\"ghost\"");
        assertThat(cli.run("workspace", "get", "ghost").err()).startsWith("NO_SUCH_WORKSPACE: ");
    }

    @Test
    void versionNamesTheCliAndTheRunningDaemon() {
        Run run = cli.run("--version");
        assertThat(run.status()).as(run.toString()).isZero();
        assertThat(run.out()).matches("signaltty \\d+\\.\\d+\\.\\d+ \\(protocol signaltty/1\\); daemon \\S+ \\(pid \\d+\\)\\n");
        assertThat(Json.parseObject(cli.run("--json", "--version").out().strip())).containsKeys("version", "daemon_pid");
    }

    @Test
    void unknownCommandsVerbsAndOptionsSuggestTheClosestOne() {
        Run noun = cli.run("pnae", "list");
        assertThat(noun.status()).isEqualTo(2);
        assertThat(noun.err()).contains("unknown command 'pnae' (did you mean 'pane'?)");
        assertThat(cli.run("pane", "lsit").err()).contains("(did you mean 'list'?)");
        assertThat(cli.run("pane", "list", "--workspce", "x").err()).contains("(did you mean '--workspace'?)");
        assertThat(cli.run("zzzzzz").err()).doesNotContain("did you mean");
    }

    @Test
    void helpListsCompletionAndMcpAndSaysHowTheyAreTyped() { // both run before the command table
        Run help = cli.run("help");
        assertThat(help.out()).contains("  completion bash|zsh\n").contains("  mcp\n      an MCP server on stdio");
        for (Run asked : List.of(cli.run("mcp", "--help"), cli.run("help", "mcp"))) {
            assertThat(asked.status()).as(asked.toString()).isZero();
            assertThat(asked.out()).contains("an MCP server on stdio").doesNotContain("unknown command");
        }
        Run bare = cli.run("completion");
        assertThat(bare.status()).isEqualTo(2);
        assertThat(bare.err()).contains("type it as: signaltty completion bash|zsh");
        assertThat(cli.run("mcp", "--json").err()).contains("type it as: signaltty mcp");
    }

    @Test
    void helpNamesTheHostOptionsTheReadmeUses() { // README: `signaltty --host build pane list`, `--all-hosts attention`
        Run help = cli.run("help");
        assertThat(help.out()).contains("--host NAME|[user@]box[:port]").contains("--all-hosts");
    }

    /** docs/cli.md: {@code signaltty <cmd> --help} is the usage; with --all-hosts it ran the command on every host. */
    @Test
    void helpWithAllHostsIsTheCommandsUsageAskingNoHost() {
        Run help = cli.run("--all-hosts", "pane", "list", "--help");
        assertThat(help.status()).as(help.toString()).isZero();
        assertThat(help.out()).startsWith("usage: signaltty pane list ").doesNotContain("== local").doesNotContain(pane);
    }

    /** {@code decision list}'s line said --all added answered and cleared ones; it adds superseded ones as well. */
    @Test
    void decisionListsHelpNamesEveryStatusAllAdds() {
        assertThat(cli.run("decision", "list", "--help").out())
                .contains("pending decisions (--all: answered, cleared and superseded too)");
    }

    @Test
    void aMutatingCommandWithAllHostsIsAUsageErrorAskingNoHost() { // the CLI refuses it itself (ADR 1122)
        Run mutating = cli.run("--all-hosts", "pane", "close", "x");
        assertThat(mutating.status()).as(mutating.toString()).isEqualTo(2);
        assertThat(mutating.err()).startsWith("usage error: --all-hosts: only read-only commands span hosts")
                .contains("'pane close' is not one").contains("usage: signaltty pane close <pane>")
                .doesNotContain("BAD_PARAMS");
    }

    @Test
    void taskStartHelpSaysAnyProgramIsAcceptedAndNamesEveryBuiltInManifestsProgram() throws Exception {
        Run help = cli.run("task", "start", "--help");
        assertThat(help.status()).as(help.toString()).isZero();
        String agentLine = help.out().lines().filter(l -> l.strip().startsWith("--agent")).findFirst().orElseThrow();
        assertThat(agentLine).contains("any command on PATH").contains("claude").contains("codex")
                .as("what a program must do to get the objective").contains("--ready-timeout").contains("a manifest of yours")
                .doesNotContain("claude | codex");
        try (var manifests = Files.list(Path.of("src/main/resources/agents"))) {
            for (Path manifest : manifests.toList()) {
                @SuppressWarnings("unchecked")
                List<Object> programs = (List<Object>) Json.parseObject(Files.readString(manifest)).get("programs");
                programs.forEach(program -> assertThat(agentLine).as(manifest.toString()).contains((String) program));
            }
        }
    }

    @Test
    void aChoiceTypedAsAVerbPointsAtTheCommandThatTakesIt() {
        for (String choice : List.of("merge", "discard")) {
            Run run = cli.run("task", choice, "task_x");
            assertThat(run.status()).as(run.toString()).isEqualTo(2);
            assertThat(run.err()).contains("unknown command 'task " + choice + "' (did you mean 'task finish --" + choice + "'?)");
        }
        assertThat(cli.run("task", "zzz").err()).doesNotContain("did you mean");
        // what the daemon requires, the usage requires (ADR 0760): notify's message
        Run bare = cli.run("notify", "--pane", pane);
        assertThat(bare.status()).as(bare.toString()).isEqualTo(2);
        assertThat(bare.err()).contains("usage error: missing <message>").contains("usage: signaltty notify <message>");
    }

    @Test
    void shellCompletionOffersLivePaneIdsAndNames() {
        assertThat(cli.run("pane", "rename", pane, "webserver").status()).isZero();
        Run ids = cli.run("__complete", "pane", "read", "");
        assertThat(ids.out().lines()).contains(pane, "webserver");
        Run named = cli.run("__complete", "pane", "read", "web");
        assertThat(named.out().lines()).containsExactly("webserver");
        Run workspaces = cli.run("__complete", "pane", "list", "--workspace", "");
        assertThat(workspaces.out().lines()).contains(workspace, "agentsim"); // the handle resolves too
    }

    @Test
    void shellCompletionOffersTabNamesThatAreOneWord() { // ADR 1120: a tab name goes where a tab id does
        String tab = Output.findId(CliHarness.json(cli.run("--json", "pane", "get", pane)), "tab_id", "tab_");
        assertThat(cli.run("tab", "rename", tab, "completing").status()).isZero();
        Run tabs = cli.run("__complete", "tab", "get", "");
        assertThat(tabs.out().lines()).contains(tab, "completing").doesNotContain("tab 1", "tab");
        assertThat(cli.run("__complete", "tab", "get", "compl").out().lines()).containsExactly("completing");
    }

    @Test
    void theConsoleReadsAnsiCQuotingLikeBash() throws Exception {
        Path out = cli.cwd().resolve("ansi-c.txt");
        Run console = cli.run(Map.of(), "pane spawn agentsim -- sh -c $'printf \\'%s\\' \"x\\ty\" > " + out + "'\nexit\n",
                "console");
        assertThat(console.status()).as(console.toString()).isZero();
        long deadline = System.nanoTime() + 60_000_000_000L;
        while (System.nanoTime() < deadline && !(Files.exists(out) && Files.size(out) == 3)) {
            Thread.sleep(100);
        }
        assertThat(Files.readString(out)).isEqualTo("x\ty");
    }
}
