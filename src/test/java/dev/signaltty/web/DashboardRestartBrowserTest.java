package dev.signaltty.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.Keys;

import dev.signaltty.support.ProtocolClient;
import dev.signaltty.support.TestDaemon;

/**
 * A daemon restart under an open page: the restarted daemon serves the dashboard again on the same
 * port, the page reconnects by itself and recovers (seed GUI recovery: resubscribe, fetch, reattach),
 * keeping its terminal widget and its size, and the pane's new output reaches it. While it is down, a
 * notice says so.
 */
class DashboardRestartBrowserTest {

    @Test
    void theOpenPageReconnectsAfterARestartAndRestoresTheScreens(@TempDir Path root) throws Exception {
        String pane;
        String tab;
        TestDaemon first = TestDaemon.start(root, "signaltty.web.port=0");
        try (Browser browser = new Browser(1200, 760)) {
            try (ProtocolClient client = first.connect()) {
                String ws = client.call("workspace.create", Map.of("name", "restart", "cwd", root.toString()))
                        .get("workspace_id").asString();
                pane = client.call("pane.spawn", Map.of("workspace_id", ws, "argv", List.of("bash", "--norc", "--noprofile", "-i"),
                        "env", Map.of("PS1", "$ "))).get("pane_id").asString();
                tab = client.call("pane.get", Map.of("pane_id", pane)).get("pane").get("tab_id").asString();
                DashboardBrowserTest.login(browser, client);
            }
            DashboardBrowserTest.showTab(browser, tab);
            browser.until(d -> DashboardBrowserTest.screen(browser, pane).contains("$"));
            DashboardBrowserTest.type(browser, pane, "echo before-$((2+3))", Keys.ENTER);
            browser.until(d -> DashboardBrowserTest.screen(browser, pane).contains("before-5"));
            browser.js("document.querySelector(`.pane[data-pane-id='${arguments[0]}']`).dataset.widget = 'kept';", pane);
            // the widget has taken its cell's size from the daemon before the size is remembered
            String cols;
            try (ProtocolClient client = first.connect()) {
                browser.until(d -> String.valueOf(browser.attr(".pane[data-pane-id='" + pane + "']", "data-cols"))
                        .equals(client.call("pane.get", Map.of("pane_id", pane)).get("pane").get("cols").asString()));
                cols = browser.attr(".pane[data-pane-id='" + pane + "']", "data-cols");
            }

            first.close();
            browser.until(d -> !d.findElements(By.cssSelector(".conn.down")).isEmpty());
            // said in words while it lasts (what the page shows is then stale and keys are not sent), not only by a dot
            browser.until(d -> d.findElement(By.cssSelector(".offline")).isDisplayed());
            assertThat(browser.text(".offline")).contains("Not connected to the daemon").contains("not sent");
            try (TestDaemon second = TestDaemon.start(root, "signaltty.web.port=0"); ProtocolClient client = second.connect()) {
                browser.until(d -> !d.findElements(By.cssSelector(".conn.up")).isEmpty());
                browser.until(d -> !d.findElement(By.cssSelector(".offline")).isDisplayed());
                client.call("pane.resume", Map.of("pane_id", pane));
                // the page re-fetches on pane events and reattaches: what the new process prints arrives
                browser.until(d -> DashboardBrowserTest.screen(browser, pane).contains("$"));
                DashboardBrowserTest.type(browser, pane, "echo after-$((3+4))", Keys.ENTER);
                browser.until(d -> DashboardBrowserTest.screen(browser, pane).contains("after-7"));
                assertThat(browser.js("return document.querySelector(`.pane[data-pane-id='${arguments[0]}']`).dataset.widget;", pane))
                        .as("the terminal widget is kept across the reconnect").isEqualTo("kept");
                // the reattached widget and the resumed PTY settle on the size the cell had before
                browser.until(d -> cols.equals(browser.attr(".pane[data-pane-id='" + pane + "']", "data-cols"))
                        && cols.equals(client.call("pane.get", Map.of("pane_id", pane)).get("pane").get("cols").asString()),
                        () -> "widget " + browser.attr(".pane[data-pane-id='" + pane + "']", "data-cols") + " cols, pty "
                                + client.call("pane.get", Map.of("pane_id", pane)).get("pane").get("cols").asString()
                                + " cols, before the restart " + cols);
            }
        } finally {
            if (first.isRunning()) {
                first.close();
            }
        }
    }
}
