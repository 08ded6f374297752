package dev.signaltty.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.openqa.selenium.By;
import org.openqa.selenium.Keys;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.WebElement;

import dev.signaltty.agent.AgentDaemonFixture;
import dev.signaltty.support.DaemonFixture;
import dev.signaltty.support.ProtocolClient;
import tools.jackson.databind.JsonNode;

/**
 * The dashboard in a real headless chromium against a real daemon with real panes: typing echoes,
 * a split is sized to the layout, a decision answered on the page returns the hook's native verdict,
 * and the refusals a browser meets (no token, a foreign Host, a WebSocket from a foreign page).
 */
class DashboardBrowserTest {

    @RegisterExtension
    static final DashboardFixture page = new DashboardFixture(new DaemonFixture("web", "signaltty.web.port=0"), 1400, 820);
    static final DaemonFixture daemon = page.daemon();

    static void login(Browser b, ProtocolClient client) {
        b.driver.get(client.call("web.start", Map.of()).get("login_url").asString());
        b.until(d -> !d.findElements(By.cssSelector(".conn.up")).isEmpty());
    }

    static void showTab(Browser b, String tab) {
        click(b, ".tab[data-tab-id='" + tab + "']");
        b.until(d -> Boolean.TRUE.equals(b.js("return !!document.querySelector(\".tab.on[data-tab-id='" + tab + "']\")")));
    }

    /** Clicks what the selector names once it exists (the page re-renders its chrome on every state change). */
    static void click(Browser b, String selector) {
        b.until(d -> Boolean.TRUE.equals(b.js("const e = document.querySelector(arguments[0]); if (e) e.click(); return !!e;",
                selector)));
    }

    static String screen(Browser b, String pane) {
        Object text = b.js("const r = document.querySelector(`.pane[data-pane-id='${arguments[0]}'] .xterm-rows`);"
                + "return r ? r.innerText.replace(/\\u00a0/g, ' ') : '';", pane);
        return String.valueOf(text);
    }

    static void type(Browser b, String pane, CharSequence... keys) {
        b.until(d -> Boolean.TRUE.equals(b.js("const t = document.querySelector(`.pane[data-pane-id='${arguments[0]}'] textarea`);"
                + " if (t) t.focus(); return !!t && document.activeElement === t;", pane)));
        b.driver.switchTo().activeElement().sendKeys(keys);
    }

    @Test
    void typingInAPaneShowsTheEcho() {
        String pane = page.bash();
        showTab(page.browser(), page.tabOf(pane));
        page.browser().until(d -> screen(page.browser(), pane).contains("$"));
        type(page.browser(), pane, "echo typed-$((6*7))", Keys.ENTER);
        page.browser().until(d -> screen(page.browser(), pane).contains("typed-42"));
        // every workspace's first tab is "tab 1": the heading names the workspace too
        assertThat(page.browser().text(".tab-title")).isEqualTo("web / " + daemon.client().call("tab.get", Map.of("tab_id", page.tabOf(pane)))
                .get("name").asString());
        assertThat(daemon.tail(pane)).contains("echo typed-$((6*7))").contains("typed-42");
    }

    @Test
    void aSplitFromThePageAppearsWithBothPanesSizedToTheLayout() {
        String first = page.bash();
        String tab = page.tabOf(first);
        showTab(page.browser(), tab);
        // the full width once the page has sized the pane (until then it shows the spawn size, 80x24)
        page.browser().until(d -> sizedToItsCell(first) && page.attached(first), () -> sizes(first));
        int fullCols = paneOf(first).get("cols").asInt();
        click(page.browser(), ".pane[data-pane-id='" + first + "'] .pbtn[title='split right']");
        page.browser().until(d -> d.findElements(By.cssSelector(".layout .pane")).size() == 2);
        JsonNode panes = daemon.client().call("tab.get", Map.of("tab_id", tab)).get("pane_ids");
        assertThat(panes).hasSize(2);
        for (JsonNode id : panes) {
            // the page sized each pane to its cell: the daemon's PTY has the widget's size
            bothHalves(id.asString(), fullCols);
        }
    }

    /**
     * xterm.js measures its font only once a terminal is on screen, which can come after the new pane's
     * attach reply; the page must size the pane once it can measure it, with no further event to prompt
     * it. The test hook holds every pane unmeasurable until the new pane is attached.
     */
    @Test
    void aSplitPaneAttachedBeforeThePageCouldMeasureItIsSizedOnceItCan() {
        String first = page.bash();
        String tab = page.tabOf(first);
        showTab(page.browser(), tab);
        page.browser().until(d -> sizedToItsCell(first) && page.attached(first), () -> sizes(first));
        int fullCols = paneOf(first).get("cols").asInt();
        page.browser().js("window.signaltty.hooks.measureHeld = true;");
        try {
            click(page.browser(), ".pane[data-pane-id='" + first + "'] .pbtn[title='split right']");
            page.browser().until(d -> daemon.client().call("tab.get", Map.of("tab_id", tab)).get("pane_ids").size() == 2);
            String second = daemon.client().call("tab.get", Map.of("tab_id", tab)).get("pane_ids").get(1).asString();
            page.browser().until(d -> page.attached(second), () -> sizes(second));
        } finally {
            page.browser().js("window.signaltty.hooks.measureHeld = false;");
        }
        for (JsonNode id : daemon.client().call("tab.get", Map.of("tab_id", tab)).get("pane_ids")) {
            bothHalves(id.asString(), fullCols);
        }
    }

    /** Waits until the pane's widget and PTY agree on a size narrower than 0.6 of the full width. */
    static void bothHalves(String pane, int fullCols) {
        page.browser().until(d -> sizedToItsCell(pane) && paneOf(pane).get("cols").asInt() < fullCols * 0.6,
                () -> sizes(pane) + ", full width " + fullCols + " cols");
    }

    /** What a failed wait reports: the widget's size and attach state against the daemon's PTY size. */
    static String sizes(String pane) {
        Object widget = page.browser().js("const e = document.querySelector(`.pane[data-pane-id='${arguments[0]}']`);"
                + " return e ? e.dataset.cols + 'x' + e.dataset.rows + ' attached=' + e.dataset.attached : 'no widget';", pane);
        JsonNode p = paneOf(pane);
        return "pane " + pane + ": widget " + widget + ", pty " + p.get("cols").asInt() + "x" + p.get("rows").asInt();
    }

    static JsonNode paneOf(String pane) {
        return daemon.client().call("pane.get", Map.of("pane_id", pane)).get("pane");
    }

    /** The page's widget size equals the daemon's PTY size for the pane (read in one script call). */
    static boolean sizedToItsCell(String pane) {
        Object dims = page.browser().js("const e = document.querySelector(`.pane[data-pane-id='${arguments[0]}']`);"
                + " return e && e.dataset.cols ? e.dataset.cols + 'x' + e.dataset.rows : null;", pane);
        JsonNode p = paneOf(pane);
        return (p.get("cols").asInt() + "x" + p.get("rows").asInt()).equals(dims);
    }

    @Test
    void draggingADividerSetsTheTabsRatioAndResizesBothPtys() { // seed R243
        String left = page.bash();
        String tab = page.tabOf(left);
        String right = daemon.client().call("pane.split", Map.of("pane_id", left, "direction", "right",
                "argv", List.of("bash", "--norc", "--noprofile", "-i"), "env", Map.of("PS1", "$ "))).get("pane_id").asString();
        showTab(page.browser(), tab);
        page.browser().until(d -> sizedToItsCell(left) && sizedToItsCell(right));
        int leftCols = paneOf(left).get("cols").asInt();
        int rightCols = paneOf(right).get("cols").asInt();
        double ratio = daemon.client().call("tab.get", Map.of("tab_id", tab)).get("layout").get("ratio").asDouble();

        // a real pointer drag of the root divider, 250 px to the left
        page.browser().until(d -> {
            WebElement divider = d.findElement(By.cssSelector(".layout .divider.right[data-path='']"));
            new org.openqa.selenium.interactions.Actions(d).clickAndHold(divider).moveByOffset(-125, 0).moveByOffset(-125, 0)
                    .release().perform();
            return true;
        });

        page.browser().until(d -> daemon.client().call("tab.get", Map.of("tab_id", tab)).get("layout").get("ratio").asDouble() < ratio - 0.1);
        page.browser().until(d -> sizedToItsCell(left) && sizedToItsCell(right)
                && paneOf(left).get("cols").asInt() < leftCols && paneOf(right).get("cols").asInt() > rightCols);
    }

    @Test
    void aDecisionAnsweredOnThePageReturnsTheNativeVerdict() throws Exception {
        String pane = AgentDaemonFixture.sleeper(daemon.client(), daemon.workspace());
        AgentDaemonFixture.hook(daemon.client(), pane, "SessionStart", "s-web");
        try (ProtocolClient reporter = daemon.connect()) {
            CompletableFuture<JsonNode> verdict = AgentDaemonFixture.askPermission(reporter, pane, "make deploy", 120);
            By allow = By.cssSelector(".decision[data-pane-id='" + pane + "'] button[data-option='allow_once']");
            page.browser().until(d -> !d.findElements(allow).isEmpty());
            assertThat(page.browser().text(".decision[data-pane-id='" + pane + "'] .input")).isEqualTo("make deploy");
            click(page.browser(), ".decision[data-pane-id='" + pane + "'] button[data-option='allow_once']");
            JsonNode answered = verdict.get(120, TimeUnit.SECONDS);
            assertThat(answered.get("ok").asBoolean()).as(answered.toString()).isTrue();
            assertThat(answered.get("result").get("native_verdict").get("hookSpecificOutput").get("decision")
                    .get("behavior").asString()).isEqualTo("allow");
            page.browser().until(d -> d.findElements(allow).isEmpty());
        }
    }

    @Test
    void withoutTheTokenThePageIsRefused() throws Exception {
        String url = daemon.client().call("web.start", Map.of()).get("url").asString();
        try (Browser stranger = new Browser(800, 600)) {
            stranger.driver.get(url + "/");
            assertThat(stranger.driver.findElement(By.tagName("body")).getText()).startsWith("401");
            stranger.driver.get(url + "/login?token=guessed");
            assertThat(stranger.driver.findElement(By.tagName("body")).getText()).startsWith("403");
        }
    }

    @Test
    void aForeignHostAndAWebSocketFromAForeignPageAreRefused() throws Exception {
        String url = daemon.client().call("web.start", Map.of()).get("url").asString();
        int port = java.net.URI.create(url).getPort();
        // another page on this machine: same site as 127.0.0.1 (ports do not count), so the logged-in
        // browser sends the SameSite=Strict cookie with its upgrade; only the Origin check stops it
        com.sun.net.httpserver.HttpServer foreign = com.sun.net.httpserver.HttpServer.create(
                new java.net.InetSocketAddress(java.net.InetAddress.getLoopbackAddress(), 0), 4);
        foreign.createContext("/", exchange -> {
            byte[] page = "<!doctype html><title>foreign</title><p>elsewhere</p>".getBytes(java.nio.charset.StandardCharsets.UTF_8);
            exchange.getResponseHeaders().set("Content-Type", "text/html");
            exchange.sendResponseHeaders(200, page.length);
            exchange.getResponseBody().write(page);
            exchange.close();
        });
        foreign.start();
        try (Browser b = new Browser(800, 600, "rebind.test")) {
            login(b, daemon.client());
            // DNS rebinding: a site name that resolves to 127.0.0.1
            b.driver.get("http://rebind.test:" + port + "/");
            assertThat(b.driver.findElement(By.tagName("body")).getText()).startsWith("421");
            b.driver.get("http://127.0.0.1:" + foreign.getAddress().getPort() + "/");
            Object outcome = b.driver.executeAsyncScript("const done = arguments[arguments.length - 1];"
                    + "const ws = new WebSocket('ws://127.0.0.1:" + port + "/ws');"
                    + "ws.onopen = () => done('open'); ws.onclose = () => done('refused');");
            assertThat(outcome).isEqualTo("refused");
        } finally {
            foreign.stop(0);
        }
    }

    /** A pane of its own running {@code script} under sh (its output stays on screen: it then sleeps, or exits). */
    static String sh(String script) {
        String tab = daemon.client().call("tab.create", Map.of("workspace_id", daemon.workspace())).get("tab_id").asString();
        return daemon.client().call("pane.spawn", Map.of("workspace_id", daemon.workspace(), "tab_id", tab,
                "argv", List.of("sh", "-c", script))).get("pane_id").asString();
    }

    /**
     * xterm.js draws colours (and its monospace cell font) from the {@code <style>} elements it writes
     * per terminal; a Content-Security-Policy without inline styles drops them and every pane is
     * monochrome (ADR 0790).
     */
    @Test
    void colouredOutputIsDrawnInItsColours() {
        String pane = sh("printf '\\033[31mred-word\\033[0m plain-word\\n'; exec sleep 600");
        showTab(page.browser(), page.tabOf(pane));
        page.browser().until(d -> screen(page.browser(), pane).contains("plain-word"));
        String selector = ".pane[data-pane-id='" + pane + "'] .xterm-rows span";
        Object colours = page.browser().js("const spans = [...document.querySelectorAll(arguments[0])];"
                + " const of = (w) => getComputedStyle(spans.find((s) => s.textContent.includes(w))).color;"
                + " return [of('red-word'), of('plain-word')];", selector);
        assertThat((List<?>) colours).as("red text, then default text").hasSize(2);
        assertThat(((List<?>) colours).get(0)).as("the red word's colour").isNotEqualTo(((List<?>) colours).get(1));
        List<Integer> red = java.util.Arrays.stream(String.valueOf(((List<?>) colours).get(0)).replaceAll("[^0-9,]", "").split(","))
                .map(Integer::valueOf).toList();
        assertThat(red.get(0)).as("red over green and blue in " + red).isGreaterThan(red.get(1) + 80).isGreaterThan(red.get(2) + 80);
    }

    /** A cwd is right-to-left so its ellipsis eats the start; its own text stays left-to-right ("/tmp/x", not "tmp/x/"). */
    @Test
    void aPanesWorkingDirectoryIsDrawnFromItsLeadingSlash() {
        String pane = sh("exec sleep 600");
        showTab(page.browser(), page.tabOf(pane));
        Object order = page.browser().until(d -> page.browser().js("const box = document.querySelector(`.pane[data-pane-id='${arguments[0]}'] .pcwd`);"
                + " if (!box || !box.textContent) return null;"
                + " const text = document.createTreeWalker(box, NodeFilter.SHOW_TEXT).nextNode();"
                + " const x = (i) => { const r = document.createRange(); r.setStart(text, i); r.setEnd(text, i + 1);"
                + " return r.getBoundingClientRect().left; };"
                + " return [text.data, x(0) < x(1) && x(1) < x(2)];", pane));
        assertThat(List.copyOf((List<?>) order)).as("the cwd's text, and whether its first characters are drawn left to right")
                .isEqualTo(List.of(paneOf(pane).get("cwd").asString(), true));
    }

    /** An exited pane says with what status (once), and the page relaunches it. */
    @Test
    void anExitedPaneShowsItsStatusAndResumesFromThePage() {
        String pane = sh("echo ran-once; exit 3");
        showTab(page.browser(), page.tabOf(pane));
        String badge = ".pane[data-pane-id='" + pane + "'] .pane-head .badge";
        page.browser().until(d -> "exited 3".equals(page.browser().js("return [...document.querySelectorAll(arguments[0])].map((b) => b.textContent)"
                + ".filter((t) => t.includes('exited')).join('|')", badge)));
        click(page.browser(), ".pane[data-pane-id='" + pane + "'] .pbtn[title='resume']");
        // the command ran again: its line twice on the restored screen, and exited again
        page.browser().until(d -> screen(page.browser(), pane).split("ran-once", -1).length == 3, () -> screen(page.browser(), pane));
        assertThat(daemon.tail(pane).split("ran-once", -1)).hasSize(3);
    }

    /** Keys typed into an exited pane are refused by the daemon: the page says so, once, instead of dropping them. */
    @Test
    void keysTypedIntoAnExitedPaneAreSaidToBeRefusedOnce() {
        String pane = sh("exit 5");
        showTab(page.browser(), page.tabOf(pane));
        page.browser().until(d -> page.browser().text(".pane[data-pane-id='" + pane + "'] .pane-head").contains("exited 5"));
        type(page.browser(), pane, "abc");
        page.browser().until(d -> !toasts(pane).isEmpty());
        type(page.browser(), pane, "def");
        page.browser().js("return new Promise((done) => setTimeout(done, 500))"); // the later keys' answers come back
        assertThat(toasts(pane)).as("one notice for the six refused keys").hasSize(1);
        assertThat(toasts(pane).get(0)).contains("PANE_EXITED").contains("has exited");
        // the notice goes with the pane: another tab shown, it is not left over that tab's panes
        // (a later test's screenshot showed it over panes that had nothing to do with it)
        showTab(page.browser(), page.tabOf(page.bash()));
        assertThat(toasts(pane)).as("the notice about a pane no longer shown").isEmpty();
    }

    /**
     * The page's terminals answer no query (the daemon did), and an exited pane's terminal sends nothing: not
     * the focus and mouse reports of a program that left them on, when the person clicks into it and moves
     * on to another tab, where the keys arrive. (A program that asks just before it exits had xterm.js's
     * second answers sent to an exited pane: "keys not sent … PANE_EXITED" with nothing typed.)
     */
    @Test
    void anExitedPanesTerminalSendsNothingWhenClickedAndLeft() {
        recordWrites();
        String exiting = sh("read go; printf '\\033[c\\033[>c\\033[6n\\033[?1$p asked\\n'; read go;"
                + " printf '\\033[?1004h\\033[?1000h left-on\\n'; exit 0");
        showTab(page.browser(), page.tabOf(exiting));
        page.browser().until(d -> page.attached(exiting));
        daemon.client().call("pane.write", Map.of("pane_id", exiting, "data", "go\r"));
        page.browser().until(d -> screen(page.browser(), exiting).contains("asked"), () -> screen(page.browser(), exiting));
        assertThat(writesTo(exiting)).as("answers to DA1, DA2, CPR, DECRQM: the daemon's alone").isEmpty();

        daemon.client().call("pane.write", Map.of("pane_id", exiting, "data", "go\r"));
        page.browser().until(d -> screen(page.browser(), exiting).contains("left-on")
                && page.browser().text(".pane[data-pane-id='" + exiting + "'] .pane-head").contains("exited 0"));
        // from here on the page knows the program exited (a focus report xterm.js sent when the running
        // program turned reporting on was its due)
        recordWrites();
        page.browser().js("document.activeElement.blur();");
        page.browser().driver.findElement(By.cssSelector(".pane[data-pane-id='" + exiting + "'] .pane-body")).click();
        assertThat(toasts(exiting)).as("a click is no key typed").isEmpty();

        String shell = page.bash();
        showTab(page.browser(), page.tabOf(shell));
        type(page.browser(), shell, "echo after-$((2*3))", Keys.ENTER);
        page.browser().until(d -> daemon.tail(shell).contains("after-6"), () -> daemon.tail(shell));
        assertThat(writesTo(exiting)).as("pane.write requests for the exited pane").isEmpty();
        assertThat(toasts(exiting)).isEmpty();
    }

    /** Records the panes the page's pane.write requests go to from now on (window.writes). */
    static void recordWrites() {
        page.browser().js("const r = window.signaltty.rpc; window.realCall ??= r.call.bind(r); window.writes = [];"
                + " r.call = (m, p) => { if (m === 'pane.write') window.writes.push(p.pane_id + ' ' + JSON.stringify(p.data));"
                + " return window.realCall(m, p); };");
    }

    static List<String> writesTo(String pane) {
        Object texts = page.browser().js("return window.writes.filter((w) => w.startsWith(arguments[0] + ' '))", pane);
        return ((List<?>) texts).stream().map(String::valueOf).toList();
    }

    /**
     * Ctrl+C over text selected in a pane copies it and sends the program nothing (as ^C it interrupted the
     * agent whose words the person meant to quote); with nothing selected it is ^C, and interrupts.
     */
    @Test
    void ctrlCOverASelectionCopiesItAndInterruptsNothing() {
        String pane = page.bash();
        showTab(page.browser(), page.tabOf(pane));
        type(page.browser(), pane, "echo quote-$((7*6))", Keys.ENTER);
        page.browser().until(d -> screen(page.browser(), pane).contains("quote-42"));
        recordWrites();
        page.browser().js("window.copied = null; document.addEventListener('copy', (e) =>"
                + " { window.copied = e.clipboardData.getData('text/plain'); }, { once: true });"
                + " window.signaltty.terms.get(arguments[0]).term.selectAll();", pane);
        page.browser().driver.switchTo().activeElement().sendKeys(Keys.chord(Keys.CONTROL, "c"));
        page.browser().until(d -> page.browser().js("return window.copied;") != null);
        assertThat(String.valueOf(page.browser().js("return window.copied;"))).contains("quote-42");
        assertThat(writesTo(pane)).as("what Ctrl+C over a selection sent the pane").isEmpty();

        page.browser().js("window.signaltty.terms.get(arguments[0]).term.clearSelection();", pane);
        type(page.browser(), pane, "sleep 300", Keys.ENTER);
        page.browser().driver.switchTo().activeElement().sendKeys(Keys.chord(Keys.CONTROL, "c"));
        type(page.browser(), pane, "echo back-$((2*4))", Keys.ENTER);
        page.browser().until(d -> screen(page.browser(), pane).contains("back-8"), () -> screen(page.browser(), pane));
    }

    /** Keys typed on a read-only page are not sent, and the page says so (they went nowhere in silence). */
    @Test
    void keysTypedOnAReadOnlyPageAreSaidNotToBeSent() {
        String pane = page.bash();
        showTab(page.browser(), page.tabOf(pane));
        page.browser().until(d -> screen(page.browser(), pane).contains("$"));
        recordWrites();
        click(page.browser(), "#read-only");
        try {
            page.browser().until(d -> Boolean.TRUE.equals(page.browser().js("return window.signaltty.S.readOnly;")));
            type(page.browser(), pane, "echo nowhere");
            page.browser().until(d -> !toasts(pane).isEmpty());
            assertThat(toasts(pane)).hasSize(1);
            assertThat(toasts(pane).get(0)).contains("read-only");
            assertThat(writesTo(pane)).isEmpty();
        } finally {
            click(page.browser(), "#read-only"); // the setting outlives the page (localStorage): every later test types
            page.browser().until(d -> Boolean.FALSE.equals(page.browser().js("return window.signaltty.S.readOnly;")));
        }
    }

    /**
     * A pane's header buttons leave the keyboard in the pane: after a real click on ↻ the keys reach the
     * resumed program (the button took the keyboard and was redrawn away with it), and after a split from
     * the page they go to the new pane, as in tmux.
     */
    @Test
    void afterResumeOrSplitFromThePageTheKeysGoToThePane() {
        String pane = sh("read x && echo got-$x");
        showTab(page.browser(), page.tabOf(pane));
        page.browser().until(d -> page.attached(pane));
        daemon.client().call("pane.write", Map.of("pane_id", pane, "data", "first\r"));
        String head = ".pane[data-pane-id='" + pane + "'] .pane-head";
        page.browser().until(d -> page.browser().text(head).contains("exited 0"));
        page.browser().until(d -> {
            d.findElement(By.cssSelector(head + " .pbtn[title='resume']")).click();
            return true;
        });
        page.browser().until(d -> !page.browser().text(head).contains("exited"));
        page.browser().driver.switchTo().activeElement().sendKeys("second", Keys.ENTER);
        page.browser().until(d -> screen(page.browser(), pane).contains("got-second"), () -> screen(page.browser(), pane));

        String shell = page.bash();
        String tab = page.tabOf(shell);
        showTab(page.browser(), tab);
        page.browser().until(d -> page.attached(shell));
        page.browser().until(d -> {
            d.findElement(By.cssSelector(".pane[data-pane-id='" + shell + "'] .pbtn[title='split right']")).click();
            return true;
        });
        String fresh = page.browser().until(d -> {
            JsonNode ids = daemon.client().call("tab.get", Map.of("tab_id", tab)).get("pane_ids");
            return ids.size() == 2 ? (ids.get(0).asString().equals(shell) ? ids.get(1) : ids.get(0)).asString() : null;
        });
        page.browser().until(d -> Boolean.TRUE.equals(page.browser().js("const f = document.querySelector(`.pane[data-pane-id='${arguments[0]}']`);"
                + " return !!f && f.contains(document.activeElement);", fresh)));
        page.browser().driver.switchTo().activeElement().sendKeys("echo in-new-$((5*5))", Keys.ENTER);
        page.browser().until(d -> daemon.tail(fresh).contains("in-new-25"), () -> daemon.tail(fresh));
    }

    /** Two notices at once are both readable: they stack instead of being drawn one over the other. */
    @Test
    void twoNoticesAtOnceAreBothReadable() {
        String first = sh("read x; exit 6");
        String second = daemon.client().call("pane.split", Map.of("pane_id", first, "direction", "right",
                "argv", List.of("sh", "-c", "read x; exit 7"))).get("pane_id").asString();
        showTab(page.browser(), page.tabOf(first));
        for (String pane : List.of(first, second)) {
            daemon.client().call("pane.write", Map.of("pane_id", pane, "data", "\r"));
        }
        page.browser().until(d -> page.browser().text(".pane[data-pane-id='" + first + "'] .pane-head").contains("exited 6")
                && page.browser().text(".pane[data-pane-id='" + second + "'] .pane-head").contains("exited 7"));
        type(page.browser(), first, "a");
        page.browser().until(d -> !toasts(first).isEmpty());
        type(page.browser(), second, "b");
        page.browser().until(d -> !toasts(second).isEmpty());
        Object overlap = page.browser().js("const box = (id) => [...document.querySelectorAll('.toast')]"
                + ".find((t) => t.textContent.startsWith('keys not sent to ' + id + ':')).getBoundingClientRect();"
                + " const a = box(arguments[0]), b = box(arguments[1]);"
                + " return Math.max(0, Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top));", first, second);
        assertThat(((Number) overlap).doubleValue()).as("pixels of the two notices drawn over each other").isZero();
    }

    private static List<String> toasts(String pane) {
        Object texts = page.browser().js("return [...document.querySelectorAll('.toast')].map((t) => t.textContent)"
                + ".filter((t) => t.startsWith('keys not sent to ' + arguments[0] + ':'))", pane); // not an earlier test's pane
        return ((List<?>) texts).stream().map(String::valueOf).toList();
    }

    /** Answering a decision with a real click: the keys go back to the pane, not to a button drawn away. */
    @Test
    void afterADecisionIsAnsweredTheKeysGoBackToThePane() throws Exception {
        String pane = page.bash();
        showTab(page.browser(), page.tabOf(pane));
        page.browser().until(d -> screen(page.browser(), pane).contains("$"));
        AgentDaemonFixture.hook(daemon.client(), pane, "SessionStart", "s-focus");
        try (ProtocolClient reporter = daemon.connect()) {
            CompletableFuture<JsonNode> verdict = AgentDaemonFixture.askPermission(reporter, pane, "make focus", 120);
            By deny = By.cssSelector(".decision[data-pane-id='" + pane + "'] button[data-option='deny']");
            type(page.browser(), pane, "echo typed-");
            page.browser().until(d -> !d.findElements(deny).isEmpty());
            page.browser().until(d -> {
                d.findElement(deny).click();
                return true;
            });
            assertThat(verdict.get(120, TimeUnit.SECONDS).get("ok").asBoolean()).isTrue();
            page.browser().until(d -> d.findElements(deny).isEmpty());
            // no focus() here: the keys go wherever the page left the keyboard
            page.browser().driver.switchTo().activeElement().sendKeys("after-$((5*5))", Keys.ENTER);
            page.browser().until(d -> screen(page.browser(), pane).contains("typed-after-25"), () -> screen(page.browser(), pane));
        }
    }

    /** The pane with the keyboard closed from elsewhere (the CLI): the keys go to a pane still shown, not to nowhere. */
    @Test
    void whenTheFocusedPaneIsClosedElsewhereTheKeysGoToTheOneLeft() {
        String closing = page.bash();
        String tab = page.tabOf(closing);
        String left = daemon.client().call("pane.split", Map.of("pane_id", closing, "direction", "right",
                "argv", List.of("bash", "--norc", "--noprofile", "-i"), "env", Map.of("PS1", "$ "))).get("pane_id").asString();
        showTab(page.browser(), tab);
        page.browser().until(d -> screen(page.browser(), closing).contains("$") && screen(page.browser(), left).contains("$"));
        type(page.browser(), closing, "echo still-here");
        daemon.client().call("pane.close", Map.of("pane_id", closing));
        page.browser().until(d -> d.findElements(By.cssSelector(".pane[data-pane-id='" + closing + "']")).isEmpty());
        page.browser().driver.switchTo().activeElement().sendKeys("echo left-$((8*8))", Keys.ENTER);
        page.browser().until(d -> screen(page.browser(), left).contains("left-64"), () -> screen(page.browser(), left));
    }

    /**
     * "Needs you" says how long each pane has waited, and that age goes on counting with no event to redraw
     * it; the page's title counts the panes waiting.
     */
    @Test
    void theTimeAPaneHasWaitedKeepsCounting() {
        String pane = sh("exec sleep 600");
        daemon.client().call("notify", Map.of("pane_id", pane, "message", "look"));
        String age = ".attn[data-pane-id='" + pane + "'] small";
        String first = page.browser().until(d -> {
            String text = page.browser().text(age);
            return text.matches("(.* · )?\\d+s") ? text : null; // "claude · 3s"; the agent only when the pane's name is not it
        });
        page.browser().until(d -> !page.browser().text(age).equals(first), () -> "still " + first);
        // and the browser tab says that someone waits, for a dashboard kept in the background
        page.browser().until(d -> d.getTitle().matches("\\(\\d+\\) signaltty"), () -> page.browser().driver.getTitle());
        daemon.client().call("pane.mark_seen", Map.of("pane_id", pane));
    }

    /** The timeline of a page opened later starts with what happened before it (the journal's replay), not empty. */
    @Test
    void theTimelineShowsWhatHappenedBeforeThePageOpened() throws Exception {
        String pane = sh("exec sleep 600");
        daemon.client().call("pane.rename", Map.of("pane_id", pane, "name", "before-the-page"));
        try (Browser late = new Browser(1200, 760)) {
            login(late, daemon.client());
            click(late, ".nav[data-nav='events']");
            late.until(d -> Boolean.TRUE.equals(late.js("return [...document.querySelectorAll('.timeline li')].some((li) =>"
                    + " li.querySelector('.ename').textContent === 'pane.created' && li.textContent.includes(arguments[0]))",
                    "before-the-page")), () -> late.text(".main"));
        }
    }

    /**
     * The timeline is filtered by what is typed above it (a resized window writes a pane.updated per pane,
     * and the line looked for drowns in them), and the filter keeps its text and the keyboard while events
     * arrive and the page redraws the timeline.
     */
    @Test
    void theTimelineIsFilteredByWhatIsTypedAndTheFilterOutlivesNewEvents() {
        String pane = sh("exec sleep 600");
        daemon.client().call("pane.rename", Map.of("pane_id", pane, "name", "needle-pane"));
        click(page.browser(), ".nav[data-nav='events']");
        page.browser().until(d -> Boolean.TRUE.equals(page.browser().js("const f = document.querySelector('.ev-filter');"
                + " if (f) f.focus(); return !!f && document.activeElement === f;")));
        page.browser().driver.switchTo().activeElement().sendKeys("needle");
        page.browser().until(d -> onlyRowsWith("needle-pane"), () -> page.browser().text(".timeline"));
        assertThat(page.browser().text(".ev-count")).matches("\\d+ of \\d+");

        daemon.client().call("pane.rename", Map.of("pane_id", pane, "name", "needle-again")); // an event: the timeline is redrawn
        page.browser().until(d -> onlyRowsWith("needle-again"), () -> page.browser().text(".timeline"));
        assertThat(page.browser().js("const f = document.activeElement; return f.className + ' ' + f.value;"))
                .as("what has the keyboard, and its text").isEqualTo("ev-filter needle");
        page.browser().driver.switchTo().activeElement().sendKeys("-again");
        page.browser().until(d -> onlyRowsWith("needle-again"), () -> page.browser().text(".timeline"));
        click(page.browser(), ".nav[data-nav='overview']");
    }

    /** The timeline has rows, and every row says {@code text}. */
    static boolean onlyRowsWith(String text) {
        return Boolean.TRUE.equals(page.browser().js("const rows = [...document.querySelectorAll('.timeline li')];"
                + " return rows.length > 0 && rows.every((li) => li.textContent.includes(arguments[0]));", text));
    }

    /** Three live panes and a pending decision: docs/images/dashboard.png (with -Dsignaltty.docs.write=true). */
    @Test
    void screenshotOfThreeLivePanesAndAPendingDecision() throws Exception {
        String shell = page.bash();
        String tab = page.tabOf(shell);
        daemon.client().call("tab.rename", Map.of("tab_id", tab, "name", "api"));
        daemon.client().call("pane.rename", Map.of("pane_id", shell, "name", "shell"));
        String build = daemon.client().call("pane.split", Map.of("pane_id", shell, "direction", "right", "argv",
                List.of("sh", "-c", "for i in $(seq 1 14); do echo \"[build] step $i/14 compiled module-$i ok\"; done;"
                        + " echo; echo 'BUILD SUCCESS (14 modules)'; exec sleep 600"))).get("pane_id").asString();
        daemon.client().call("pane.rename", Map.of("pane_id", build, "name", "build"));
        String agent = daemon.client().call("pane.split", Map.of("pane_id", build, "direction", "down", "argv",
                List.of("sh", "-c", "printf '\\033[1mclaude\\033[0m  refactor the payment client\\n\\n'; "
                        + "echo '  Read src/payments/client.ts'; echo '  Edit src/payments/client.ts (+42 -17)';"
                        + " echo '  Bash: npm test -- payments'; echo; echo '  Waiting for permission...'; exec sleep 600")))
                .get("pane_id").asString();
        daemon.client().call("pane.rename", Map.of("pane_id", agent, "name", "agent"));
        AgentDaemonFixture.hook(daemon.client(), agent, "SessionStart", "s-shot");
        showTab(page.browser(), tab);
        page.browser().until(d -> screen(page.browser(), shell).contains("$"));
        // in the workspace's own (temporary) directory: the page shows nothing of the machine that made the picture
        type(page.browser(), shell, "mkdir -p payments && cd payments && git init -q && mkdir -p src"
                + " && touch README.md package.json src/client.ts && git status --short && ls", Keys.ENTER);
        try (ProtocolClient reporter = daemon.connect()) {
            CompletableFuture<JsonNode> verdict = AgentDaemonFixture.askPermission(reporter, agent, "npm test -- payments", 120);
            page.browser().until(d -> !d.findElements(By.cssSelector(".decision[data-pane-id='" + agent + "']")).isEmpty());
            page.browser().until(d -> screen(page.browser(), build).contains("BUILD SUCCESS") && screen(page.browser(), agent).contains("Waiting"));
            Path shot = page.browser().driver.getScreenshotAs(OutputType.FILE).toPath();
            Files.copy(shot, Path.of("target", "dashboard.png"), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            if (Boolean.getBoolean("signaltty.docs.write")) {
                Files.createDirectories(Path.of("docs", "images"));
                Files.copy(shot, Path.of("docs", "images", "dashboard.png"), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            }
            assertThat(Files.size(shot)).isPositive();
            reporter.close(); // the waiting hook ends; its decision stays pending until answered or cleared
            verdict.handle((r, e) -> r);
        }
    }
}
