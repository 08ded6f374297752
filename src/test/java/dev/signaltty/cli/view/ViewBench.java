package dev.signaltty.cli.view;

import static dev.signaltty.cli.view.TabViewTest.WAIT;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

import dev.signaltty.agent.FakeAgent;
import dev.signaltty.support.DaemonFixture;

/**
 * What the end-to-end tests of {@code signaltty view} share: one real daemon for the class (its own
 * XDG dirs, {@link DaemonFixture}) with the scripted fake agent installed as {@code claude}, the
 * script that runs the view in an {@link OuterTmux}, and the daemon calls that build a workspace
 * for a test (workspaces, tabs, panes, splits). Register it on a static field:
 *
 * <pre>{@code
 * @RegisterExtension
 * static final ViewBench bench = new ViewBench("habitsws");
 * static final DaemonFixture daemon = bench.daemon();
 * }</pre>
 */
final class ViewBench implements BeforeAllCallback, AfterAllCallback {

    private final DaemonFixture daemon;
    private Path claude;

    ViewBench(String workspaceName) {
        this.daemon = new DaemonFixture(workspaceName, FakeAgent.cliProperty());
    }

    @Override
    public void beforeAll(ExtensionContext context) throws IOException {
        daemon.beforeAll(context);
        claude = FakeAgent.install(daemon.root()); // a rerun's root is a new one
    }

    @Override
    public void afterAll(ExtensionContext context) throws IOException {
        daemon.afterAll(context);
    }

    DaemonFixture daemon() {
        return daemon;
    }

    /** The fake agent's executable (a pane running it behaves as Claude Code with its hooks). */
    Path claude() {
        return claude;
    }

    /** The script an {@link OuterTmux} runs: {@code signaltty view ARGS} against this daemon, in {@code dir}. */
    Path view(Path dir, String... args) throws IOException {
        List<String> all = new ArrayList<>(List.of("view"));
        all.addAll(List.of(args));
        return TabViewTest.script(daemon.socket(), dir, "", all.toArray(String[]::new));
    }

    String workspace(String name) {
        return daemon.client().call("workspace.create", Map.of("name", name, "cwd", daemon.root().toString()))
                .get("workspace_id").asString();
    }

    /** A tab named {@code name}, with no pane yet. */
    String tab(String workspace, String name) {
        return daemon.client().call("tab.create", Map.of("workspace_id", workspace, "name", name)).get("tab_id").asString();
    }

    /** A pane running {@code argv} in {@code workspace}, with further pane.spawn params (tab_id, label). */
    String spawn(String workspace, Map<String, Object> extra, String... argv) {
        Map<String, Object> params = new HashMap<>(extra);
        params.put("workspace_id", workspace);
        params.put("argv", List.of(argv));
        return daemon.client().call("pane.spawn", params).get("pane_id").asString();
    }

    /** A pane split off {@code pane} towards {@code direction}, renamed {@code name}. */
    String split(String pane, String direction, String name, String... argv) {
        String id = daemon.client().call("pane.split", Map.of("pane_id", pane, "direction", direction, "argv", List.of(argv)))
                .get("pane_id").asString();
        daemon.client().call("pane.rename", Map.of("pane_id", id, "name", name));
        return id;
    }

    String tabOf(String pane) {
        return daemon.client().call("pane.get", Map.of("pane_id", pane)).get("pane").get("tab_id").asString();
    }

    /** The prefix then d, and the CLI's exit 0 (a detach). */
    /** A program that asks for {@code modes} (DECSET sequences), says {@code ready}, and shows its input with {@code cat -v}. */
    static String[] visibleEcho(String ready, String modes) {
        return new String[] {"sh", "-c", "stty raw -echo; printf '" + modes + "'; echo " + ready + "; exec cat -v"};
    }

    static void detach(OuterTmux tmux) {
        tmux.keys("C-b");
        tmux.keys("d");
        tmux.await(WAIT, "the CLI to end", s -> s.contains("CLI-EXIT=0"));
    }
}
