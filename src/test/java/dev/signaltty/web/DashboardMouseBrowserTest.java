package dev.signaltty.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.interactions.Actions;

import dev.signaltty.support.DaemonFixture;

/**
 * A click in a pane whose program asked for mouse reports reaches the program as the bytes xterm.js made
 * of it. In the X10 encoding (DECSET 1000 without SGR's 1006) xterm.js gives a report through onBinary,
 * one char per byte, not through onData: the page forwarded none of them, and text would have sent a
 * column past 95 (a byte over 127) as two UTF-8 bytes.
 */
class DashboardMouseBrowserTest {

    @RegisterExtension
    static final DashboardFixture page = new DashboardFixture(new DaemonFixture("mouse", "signaltty.web.port=0"), 1400, 820);
    static final DaemonFixture daemon = page.daemon();

    /** A pane of its own running {@code script} under sh. */
    static String sh(String script) {
        String tab = daemon.client().call("tab.create", Map.of("workspace_id", daemon.workspace())).get("tab_id").asString();
        return daemon.client().call("pane.spawn", Map.of("workspace_id", daemon.workspace(), "tab_id", tab,
                "argv", List.of("sh", "-c", script))).get("pane_id").asString();
    }

    /** The widget's size, once the page sized the pane's PTY to it ("COLSxROWS"), else null. */
    static String sizedTo(String pane) {
        Object widget = page.browser().js("const e = document.querySelector(`.pane[data-pane-id='${arguments[0]}']`);"
                + " return e && e.dataset.attached === 'yes' && e.dataset.cols ? e.dataset.cols + 'x' + e.dataset.rows : null;", pane);
        var p = daemon.client().call("pane.get", Map.of("pane_id", pane)).get("pane");
        return (p.get("cols").asInt() + "x" + p.get("rows").asInt()).equals(widget) ? (String) widget : null;
    }

    @Test
    void aClickInAnX10MouseProgramReachesItAsTheReportsBytes() {
        // raw, so the program reads the report's bytes as they come; then it says them in hex
        String pane = sh("stty raw -echo; printf '\\033[?1000hmouse-on\\r\\n'; b=$(head -c 6 | od -An -tx1);"
                + " stty sane; printf '\\033[?1000l'; echo got: $b; sleep 600");
        String tab = daemon.client().call("pane.get", Map.of("pane_id", pane)).get("pane").get("tab_id").asString();
        DashboardBrowserTest.showTab(page.browser(), tab);
        page.browser().until(d -> DashboardBrowserTest.screen(page.browser(), pane).contains("mouse-on"),
                () -> DashboardBrowserTest.screen(page.browser(), pane));
        String size = page.browser().until(d -> sizedTo(pane));
        int cols = Integer.parseInt(size.split("x")[0]);
        int rows = Integer.parseInt(size.split("x")[1]);
        int col = 99; // 0-based: the report's byte is 32 + 1 + 99 = 0x84, over 127
        int row = 1; // 0x22
        assertThat(cols).as("the pane is wide enough for a column past 95").isGreaterThan(col);

        WebElement screen = page.browser().driver.findElement(By.cssSelector(".pane[data-pane-id='" + pane + "'] .xterm-screen"));
        var box = screen.getRect();
        double cellWidth = (double) box.getWidth() / cols;
        double cellHeight = (double) box.getHeight() / rows;
        // offsets from the element's centre
        new Actions(page.browser().driver).moveToElement(screen, (int) ((col + 0.5) * cellWidth - box.getWidth() / 2.0),
                (int) ((row + 0.5) * cellHeight - box.getHeight() / 2.0)).click().perform();

        page.browser().until(d -> daemon.tail(pane).contains("got:"), () -> daemon.tail(pane));
        assertThat(daemon.tail(pane)).contains("got: 1b 5b 4d 20 84 22");
    }
}
