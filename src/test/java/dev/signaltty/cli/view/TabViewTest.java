package dev.signaltty.cli.view;

import static dev.signaltty.support.ProtocolClient.eventually;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import dev.signaltty.agent.FakeAgent;
import dev.signaltty.support.DaemonFixture;

/**
 * {@code signaltty view} in tmux as the outer terminal (120×30): the real CLI process, the real
 * daemon, a bash-free {@code cat} pane beside the scripted fake agent, whose hooks run the real
 * {@code signaltty hook-event}. Keys and SGR mouse reports go in with send-keys; capture-pane shows
 * the result.
 */
class TabViewTest {

    static final Duration WAIT = Duration.ofSeconds(90);

    @RegisterExtension
    static final DaemonFixture daemon = new DaemonFixture("viewws", FakeAgent.cliProperty());
    static Path claude;

    @TempDir
    Path temp;

    @BeforeAll
    static void installFakeAgent() {
        claude = FakeAgent.install(daemon.root());
    }

    /** A script that runs the CLI with {@code args} against the fixture's daemon, then reports its exit. */
    static Path script(Path dir, String before, String... args) throws IOException {
        return script(daemon.socket(), dir, before, args);
    }

    /** As {@link #script(Path, String, String...)}, against the daemon at {@code socket}. */
    static Path script(Path socket, Path dir, String before, String... args) throws IOException {
        List<String> command = new ArrayList<>(List.of(ProcessHandle.current().info().command().orElseThrow(),
                "--enable-native-access=ALL-UNNAMED", "-XX:+UseSerialGC", "-cp", System.getProperty("java.class.path"),
                "dev.signaltty.cli.Main", "--no-start"));
        command.addAll(List.of(args));
        StringBuilder quoted = new StringBuilder();
        for (String w : command) {
            quoted.append(" '").append(w.replace("'", "'\\''")).append('\'');
        }
        Path script = dir.resolve("run.sh");
        Files.writeString(script, "unset SIGNALTTY_PANE SIGNALTTY_WORKSPACE SIGNALTTY_TASK\n"
                + "export SIGNALTTY_SOCKET='" + socket + "'\n" + before + "\n"
                + quoted.toString().strip() + " 2>'" + dir.resolve("err") + "'\n"
                + "echo \"CLI-EXIT=$?\"\nsleep 600\n");
        return script;
    }

    /** The column of the vertical divider on a line, or -1. */
    static int divider(String line) {
        return line.indexOf('│');
    }

    static String statusLine(String screen) {
        String[] lines = screen.split("\n");
        return lines[lines.length - 1];
    }

    @Test
    void drawsATabSizesItsPanesShowsAgentBadgesAndSteersWithKeysAndMouse() throws Exception {
        String left = daemon.client().call("pane.spawn", Map.of("workspace_id", daemon.workspace(),
                "argv", List.of("sh", "-c", "echo LEFT-READY; exec cat"))).get("pane_id").asString();
        String tab = daemon.client().call("pane.get", Map.of("pane_id", left)).get("pane").get("tab_id").asString();
        String agent = daemon.client().call("pane.split", Map.of("pane_id", left, "direction", "right",
                "argv", List.of(claude.toString()))).get("pane_id").asString();
        daemon.client().call("pane.rename", Map.of("pane_id", agent, "name", "agent"));

        try (OuterTmux tmux = OuterTmux.start(temp, 120, 30, script(temp, "", "view", daemon.workspace()))) {
            // the borders, and both panes' content in their own cells
            String screen = tmux.await(WAIT, "both panes drawn", s -> s.contains("LEFT-READY") && s.contains("fake>")
                    && s.contains("│"));
            int col = -1;
            for (String line : screen.split("\n")) {
                if (line.contains("LEFT-READY")) {
                    col = divider(line);
                    assertThat(line.indexOf("LEFT-READY")).as(screen).isLessThan(col);
                }
                if (line.contains("fake>")) {
                    assertThat(line.indexOf("fake>")).isGreaterThan(divider(line));
                }
            }
            assertThat(col).as(screen).isBetween(50, 70);
            int divider = col;
            // each pane is sized to its cell: left of the divider, right of it, all rows but the status line
            eventually(WAIT, () -> cols(left) == divider && cols(agent) == 120 - divider - 1 && rows(left) == 29);

            // the status line: workspace, tab, pane names, the agent's lifecycle badge
            tmux.await(WAIT, "the agent idle in the status line", s -> statusLine(s).contains("viewws")
                    && statusLine(s).contains("agent") && statusLine(s).contains(" idle ") && statusLine(s).contains("decisions 0"));

            // click into the agent's cell to focus it, then start a turn that asks for permission
            tmux.literal("\u001b[<0;" + (divider + 10) + ";5M");
            tmux.literal("\u001b[<0;" + (divider + 10) + ";5m");
            tmux.await(WAIT, "the agent focused", s -> statusLine(s).contains("*agent"));
            tmux.literal("ask rm-stuff");
            tmux.keys("Enter");
            tmux.await(WAIT, "a permission badge and one pending decision", s -> statusLine(s).contains("permission_required")
                    && statusLine(s).contains("blocked") && statusLine(s).contains("decisions 1"));
            // prefix y answers the focused pane's newest decision: allow once
            tmux.keys("C-b");
            tmux.keys("y");
            tmux.await(WAIT, "the tool allowed and the badges cleared", s -> s.contains("ALLOWED rm-stuff")
                    && statusLine(s).contains("decisions 0") && !statusLine(s).contains("permission_required")
                    && !statusLine(s).contains("blocked"));

            // prefix Left moves the focus to the cat pane; typed keys go there and come back through the view
            tmux.keys("C-b");
            tmux.keys("Left");
            // the unnamed pane is called by what runs in it (sh became cat), as tmux calls a window (ADR 1147, 1301)
            tmux.await(WAIT, "the left pane focused, called cat", s -> statusLine(s).contains("*cat")
                    && !statusLine(s).contains(left));
            tmux.literal("typed-into-left");
            tmux.keys("Enter");
            tmux.await(WAIT, "the echo in the left cell", s -> s.lines().anyMatch(l -> l.startsWith("typed-into-left")));

            // copy mode over the focused pane's scrollback: a regex search, Enter copies the line with OSC 52
            tmux.keys("C-b");
            tmux.keys("[");
            tmux.await(WAIT, "copy mode", s -> s.contains("[copy "));
            tmux.literal("/");
            tmux.literal("LEFT-R[A-Z]+");
            tmux.keys("Enter");
            tmux.keys("Enter");
            tmux.await(WAIT, "copy mode left", s -> !s.contains("[copy "));
            eventually(WAIT, () -> tmux.buffer().contains("LEFT-READY"));

            // zoom shows the focused pane alone (view-only), and again toggles back; the workspace's only tab
            // is flagged Z meanwhile, as tmux flags a zoomed window however many windows there are
            // a name the daemon gave (tab 1) is shown as the focused pane's program (ADR 1223)
            var shown = daemon.client().call("tab.get", Map.of("tab_id", tab));
            var focused = daemon.client().call("pane.get", Map.of("pane_id", shown.get("focused_pane_id").asString())).get("pane");
            String program = focused.has("current_command") ? focused.get("current_command").asString()
                    : Path.of(focused.get("argv").get(0).asString()).getFileName().toString();
            String tabName = shown.get("name").asString().matches("tab [0-9]+") ? program : shown.get("name").asString();
            tmux.keys("C-b");
            tmux.keys("z");
            tmux.await(WAIT, "zoomed", s -> !s.contains("│") && !s.contains("fake>")
                    && statusLine(s).contains("» 0:" + tabName + "Z "));
            tmux.keys("C-b");
            tmux.keys("z");
            tmux.await(WAIT, "unzoomed", s -> s.contains("│") && s.contains("fake>") && !statusLine(s).contains(tabName + "Z"));

            // drag the divider with the mouse (SGR press, motion, release): tab.set_ratio, then a redraw
            int to = 40;
            tmux.literal("\u001b[<0;" + (divider + 1) + ";10M");
            tmux.literal("\u001b[<32;" + (divider - 5) + ";10M");
            tmux.literal("\u001b[<32;" + (to + 1) + ";10M");
            tmux.literal("\u001b[<0;" + (to + 1) + ";10m");
            eventually(WAIT, () -> Math.abs(ratio(tab) - 40.0 / 119) < 0.01);
            tmux.await(WAIT, "the divider at its new column", s -> s.lines().limit(29).allMatch(l -> divider(l) == to));
            eventually(WAIT, () -> cols(left) == to && cols(agent) == 120 - to - 1);

            // the agent's program exits: its cell says so
            tmux.literal("\u001b[<0;" + (to + 10) + ";5M");
            tmux.literal("\u001b[<0;" + (to + 10) + ";5m");
            tmux.await(WAIT, "the agent focused again", s -> statusLine(s).contains("*agent"));
            tmux.literal("exit");
            tmux.keys("Enter");
            tmux.await(WAIT, "the exit note", s -> s.contains("[exited 0]"));

            // prefix d detaches: the terminal is restored and the CLI ends with 0
            tmux.keys("C-b");
            tmux.keys("d");
            String after = tmux.await(WAIT, "the CLI to end", s -> s.contains("CLI-EXIT="));
            assertThat(after).contains("[detached]").contains("CLI-EXIT=0").doesNotContain("LEFT-READY");
        }
        // the last sizing viewer left: the pane keeps the size it had (ADR-0160)
        assertThat(cols(left)).isEqualTo(40);
        daemon.client().call("pane.close", Map.of("pane_id", left));
        daemon.client().call("pane.close", Map.of("pane_id", agent));
    }

    @Test
    void aSplitFromTheViewFocusesTheNewPaneSoTypingGoesOnThere() throws Exception { // as tmux does
        String workspace = daemon.client().call("workspace.create", Map.of("name", "splitws", "cwd", daemon.root().toString()))
                .get("workspace_id").asString();
        String old = daemon.client().call("pane.spawn", Map.of("workspace_id", workspace,
                "argv", List.of("sh", "-c", "echo OLD-READY; exec cat"))).get("pane_id").asString();
        String tab = daemon.client().call("pane.get", Map.of("pane_id", old)).get("pane").get("tab_id").asString();
        daemon.client().call("pane.rename", Map.of("pane_id", old, "name", "old"));

        try (OuterTmux tmux = OuterTmux.start(temp, 100, 24, script(temp, "", "view", workspace))) {
            tmux.await(WAIT, "the pane drawn and focused", s -> s.contains("OLD-READY") && statusLine(s).contains("*old"));
            tmux.keys("C-b");
            tmux.keys("%");
            eventually(WAIT, () -> daemon.client().call("tab.get", Map.of("tab_id", tab)).get("pane_ids").size() == 2);
            String created = daemon.client().call("tab.get", Map.of("tab_id", tab)).get("pane_ids").get(1).asString();
            String argv0 = daemon.client().call("pane.get", Map.of("pane_id", created)).get("pane").get("argv").get(0).asString();
            String program = argv0.substring(argv0.lastIndexOf('/') + 1);
            tmux.await(WAIT, "the new pane focused, called by its shell's name", s -> statusLine(s).contains("*" + program)
                    && !statusLine(s).contains(created) && !statusLine(s).contains("*old"));
            // its id, to type it elsewhere: the prefix then i
            tmux.keys("C-b");
            tmux.keys("i");
            tmux.await(WAIT, "the focused pane's id and what it is called", s -> statusLine(s).contains(created + " (" + program + ")"));

            // a shell evaluates the line; the old pane's cat would only echo it back
            tmux.literal("echo NEW-GOT-$((6*7))");
            tmux.keys("Enter");
            eventually(WAIT, () -> daemon.tail(created).contains("NEW-GOT-42"));
            assertThat(daemon.tail(old)).doesNotContain("NEW-GOT");

            detachAndAwaitExit(tmux);
            daemon.client().call("pane.close", Map.of("pane_id", created));
        }
        daemon.client().call("pane.close", Map.of("pane_id", old));
    }

    @Test
    void nextTabSkipsAnEmptyTabInsteadOfEndingTheView() throws Exception {
        String workspace = daemon.client().call("workspace.create", Map.of("name", "tabsws", "cwd", daemon.root().toString()))
                .get("workspace_id").asString();
        String first = daemon.client().call("pane.spawn", Map.of("workspace_id", workspace,
                "argv", List.of("sh", "-c", "echo FIRST-TAB; exec cat"))).get("pane_id").asString();
        daemon.client().call("tab.create", Map.of("workspace_id", workspace, "name", "empty"));
        String third = daemon.client().call("tab.create", Map.of("workspace_id", workspace, "name", "third")).get("tab_id").asString();
        String other = daemon.client().call("pane.spawn", Map.of("workspace_id", workspace, "tab_id", third,
                "argv", List.of("sh", "-c", "echo THIRD-TAB; exec cat"))).get("pane_id").asString();

        try (OuterTmux tmux = OuterTmux.start(temp, 100, 24, script(temp, "", "view", workspace))) {
            tmux.await(WAIT, "the first tab", s -> s.contains("FIRST-TAB"));
            tmux.keys("C-b");
            tmux.keys(")");
            tmux.await(WAIT, "the third tab, past the empty one", s -> s.contains("THIRD-TAB") && statusLine(s).contains(" 2:third* "));
            tmux.keys("C-b");
            tmux.keys(")");
            tmux.await(WAIT, "round to the first tab", s -> s.contains("FIRST-TAB") && !s.contains("CLI-EXIT="));
            detachAndAwaitExit(tmux);
        }
        daemon.client().call("pane.close", Map.of("pane_id", first));
        daemon.client().call("pane.close", Map.of("pane_id", other));
    }

    @Test
    void aWorkspaceWithoutATabIsNoSuchTabWithHowToStartOne() throws Exception { // the seed's codes, not NOT_FOUND
        daemon.client().call("workspace.create", Map.of("name", "tablessws", "cwd", daemon.root().toString()));
        try (OuterTmux tmux = OuterTmux.start(temp, 100, 24, script(temp, "", "view", "tablessws"))) {
            tmux.await(WAIT, "the CLI to end", s -> s.contains("CLI-EXIT=1"));
        }
        assertThat(Files.readString(temp.resolve("err")))
                .startsWith("NO_SUCH_TAB: workspace tablessws has no tab to view (signaltty pane spawn tablessws -- <command>");
    }

    @Test
    void aTabThatNeverHadPanesIsAnErrorSayingHowToAddOneNotNoPanesLeft() throws Exception {
        String workspace = daemon.client().call("workspace.create", Map.of("name", "emptytabws", "cwd", daemon.root().toString()))
                .get("workspace_id").asString();
        String empty = daemon.client().call("tab.create", Map.of("workspace_id", workspace, "name", "bare")).get("tab_id").asString();
        try (OuterTmux tmux = OuterTmux.start(temp, 100, 24, script(temp, "", "view", "--tab", empty))) {
            tmux.await(WAIT, "the CLI to end", s -> s.contains("CLI-EXIT=1"));
        }
        assertThat(Files.readString(temp.resolve("err"))).startsWith("NO_SUCH_PANE: tab bare has no panes to view"
                + " (add one: signaltty pane spawn " + workspace + " --tab " + empty + " -- <command>)");

        // a tab whose last pane closes while shown is the other ending
        String pane = daemon.client().call("pane.spawn", Map.of("workspace_id", workspace, "tab_id", empty,
                "argv", List.of("sh", "-c", "echo ONLY-PANE; exec cat"))).get("pane_id").asString();
        try (OuterTmux tmux = OuterTmux.start(temp, 100, 24, script(temp, "", "view", "--tab", empty))) {
            tmux.await(WAIT, "the pane", s -> s.contains("ONLY-PANE"));
            daemon.client().call("pane.close", Map.of("pane_id", pane));
            tmux.await(WAIT, "the view to end", s -> s.contains("[tab bare has no panes left]") && s.contains("CLI-EXIT=0"));
        }
    }

    @Test
    void attachEndsWithAMessageWhenTheProgramExitsAndGivesTheScreenBack() throws Exception { // issue 16 item 5
        String workspace = daemon.client().call("workspace.create", Map.of("name", "attachws", "cwd", daemon.root().toString()))
                .get("workspace_id").asString();
        String pane = daemon.client().call("pane.spawn", Map.of("workspace_id", workspace, "argv",
                List.of("sh", "-c", "echo PANE-SAYS-HI; read x; echo bye-$x; exit 3"))).get("pane_id").asString();
        try (OuterTmux tmux = OuterTmux.start(temp, 100, 20, script(temp, "echo BEFORE-ATTACH", "attach", pane))) {
            tmux.await(WAIT, "the pane attached", s -> s.contains("PANE-SAYS-HI") && !s.contains("BEFORE-ATTACH"));
            // the pane follows this terminal's size
            eventually(WAIT, () -> cols(pane) == 100 && rows(pane) == 20);
            tmux.literal("now");
            tmux.keys("Enter");
            String after = tmux.await(WAIT, "attach to end", s -> s.contains("CLI-EXIT="));
            // the alternate screen is left: the shell's screen is back, without the pane's leftovers
            assertThat(after).contains("BEFORE-ATTACH").contains("[pane " + pane + " exited with status 3]")
                    .contains("CLI-EXIT=0").doesNotContain("PANE-SAYS-HI").doesNotContain("bye-now");
        }
        assertThat(daemon.tail(pane)).contains("bye-now");

        // attaching to the pane now that it has exited ends at once, with the same note and its status
        Path again = Files.createDirectories(temp.resolve("again"));
        try (OuterTmux tmux = OuterTmux.start(again, 100, 20, script(again, "", "attach", pane))) {
            String after = tmux.await(WAIT, "attach to end", s -> s.contains("CLI-EXIT="));
            assertThat(after).contains("[pane " + pane + " exited with status 3]").contains("CLI-EXIT=0");
        }
    }

    static int cols(String pane) {
        return daemon.client().call("pane.get", Map.of("pane_id", pane)).get("pane").get("cols").asInt();
    }

    static int rows(String pane) {
        return daemon.client().call("pane.get", Map.of("pane_id", pane)).get("pane").get("rows").asInt();
    }

    static double ratio(String tab) {
        return daemon.client().call("tab.get", Map.of("tab_id", tab)).get("layout").get("ratio").asDouble();
    }

    /** Prefix d: the view detaches and the CLI ends with 0. */
    private static void detachAndAwaitExit(OuterTmux tmux) {
        tmux.keys("C-b");
        tmux.keys("d");
        tmux.await(WAIT, "the CLI to end", s -> s.contains("CLI-EXIT=0"));
    }
}
