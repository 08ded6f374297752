package dev.signaltty.web;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;

import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

import dev.signaltty.support.DaemonFixture;

/**
 * A {@link DaemonFixture}'s daemon with one headless chromium logged in to its dashboard, shared by the
 * tests of a class (the set-up the dashboard browser tests each repeated). The fixture owns the daemon
 * fixture it is given, so one registration orders both: the daemon starts before the browser opens and
 * stops after it is closed.
 *
 * <pre>{@code
 * @RegisterExtension
 * static final DashboardFixture page = new DashboardFixture(new DaemonFixture("web", "signaltty.web.port=0"), 1400, 820);
 * static final DaemonFixture daemon = page.daemon();
 * }</pre>
 */
final class DashboardFixture implements BeforeAllCallback, AfterAllCallback {

    private final DaemonFixture daemon;
    private final int width;
    private final int height;
    private BiConsumer<Browser, String> beforeLogin = (browser, url) -> { };
    /** The class that registered the fixture; its @Nested classes inherit the registration. */
    private Class<?> owner;
    private Browser browser;
    private String url;

    /** The daemon must be started with {@code signaltty.web.port=0} (or another port) for its page to be served. */
    DashboardFixture(DaemonFixture daemon, int width, int height) {
        this.daemon = daemon;
        this.width = width;
        this.height = height;
    }

    /**
     * Runs {@code setup} with the fresh browser and the dashboard's URL before it logs in (what must be in
     * place before the page's first load: a permission, a script). Returns this fixture.
     */
    DashboardFixture beforeLogin(BiConsumer<Browser, String> setup) {
        this.beforeLogin = setup;
        return this;
    }

    @Override
    public void beforeAll(ExtensionContext context) throws Exception {
        daemon.beforeAll(context);
        if (owner != null) {
            return; // a @Nested class shares the browser of the class around it, as it shares the daemon
        }
        owner = context.getRequiredTestClass();
        url = daemon.client().call("web.start", Map.of()).get("url").asString();
        browser = new Browser(width, height);
        beforeLogin.accept(browser, url);
        DashboardBrowserTest.login(browser, daemon.client());
    }

    @Override
    public void afterAll(ExtensionContext context) throws IOException {
        try {
            if (context.getRequiredTestClass() == owner) {
                owner = null;
                if (browser != null) {
                    browser.close();
                    browser = null;
                }
            }
        } finally {
            daemon.afterAll(context);
        }
    }

    DaemonFixture daemon() {
        return daemon;
    }

    /** The argv of the panes the dashboard tests type into: a bash that reads no rc file, prompt "$ ". */
    static final List<String> BASH = List.of("bash", "--norc", "--noprofile", "-i");

    /** An interactive bash in a tab of its own in the daemon's workspace. */
    String bash() {
        return bash(daemon.workspace());
    }

    /** An interactive bash in a tab of its own in {@code workspace}. */
    String bash(String workspace) {
        String tab = daemon.client().call("tab.create", Map.of("workspace_id", workspace)).get("tab_id").asString();
        return daemon.client().call("pane.spawn", Map.of("workspace_id", workspace, "tab_id", tab,
                "argv", BASH, "env", Map.of("PS1", "$ "))).get("pane_id").asString();
    }

    /** The tab the pane is in now, as the daemon says. */
    String tabOf(String pane) {
        return daemon.client().call("pane.get", Map.of("pane_id", pane)).get("pane").get("tab_id").asString();
    }

    /** Whether the page's terminal of the pane is attached (its viewer connection has the attach reply). */
    boolean attached(String pane) {
        return Boolean.TRUE.equals(browser.js("const e = document.querySelector(`.pane[data-pane-id='${arguments[0]}']`);"
                + " return !!e && e.dataset.attached === 'yes';", pane));
    }

    /** The logged-in browser, from the class's before-all on. */
    Browser browser() {
        return browser;
    }

    /**
     * A fresh directory for a test's git repository, below the daemon fixture's root, which is deleted only
     * after the daemon has stopped: after a task's merge or cancel the daemon's own git can still be writing
     * in the repository's .git, and a @TempDir deleted as the test returns raced it
     * ("DirectoryNotEmptyException: repo/.git").
     */
    Path repoDir() throws IOException {
        return Files.createTempDirectory(daemon.root(), "repo-");
    }

    /** The dashboard's base URL ({@code web.start}'s {@code url}). */
    String url() {
        return url;
    }
}
