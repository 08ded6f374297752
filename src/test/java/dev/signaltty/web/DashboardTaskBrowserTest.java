package dev.signaltty.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.openqa.selenium.By;

import dev.signaltty.agent.AgentDaemonFixture;
import dev.signaltty.support.DaemonFixture;
import dev.signaltty.support.ProtocolClient;
import dev.signaltty.workspace.internal.git.TestRepo;
import tools.jackson.databind.JsonNode;

/**
 * A real task in a real git repository, run by the scripted worker on a real PTY: the page lists it,
 * shows its changed files (task.diff) and a file's hunks as a diff view (task.file_diff), and the
 * Merge button finishes it (task.finish): the change is on main and the worktree is gone.
 */
class DashboardTaskBrowserTest {

    @RegisterExtension
    static final DashboardFixture page = new DashboardFixture(new DaemonFixture("tasks", "signaltty.web.port=0"), 1400, 820);
    static final DaemonFixture daemon = page.daemon();

    @Test
    void aFinishedTasksDiffIsShownAndMergedFromThePage() throws Exception {
        Path tmp = page.repoDir();
        TestRepo repo = TestRepo.withReadme(tmp);
        Path worker = tmp.resolve("fake_worker.py");
        try (InputStream in = DashboardTaskBrowserTest.class.getResourceAsStream("/task/fake_worker.py")) {
            Files.write(worker, in.readAllBytes());
        }
        String task = daemon.client().call("task.start", Map.of("repo", repo.root.toString(), "objective", "WRITE notes.txt alpha",
                "argv", List.of("python3", worker.toString(), "work"), "submit_delay_ms", 50)).get("task").get("task_id").asString();
        JsonNode done = daemon.client().call("task.wait", Map.of("task_id", task, "until", List.of("completed"), "timeout_s", 60)).get("task");
        assertThat(done.get("state").asString()).isEqualTo("completed");
        String pane = done.get("pane_id").asString();
        // the worker's turn ends after its report; finishing closes the pane, so let it end first
        ProtocolClient.eventually(Duration.ofSeconds(30), () -> "done".equals(
                daemon.client().call("pane.get", Map.of("pane_id", pane)).get("lifecycle").asString()));

        Browser browser = page.browser();
        DashboardBrowserTest.click(browser, ".nav[data-nav='tasks']");
        DashboardBrowserTest.click(browser, ".task-row[data-task-id='" + task + "']");
        DashboardBrowserTest.click(browser, ".task-detail .file[data-path='notes.txt']");
        // the hunk as a diff view: its header and the added line, read in one script call
        Object view = browser.until(d -> browser.js("const v = document.querySelector('.task-detail .diff'); if (!v) return null;"
                + " const added = [...v.querySelectorAll('.dl.added .lt')].map((e) => e.textContent);"
                + " return v.querySelector('.hunk-head').textContent + '|' + added.join(',');"));
        assertThat(String.valueOf(view)).startsWith("@@ -0,0 +1").endsWith("|+alpha");

        // clicked after the script returns: the click opens a confirm(), which would block the script
        browser.until(d -> Boolean.TRUE.equals(browser.js("const e = document.querySelector(arguments[0]);"
                + " if (e) setTimeout(() => e.click(), 0); return !!e;", ".task-detail button[data-finish='merge']")));
        browser.until(d -> {
            d.switchTo().alert().accept(); // "Merge task_…?"
            return true;
        });
        // the disposition is stored before the worktree is removed (task.finish's cleanup): wait for both
        browser.until(d -> {
            JsonNode finished = daemon.client().call("task.get", Map.of("task_id", task)).get("task");
            return "merged".equals(finished.path("disposition").asString()) && finished.path("worktree_removed").asBoolean();
        });
        assertThat(repo.root.resolve("notes.txt")).hasContent("alpha");
        assertThat(Path.of(daemon.client().call("task.get", Map.of("task_id", task)).get("task").get("worktree").asString())).doesNotExist();
    }

    /**
     * Many tasks at work: the list says which task's agent waits for you and in its words (the worker pane's
     * attention and message), and the task's detail takes you to its terminal.
     */
    @Test
    void aTaskWhoseAgentWaitsSaysSoInTheListAndItsDetailShowsItsTerminal() throws Exception {
        Path tmp = page.repoDir();
        TestRepo repo = TestRepo.withReadme(tmp);
        JsonNode started = daemon.client().call("task.start", Map.of("repo", repo.root.toString(), "objective", "waits for me",
                "argv", List.of("bash", "--norc", "--noprofile", "-i"), "submit_delay_ms", 50));
        String task = started.get("task").get("task_id").asString();
        String pane = started.get("pane").get("pane_id").asString();
        try {
            AgentDaemonFixture.hook(daemon.client(), pane, "SessionStart", "s-waits");
            daemon.client().call("hook-event", Map.of("pane_id", pane, "payload", Map.of("session_id", "s-waits",
                    "hook_event_name", "Notification", "notification_type", "elicitation_dialog", "message", "github asks: which repository?",
                    "transcript_path", tmp.resolve("s-waits.jsonl").toString(), "cwd", tmp.toString())));
            Browser browser = page.browser();
            DashboardBrowserTest.click(browser, ".nav[data-nav='tasks']");
            String row = ".task-row[data-task-id='" + task + "']";
            assertThat(browser.text(row + " .task-agent .badge.at-input_required")).isEqualTo("input required");
            assertThat(browser.text(row + " .waits")).isEqualTo("github asks: which repository?");

            DashboardBrowserTest.click(browser, row);
            browser.text(".task-detail .show-pane");
            if (Boolean.getBoolean("signaltty.docs.write")) { // docs/images/dashboard-tasks.png: this list and detail
                Files.copy(browser.driver.getScreenshotAs(org.openqa.selenium.OutputType.FILE).toPath(),
                        Path.of("docs", "images", "dashboard-tasks.png"), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            }
            DashboardBrowserTest.click(browser, ".task-detail .show-pane");
            String tab = daemon.client().call("pane.get", Map.of("pane_id", pane)).get("pane").get("tab_id").asString();
            browser.until(d -> !d.findElements(By.cssSelector(".tab.on[data-tab-id='" + tab + "']")).isEmpty()
                    && !d.findElements(By.cssSelector(".layout .pane[data-pane-id='" + pane + "']")).isEmpty());
        } finally {
            daemon.client().call("task.cancel", Map.of("task_id", task));
        }
    }

    /** A task whose worktree has no change yet: its detail says so, rather than an empty space under Merge. */
    @Test
    void aTaskWithNoChangesSaysSo() throws Exception {
        Path tmp = page.repoDir();
        TestRepo repo = TestRepo.withReadme(tmp);
        String task = daemon.client().call("task.start", Map.of("repo", repo.root.toString(), "objective", "nothing yet",
                "argv", List.of("bash", "--norc", "--noprofile", "-i"), "submit_delay_ms", 50)).get("task").get("task_id").asString();
        Browser browser = page.browser();
        try {
            DashboardBrowserTest.click(browser, ".nav[data-nav='tasks']");
            DashboardBrowserTest.click(browser, ".task-row[data-task-id='" + task + "']");
            assertThat(browser.text(".task-detail .no-changes")).isEqualTo("No changes in the worktree yet.");
        } finally {
            daemon.client().call("task.cancel", Map.of("task_id", task));
        }
    }
}
