package dev.signaltty.cli;

import static dev.signaltty.support.ProtocolClient.eventually;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import dev.signaltty.agent.FakeAgent;
import dev.signaltty.cli.internal.Client;
import dev.signaltty.cli.internal.FleetTree;
import dev.signaltty.support.DaemonFixture;
import dev.signaltty.transport.ProtocolJson;
import tools.jackson.databind.JsonNode;

/**
 * {@code signaltty ls}: the whole fleet as a tree, through the real CLI process against a real daemon
 * with the scripted fake agent in its panes (a permission prompt, a finished turn, an exit code, unread
 * output), as text, as {@code --json}, coloured only on a terminal; and a pane that goes away between
 * the calls is left out.
 */
class CliFleetListTest {

    static final Duration WAIT = Duration.ofSeconds(60);

    @RegisterExtension
    static final DaemonFixture daemon = new DaemonFixture("fleetws", FakeAgent.cliProperty());
    static Path claude;

    @BeforeAll
    static void installFakeAgent() {
        claude = FakeAgent.install(daemon.root());
    }

    static String spawn(String workspace, Map<String, Object> extra, String... argv) {
        Map<String, Object> params = new java.util.HashMap<>(extra);
        params.put("workspace_id", workspace);
        params.put("argv", List.of(argv));
        return daemon.client().call("pane.spawn", params).get("pane_id").asString();
    }

    /** Runs the CLI (--no-start) with {@code env} added; through {@code script} (a terminal) when {@code tty}. */
    static String cli(boolean tty, Map<String, String> env, String... args) throws IOException, InterruptedException {
        return cli(daemon.socket(), tty, env, args);
    }

    /**
     * Runs the CLI (--no-start) against the daemon on {@code socket}, with {@code env} added; through {@code script}
     * (a terminal) when {@code tty}. Its output, once it has ended with 0.
     */
    static String cli(java.nio.file.Path socket, boolean tty, Map<String, String> env, String... args)
            throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(FakeAgent.cli());
        command.add("--no-start");
        command.addAll(List.of(args));
        if (tty) {
            StringBuilder quoted = new StringBuilder();
            for (String w : command) {
                quoted.append(" '").append(w.replace("'", "'\\''")).append('\'');
            }
            command = List.of("script", "-qefc", quoted.toString().strip(), "/dev/null");
        }
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(!tty);
        builder.environment().keySet().removeIf(k -> k.startsWith("SIGNALTTY_") || k.equals("NO_COLOR"));
        builder.environment().put("SIGNALTTY_SOCKET", socket.toString());
        builder.environment().put("TERM", "xterm-256color");
        builder.environment().putAll(env);
        Process process = builder.start();
        process.getOutputStream().close();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(process.exitValue()).as(out).isZero();
        return out;
    }

    @Test
    void listsEveryWorkspaceTabAndPaneWithStateAttentionAndTheWaitingQuestion() throws Exception { // seed R352
        String ws = daemon.workspace();
        String agent = spawn(ws, Map.of("label", "migrate the schema"), claude.toString());
        String build = daemon.client().call("pane.split", Map.of("pane_id", agent, "direction", "right",
                "argv", List.of("sh", "-c", "exit 3"))).get("pane_id").asString();
        daemon.client().call("pane.rename", Map.of("pane_id", build, "name", "build"));
        String logsTab = daemon.client().call("tab.create", Map.of("workspace_id", ws, "name", "logs")).get("tab_id").asString();
        String logs = spawn(ws, Map.of("tab_id", logsTab), "sh", "-c", "echo LOG; exec cat");
        String other = daemon.client().call("workspace.create", Map.of("name", "otherws", "cwd", daemon.root().toString()))
                .get("workspace_id").asString();
        String reviewer = spawn(other, Map.of(), claude.toString());
        daemon.client().call("pane.rename", Map.of("pane_id", reviewer, "name", "reviewer"));

        eventually(WAIT, () -> "idle".equals(daemon.client().call("pane.get", Map.of("pane_id", agent)).get("lifecycle").asString())
                && "idle".equals(daemon.client().call("pane.get", Map.of("pane_id", reviewer)).get("lifecycle").asString()));
        daemon.client().call("pane.write", Map.of("pane_id", agent, "data", "ask drop-table\r"));
        daemon.client().call("pane.write", Map.of("pane_id", reviewer, "data", "look at it\r"));
        daemon.client().call("notify", Map.of("pane_id", logs, "message", "tests passed"));
        daemon.awaitExited(build, WAIT);
        eventually(WAIT, () -> daemon.client().call("decision.list", Map.of("pane_id", agent)).get("decisions").size() == 1
                && "done".equals(daemon.client().call("pane.get", Map.of("pane_id", reviewer)).get("lifecycle").asString()));

        String text = cli(false, Map.of(), "ls");
        assertThat(text).doesNotContain("\u001b[");
        List<String> lines = text.lines().toList();
        assertThat(lines.get(0)).startsWith("fleetws  " + ws);
        // a tab the daemon named is shown as its focused pane's program, its name beside it (ADR 1301)
        assertThat(lines.get(1)).isEqualTo("  0:sh  named " + tabName(agent));
        assertThat(lines.get(2)).startsWith("     migrate the schema  " + agent + "  ").contains(" blocked ").contains(" permission_required ")
                .contains(" claude").endsWith("? Allow Bash: drop-table?");
        assertThat(lines.get(3)).startsWith("    *build ").contains(" exited 3 ").endsWith(" sh -c 'exit 3'");
        assertThat(lines.get(4)).isEqualTo("  1:logs");
        // an unnamed pane is called by the program it runs now (sh became cat), its id beside it (ADR 1221, 1301)
        assertThat(lines.get(5)).startsWith("    *cat ").contains("  " + logs + "  ").contains(" running ").contains(" unread ")
                .endsWith("sh -c 'echo LOG; exec cat'  \"tests passed\"");
        assertThat(lines.get(6)).startsWith("otherws  " + other);
        assertThat(lines.get(8)).startsWith("    *reviewer ").contains(" done ").contains(" unread "); // a finished turn is unread
        assertThat(lines.getLast()).isEqualTo("2 workspaces, 4 panes; 3 need you (1 decision)");

        // one workspace, by name
        assertThat(cli(false, Map.of(), "ls", "otherws").lines().toList()).hasSize(4).first().asString().startsWith("otherws");

        JsonNode json = ProtocolJson.MAPPER.readTree(cli(false, Map.of(), "--json", "ls"));
        JsonNode first = json.get("workspaces").get(0);
        assertThat(first.get("workspace_id").asString()).isEqualTo(ws);
        assertThat(first.get("name").asString()).isEqualTo("fleetws");
        JsonNode tab0 = first.get("tabs").get(0);
        assertThat(tab0.get("index").asInt()).isZero();
        JsonNode asking = tab0.get("panes").get(0);
        assertThat(asking.get("pane_id").asString()).isEqualTo(agent);
        assertThat(asking.get("label").asString()).isEqualTo("migrate the schema");
        assertThat(asking.get("agent").asString()).isEqualTo("claude");
        assertThat(asking.get("lifecycle").asString()).isEqualTo("blocked");
        assertThat(asking.get("attention").asString()).isEqualTo("permission_required");
        assertThat(asking.get("decision").get("question").asString()).isEqualTo("Allow Bash: drop-table?");
        assertThat(asking.get("focused").asBoolean()).isFalse(); // the split took the focus
        assertThat(tab0.get("focused_pane_id").asString()).isEqualTo(build);
        JsonNode exited = tab0.get("panes").get(1);
        assertThat(exited.get("status").asString()).isEqualTo("exited");
        assertThat(exited.get("exit_code").asInt()).isEqualTo(3);
        assertThat(first.get("tabs").get(1).get("panes").get(0).get("attention_message").asString()).isEqualTo("tests passed");

        // colour on a terminal only, and never with NO_COLOR
        String coloured = cli(true, Map.of(), "ls");
        assertThat(coloured).contains("\u001b[1;31mblocked\u001b[0m").contains("\u001b[32mdone\u001b[0m")
                .contains("\u001b[35munread\u001b[0m");
        assertThat(cli(true, Map.of("NO_COLOR", "1"), "ls")).doesNotContain("\u001b[").contains("blocked");

        daemon.client().call("workspace.close", Map.of("workspace_id", other));
        daemon.client().call("tab.close", Map.of("tab_id", logsTab));
        daemon.client().call("pane.close", Map.of("pane_id", agent));
        daemon.client().call("pane.close", Map.of("pane_id", build));
    }

    @Test
    void aPaneClosedBetweenTheCallsIsLeftOutNotAnError() {
        String ws = daemon.client().call("workspace.create", Map.of("name", "racews", "cwd", daemon.root().toString()))
                .get("workspace_id").asString();
        String stays = spawn(ws, Map.of(), "sleep", "300");
        String goes = daemon.client().call("pane.split", Map.of("pane_id", stays, "direction", "down",
                "argv", List.of("sleep", "300"))).get("pane_id").asString();
        FleetTree fleet;
        try (Client client = Client.connect(daemon.socket())) {
            int[] rounds = {0};
            // the pane closes after the tabs were listed and before its pane.get: the daemon answers NO_SUCH_PANE
            fleet = FleetTree.load(calls -> {
                if (rounds[0]++ == 1) {
                    daemon.client().call("pane.close", Map.of("pane_id", goes));
                }
                return client.callAll(calls);
            });
        }
        FleetTree.Workspace race = fleet.workspaces().stream().filter(w -> w.id().equals(ws)).findFirst().orElseThrow();
        assertThat(race.tabs().getFirst().panes()).extracting(FleetTree.Pane::id).containsExactly(stays);
        daemon.client().call("workspace.close", Map.of("workspace_id", ws));
    }

    /** A CLI run's exit status, stdout and stderr. */
    record Run(int status, String out, String err) {
    }

    static Run run(String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(FakeAgent.cli());
        command.add("--no-start");
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command);
        builder.environment().keySet().removeIf(k -> k.startsWith("SIGNALTTY_"));
        builder.environment().put("SIGNALTTY_SOCKET", daemon.socket().toString());
        Process process = builder.start();
        process.getOutputStream().close();
        var err = java.util.concurrent.CompletableFuture.supplyAsync(() -> {
            try {
                return new String(process.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
            } catch (IOException e) {
                return e.toString();
            }
        });
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
        return new Run(process.exitValue(), out, err.join());
    }

    /**
     * {@code ls <workspace>} is the daemon's workspace.get: an id or a handle as every command takes it, the
     * daemon's NO_SUCH_WORKSPACE (with its details) for an unknown one, and only that workspace's tabs and
     * panes are asked for. A name two workspaces share is not a handle of the second.
     */
    @Test
    void oneWorkspaceIsTheDaemonsByIdOrHandleAndOnlyItsPanesAreAskedFor() throws Exception {
        String first = daemon.client().call("workspace.create", Map.of("name", "twin", "cwd", daemon.root().toString()))
                .get("workspace_id").asString();
        JsonNode created = daemon.client().call("workspace.create", Map.of("name", "twin", "cwd", daemon.root().toString()));
        String second = created.get("workspace_id").asString();
        assertThat(created.get("handle").asString()).isEqualTo("twin-2"); // seed R165
        String alone = spawn(first, Map.of(), "sleep", "300");
        String left = spawn(second, Map.of(), "sleep", "300");
        String right = daemon.client().call("pane.split", Map.of("pane_id", left, "direction", "right",
                "argv", List.of("sleep", "300"))).get("pane_id").asString();

        Run byHandle = run("ls", "twin"); // seed R161
        assertThat(byHandle.status()).as(byHandle.toString()).isZero();
        assertThat(byHandle.out().lines().toList()).hasSize(4).first().asString().startsWith("twin  " + first);
        assertThat(byHandle.out()).contains(alone).doesNotContain(second); // not every workspace named twin
        Run secondByHandle = run("ls", "twin-2");
        assertThat(secondByHandle.out().lines().findFirst().orElseThrow()).startsWith("twin  " + second)
                .contains("  handle twin-2  ");
        assertThat(run("ls", second).out()).contains(left).contains(right).doesNotContain(alone);

        List<FleetTree.Call> asked = new ArrayList<>();
        FleetTree one;
        try (Client client = Client.connect(daemon.socket())) {
            one = FleetTree.load(calls -> {
                asked.addAll(calls);
                return client.callAll(calls);
            }, "twin-2");
        }
        assertThat(one.workspaces()).extracting(FleetTree.Workspace::id).containsExactly(second);
        assertThat(asked).contains(new FleetTree.Call("workspace.get", Map.of("workspace_id", "twin-2")),
                new FleetTree.Call("tab.list", Map.of("workspace_id", "twin-2")));
        assertThat(asked).filteredOn(c -> c.method().equals("pane.get")).extracting(c -> c.params().get("pane_id"))
                .containsExactlyInAnyOrder(left, right);
        assertThat(asked).extracting(FleetTree.Call::method).doesNotContain("workspace.list");

        Run unknown = run("ls", "no-such-ws"); // seed R309
        assertThat(unknown.status()).as(unknown.toString()).isEqualTo(1);
        assertThat(unknown.out()).isEmpty();
        List<String> said = unknown.err().lines().toList();
        assertThat(said.getFirst()).isEqualTo("NO_SUCH_WORKSPACE: no workspace no-such-ws");
        assertThat(said).contains("details: {\"workspace_id\":\"no-such-ws\"}"); // the daemon's own answer
        daemon.client().call("workspace.close", Map.of("workspace_id", first));
        daemon.client().call("workspace.close", Map.of("workspace_id", second));
    }

    /**
     * Two round trips whatever the fleet's size: every pane.get is written before the first answer is read
     * (70 panes were three rounds of at most 64).
     */
    @Test
    void aFleetOfSeventyPanesIsTwoRoundTrips() {
        String ws = daemon.client().call("workspace.create", Map.of("name", "manyws", "cwd", daemon.root().toString()))
                .get("workspace_id").asString();
        List<String> spawned = new ArrayList<>();
        for (int t = 0; t < 7; t++) {
            String tab = daemon.client().call("tab.create", Map.of("workspace_id", ws, "name", "t" + t)).get("tab_id").asString();
            for (int p = 0; p < 10; p++) {
                spawned.add(spawn(ws, Map.of("tab_id", tab), "sleep", "300"));
            }
        }
        List<Integer> rounds = new ArrayList<>();
        FleetTree fleet;
        try (Client client = Client.connect(daemon.socket())) {
            fleet = FleetTree.load(calls -> {
                rounds.add(calls.size());
                return client.callAll(calls);
            });
        }
        FleetTree.Workspace many = fleet.workspaces().stream().filter(w -> w.id().equals(ws)).findFirst().orElseThrow();
        assertThat(many.tabs()).hasSize(7);
        assertThat(many.tabs().stream().flatMap(t -> t.panes().stream()).map(FleetTree.Pane::id))
                .containsExactlyElementsOf(spawned);
        assertThat(rounds).hasSize(2);
        assertThat(rounds.get(1)).isGreaterThanOrEqualTo(70);
        daemon.client().call("workspace.close", Map.of("workspace_id", ws));
    }

    static String tabName(String pane) {
        String tab = daemon.client().call("pane.get", Map.of("pane_id", pane)).get("pane").get("tab_id").asString();
        return daemon.client().call("tab.get", Map.of("tab_id", tab)).get("name").asString();
    }
}
