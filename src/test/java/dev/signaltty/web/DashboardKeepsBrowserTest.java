package dev.signaltty.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Collections;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.openqa.selenium.By;

import dev.signaltty.support.DaemonFixture;

/**
 * What the page keeps: a pane's terminal, while another tab is shown (ADR 1242: a reattach starts a widget
 * afresh from the daemon's screen, so switching to another tab and back lost the scrollback, all an agent
 * had printed above its last screen); the tab shown, across a reload (ADR 1243).
 */
class DashboardKeepsBrowserTest {

    @RegisterExtension
    static final DashboardFixture page = new DashboardFixture(new DaemonFixture("scroll", "signaltty.web.port=0"), 1400, 820);
    static final DaemonFixture daemon = page.daemon();

    /** Every line of the pane's terminal on the page, scrollback first, as text. */
    static List<String> lines(String pane) {
        Object lines = page.browser().js("const v = window.signaltty.terms.get(arguments[0]); if (!v) return [];"
                + " const b = v.term.buffer.active; const out = [];"
                + " for (let i = 0; i < b.length; i++) out.push(b.getLine(i).translateToString(true)); return out;", pane);
        return ((List<?>) lines).stream().map(String::valueOf).toList();
    }

    static boolean hasLines(String pane, int from, int to) {
        List<String> all = lines(pane);
        for (int i = from; i <= to; i++) {
            if (!all.contains("line-" + i)) {
                return false;
            }
        }
        return true;
    }

    @Test
    void aPaneKeepsItsScrollbackAndTakesItsOutputWhileAnotherTabIsShown() {
        String agent = page.bash();
        String other = page.bash();
        DashboardBrowserTest.showTab(page.browser(), page.tabOf(agent));
        daemon.client().call("pane.write", Map.of("pane_id", agent, "data", "for i in $(seq 1 150); do echo line-$i; done\r"));
        page.browser().until(d -> hasLines(agent, 1, 150), () -> lines(agent).size() + " lines on the page");

        DashboardBrowserTest.showTab(page.browser(), page.tabOf(other));
        daemon.client().call("pane.write", Map.of("pane_id", agent, "data", "for i in $(seq 151 200); do echo line-$i; done\r"));
        page.browser().until(d -> daemon.tail(agent).contains("line-200"), () -> daemon.tail(agent));
        DashboardBrowserTest.showTab(page.browser(), page.tabOf(agent));

        // scrolled back: what it printed before the other tab was shown, and while it was
        page.browser().until(d -> hasLines(agent, 1, 200), () -> lines(agent).size() + " lines on the page: "
                + lines(agent).subList(0, Math.min(5, lines(agent).size())));
    }

    /**
     * A reloaded page starts each terminal from the daemon's screen (the attach snapshot); the history above
     * it is read from the daemon too (ADR 1330): every line printed is in the widget once, the screen's lines
     * are not written twice, and the colours of both stay. Without it the widget held the screen, 39 lines.
     */
    @Test
    void aReloadedPageHasThePanesHistoryAboveItsScreenOnceAndInColour() {
        String pane = page.bash();
        DashboardBrowserTest.showTab(page.browser(), page.tabOf(pane));
        // attached before the output: an attach while it scrolls gets the screen only (ADR 1330)
        page.browser().until(d -> page.attached(pane) && DashboardBrowserTest.screen(page.browser(), pane).contains("$"));
        // every tenth line red
        daemon.client().call("pane.write", Map.of("pane_id", pane, "data", "for i in $(seq 1 300); do"
                + " if [ $((i % 10)) = 0 ]; then printf '\\e[31mline-%s\\e[0m\\n' $i; else echo line-$i; fi; done\r"));
        page.browser().until(d -> hasLines(pane, 1, 300), () -> lines(pane).size() + " lines on the page");

        page.browser().driver.navigate().refresh();
        page.browser().until(d -> page.attached(pane) && hasLines(pane, 1, 300),
                () -> lines(pane).size() + " lines on the page after the reload: " + lines(pane).subList(0, Math.min(5, lines(pane).size())));
        // the terminal shows its screen, not the oldest lines of the scrollback
        page.browser().until(d -> DashboardBrowserTest.screen(page.browser(), pane).contains("line-300"), () -> "shown: "
                + DashboardBrowserTest.screen(page.browser(), pane).lines().limit(3).toList());
        List<String> all = lines(pane);
        for (int i = 1; i <= 300; i++) {
            assertThat(Collections.frequency(all, "line-" + i)).as("line-" + i + " in " + all).isEqualTo(1);
        }
        // line-100 is in the scrollback, line-300 on the screen: both red (palette colour 1)
        assertThat(redLines(pane)).contains("line-100", "line-300").hasSize(30);
    }

    /** The lines of the pane's widget whose first character is drawn in palette colour 1 (red). */
    static List<String> redLines(String pane) {
        Object lines = page.browser().js("const b = window.signaltty.terms.get(arguments[0]).term.buffer.active; const out = [];"
                + " for (let i = 0; i < b.length; i++) { const c = b.getLine(i).getCell(0);"
                + " if (c && c.isFgPalette() && c.getFgColor() === 1) out.push(b.getLine(i).translateToString(true)); }"
                + " return out;", pane);
        return ((List<?>) lines).stream().map(String::valueOf).toList();
    }

    /**
     * A reload shows the tab that was shown, with the keyboard in its pane: the page's first draw, before it
     * knew any tab, fell back to the overview, and the view it kept (sessionStorage) was lost.
     */
    @Test
    void aReloadShowsTheTabThatWasShownWithTheKeyboardInItsPane() {
        String pane = page.bash();
        DashboardBrowserTest.showTab(page.browser(), page.tabOf(pane));
        page.browser().until(d -> DashboardBrowserTest.screen(page.browser(), pane).contains("$"));

        page.browser().driver.navigate().refresh();
        page.browser().until(d -> !d.findElements(By.cssSelector(".conn.up")).isEmpty());
        page.browser().until(d -> DashboardBrowserTest.screen(page.browser(), pane).contains("$"),
                () -> "shown: " + page.browser().js("return document.querySelector('.main h1')?.textContent;"));
        assertThat(page.browser().attr(".tab.on", "data-tab-id")).isEqualTo(page.tabOf(pane));
        page.browser().until(d -> Boolean.TRUE.equals(page.browser().js("const a = document.activeElement;"
                + " return !!a.closest('.xterm') && a.closest('.pane').dataset.paneId === arguments[0];", pane)));
    }
}
