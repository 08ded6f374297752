package dev.signaltty.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.Keys;

import dev.signaltty.support.DaemonFixture;
import dev.signaltty.workspace.internal.git.TestRepo;
import tools.jackson.databind.JsonNode;

/**
 * Work started from the page (ADR 0971), in a real chromium against a real daemon: a workspace, a tab
 * and a task made through the forms run their pane live on the page; an input the daemon refuses
 * shows the daemon's code and message in the form and leaves nothing made behind.
 */
class DashboardStartWorkBrowserTest {

    @RegisterExtension
    static final DashboardFixture page = new DashboardFixture(new DaemonFixture("start", "signaltty.web.port=0"), 1400, 820);
    static final DaemonFixture daemon = page.daemon();

    /** An interactive bash whose prompt is "$ " (root's would be "# "): quoted words, as a person types them. */
    static final String BASH = "env 'PS1=$ ' bash --norc --noprofile -i";

    /** Opens the form the selector's button opens, types each value into its field (real keys), and submits. */
    static void fill(String opener, Map<String, String> values) {
        DashboardBrowserTest.click(page.browser(), opener);
        page.browser().until(d -> !d.findElements(By.cssSelector("dialog[open] form")).isEmpty());
        for (var field : values.entrySet()) {
            var input = page.browser().driver.findElement(By.cssSelector("dialog[open] input[name='" + field.getKey() + "']"));
            input.clear();
            input.sendKeys(field.getValue());
        }
        page.browser().driver.findElement(By.cssSelector("dialog[open] input[name='" + values.keySet().iterator().next() + "']"))
                .sendKeys(Keys.ENTER);
    }

    /** The error the open form shows, once it shows one. */
    static String formError() {
        return page.browser().until(d -> (String) page.browser().js("const e = document.querySelector('dialog[open] .form-error');"
                + " return e && !e.hidden ? e.textContent : null;"));
    }

    static void cancelForm() {
        DashboardBrowserTest.click(page.browser(), "dialog[open] .form-buttons button[type='button']");
        page.browser().until(d -> d.findElements(By.cssSelector("dialog")).isEmpty());
    }

    /** The pane the page shows in the tab it went to, once it is drawn. */
    static String shownPane() {
        return page.browser().until(d -> (String) page.browser().js("const t = document.querySelector('.tab.on');"
                + " const p = document.querySelector('.layout .pane');"
                + " return t && p && !document.querySelector('dialog') ? p.dataset.paneId : null;"));
    }

    static void typesAndEchoes(String pane, String word) {
        page.browser().until(d -> DashboardBrowserTest.screen(page.browser(), pane).contains("$"), () -> DashboardBrowserTest.screen(page.browser(), pane));
        DashboardBrowserTest.type(page.browser(), pane, "echo " + word + "-$((6*7))", Keys.ENTER);
        page.browser().until(d -> DashboardBrowserTest.screen(page.browser(), pane).contains(word + "-42"), () -> DashboardBrowserTest.screen(page.browser(), pane));
    }

    static List<String> workspaceNames() {
        return daemon.client().call("workspace.list", Map.of()).get("workspaces").valueStream()
                .map((w) -> w.get("name").asString()).toList();
    }

    @Test
    void aWorkspaceMadeOnThePageRunsItsCommandLiveInItsDirectory(@TempDir Path dir) throws Exception {
        fill(".new[data-new='workspace']", Map.of("name", "made-here", "cwd", dir.toRealPath().toString(), "command", BASH));
        String pane = shownPane();
        JsonNode made = daemon.client().call("pane.get", Map.of("pane_id", pane)).get("pane");
        assertThat(made.get("argv").valueStream().map(JsonNode::asString).toList()).containsExactly("env", "PS1=$ ", "bash", "--norc", "--noprofile", "-i");
        assertThat(made.get("cwd").asString()).isEqualTo(dir.toRealPath().toString());
        JsonNode ws = daemon.client().call("workspace.get", Map.of("workspace_id", made.get("workspace_id").asString()));
        assertThat(ws.get("name").asString()).isEqualTo("made-here");
        typesAndEchoes(pane, "made-here");
    }

    @Test
    void aDirectoryTheDaemonRefusesIsShownInTheFormAndNothingIsMade() {
        List<String> before = workspaceNames();
        fill(".new[data-new='workspace']", Map.of("name", "refused-dir", "cwd", "/no/such/dir-" + ProcessHandle.current().pid(),
                "command", BASH));
        assertThat(formError()).startsWith("BAD_PARAMS: cwd: no such directory: /no/such/dir-");
        assertThat(page.browser().js("return document.querySelector(\"dialog[open] input[name='cwd']\").getAttribute('aria-invalid')"))
                .isEqualTo("true");
        assertThat(workspaceNames()).isEqualTo(before);
        cancelForm();
    }

    /** The workspace is made before its pane: a command that cannot start closes it again, and the form says both. */
    @Test
    void aCommandThatCannotStartLeavesNoWorkspaceBehind(@TempDir Path dir) {
        List<String> before = workspaceNames();
        fill(".new[data-new='workspace']", Map.of("name", "no-program", "cwd", dir.toString(), "command", "no-such-program-web22 --x"));
        assertThat(formError()).startsWith("SPAWN_FAILED: ").contains("no-such-program-web22").endsWith("(nothing was created)");
        assertThat(workspaceNames()).isEqualTo(before);
        cancelForm();
    }

    @Test
    void aTabAddedOnThePageRunsItsCommandWithQuotedWords() {
        int tabs = daemon.client().call("workspace.get", Map.of("workspace_id", daemon.workspace())).get("tab_ids").size();
        fill(".add-tab[data-workspace-id='" + daemon.workspace() + "']",
                Map.of("command", "sh -c \"echo 'tab made' $((3*4)); exec env PS1='$ ' bash --norc --noprofile -i\""));
        String pane = shownPane();
        page.browser().until(d -> DashboardBrowserTest.screen(page.browser(), pane).contains("tab made 12"), () -> DashboardBrowserTest.screen(page.browser(), pane));
        assertThat(daemon.client().call("workspace.get", Map.of("workspace_id", daemon.workspace())).get("tab_ids")).hasSize(tabs + 1);
        typesAndEchoes(pane, "in-the-tab");

        fill(".add-tab[data-workspace-id='" + daemon.workspace() + "']", Map.of("command", "no-such-program-web22"));
        assertThat(formError()).startsWith("SPAWN_FAILED: ").endsWith("(nothing was created)");
        assertThat(daemon.client().call("workspace.get", Map.of("workspace_id", daemon.workspace())).get("tab_ids")).hasSize(tabs + 1);
        cancelForm();
    }

    @Test
    void aTaskStartedOnThePageRunsInItsWorktreeAndABadRepositoryIsRefused() throws Exception {
        Path tmp = page.repoDir();
        int tasks = daemon.client().call("task.list", Map.of()).get("tasks").size();
        fill(".new[data-new='task']", Map.of("repo", tmp.resolve("not-a-repo").toString(), "objective", "never starts", "command", BASH));
        assertThat(formError()).startsWith("BAD_PARAMS: repo");
        assertThat(daemon.client().call("task.list", Map.of()).get("tasks")).hasSize(tasks);
        cancelForm();

        TestRepo repo = TestRepo.withReadme(tmp);
        fill(".new[data-new='task']", Map.of("repo", repo.root.toString(), "objective", "a task from the page", "command", BASH));
        String pane = shownPane();
        JsonNode task = daemon.client().call("task.list", Map.of()).get("tasks").valueStream()
                .filter((t) -> "a task from the page".equals(t.get("objective").asString())).findFirst().orElseThrow();
        try {
            assertThat(task.get("pane_id").asString()).isEqualTo(pane);
            assertThat(daemon.client().call("pane.get", Map.of("pane_id", pane)).get("pane").get("cwd").asString())
                    .isEqualTo(task.get("worktree").asString());
            typesAndEchoes(pane, "in-the-worktree");
        } finally {
            daemon.client().call("task.cancel", Map.of("task_id", task.get("task_id").asString()));
        }
    }

    /**
     * The task form sets what task.start takes beyond repo, objective and command: the task starts from the
     * base given, on the branch named, with the timeouts typed, and runs in its worktree.
     */
    @Test
    void aTaskStartedOnThePageFromABaseOnABranchHasThemBoth() throws Exception {
        Path tmp = page.repoDir();
        TestRepo repo = TestRepo.init(tmp);
        repo.write("README", "first\n");
        repo.commitAll("first");
        String first = repo.git("rev-parse", "HEAD").strip();
        repo.write("README", "second\n");
        repo.commitAll("second");
        fill(".new[data-new='task']", Map.of("repo", repo.root.toString(), "objective", "from the first commit", "command", BASH,
                "base", "HEAD~1", "branch", "page/from-first", "ready_timeout_s", "12.5", "stall_timeout_s", "3"));
        String pane = shownPane();
        JsonNode task = daemon.client().call("task.list", Map.of()).get("tasks").valueStream()
                .filter((t) -> "from the first commit".equals(t.get("objective").asString())).findFirst().orElseThrow();
        try {
            assertThat(task.get("pane_id").asString()).isEqualTo(pane);
            assertThat(task.get("base").asString()).isEqualTo("HEAD~1");
            assertThat(task.get("base_commit").asString()).isEqualTo(first);
            assertThat(task.get("branch").asString()).isEqualTo("page/from-first");
            assertThat(task.get("settings").get("ready_timeout_s").asDouble()).isEqualTo(12.5);
            assertThat(task.get("settings").get("stall_timeout_s").asDouble()).isEqualTo(3.0);
            // the worktree has the first commit's file, on the branch named
            assertThat(Path.of(task.get("worktree").asString()).resolve("README")).hasContent("first");
            typesAndEchoes(pane, "on-the-branch");
            DashboardBrowserTest.type(page.browser(), pane, "git branch --show-current", Keys.ENTER);
            page.browser().until(d -> DashboardBrowserTest.screen(page.browser(), pane).contains("\npage/from-first"),
                    () -> DashboardBrowserTest.screen(page.browser(), pane));
        } finally {
            daemon.client().call("task.cancel", Map.of("task_id", task.get("task_id").asString()));
        }
    }

    /** A base that names no commit and a timeout out of range: each shown on its field, and no task is made. */
    @Test
    void aTaskFieldTheDaemonRefusesIsMarkedAndNoTaskIsMade(@TempDir Path tmp) throws Exception {
        TestRepo repo = TestRepo.withReadme(tmp);
        int tasks = daemon.client().call("task.list", Map.of()).get("tasks").size();
        fill(".new[data-new='task']", Map.of("repo", repo.root.toString(), "objective", "never starts", "command", BASH,
                "base", "no-such-ref", "branch", "page/never"));
        assertThat(formError()).isEqualTo("BAD_PARAMS: base: no-such-ref does not name a commit");
        assertThat(invalidFields()).containsExactly("base");
        cancelForm();

        // the timeout is refused with the params, before the repository is looked at: the form of
        // docs/images/dashboard-start-task.png names a repository as a reader's would be, not this machine's temp dir
        String shown = repo.root.toString();
        if (Boolean.getBoolean("signaltty.docs.write")) { // and behind it the events, not a pane in the temp dir
            shown = "/home/you/src/payments";
            DashboardBrowserTest.click(page.browser(), ".nav[data-nav='events']");
            page.browser().until(d -> "Events".equals(page.browser().js("return document.querySelector('.main h1')?.textContent;")));
        }
        fill(".new[data-new='task']", Map.of("repo", shown, "objective", "fix the flaky checkout test", "command", BASH,
                "branch", "fix/flaky-checkout", "ready_timeout_s", "0"));
        assertThat(formError()).isEqualTo("BAD_PARAMS: ready_timeout_s: must be within (0, 86400]");
        assertThat(invalidFields()).containsExactly("ready_timeout_s");
        if (Boolean.getBoolean("signaltty.docs.write")) {
            java.nio.file.Files.copy(page.browser().driver.getScreenshotAs(org.openqa.selenium.OutputType.FILE).toPath(),
                    Path.of("docs", "images", "dashboard-start-task.png"), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        }
        cancelForm();
        assertThat(daemon.client().call("task.list", Map.of()).get("tasks")).hasSize(tasks);
        assertThat(repo.git("branch", "--list", "page/never", "fix/flaky-checkout")).isBlank();
    }

    /** The names of the open form's fields marked invalid. */
    @SuppressWarnings("unchecked")
    static List<String> invalidFields() {
        return (List<String>) page.browser().js("return [...document.querySelectorAll(\"dialog[open] input[aria-invalid='true']\")]"
                + ".map((e) => e.name)");
    }

    /**
     * At phone width the form lies within the screen with inputs big enough to use, the daemon's error is
     * shown inside it, and a real tap on its button submits it. docs/images/dashboard-new-workspace.png
     * (with -Dsignaltty.docs.write=true) is that refused form.
     */
    @Test
    void theWorkspaceFormWorksAtPhoneWidth(@TempDir Path dir) throws Exception {
        try (Browser phone = new Browser(390, 844)) {
            DashboardBrowserTest.login(phone, daemon.client());
            DashboardBrowserTest.click(phone, ".new[data-new='workspace']");
            phone.until(d -> !d.findElements(By.cssSelector("dialog[open] form")).isEmpty());
            phone.driver.findElement(By.cssSelector("dialog[open] input[name='name']")).sendKeys("from-a-phone");
            // a directory as a reader would type it: docs/images/dashboard-new-workspace.png shows no temp dir of this machine
            phone.driver.findElement(By.cssSelector("dialog[open] input[name='cwd']")).sendKeys("/home/you/src/no-such-dir");
            phone.driver.findElement(By.cssSelector("dialog[open] input[name='command']")).sendKeys(BASH);
            phone.driver.findElement(By.cssSelector("dialog[open] button[type='submit']")).click();
            phone.until(d -> Boolean.TRUE.equals(phone.js("const e = document.querySelector('dialog[open] .form-error');"
                    + " return !!e && !e.hidden;")));
            @SuppressWarnings("unchecked")
            List<Object> geometry = (List<Object>) phone.js("const f = document.querySelector('dialog[open]');"
                    + " const parts = [f, ...f.querySelectorAll('input, button, .form-error')].map((e) => e.getBoundingClientRect());"
                    + " return [innerWidth, Math.min(...parts.map((r) => r.left)), Math.max(...parts.map((r) => r.right)),"
                    + "   Math.min(...[...f.querySelectorAll('input, button')].map((e) => e.getBoundingClientRect().height))];");
            double width = ((Number) geometry.get(0)).doubleValue();
            assertThat(((Number) geometry.get(1)).doubleValue()).as("leftmost edge of the form's parts").isGreaterThanOrEqualTo(0);
            assertThat(((Number) geometry.get(2)).doubleValue()).as("rightmost edge of the form's parts").isLessThanOrEqualTo(width);
            assertThat(((Number) geometry.get(3)).doubleValue()).as("smallest input or button height").isGreaterThanOrEqualTo(30);
            java.nio.file.Path shot = phone.driver.getScreenshotAs(org.openqa.selenium.OutputType.FILE).toPath();
            if (Boolean.getBoolean("signaltty.docs.write")) {
                java.nio.file.Files.copy(shot, Path.of("docs", "images", "dashboard-new-workspace.png"),
                        java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            }
            var cwd = phone.driver.findElement(By.cssSelector("dialog[open] input[name='cwd']"));
            cwd.clear();
            cwd.sendKeys(dir.toRealPath().toString());
            phone.driver.findElement(By.cssSelector("dialog[open] button[type='submit']")).click();
            phone.until(d -> d.findElements(By.cssSelector("dialog")).isEmpty()
                    && !d.findElements(By.cssSelector(".layout .pane")).isEmpty());
            assertThat(workspaceNames()).contains("from-a-phone");
        }
    }
}
