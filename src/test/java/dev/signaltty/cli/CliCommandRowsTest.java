package dev.signaltty.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

import dev.signaltty.cli.CliHarness.Run;
import dev.signaltty.support.ProtocolClient;
import dev.signaltty.transport.ProtocolJson;
import dev.signaltty.workspace.internal.git.TestRepo;
import tools.jackson.databind.JsonNode;

/**
 * The seed's CLI mapping rows, each run as the real CLI process against a real daemon it started,
 * and checked on the daemon's side over the socket: the command reached its method with its flags.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class CliCommandRowsTest {

    CliHarness cli;
    ProtocolClient daemon;
    Path temp;
    String workspace;

    @BeforeAll
    void startDaemon(@TempDir Path temp) throws Exception {
        this.temp = temp;
        cli = new CliHarness(temp);
        Run start = cli.run("server", "start");
        assertThat(start.status()).as(start.toString()).isZero();
        daemon = ProtocolClient.connect(cli.socket());
        workspace = daemon.call("workspace.create", Map.of("name", "rows", "cwd", cli.cwd().toString()))
                .get("workspace_id").asString();
    }

    @AfterAll
    void stopDaemon() {
        daemon.close();
        cli.close();
    }

    /** Runs {@code signaltty --json args…}, which must succeed, and parses its output. */
    JsonNode json(String... args) {
        String[] all = new String[args.length + 1];
        all[0] = "--json";
        System.arraycopy(args, 0, all, 1, args.length);
        Run run = cli.run(all);
        assertThat(run.status()).as(run.toString()).isZero();
        return ProtocolJson.MAPPER.readTree(run.out());
    }

    JsonNode pane(String id) {
        return daemon.call("pane.get", Map.of("pane_id", id)).get("pane");
    }

    String sleeper() {
        return daemon.call("pane.spawn", Map.of("workspace_id", workspace, "argv", List.of("sleep", "300")))
                .get("pane_id").asString();
    }

    @Test
    void paneSpawnPassesParentLabelAndRelationship() { // seed R351
        String parent = sleeper();
        JsonNode spawned = json("pane", "spawn", workspace, "--parent-pane", parent, "--label", "api tests",
                "--relationship", "helper", "--", "sleep", "300");
        String child = spawned.get("pane_id").asString();
        JsonNode stored = pane(child);
        assertThat(stored.get("parent_pane_id").asString()).isEqualTo(parent);
        assertThat(stored.get("label").asString()).isEqualTo("api tests");
        assertThat(stored.get("relationship").asString()).isEqualTo("helper");
        assertThat(stored.get("argv").toString()).contains("sleep", "300");
    }

    @Test
    void paneRenameNamesAPaneAndWithoutANameRemovesIt() { // seed R348
        String id = sleeper();
        json("pane", "rename", id, "row-web");
        assertThat(pane(id).get("name").asString()).isEqualTo("row-web");
        assertThat(pane("row-web").get("pane_id").asString()).isEqualTo(id); // the name now resolves
        json("pane", "rename", id);
        assertThat(pane(id).has("name")).isFalse();
    }

    @Test
    void paneSwapAndPaneMoveRearrangeOneTab() { // seed R349, seed R350
        String tab = daemon.call("tab.create", Map.of("workspace_id", workspace, "name", "arrange")).get("tab_id")
                .asString();
        String a = daemon.call("pane.spawn", Map.of("workspace_id", workspace, "tab_id", tab,
                "argv", List.of("sleep", "300"))).get("pane_id").asString();
        String b = daemon.call("pane.split", Map.of("pane_id", a, "direction", "right", "argv", List.of("sleep", "300")))
                .get("pane_id").asString();
        String c = daemon.call("pane.split", Map.of("pane_id", b, "direction", "right", "argv", List.of("sleep", "300")))
                .get("pane_id").asString();
        List<String> before = leaves(daemon.call("tab.get", Map.of("tab_id", tab)).get("layout"));
        assertThat(before).containsExactly(a, b, c);

        json("pane", "swap", a, c);
        assertThat(leaves(daemon.call("tab.get", Map.of("tab_id", tab)).get("layout"))).containsExactly(c, b, a);

        json("pane", "move", c, a, "--direction", "down");
        JsonNode layout = daemon.call("tab.get", Map.of("tab_id", tab)).get("layout");
        assertThat(leaves(layout)).containsExactly(b, a, c);
        JsonNode moved = findSplitHolding(layout, a);
        assertThat(moved.get("direction").asString()).isEqualTo("down");
        assertThat(moved.get("first").get("pane_id").asString()).isEqualTo(a);
        assertThat(moved.get("second").get("pane_id").asString()).isEqualTo(c);

        // pane break (tmux's break-pane): c alone in a new tab named review; the old tab keeps b and a
        JsonNode broken = json("pane", "break", c, "--name", "review");
        String newTab = broken.get("tab_id").asString();
        assertThat(broken.get("tab_name").asString()).isEqualTo("review");
        assertThat(leaves(daemon.call("tab.get", Map.of("tab_id", newTab)).get("layout"))).containsExactly(c);
        assertThat(leaves(daemon.call("tab.get", Map.of("tab_id", tab)).get("layout"))).containsExactly(b, a);
    }

    private static List<String> leaves(JsonNode node) {
        if (node.has("pane_id")) {
            return List.of(node.get("pane_id").asString());
        }
        List<String> out = new java.util.ArrayList<>(leaves(node.get("first")));
        out.addAll(leaves(node.get("second")));
        return out;
    }

    private static JsonNode findSplitHolding(JsonNode node, String pane) {
        if (node.has("pane_id")) {
            return null;
        }
        for (String side : List.of("first", "second")) {
            if (pane.equals(node.get(side).path("pane_id").asString(null))) {
                return node;
            }
            JsonNode found = findSplitHolding(node.get(side), pane);
            if (found != null) {
                return found;
            }
        }
        return null;
    }

    @Test
    void paneReadRenderedWithAfterSeqReturnsOnlyNewerLines() { // seed R345
        String id = daemon.call("pane.spawn", Map.of("workspace_id", workspace,
                "argv", List.of("bash", "--norc", "--noprofile"))).get("pane_id").asString();
        daemon.call("pane.write", Map.of("pane_id", id, "data", "echo first-$((1+1))\r"));
        ProtocolClient.eventually(Duration.ofSeconds(15), () -> json("pane", "read", id, "--mode", "rendered")
                .get("text").asString().contains("first-2"));
        long cursor = json("pane", "read", id, "--mode", "rendered").get("next_seq").asLong();
        daemon.call("pane.write", Map.of("pane_id", id, "data", "echo second-$((2+2))\r"));
        ProtocolClient.eventually(Duration.ofSeconds(15), () -> json("pane", "read", id, "--mode", "rendered",
                "--after-seq", Long.toString(cursor)).get("text").asString().contains("second-4"));
        JsonNode newer = json("pane", "read", id, "--mode", "rendered", "--after-seq", Long.toString(cursor));
        assertThat(newer.get("text").asString()).doesNotContain("first-2");
        assertThat(newer.get("dropped").asBoolean()).isFalse();
        assertThat(newer.get("next_seq").asLong()).isGreaterThan(cursor);
    }

    @Test
    void notifyMarksThePaneAndAttentionListsAtMostLimitPanes() { // seed R336, seed R352
        String first = sleeper();
        String second = sleeper();
        Run notified = cli.run("notify", "--pane", first, "build done");
        assertThat(notified.status()).as(notified.toString()).isZero();
        assertThat(cli.run("notify", "--pane", second, "tests failed").status()).isZero();
        assertThat(daemon.call("pane.get", Map.of("pane_id", first)).get("attention").asString()).isEqualTo("unread");

        JsonNode all = json("attention");
        assertThat(all.toString()).contains(first, second, "build done", "tests failed");
        JsonNode limited = json("attention", "--limit", "1");
        assertThat(limited.get("panes")).hasSize(1);
    }

    @Test
    void everyTaskSubcommandCallsItsTaskMethod() throws IOException { // seed R340
        TestRepo repo = TestRepo.withReadme(temp.resolve("task-repo"));
        Path script = temp.resolve("fake_worker.py");
        try (InputStream in = getClass().getResourceAsStream("/task/fake_worker.py")) {
            Files.write(script, in.readAllBytes());
        }
        String taskId = json("task", "start", "--repo", repo.root.toString(), "--objective", "WRITE out.txt hi",
                "--submit-delay-ms", "50", "--", "python3", script.toString(), "work").get("task").get("task_id")
                .asString();

        JsonNode waited = json("task", "wait", taskId, "--timeout", "60");
        assertThat(waited.toString()).contains("completed");
        assertThat(json("task", "get", taskId).get("task").get("state").asString()).isEqualTo("completed");
        assertThat(json("task", "list").toString()).contains(taskId);
        assertThat(json("task", "list", "--state", "completed").toString()).contains(taskId);
        assertThat(json("task", "diff", taskId).toString()).contains("out.txt");
        JsonNode fileDiff = json("task", "file-diff", taskId, "out.txt");
        assertThat(fileDiff.toString()).contains("hi", "added");
        JsonNode finished = json("task", "finish", taskId, "--discard");
        assertThat(finished.toString()).contains("discarded");
        assertThat(daemon.call("task.get", Map.of("task_id", taskId)).get("task").get("disposition").asString())
                .isEqualTo("discarded");

        String second = json("task", "start", "--repo", repo.root.toString(), "--objective", "WRITE no.txt x",
                "--submit-delay-ms", "50", "--stall-timeout", "30", "--", "python3", script.toString(), "silent")
                .get("task").get("task_id").asString();
        json("task", "cancel", second);
        assertThat(daemon.call("task.get", Map.of("task_id", second)).get("task").get("state").asString())
                .isEqualTo("canceled");
        json("task", "finish", second, "--discard");
    }
}
