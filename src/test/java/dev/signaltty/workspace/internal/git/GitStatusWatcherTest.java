package dev.signaltty.workspace.internal.git;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GitStatusWatcherTest {

    @TempDir
    Path tmp;

    @Test
    void reportsAStatusChangeOnceAndStaysQuietWhileNothingChanges() {
        TestRepo repo = TestRepo.init(tmp);
        repo.write("a.txt", "1\n");
        repo.commitAll("init");
        GitStatusWatcher watcher = new GitStatusWatcher(repo.runner(), 4, Duration.ofSeconds(8));
        List<GitStatusWatcher.Change> seen = new ArrayList<>();
        Map<String, Path> targets = Map.of("ws_1", repo.root);

        watcher.poll(targets, seen::add);
        watcher.poll(targets, seen::add);
        assertThat(seen).isEmpty();

        repo.write("a.txt", "2\n");
        repo.write("b.txt", "new\n");
        watcher.poll(targets, seen::add);
        watcher.poll(targets, seen::add);

        assertThat(seen).containsExactly(new GitStatusWatcher.Change("ws_1", repo.root.toString(), "main",
                repo.git("rev-parse", "HEAD").strip(), 2));
    }

    @Test
    void watchesNoMoreRepositoriesThanItsCap() {
        TestRepo first = TestRepo.init(tmp.resolve("one"));
        TestRepo second = TestRepo.init(tmp.resolve("two"));
        GitStatusWatcher watcher = new GitStatusWatcher(first.runner(), 1, Duration.ofSeconds(8));
        List<GitStatusWatcher.Change> seen = new ArrayList<>();
        Map<String, Path> targets = new LinkedHashMap<>();
        targets.put("ws_1", first.root);
        targets.put("ws_2", second.root);

        watcher.poll(targets, seen::add);
        first.write("x.txt", "x\n");
        second.write("y.txt", "y\n");
        watcher.poll(targets, seen::add);

        assertThat(seen).extracting(GitStatusWatcher.Change::workspaceId).containsExactly("ws_1");
    }

    @Test
    void leavesTheIndexUntouchedWhileWatching() {
        TestRepo repo = TestRepo.init(tmp);
        repo.write("a.txt", "1\n");
        repo.commitAll("init");
        byte[] before = repo.indexBytes();
        // Touching the file makes its cached stat data stale: a plain `git status` would refresh the index.
        repo.write("a.txt", "1\n");

        new GitStatusWatcher(repo.runner(), 4, Duration.ofSeconds(8)).poll(Map.of("ws_1", repo.root), c -> { });

        assertThat(repo.indexBytes()).isEqualTo(before);
    }
}
