package dev.signaltty.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.openqa.selenium.By;
import org.openqa.selenium.Keys;

import dev.signaltty.support.DaemonFixture;

/**
 * The dashboard shares the tab's focused pane (ADR 1050, on ADR 1010's {@code tab.focus}): a pane the
 * person clicks becomes the tab's {@code focused_pane_id}, once per change; the tab's focused pane is
 * marked on its frame, and a focus moved by another client moves the mark but not the browser's keys.
 */
class DashboardTabFocusBrowserTest {

    @RegisterExtension
    static final DashboardFixture page = new DashboardFixture(new DaemonFixture("tabfocus", "signaltty.web.port=0"), 1400, 820);
    static final DaemonFixture daemon = page.daemon();

    static final List<String> BASH = List.of("bash", "--norc", "--noprofile", "-i");

    /** Two bash panes side by side in a tab of their own, shown on the page, both attached: {left, right, tab}. */
    static String[] twoPanes() {
        String tab = daemon.client().call("tab.create", Map.of("workspace_id", daemon.workspace())).get("tab_id").asString();
        String left = daemon.client().call("pane.spawn", Map.of("workspace_id", daemon.workspace(), "tab_id", tab,
                "argv", BASH, "env", Map.of("PS1", "$ "))).get("pane_id").asString();
        String right = daemon.client().call("pane.split", Map.of("pane_id", left, "direction", "right",
                "argv", BASH, "env", Map.of("PS1", "$ "))).get("pane_id").asString();
        DashboardBrowserTest.showTab(page.browser(), tab);
        page.browser().until(d -> page.attached(left) && page.attached(right));
        return new String[] {left, right, tab};
    }

    static String focusedPane(String tab) {
        return daemon.client().call("tab.get", Map.of("tab_id", tab)).get("focused_pane_id").asString();
    }

    /** The panes whose frame carries the tab's focus mark, in page order. */
    @SuppressWarnings("unchecked")
    static List<String> marked() {
        return (List<String>) page.browser().js("return [...document.querySelectorAll('.layout .pane.tab-focus')]"
                + ".map((e) => e.dataset.paneId);");
    }

    /** Records the methods the page's control connection sends from now on (window.sent). */
    static void recordRequests() {
        page.browser().js("const r = window.signaltty.rpc; const real = r.call.bind(r); window.sent = [];"
                + " r.call = (m, p) => { window.sent.push(m); return real(m, p); };");
    }

    static long sent(String method) {
        return (Long) page.browser().js("return window.sent.filter((m) => m === arguments[0]).length;", method);
    }

    static void clickPane(String pane) {
        page.browser().driver.findElement(By.cssSelector(".pane[data-pane-id='" + pane + "'] .pane-body")).click();
    }

    @Test
    void clickingAPaneMakesItTheTabsFocusedPaneWithOneRequest() {
        String[] p = twoPanes();
        String left = p[0], right = p[1], tab = p[2];
        // the page marks the focus the daemon has, whichever pane the split left it on
        String before = focusedPane(tab);
        page.browser().until(d -> marked().equals(List.of(before)), () -> "marked " + marked() + ", tab's focus " + before);
        String other = before.equals(left) ? right : left;
        recordRequests();

        clickPane(other);
        page.browser().until(d -> focusedPane(tab).equals(other), () -> "tab's focus " + focusedPane(tab));
        page.browser().until(d -> marked().equals(List.of(other)), () -> "marked " + marked());
        // a click focuses the pane twice (mousedown, then the textarea's focus): one tab.focus, and none
        // for a click on the pane that is already the tab's focus
        clickPane(other);
        assertThat(sent("tab.focus")).isEqualTo(1);
        assertThat(focusedPane(tab)).isEqualTo(other);
    }

    @Test
    void aFocusMovedOverTheSocketMovesTheMarkButNotTheKeyboard() {
        String[] p = twoPanes();
        String left = p[0], right = p[1], tab = p[2];
        clickPane(left);
        page.browser().until(d -> focusedPane(tab).equals(left) && marked().equals(List.of(left)),
                () -> "tab's focus " + focusedPane(tab) + ", marked " + marked());
        recordRequests();

        daemon.client().call("tab.focus", Map.of("tab_id", tab, "pane_id", right)); // as a terminal view or `signaltty tab focus`
        page.browser().until(d -> marked().equals(List.of(right)), () -> "marked " + marked());

        // the browser's keyboard focus stayed where the person put it: keys typed now reach the left pane
        assertThat(page.browser().js("return document.querySelector(`.pane[data-pane-id='${arguments[0]}']`)"
                + ".contains(document.activeElement);", left)).isEqualTo(true);
        assertThat(page.browser().js("return document.querySelector(`.pane[data-pane-id='${arguments[0]}']`)"
                + ".classList.contains('focused');", left)).isEqualTo(true);
        page.browser().driver.switchTo().activeElement().sendKeys("echo kept-$((6*7))", Keys.ENTER);
        page.browser().until(d -> daemon.tail(left).contains("kept-42"), () -> daemon.tail(left));
        // and the page did not pull the tab's focus back
        assertThat(sent("tab.focus")).isZero();
        assertThat(focusedPane(tab)).isEqualTo(right);
    }

    /** Showing a tab puts the keyboard on its focused pane (the dot): keys typed then go where the dot is. */
    @Test
    void showingATabPutsTheKeyboardOnItsFocusedPane() {
        String[] p = twoPanes();
        String right = p[1], tab = p[2];
        daemon.client().call("tab.focus", Map.of("tab_id", tab, "pane_id", right));
        page.browser().until(d -> marked().equals(List.of(right)), () -> "marked " + marked());
        String elsewhere = twoPanes()[2]; // the person looks at another tab, then comes back
        assertThat(elsewhere).isNotEqualTo(tab);
        recordRequests();

        DashboardBrowserTest.showTab(page.browser(), tab);
        assertThat(page.browser().js("return document.querySelector(`.pane[data-pane-id='${arguments[0]}']`)"
                + ".contains(document.activeElement);", right)).as("the keyboard is in the tab's focused pane").isEqualTo(true);
        page.browser().driver.switchTo().activeElement().sendKeys("echo shown-$((3*3))", Keys.ENTER);
        page.browser().until(d -> daemon.tail(right).contains("shown-9"), () -> daemon.tail(right));
        // the page took the keyboard to the tab's focus: nothing to tell the daemon
        assertThat(sent("tab.focus")).isZero();
        assertThat(focusedPane(tab)).isEqualTo(right);
    }

    /** The focus mark is said in words to a screen reader, on the tab's focused pane only. */
    @Test
    void theFocusMarkHasAText() {
        String[] p = twoPanes();
        String tab = p[2];
        String focused = focusedPane(tab);
        page.browser().until(d -> marked().equals(List.of(focused)), () -> "marked " + marked());
        Object said = page.browser().js("return [...document.querySelectorAll('.layout .pane')].flatMap((pane) => {"
                + " const mark = pane.querySelector('.tf-mark');"
                + " return mark && getComputedStyle(mark).display !== 'none'"
                + " ? [pane.dataset.paneId + ': ' + mark.getAttribute('role') + ' ' + mark.getAttribute('aria-label')] : []; });");
        assertThat(List.copyOf((List<?>) said)).isEqualTo(List.of(focused + ": img the tab's focused pane"));
    }
}
