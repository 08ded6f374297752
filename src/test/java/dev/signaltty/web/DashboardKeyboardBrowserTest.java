package dev.signaltty.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.openqa.selenium.Keys;
import org.openqa.selenium.interactions.Actions;

import dev.signaltty.agent.AgentDaemonFixture;
import dev.signaltty.support.DaemonFixture;
import dev.signaltty.support.ProtocolClient;
import tools.jackson.databind.JsonNode;

/**
 * The dashboard without a mouse, and what its cards and badges say (ADR 1150): Ctrl+Shift+L takes the
 * keyboard out of a terminal (xterm.js keeps Tab) to "Needs you", the sidebar, and back, Ctrl+Shift+H the other
 * way (ADR 1240); an overview card says which workspace and tab its pane is in; an exit whose status is unknown
 * says so, and why.
 */
class DashboardKeyboardBrowserTest {

    @RegisterExtension
    static final DashboardFixture page = new DashboardFixture(new DaemonFixture("keys", "signaltty.web.port=0"), 1400, 820);
    static final DaemonFixture daemon = page.daemon();

    /** Keys to whatever has the keyboard when they are dispatched (the page redraws its buttons on every event). */
    static void press(CharSequence... keys) {
        new Actions(page.browser().driver).sendKeys(keys).perform();
    }

    static void regionKey() {
        chord("l");
    }

    /** The backwards chord (ADR 1240). */
    static void backKey() {
        chord("h");
    }

    static void chord(String letter) {
        new Actions(page.browser().driver).keyDown(Keys.CONTROL).keyDown(Keys.SHIFT).sendKeys(letter)
                .keyUp(Keys.SHIFT).keyUp(Keys.CONTROL).perform();
    }

    /** Where the keyboard is: "pane P" (its terminal), or the region and the control ("queue attn P", "side tab T"). */
    static String keyboard() {
        return String.valueOf(page.browser().js("const a = document.activeElement;"
                + " const pane = a.closest('.pane'); if (pane && a.closest('.xterm')) return 'pane ' + pane.dataset.paneId;"
                + " const region = a.closest('.side, .main, .queue');"
                + " return (region ? region.classList[0] : 'body') + (a === region ? '' : ' ' + a.classList[0] + ' '"
                + " + (a.dataset.paneId || a.dataset.tabId || a.dataset.nav || ''));"));
    }

    static void awaitKeyboard(String where) {
        page.browser().until(d -> keyboard().equals(where), () -> "the keyboard is at " + keyboard() + ", not " + where);
    }

    /** Types a line where the keyboard is and waits for the pane's program to print what it computes. */
    static void typeInto(String pane, String word) {
        awaitKeyboard("pane " + pane);
        press("echo " + word + "-$((6*7))", Keys.ENTER);
        page.browser().until(d -> daemon.tail(pane).contains(word + "-42"), () -> daemon.tail(pane));
    }

    /** Records the data of the page's pane.write requests from now on (window.writes). */
    static void recordWrites() {
        page.browser().js("const r = window.signaltty.rpc; window.realCall ??= r.call.bind(r); window.writes = [];"
                + " r.call = (m, p) => { if (m === 'pane.write') window.writes.push(p.data); return window.realCall(m, p); };");
    }

    @Test
    void theKeyboardGoesFromATerminalToNeedsYouToATabAndBackIntoATerminalByKeysOnly() {
        String ws = daemon.workspace();
        String first = page.bash(ws);
        String second = page.bash(ws); // its tab's button comes right after the first's in the sidebar
        String waiting = page.bash(ws);
        daemon.client().call("notify", Map.of("pane_id", waiting, "message", "review the plan"));
        page.browser().until(d -> !d.findElements(org.openqa.selenium.By.cssSelector(".attn[data-pane-id='" + waiting + "']")).isEmpty());
        DashboardBrowserTest.showTab(page.browser(), page.tabOf(first)); // the mouse's last act: showing the first tab
        page.browser().until(d -> DashboardBrowserTest.screen(page.browser(), first).contains("$"));
        typeInto(first, "first");
        recordWrites();

        // out of the terminal: Tab would have gone to bash; the chord goes to "Needs you"
        regionKey();
        page.browser().until(d -> keyboard().startsWith("queue "), () -> "the keyboard is at " + keyboard());
        for (int i = 0; i < 10 && !keyboard().equals("queue attn " + waiting); i++) {
            press(Keys.TAB);
        }
        awaitKeyboard("queue attn " + waiting);
        // Enter on the waiting pane shows its tab and puts the keyboard in its terminal
        press(Keys.ENTER);
        typeInto(waiting, "waited");

        // to the sidebar (through "Needs you"): the tab shown is where the keyboard lands; the one before it is a Shift+Tab away
        regionKey();
        page.browser().until(d -> keyboard().startsWith("queue"), () -> "the keyboard is at " + keyboard());
        regionKey();
        awaitKeyboard("side tab " + page.tabOf(waiting));
        new Actions(page.browser().driver).keyDown(Keys.SHIFT).sendKeys(Keys.TAB).keyUp(Keys.SHIFT).perform();
        awaitKeyboard("side tab " + page.tabOf(second));
        press(Keys.ENTER);
        typeInto(second, "second");

        // and round again, all three regions: back into the terminal the keyboard left
        regionKey();
        regionKey();
        awaitKeyboard("side tab " + page.tabOf(second));
        regionKey();
        typeInto(second, "back");

        // the chord itself never reached a program (as ^L it would have cleared bash's screen)
        @SuppressWarnings("unchecked")
        List<String> writes = (List<String>) page.browser().js("return window.writes;");
        assertThat(String.join("", writes)).doesNotContain("\f").contains("waited-").contains("second-").contains("back-");
    }

    /**
     * Every event redraws the sidebar: a tab button reached by keys was replaced, and the keyboard fell to the
     * page's body. The redraw gives it to the new button.
     */
    @Test
    void aButtonReachedByKeysKeepsTheKeyboardWhenAnEventRedrawsTheSidebar() {
        String pane = page.bash(daemon.workspace());
        String other = page.bash(daemon.workspace());
        DashboardBrowserTest.showTab(page.browser(), page.tabOf(pane));
        awaitKeyboard("pane " + pane);
        regionKey();
        regionKey();
        awaitKeyboard("side tab " + page.tabOf(pane));
        page.browser().js("document.activeElement.drawnBefore = true;"); // a property: the redraw finds the button by its data attributes

        daemon.client().call("tab.rename", Map.of("tab_id", page.tabOf(other), "name", "renamed-elsewhere"));
        page.browser().until(d -> Boolean.TRUE.equals(page.browser().js("return document.querySelector('.side').textContent"
                + ".includes('renamed-elsewhere') && ![...document.querySelectorAll('.side button')].some((e) => e.drawnBefore);")));
        assertThat(keyboard()).as("the sidebar was redrawn").isEqualTo("side tab " + page.tabOf(pane));
        press(Keys.ENTER);
        typeInto(pane, "kept");
    }

    /**
     * Ctrl+Shift+H goes the other way round (ADR 1240): from a terminal straight to the sidebar's tab, then
     * to "Needs you", then back into the terminal; its ^H never reaches the program.
     */
    @Test
    void theBackwardsChordGoesFromATerminalToTheSidebarToNeedsYouAndBack() {
        String ws = daemon.workspace();
        String pane = page.bash(ws);
        String waiting = page.bash(ws);
        daemon.client().call("notify", Map.of("pane_id", waiting, "message", "look at this"));
        page.browser().until(d -> !d.findElements(org.openqa.selenium.By.cssSelector(".attn[data-pane-id='" + waiting + "']")).isEmpty());
        DashboardBrowserTest.showTab(page.browser(), page.tabOf(pane));
        page.browser().until(d -> DashboardBrowserTest.screen(page.browser(), pane).contains("$"));
        typeInto(pane, "before");
        recordWrites();

        backKey();
        awaitKeyboard("side tab " + page.tabOf(pane));
        backKey();
        page.browser().until(d -> keyboard().startsWith("queue "), () -> "the keyboard is at " + keyboard());
        backKey();
        typeInto(pane, "after");
        // from the body (nothing focused) it goes to the last region, the sidebar
        page.browser().js("document.activeElement.blur();");
        backKey();
        page.browser().until(d -> keyboard().startsWith("side"), () -> "the keyboard is at " + keyboard());

        @SuppressWarnings("unchecked")
        List<String> writes = (List<String>) page.browser().js("return window.writes;");
        assertThat(String.join("", writes)).doesNotContain("\b").contains("after-");
    }

    /**
     * Ctrl+Shift+PageDown and PageUp show the next and the previous tab in the sidebar's order, with the
     * keyboard in the tab's terminal (ADR 1332); the chord reaches no program, and the key help says it.
     */
    @Test
    void ctrlShiftPageDownAndPageUpShowTheNextAndThePreviousTab() {
        String ws = daemon.workspace();
        String first = page.bash(ws);
        String second = page.bash(ws); // the tabs' buttons follow each other in the sidebar
        String third = page.bash(ws);
        DashboardBrowserTest.showTab(page.browser(), page.tabOf(first));
        page.browser().until(d -> DashboardBrowserTest.screen(page.browser(), first).contains("$"));
        typeInto(first, "first");
        recordWrites();

        nextTab(Keys.PAGE_DOWN);
        typeInto(second, "next");
        nextTab(Keys.PAGE_DOWN);
        typeInto(third, "again");
        nextTab(Keys.PAGE_UP);
        typeInto(second, "back");
        assertThat(page.browser().attr(".tab.on", "data-tab-id")).isEqualTo(page.tabOf(second));

        // from the overview the first tab forwards, the last backwards
        DashboardBrowserTest.click(page.browser(), ".nav[data-nav='overview']");
        page.browser().until(d -> "Overview".equals(page.browser().js("return document.querySelector('.main h1')?.textContent;")));
        nextTab(Keys.PAGE_UP);
        String last = String.valueOf(page.browser().js("const t = document.querySelectorAll('.side .tab'); return t[t.length - 1].dataset.tabId;"));
        page.browser().until(d -> last.equals(page.browser().js("return document.querySelector('.tab.on')?.dataset.tabId;")));

        // the chord is no key for the program: CSI 6;6~ and CSI 5;6~ were never written
        @SuppressWarnings("unchecked")
        List<String> writes = (List<String>) page.browser().js("return window.writes;");
        assertThat(String.join("", writes)).doesNotContain("\u001b[6;6~").doesNotContain("\u001b[5;6~")
                .contains("next-").contains("again-").contains("back-");
        assertThat(page.browser().text(".keys-hint")).contains("Ctrl+Shift+PageDown and Ctrl+Shift+PageUp show the next and the previous tab");
    }

    static void nextTab(Keys key) {
        new Actions(page.browser().driver).keyDown(Keys.CONTROL).keyDown(Keys.SHIFT).sendKeys(key)
                .keyUp(Keys.SHIFT).keyUp(Keys.CONTROL).perform();
    }

    /** The way to the chords is written on the page, and each region says what it is to a screen reader. */
    @Test
    void theChordIsSaidInTheSidebarAndOnEachRegion() {
        assertThat(page.browser().text(".keys-hint")).contains("Ctrl+Shift+L").contains("Needs you").contains("Ctrl+Shift+H the other way");
        Object regions = page.browser().js("return ['.side', '.main', '.queue'].map((s) => document.querySelector(s))"
                + ".map((e) => e.getAttribute('aria-label') + ': ' + e.getAttribute('aria-keyshortcuts'));");
        assertThat(List.copyOf((List<?>) regions)).isEqualTo(List.of("Workspaces and tabs: Control+Shift+L Control+Shift+H",
                "Main view: Control+Shift+L Control+Shift+H", "Needs you: Control+Shift+L Control+Shift+H"));
    }

    /** Tabs are named per workspace ("tab 1" in each): a card says whose, as the tab's heading does. */
    @Test
    void anOverviewCardSaysWhichWorkspaceAndTabItsPaneIsIn() {
        String ws = daemon.client().call("workspace.create", Map.of("name", "cards-ws", "cwd", daemon.root().toString()))
                .get("workspace_id").asString();
        String pane = page.bash(ws);
        daemon.client().call("tab.rename", Map.of("tab_id", page.tabOf(pane), "name", "review"));
        DashboardBrowserTest.click(page.browser(), ".nav[data-nav='overview']");
        String card = ".card[data-pane-id='" + pane + "'] .where";
        page.browser().until(d -> "cards-ws / review".equals(page.browser().js(
                "return document.querySelector(arguments[0])?.textContent;", card)),
                () -> String.valueOf(page.browser().js("return document.querySelector(arguments[0])?.textContent;", card)));
    }

    /**
     * Several agents share a name ("claude"): a decision card read "Bash · claude" and a waiting row
     * "permission required claude", the same for each. They say which workspace and tab, and the card's pane
     * name shows that pane (ADR 1241).
     */
    @Test
    void needsYouSaysWhichWorkspaceAndTabEachWaitingPaneIsIn() throws Exception {
        String asking = page.bash(workspace("left-ws"));
        String notifying = page.bash(workspace("right-ws"));
        daemon.client().call("tab.rename", Map.of("tab_id", page.tabOf(asking), "name", "review"));
        daemon.client().call("tab.rename", Map.of("tab_id", page.tabOf(notifying), "name", "tests"));
        daemon.client().call("notify", Map.of("pane_id", notifying, "message", "tests are red"));
        AgentDaemonFixture.hook(daemon.client(), asking, "SessionStart", "s-where");
        try (ProtocolClient reporter = daemon.connect()) {
            AgentDaemonFixture.askPermission(reporter, asking, "npm test", 120);
            String card = ".decision[data-pane-id='" + asking + "'] .dec-head";
            page.browser().until(d -> "left-ws / review".equals(textOf(card + " .where")), () -> textOf(card));
            String row = ".attn[data-pane-id='" + notifying + "']";
            page.browser().until(d -> "right-ws / tests".equals(textOf(row + " .where")), () -> textOf(row));
            // the pane's name shows it: what the agent did, before the answer
            DashboardBrowserTest.click(page.browser(), card + " .to-pane");
            page.browser().until(d -> Boolean.TRUE.equals(page.browser().js(
                    "return !!document.querySelector(\".tab.on[data-tab-id='" + page.tabOf(asking) + "']\")")));
            awaitKeyboard("pane " + asking);
        }
    }

    /**
     * The chord from a terminal whose agent asks lands on that agent's decision, not on the first card (with
     * several agents asking, another pane's): Enter then answers the agent the person was looking at.
     */
    @Test
    void theChordFromAnAskingAgentsTerminalLandsOnItsOwnDecision() throws Exception {
        String ws = daemon.workspace();
        String first = page.bash(ws);
        String second = page.bash(ws);
        AgentDaemonFixture.hook(daemon.client(), first, "SessionStart", "s-first");
        AgentDaemonFixture.hook(daemon.client(), second, "SessionStart", "s-second");
        try (ProtocolClient one = daemon.connect(); ProtocolClient two = daemon.connect()) {
            CompletableFuture<JsonNode> firstAsks = AgentDaemonFixture.askPermission(one, first, "make first", 120);
            page.browser().until(d -> !d.findElements(org.openqa.selenium.By.cssSelector(".decision[data-pane-id='" + first + "']")).isEmpty());
            CompletableFuture<JsonNode> secondAsks = AgentDaemonFixture.askPermission(two, second, "make second", 120);
            page.browser().until(d -> !d.findElements(org.openqa.selenium.By.cssSelector(".decision[data-pane-id='" + second + "']")).isEmpty());
            DashboardBrowserTest.showTab(page.browser(), page.tabOf(second));
            awaitKeyboard("pane " + second);

            regionKey();
            page.browser().until(d -> ("opt " + second).equals(page.browser().js("const a = document.activeElement;"
                    + " return a.classList[0] + ' ' + a.closest('.decision')?.dataset.paneId;")),
                    () -> "the keyboard is at " + keyboard());
            press(Keys.ENTER);
            assertThat(secondAsks.get(120, TimeUnit.SECONDS).get("ok").asBoolean()).isTrue();
            assertThat(firstAsks).isNotDone();
        }
    }

    /**
     * Two agents in one tab read the same name and "workspace / tab" in Needs you: the pointer on a card
     * outlines its pane on screen (ADR 1241).
     */
    @Test
    void aDecisionCardUnderThePointerOutlinesItsPane() throws Exception {
        String left = page.bash(daemon.workspace());
        String right = daemon.client().call("pane.split", Map.of("pane_id", left, "direction", "right",
                "argv", DashboardFixture.BASH, "env", Map.of("PS1", "$ "))).get("pane_id").asString();
        AgentDaemonFixture.hook(daemon.client(), right, "SessionStart", "s-point");
        DashboardBrowserTest.showTab(page.browser(), page.tabOf(left));
        try (ProtocolClient reporter = daemon.connect()) {
            AgentDaemonFixture.askPermission(reporter, right, "make right", 120);
            String card = ".decision[data-pane-id='" + right + "']";
            // the cards are drawn again on every attention change: a card found, then redrawn before the move, is
            // stale; the pointer is moved onto the card as it is now until its pane is outlined
            page.browser().until(d -> {
                try {
                    new Actions(d).moveToElement(d.findElement(org.openqa.selenium.By.cssSelector(card + " .question")))
                            .perform();
                } catch (org.openqa.selenium.NoSuchElementException | org.openqa.selenium.StaleElementReferenceException e) {
                    return false;
                }
                return List.of(right).equals(pointed());
            }, () -> "outlined: " + pointed());
        }
    }

    static List<?> pointed() {
        return (List<?>) page.browser().js("return [...document.querySelectorAll('.pane.pointed')].map((p) => p.dataset.paneId);");
    }

    static String workspace(String name) {
        return daemon.client().call("workspace.create", Map.of("name", name, "cwd", daemon.root().toString()))
                .get("workspace_id").asString();
    }

    static String textOf(String selector) {
        return String.valueOf(page.browser().js("return document.querySelector(arguments[0])?.textContent;", selector));
    }

    /**
     * A pane whose program ended with a killed daemon reads exited with exit_unknown and no exit_code (ADR
     * 1060); its badge said only "exited", as a clean end would. Drawn here from such a pane view (the
     * fixture's daemon runs in the test's JVM and cannot be SIGKILLed): a real exited pane, its view given
     * the daemon's exit_unknown in place of its code. The real pane's known status is drawn first.
     */
    @Test
    void anExitWhoseStatusIsUnknownSaysSoAndWhy() {
        String pane = daemon.client().call("pane.spawn", Map.of("workspace_id", daemon.workspace(),
                "argv", List.of("sh", "-c", "exit 3"))).get("pane_id").asString();
        daemon.awaitExited(pane, Duration.ofSeconds(30));
        DashboardBrowserTest.click(page.browser(), ".nav[data-nav='overview']");
        String badge = ".card[data-pane-id='" + pane + "'] .badge.exited";
        page.browser().until(d -> "exited 3".equals(page.browser().js("return document.querySelector(arguments[0])?.textContent;", badge)));

        String why = "the daemon ended while it ran (a crash or a kill; no hand-over): its exit status is lost";
        Object drawn = page.browser().js("const { S, ui } = window.signaltty; const p = S.panes.get(arguments[0]);"
                + " delete p.exit_code; p.exit_unknown = arguments[2]; ui.render();"
                + " const b = document.querySelector(arguments[1]); return [b.textContent, b.title];", pane, badge, why);
        assertThat(List.copyOf((List<?>) drawn)).isEqualTo(List.of("exited, status unknown", "exit status unknown: " + why));
    }
}
