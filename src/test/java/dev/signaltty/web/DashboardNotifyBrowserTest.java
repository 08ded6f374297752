package dev.signaltty.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.openqa.selenium.By;
import org.openqa.selenium.WindowType;

import dev.signaltty.agent.AgentDaemonFixture;
import dev.signaltty.support.DaemonFixture;
import dev.signaltty.support.ProtocolClient;
import tools.jackson.databind.JsonNode;

/**
 * Desktop notifications (ADR 0970) in a real chromium that has granted the permission (CDP
 * Browser.grantPermissions): "Notify me" turns them on through the real permission request; with the
 * page in a background tab, a new decision and a notify each show one Notification, never again for
 * the same decision, and none for what was pending or replayed when the page loaded; clicking one
 * shows the pane.
 *
 * <p>What the page shows is read through a recorder installed before the page's own scripts: a
 * subclass of the browser's Notification that constructs the real one and then notes its title and
 * body on a BroadcastChannel. The page's own code decides whether and what to notify and calls the
 * constructor; the recorder only watches (headless chromium draws no notification to look at).
 */
class DashboardNotifyBrowserTest {

    static final String RECORDER = "(() => { const Real = window.Notification; if (!Real) return;"
            + " const channel = new BroadcastChannel('notes'); window.notes = [];"
            + " window.Notification = class extends Real { constructor(title, options) { super(title, options);"
            + " window.notes.push(this); channel.postMessage(title + ' | ' + ((options && options.body) || '')); } }; })();";

    /** The page's origin may notify, and the recorder is in every document before the page's own scripts. */
    @RegisterExtension
    static final DashboardFixture page = new DashboardFixture(new DaemonFixture("notify", "signaltty.web.port=0"), 1200, 760)
            .beforeLogin((browser, url) -> {
                URI origin = URI.create(url);
                browser.driver.executeCdpCommand("Browser.grantPermissions", Map.of("origin",
                        origin.getScheme() + "://" + origin.getAuthority(), "permissions", List.of("notifications")));
                browser.driver.executeCdpCommand("Page.addScriptToEvaluateOnNewDocument", Map.of("source", RECORDER));
            });
    static final DaemonFixture daemon = page.daemon();

    /** A pane in a tab of its own with an agent session (Claude Code's hooks), so decisions can be asked in it. */
    static String agentPane(String name) {
        String tab = daemon.client().call("tab.create", Map.of("workspace_id", daemon.workspace())).get("tab_id").asString();
        String pane = daemon.client().call("pane.spawn", Map.of("workspace_id", daemon.workspace(), "tab_id", tab,
                "argv", List.of("sleep", "600"))).get("pane_id").asString();
        daemon.client().call("pane.rename", Map.of("pane_id", pane, "name", name));
        AgentDaemonFixture.hook(daemon.client(), pane, "SessionStart", "s-" + name);
        return pane;
    }

    @Test
    void aBackgroundPageNotifiesEachNewDecisionAndNotifyOnceAndTheClickShowsThePane() throws Exception {
        String url = page.url();
        Browser browser = page.browser();
        try (ProtocolClient asker = daemon.connect(); ProtocolClient later = daemon.connect()) {
            DashboardBrowserTest.click(browser, ".notify-me[data-notify='off']");
            browser.until(d -> !d.findElements(By.cssSelector(".notify-me[data-notify='on']")).isEmpty());

            // pending before the page loads again: fetched at load, and replayed into the timeline, never notified
            String before = agentPane("before");
            CompletableFuture<JsonNode> pending = AgentDaemonFixture.askPermission(asker, before, "make before", 120);
            AgentDaemonFixture.awaitPendingDecision(daemon.client(), before, java.time.Duration.ofSeconds(60));
            browser.driver.navigate().refresh();
            browser.until(d -> !d.findElements(By.cssSelector(".notify-me[data-notify='on']")).isEmpty());
            DashboardBrowserTest.click(browser, ".nav[data-nav='events']");
            browser.until(d -> Boolean.TRUE.equals(browser.js("return [...document.querySelectorAll('.timeline .ename')]"
                    + ".some((e) => e.textContent === 'decision.created')")));
            browser.until(d -> !d.findElements(By.cssSelector(".decision[data-pane-id='" + before + "']")).isEmpty());
            String dashboard = browser.driver.getWindowHandle();

            listenFromAnotherTab(url);

            String asking = agentPane("asking");
            CompletableFuture<JsonNode> verdict = AgentDaemonFixture.askPermission(later, asking, "make deploy", 120);
            browser.until(d -> got().size() == 1, () -> String.valueOf(got()));
            // a notify in another pane: once; the decision was told once (not again for its attention.changed)
            String told = agentPane("told");
            daemon.client().call("notify", Map.of("pane_id", told, "message", "tests are green"));
            browser.until(d -> got().size() >= 2, () -> String.valueOf(got()));
            // Claude Code waiting at its prompt: the pane's attention rises to unread (ADR 1110), with no decision or notify
            String idle = agentPane("idle");
            daemon.client().call("hook-event", Map.of("pane_id", idle, "payload", Map.of("session_id", "s-idle",
                    "hook_event_name", "Notification", "notification_type", "idle_prompt", "message", "Claude is waiting for your input",
                    "transcript_path", daemon.root().resolve("s-idle.jsonl").toString(), "cwd", daemon.root().toString())));
            browser.until(d -> got().size() >= 3, () -> String.valueOf(got()));
            assertThat(got()).containsExactly("asking · claude | Allow Bash: make deploy?", "told · claude | tests are green",
                    "idle · claude | Claude is waiting for your input");

            browser.driver.close();
            browser.driver.switchTo().window(dashboard);
            assertThat(browser.js("return window.notes.length")).isEqualTo(3L);
            // the waiting pane's row in "Needs you" and its card on the overview say it in the same words
            assertThat(browser.text(".attn[data-pane-id='" + idle + "'] .attn-msg")).isEqualTo("Claude is waiting for your input");
            DashboardBrowserTest.click(browser, ".nav[data-nav='overview']");
            assertThat(browser.text(".card[data-pane-id='" + idle + "'] .waits")).isEqualTo("Claude is waiting for your input");
            browser.js("window.notes[0].dispatchEvent(new Event('click'));");
            String tab = daemon.client().call("pane.get", Map.of("pane_id", asking)).get("pane").get("tab_id").asString();
            browser.until(d -> !d.findElements(By.cssSelector(".tab.on[data-tab-id='" + tab + "']")).isEmpty()
                    && !d.findElements(By.cssSelector(".layout .pane[data-pane-id='" + asking + "']")).isEmpty());

            // looked at, the page does not notify (its "Needs you" shows it); in the background again, it does
            browser.until(d -> Boolean.TRUE.equals(browser.js("return document.visibilityState === 'visible' && document.hasFocus()")));
            // the timeline is drawn in the same task that notifies (refresh): once it shows the notify, the page has decided
            DashboardBrowserTest.click(browser, ".nav[data-nav='events']");
            String notifies = "return [...document.querySelectorAll('.timeline .ename')].filter((e) => e.textContent === 'notification.created').length";
            long shown = browser.until(d -> (Long) browser.js(notifies));
            daemon.client().call("notify", Map.of("pane_id", told, "message", "while you look"));
            browser.until(d -> (Long) browser.js(notifies) == shown + 1);
            assertThat(browser.js("return window.notes.length")).as("notifications after the page was looked at").isEqualTo(3L);

            listenFromAnotherTab(url);
            daemon.client().call("notify", Map.of("pane_id", told, "message", "while you are away"));
            browser.until(d -> !got().isEmpty());
            assertThat(got()).containsExactly("told · claude | while you are away");
            asker.close();
            later.close();
            pending.handle((r, e) -> r);
            verdict.handle((r, e) -> r);
        }
    }

    /** The dashboard goes to the background: another tab of its origin takes the window and listens to the recorder. */
    static void listenFromAnotherTab(String url) {
        Browser browser = page.browser();
        browser.driver.switchTo().newWindow(WindowType.TAB);
        browser.driver.get(url + "/app.css");
        browser.js("window.got = []; new BroadcastChannel('notes').onmessage = (m) => window.got.push(m.data);");
    }

    /** What the page in the background has shown so far, as "title | body", read from the listening tab. */
    static List<String> got() {
        return ((List<?>) page.browser().js("return window.got")).stream().map(String::valueOf).toList();
    }
}
