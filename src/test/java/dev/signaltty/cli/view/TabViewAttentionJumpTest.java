package dev.signaltty.cli.view;

import static dev.signaltty.cli.view.TabViewTest.WAIT;
import static dev.signaltty.cli.view.TabViewTest.statusLine;
import static dev.signaltty.support.ProtocolClient.eventually;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import dev.signaltty.agent.FakeAgent;
import dev.signaltty.support.DaemonFixture;

/**
 * The prefix then {@code a} in {@code signaltty view}: the pane that needs you most, wherever it is on the
 * daemon, through the real CLI, daemon and an outer tmux. The view shows one workspace; the waiting panes
 * are in another one, one of them in a second tab.
 */
class TabViewAttentionJumpTest {

    @RegisterExtension
    static final DaemonFixture daemon = new DaemonFixture("jumpws", FakeAgent.cliProperty());
    static Path claude;

    @TempDir
    Path temp;

    @BeforeAll
    static void installFakeAgent() {
        claude = FakeAgent.install(daemon.root());
    }

    private String workspace(String name) {
        return daemon.client().call("workspace.create", Map.of("name", name, "cwd", daemon.root().toString()))
                .get("workspace_id").asString();
    }

    private String spawn(Map<String, Object> params) {
        return daemon.client().call("pane.spawn", params).get("pane_id").asString();
    }

    @Test
    void goesToThePermissionPromptInAnotherWorkspaceThenTheUnreadPaneInAnotherTabThenBack() throws Exception {
        String here = workspace("deskws");
        spawn(Map.of("workspace_id", here, "argv", List.of("sh", "-c", "echo AT-THE-DESK; exec cat")));
        String away = workspace("farws");
        String agent = spawn(Map.of("workspace_id", away, "label", "migrate the schema", "argv", List.of(claude.toString())));
        String second = daemon.client().call("tab.create", Map.of("workspace_id", away, "name", "builds")).get("tab_id").asString();
        String build = spawn(Map.of("workspace_id", away, "tab_id", second, "label", "ci",
                "argv", List.of("sh", "-c", "echo BUILD-LOG; exec cat")));

        try (OuterTmux tmux = OuterTmux.start(temp, 140, 30, TabViewTest.script(daemon.socket(), temp, "", "view", here))) {
            tmux.await(WAIT, "the desk workspace", s -> s.contains("AT-THE-DESK") && statusLine(s).contains("deskws »"));
            tmux.keys("C-b");
            tmux.keys("a");
            tmux.await(WAIT, "nothing waits yet", s -> statusLine(s).contains("no pane needs attention"));

            // the agent asks for a permission (seed R352: attention.pending lists it, most urgent first) and
            // the build pane is sent a notification (unread)
            daemon.client().call("pane.write", Map.of("pane_id", agent, "data", "ask drop-table\r"));
            eventually(WAIT, () -> daemon.client().call("decision.list", Map.of("pane_id", agent)).get("decisions").size() == 1);
            daemon.client().call("notify", Map.of("pane_id", build, "message", "tests passed"));
            eventually(WAIT, () -> daemon.client().call("attention.pending", Map.of()).get("panes").size() == 2);

            // the permission prompt first, in the other workspace, with its question and the keys that answer it
            tmux.keys("C-b");
            tmux.keys("a");
            tmux.await(WAIT, "the agent's pane in the far workspace", s -> s.contains("fake>")
                    && statusLine(s).contains("farws »") && statusLine(s).contains("*migrate the schema")
                    && statusLine(s).contains("Allow Bash: drop-table? C-b y/N"));
            // again: the next one, the unread build pane in the far workspace's second tab; being shown, it is seen
            tmux.keys("C-b");
            tmux.keys("a");
            tmux.await(WAIT, "the build pane in the second tab", s -> s.contains("BUILD-LOG")
                    && statusLine(s).contains("*ci") && statusLine(s).contains("1:builds*"));
            eventually(WAIT, () -> daemon.client().call("pane.get", Map.of("pane_id", build)).get("attention").asString()
                    .equals("none"));
            // again: round the end, back to the agent, which still waits for its answer
            tmux.keys("C-b");
            tmux.keys("a");
            tmux.await(WAIT, "back at the agent", s -> s.contains("fake>") && statusLine(s).contains("1/1 permission required"));
            tmux.keys("C-b");
            tmux.keys("a");
            tmux.await(WAIT, "it alone waits", s -> statusLine(s).contains("only this pane needs attention (permission required)"));

            tmux.keys("C-b");
            tmux.keys("d");
            tmux.await(WAIT, "the CLI to end", s -> s.contains("CLI-EXIT=0"));
        }
        daemon.client().call("workspace.close", Map.of("workspace_id", away));
        daemon.client().call("workspace.close", Map.of("workspace_id", here));
    }
}
