package dev.signaltty.cli.view;

import static dev.signaltty.cli.view.TabViewTest.WAIT;
import static dev.signaltty.cli.view.TabViewTest.statusLine;
import static dev.signaltty.cli.view.ViewBench.detach;
import static dev.signaltty.support.ProtocolClient.eventually;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import dev.signaltty.support.DaemonFixture;

/**
 * The prefix then {@code s} in {@code signaltty view} (ADR 0900): every workspace's tabs and panes as a
 * tree with the status line's badges, as tmux's choose-tree; Enter goes to a pane of another workspace
 * and focuses it, h/l fold and unfold a workspace, Enter on a workspace shows its first tab; and a click on
 * a pane's name in the status line focuses it. Through the real CLI, daemon and an outer tmux.
 */
class TabViewFleetChooserTest {

    @RegisterExtension
    static final ViewBench bench = new ViewBench("fleetchooserws");
    static final DaemonFixture daemon = bench.daemon();

    @TempDir
    Path temp;

    @Test
    void choosesAPaneInAnotherWorkspaceFoldsAWorkspaceAndShowsItsFirstTab() throws Exception {
        String here = bench.workspace("deskws");
        bench.spawn(here, Map.of("label", "desk"), "sh", "-c", "echo AT-THE-DESK; exec cat");
        String away = bench.workspace("farws");
        String agent = bench.spawn(away, Map.of("label", "migrate the schema"), bench.claude().toString());
        String ci = bench.spawn(away, Map.of("tab_id", bench.tab(away, "builds"), "label", "ci"),
                "sh", "-c", "echo CI-LOG; exec cat");
        bench.split(ci, "right", "lint", "sh", "-c", "echo LINT-LOG; exec cat");
        daemon.client().call("pane.write", Map.of("pane_id", agent, "data", "ask drop-table\r"));
        eventually(WAIT, () -> daemon.client().call("decision.list", Map.of("pane_id", agent)).get("decisions").size() == 1);

        try (OuterTmux tmux = OuterTmux.start(temp, 140, 30, bench.view(temp, here))) {
            tmux.await(WAIT, "the desk workspace", s -> s.contains("AT-THE-DESK") && statusLine(s).contains("deskws »"));
            tmux.keys("C-b");
            tmux.keys("s");
            // the tree: both workspaces, their tabs, the panes with their badges; the agent blocked on its question
            tmux.await(WAIT, "the fleet chooser", s -> s.contains("choose a pane") && s.contains("- deskws")
                    && s.contains("- farws") && s.contains("1 needs you") && s.contains("1:builds")
                    && s.contains("*desk") && s.contains("migrate the schema") && s.contains(" blocked ")
                    && s.contains(" permission_required ") && s.contains(" ?") && s.contains("lint"));
            // from the desk pane down past farws, its first tab and the agent, 1:builds and ci, to lint
            tmux.literal("jjjjjj");
            tmux.keys("Enter");
            tmux.await(WAIT, "lint in the far workspace's second tab", s -> !s.contains("choose a pane")
                    && s.contains("LINT-LOG") && statusLine(s).contains("farws »") && statusLine(s).contains("1:builds*")
                    && statusLine(s).contains("*lint"));

            // again, on lint: h folds farws (its panes go, the line is chosen), l unfolds, q leaves
            tmux.keys("C-b");
            tmux.keys("s");
            tmux.await(WAIT, "the chooser on lint", s -> s.contains("choose a pane") && s.contains("*lint"));
            tmux.literal("h");
            tmux.await(WAIT, "farws folded", s -> s.contains("+ farws") && !box(s).contains("lint") && !box(s).contains("1:builds"));
            tmux.literal("l");
            tmux.await(WAIT, "farws unfolded", s -> s.contains("- farws") && box(s).contains("1:builds") && box(s).contains("lint"));
            tmux.literal("q");
            tmux.await(WAIT, "the chooser gone", s -> !s.contains("choose a pane") && statusLine(s).contains("*lint"));

            // Enter on a (folded) workspace's line: its first tab, where the agent waits
            tmux.keys("C-b");
            tmux.keys("s");
            tmux.await(WAIT, "the chooser", s -> s.contains("choose a pane"));
            tmux.keys("Left");
            tmux.await(WAIT, "farws folded", s -> s.contains("+ farws"));
            tmux.keys("Enter");
            tmux.await(WAIT, "farws's first tab", s -> !s.contains("choose a pane") && s.contains("fake>")
                    && statusLine(s).contains("farws »") && statusLine(s).contains("0:"));

            // Esc leaves too, and nothing changed
            tmux.keys("C-b");
            tmux.keys("s");
            tmux.await(WAIT, "the chooser", s -> s.contains("choose a pane"));
            tmux.keys("Escape");
            tmux.await(WAIT, "gone", s -> !s.contains("choose a pane") && s.contains("fake>"));
            detach(tmux);
        }
        daemon.client().call("workspace.close", Map.of("workspace_id", away));
        daemon.client().call("workspace.close", Map.of("workspace_id", here));
    }

    @Test
    void anUnnamedPaneIsCalledByItsProgramAndFoundByItsId() throws Exception {
        String here = bench.workspace("progdesk");
        bench.spawn(here, Map.of("label", "desk"), "sh", "-c", "echo PROG-DESK; exec cat");
        String away = bench.workspace("progfar");
        String unnamed = bench.spawn(away, Map.of(), "sh", "-c", "echo UNNAMED-READY; exec cat");

        try (OuterTmux tmux = OuterTmux.start(temp, 140, 30, bench.view(temp, here))) {
            tmux.await(WAIT, "the desk", s -> s.contains("PROG-DESK"));
            tmux.keys("C-b");
            tmux.keys("s");
            // as the status line calls it (ADR 1147): what runs in it (sh became cat), never its id (ADR 1221, 1301)
            String chooser = tmux.await(WAIT, "the fleet chooser", s -> box(s).contains("- progfar") && box(s).contains("*desk"));
            assertThat(box(chooser).lines().map(String::strip)).as(chooser).contains("*cat");
            assertThat(box(chooser)).as(chooser).doesNotContain(unnamed);
            tmux.literal("q");
            tmux.await(WAIT, "the chooser gone", s -> !s.contains("choose a pane"));
            // f finds it by the start of its id, read in ls
            tmux.keys("C-b");
            tmux.keys("f");
            tmux.literal(unnamed.substring(0, 9));
            tmux.keys("Enter");
            tmux.await(WAIT, "the unnamed pane shown", s -> s.contains("UNNAMED-READY") && statusLine(s).contains("progfar »")
                    && statusLine(s).contains("*cat"));
            detach(tmux);
        }
        daemon.client().call("workspace.close", Map.of("workspace_id", away));
        daemon.client().call("workspace.close", Map.of("workspace_id", here));
    }

    @Test
    void aClickOnAPanesNameInTheStatusLineFocusesIt() throws Exception {
        String ws = bench.workspace("clickws");
        String left = bench.spawn(ws, Map.of("label", "leftpane"), "sh", "-c", "echo LEFT-READY; exec cat");
        bench.split(left, "right", "rightpane", "sh", "-c", "echo RIGHT-READY; exec cat");
        try (OuterTmux tmux = OuterTmux.start(temp, 120, 20, bench.view(temp, ws))) {
            tmux.await(WAIT, "both panes, the new one focused", s -> s.contains("LEFT-READY") && s.contains("RIGHT-READY")
                    && statusLine(s).contains("*rightpane"));
            String status = statusLine(tmux.capture());
            int col = status.indexOf(" leftpane") + 3; // on its name
            tmux.literal("\u001b[<0;" + (col + 1) + ";20M");
            tmux.literal("\u001b[<0;" + (col + 1) + ";20m");
            tmux.await(WAIT, "the left pane focused", s -> statusLine(s).contains("*leftpane") && !statusLine(s).contains("*rightpane"));
            tmux.literal("typed-left");
            eventually(WAIT, () -> daemon.client().call("pane.read", Map.of("pane_id", left, "mode", "screen"))
                    .get("text").asString().contains("typed-left"));
            detach(tmux);
        }
        daemon.client().call("workspace.close", Map.of("workspace_id", ws));
    }

    @Test
    void theOpenChooserFollowsPanesComingAndGoingAndKeepsTheLineChosen() throws Exception {
        String first = bench.workspace("aaafirst"); // listed before the others: lines come and go above the one chosen
        String early = bench.spawn(first, Map.of("label", "early"), "sh", "-c", "echo EARLY; exec cat");
        String here = bench.workspace("followdesk");
        bench.spawn(here, Map.of("label", "desk"), "sh", "-c", "echo FOLLOW-DESK; exec cat");
        String away = bench.workspace("followfar");
        String ci = bench.spawn(away, Map.of("label", "ci"), "sh", "-c", "echo FOLLOW-CI; exec cat");

        try (OuterTmux tmux = OuterTmux.start(temp, 140, 30, bench.view(temp, here))) {
            tmux.await(WAIT, "the desk", s -> s.contains("FOLLOW-DESK"));
            tmux.keys("C-b");
            tmux.keys("s");
            tmux.await(WAIT, "the fleet chooser", s -> box(s).contains("early") && box(s).contains("ci"));
            // from the desk pane: followfar, its tab, ci
            tmux.literal("jjj");
            // while it is open: a pane comes above the line chosen, another goes, ci asks for attention
            bench.spawn(first, Map.of("tab_id", bench.tab(first, "later"), "label", "late"),
                    "sh", "-c", "echo LATE; exec cat");
            tmux.await(WAIT, "the new pane listed", s -> box(s).contains("late") && box(s).contains("1:later"));
            daemon.client().call("pane.close", Map.of("pane_id", early));
            tmux.await(WAIT, "the closed pane gone", s -> !box(s).contains("early"));
            daemon.client().call("notify", Map.of("pane_id", ci, "message", "built"));
            tmux.await(WAIT, "ci's attention", s -> box(s).contains("*ci") && box(s).contains(" unread"));
            // Enter: still ci, though the lines above it changed
            tmux.keys("Enter");
            tmux.await(WAIT, "ci shown and focused", s -> !s.contains("choose a pane") && s.contains("FOLLOW-CI")
                    && statusLine(s).contains("followfar »") && statusLine(s).contains("*ci"));
            detach(tmux);
        }
        for (String ws : new String[] {first, here, away}) {
            daemon.client().call("workspace.close", Map.of("workspace_id", ws));
        }
    }

    /** The screen above the status line (where the chooser's box is). */
    static String box(String screen) {
        String[] lines = screen.split("\n");
        return String.join("\n", java.util.Arrays.asList(lines).subList(0, lines.length - 1));
    }
}
