package dev.signaltty.cli.view;

import static dev.signaltty.cli.view.TabViewTest.WAIT;
import static dev.signaltty.cli.view.TabViewTest.statusLine;
import static dev.signaltty.cli.view.ViewBench.detach;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import dev.signaltty.support.DaemonFixture;
import dev.signaltty.support.ProtocolClient;
import dev.signaltty.support.TestDaemon;

/**
 * One focused pane per tab, shared by every client as tmux shares a window's active pane (ADR 1010):
 * two real views of one tab on one daemon, each in its own outer tmux, and a socket client. The focus
 * one moves (a click, prefix keys, {@code tab.focus}) is the one the others show; a pane closed under
 * the focus leaves every view on the same pane; a restarted daemon keeps the focus.
 */
class TabViewSharedFocusTest {

    @RegisterExtension
    static final ViewBench bench = new ViewBench("sharedws");
    static final DaemonFixture daemon = bench.daemon();

    @TempDir
    Path temp;

    private static String focused(String tab) {
        return daemon.client().call("tab.get", Map.of("tab_id", tab)).get("focused_pane_id").asString();
    }

    private static void awaitFocus(OuterTmux view, String what, String name) {
        view.await(WAIT, what, s -> statusLine(s).contains("*" + name));
    }

    @Test
    void aFocusMovedByOneViewOrAClientIsTheFocusOfEveryView() throws Exception {
        String ws = bench.workspace("sharedws1");
        String left = bench.spawn(ws, Map.of(), "sh", "-c", "echo LEFT-READY; exec cat");
        daemon.client().call("pane.rename", Map.of("pane_id", left, "name", "left"));
        String tab = bench.tabOf(left);
        String right = bench.split(left, "right", "right", "sh", "-c", "echo RIGHT-READY; exec cat");
        String bottom = bench.split(right, "down", "bottom", "sh", "-c", "echo BOTTOM-READY; exec cat");
        Path one = Files.createDirectories(temp.resolve("one"));
        Path two = Files.createDirectories(temp.resolve("two"));

        try (OuterTmux first = OuterTmux.start(one, 120, 30, bench.view(one, ws));
             OuterTmux second = OuterTmux.start(two, 100, 24, bench.view(two, ws))) {
            for (OuterTmux view : List.of(first, second)) {
                view.await(WAIT, "three panes, the last split focused", s -> s.contains("LEFT-READY")
                        && s.contains("RIGHT-READY") && s.contains("BOTTOM-READY") && statusLine(s).contains("*bottom"));
            }

            // a click in the first view's left cell: the second view follows, and the daemon knows it
            first.literal("\u001b[<0;5;3M");
            first.literal("\u001b[<0;5;3m");
            awaitFocus(first, "the left pane focused where it was clicked", "left");
            awaitFocus(second, "the other view following the click", "left");
            assertThat(focused(tab)).isEqualTo(left);

            // prefix keys in the second view: the first follows
            second.keys("C-b");
            second.keys("Right");
            awaitFocus(second, "the pane right of left focused by the keys", "right");
            awaitFocus(first, "the first view following the keys", "right");
            assertThat(focused(tab)).isEqualTo(right);

            // a socket client's tab.focus, by name: both views follow
            daemon.client().call("tab.focus", Map.of("tab_id", tab, "pane_id", "bottom"));
            awaitFocus(first, "the first view following tab.focus", "bottom");
            awaitFocus(second, "the second view following tab.focus", "bottom");

            // typed keys go to the shared focus from either view
            second.literal("typed-in-two");
            second.keys("Enter");
            first.await(WAIT, "the typing in the bottom pane, shown by the first view", s -> s.contains("typed-in-two"));
            assertThat(daemon.tail(bottom)).contains("typed-in-two");

            // the focused pane closed: the pane focused before it (right) in both views, the daemon's choice
            daemon.client().call("pane.close", Map.of("pane_id", bottom));
            for (OuterTmux view : List.of(first, second)) {
                view.await(WAIT, "the bottom pane gone, right focused", s -> !s.contains("BOTTOM-READY")
                        && statusLine(s).contains("*right"));
            }
            assertThat(focused(tab)).isEqualTo(right);

            detach(first);
            detach(second);
        }
        daemon.client().call("workspace.close", Map.of("workspace_id", ws));
    }

    /**
     * tmux's last pane is the window's: a view opened after another moved the focus has prefix ; go where
     * the focus was (the daemon's previous_focused_pane_id, ADR 1145). It said "no previous pane".
     */
    @Test
    void aViewOpenedLaterGoesBackWithSemicolonToThePaneAnotherViewLeft() throws Exception {
        String ws = bench.workspace("sharedws2");
        String left = bench.spawn(ws, Map.of(), "sh", "-c", "echo LEFT-READY; exec cat");
        daemon.client().call("pane.rename", Map.of("pane_id", left, "name", "left"));
        String tab = bench.tabOf(left);
        String right = bench.split(left, "right", "right", "sh", "-c", "echo RIGHT-READY; exec cat");
        Path one = Files.createDirectories(temp.resolve("first"));
        Path two = Files.createDirectories(temp.resolve("later"));

        try (OuterTmux first = OuterTmux.start(one, 100, 24, bench.view(one, ws))) {
            first.await(WAIT, "both panes, right focused", s -> s.contains("LEFT-READY") && s.contains("RIGHT-READY")
                    && statusLine(s).contains("*right"));
            first.keys("C-b");
            first.keys("Left");
            awaitFocus(first, "left focused by the keys", "left");
            detach(first);
        }
        assertThat(focused(tab)).isEqualTo(left);
        try (OuterTmux later = OuterTmux.start(two, 100, 24, bench.view(two, ws))) {
            later.await(WAIT, "both panes, left focused", s -> s.contains("LEFT-READY") && s.contains("RIGHT-READY")
                    && statusLine(s).contains("*left"));
            later.keys("C-b");
            later.keys("\\;");
            later.await(WAIT, "right focused by ;, the pane the first view left", s -> statusLine(s).contains("*right")
                    && !statusLine(s).contains("no previous pane"));
            assertThat(focused(tab)).isEqualTo(right);
            later.keys("C-b");
            later.keys("\\;");
            awaitFocus(later, "left again by ; again", "left");
            detach(later);
        }
        daemon.client().call("workspace.close", Map.of("workspace_id", ws));
    }

    /**
     * ADR 1225: a smaller second view sizes the pane (the latest viewer's size wins, ADR-0160); the first,
     * larger view fills what its cell has beyond the pane with dots, as tmux fills what is outside a smaller
     * window, and the dots go when the smaller view leaves and the pane takes the first view's size again.
     */
    @Test
    void aLargerViewFillsWhatIsOutsideTheSharedSizeWithDots() throws Exception {
        bigAndSmallView("dotsws", "DOTS-READY", (pane, big, small) -> {
            String screen = big.await(WAIT, "dots right of and below the pane", s -> s.lines().findFirst().orElse("")
                    .endsWith(".".repeat(40)) && s.lines().skip(12).findFirst().orElse("").equals(".".repeat(100)));
            assertThat(screen.lines().findFirst().orElseThrow()).as(screen).startsWith("DOTS-READY");
            assertThat(small.capture()).doesNotContain("....."); // the view that sized the pane has no dots
            detach(small);
            big.await(WAIT, "the dots gone with the small view", s -> s.contains("DOTS-READY") && !s.contains("....."));
        });
    }

    /**
     * ADR 1322: with two views of a tab, the one typed into gives the pane its size, as tmux's default
     * {@code window-size latest} follows the client with the latest activity. The big view stayed small, with
     * dots, until its terminal was resized, however long the person typed in it.
     */
    @Test
    void theViewTypedIntoTakesThePaneSizeBack() throws Exception {
        bigAndSmallView("typedsizews", "SIZE-READY", (pane, big, small) -> {
            big.await(WAIT, "dots in the big view", s -> s.contains("....."));

            big.literal("typed-in-big");
            ProtocolClient.eventually(WAIT, () -> cols(pane) == 100);
            big.await(WAIT, "the dots gone", s -> s.contains("typed-in-big") && !s.contains("....."));

            small.literal("typed-in-small"); // and back: the latest typing wins each time
            ProtocolClient.eventually(WAIT, () -> cols(pane) == 60);
            big.literal("again");
            ProtocolClient.eventually(WAIT, () -> cols(pane) == 100);
            detach(small);
        });
    }

    /** What a test does with a 100x24 view and a 60x12 view of one pane's tab, the small one having sized it. */
    private interface TwoViews {
        void run(String pane, OuterTmux big, OuterTmux small) throws Exception;
    }

    /**
     * A {@code cat} pane printing {@code ready} in a new workspace {@code name}, a 100x24 view of it, then a 60x12 one,
     * which sizes the pane (the latest viewer's size, ADR 0160); {@code body} runs with both and detaches the small
     * one, the big one is detached after it and the workspace closed.
     */
    private void bigAndSmallView(String name, String ready, TwoViews body) throws Exception {
        String ws = bench.workspace(name);
        String pane = bench.spawn(ws, Map.of(), "sh", "-c", "echo " + ready + "; exec cat");
        Path one = Files.createDirectories(temp.resolve("big"));
        Path two = Files.createDirectories(temp.resolve("small"));
        try (OuterTmux big = OuterTmux.start(one, 100, 24, bench.view(one, ws))) {
            big.await(WAIT, "the pane at the big view's size", s -> s.contains(ready) && !s.contains("....."));
            try (OuterTmux small = OuterTmux.start(two, 60, 12, bench.view(two, ws))) {
                small.await(WAIT, "the small view", s -> s.contains(ready));
                ProtocolClient.eventually(WAIT, () -> cols(pane) == 60);
                body.run(pane, big, small);
            }
            detach(big);
        }
        daemon.client().call("workspace.close", Map.of("workspace_id", ws));
    }

    private static int cols(String pane) {
        return daemon.client().call("pane.get", Map.of("pane_id", pane)).get("pane").get("cols").asInt();
    }

    @Test
    void aViewOfARestartedDaemonShowsTheFocusTheLastViewLeft(@TempDir Path root) throws Exception {
        Path before = Files.createDirectories(temp.resolve("before"));
        Path after = Files.createDirectories(temp.resolve("after"));
        String left;
        try (TestDaemon restarted = TestDaemon.start(root); ProtocolClient client = restarted.connect()) {
            String ws = client.call("workspace.create", Map.of("name", "kept", "cwd", root.toString()))
                    .get("workspace_id").asString();
            left = client.call("pane.spawn", Map.of("workspace_id", ws, "argv", List.of("sh", "-c", "echo LEFT-READY; exec cat")))
                    .get("pane_id").asString();
            client.call("pane.rename", Map.of("pane_id", left, "name", "left"));
            String right = client.call("pane.split", Map.of("pane_id", left, "direction", "right",
                    "argv", List.of("sh", "-c", "echo RIGHT-READY; exec cat"))).get("pane_id").asString();
            client.call("pane.rename", Map.of("pane_id", right, "name", "right"));
            try (OuterTmux view = OuterTmux.start(before, 100, 24, TabViewTest.script(restarted.socket(), before, "",
                    "view", ws))) {
                view.await(WAIT, "both panes, right focused", s -> s.contains("LEFT-READY") && statusLine(s).contains("*right"));
                view.keys("C-b");
                view.keys("Left");
                awaitFocus(view, "left focused by the keys", "left");
                detach(view);
            }
        }
        try (TestDaemon restarted = TestDaemon.start(root);
             OuterTmux view = OuterTmux.start(after, 100, 24, TabViewTest.script(restarted.socket(), after, "", "view"))) {
            view.await(WAIT, "the restored tab with left focused", s -> s.contains("kept")
                    && statusLine(s).contains("*left"));
            detach(view);
        }
    }
}
