package dev.signaltty.workspace.internal.git;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import dev.signaltty.transport.ErrorCode;
import dev.signaltty.transport.ProtocolException;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GitRunnerTest {

    @TempDir
    Path tmp;

    TestRepo repo;

    @BeforeEach
    void setUp() {
        repo = TestRepo.init(tmp);
    }

    // seed R148
    @Test
    void killsTheWholeProcessGroupAtTheDeadline() throws Exception {
        // A git alias running a shell that leaves a background grandchild behind.
        Path pidFile = tmp.resolve("child.pid");
        repo.git("config", "alias.hang", "!sleep 30 & echo $! > '" + pidFile + "'; sleep 30");
        GitRunner runner = repo.runner();

        long start = System.nanoTime();
        assertThatThrownBy(() -> runner.run(repo.root, Deadline.in(Duration.ofMillis(700)), "hang"))
                .isInstanceOfSatisfying(ProtocolException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.TIMEOUT));
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(4));
        long child = Long.parseLong(java.nio.file.Files.readString(pidFile).strip());
        long until = System.nanoTime() + Duration.ofSeconds(3).toNanos();
        while (ProcessHandle.of(child).map(ProcessHandle::isAlive).orElse(false) && System.nanoTime() < until) {
            Thread.sleep(50);
        }
        assertThat(ProcessHandle.of(child).map(ProcessHandle::isAlive).orElse(false)).isFalse();
    }

    @Test
    void refusesToStartOnceTheDeadlineHasPassed() {
        Deadline spent = Deadline.in(Duration.ZERO);

        assertThatThrownBy(() -> repo.runner().run(repo.root, spent, "status"))
                .isInstanceOfSatisfying(ProtocolException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.TIMEOUT));
    }

    // seed R284
    @Test
    void turnsAFailedCommandIntoIoErrorWithItsStderr() {
        GitResult result = repo.runner().run(repo.root, Deadline.in(Duration.ofSeconds(5)), "cat-file", "-p", "nope");

        assertThat(result.ok()).isFalse();
        assertThatThrownBy(result::requireOk).isInstanceOfSatisfying(ProtocolException.class, e -> {
            assertThat(e.code()).isEqualTo(ErrorCode.IO_ERROR);
            assertThat((String) e.details().get("stderr")).contains("nope");
        });
    }

    @Test
    void keepsStdoutUpToItsCapAndMarksTheRestAsTruncated() {
        repo.git("config", "alias.flood", "!yes line | head -c 1000000");

        GitResult result = repo.runner().run(repo.root, Deadline.in(Duration.ofSeconds(5)), Map.of(), 4096, List.of("flood"));

        assertThat(result.stdout()).hasSize(4096);
        assertThat(result.stdoutTruncated()).isTrue();
        assertThat(result.ok()).isTrue();
    }

    // seed R280
    @Test
    void boundsStderrAndStillDrainsIt() {
        repo.git("config", "alias.shout", "!yes err | head -c 1000000 >&2; echo done");

        GitResult result = repo.runner().run(repo.root, Deadline.in(Duration.ofSeconds(10)), "shout");

        assertThat(result.stderr()).hasSize(GitRunner.STDERR_CAP);
        assertThat(result.stdoutText()).isEqualTo("done\n");
    }

    @Test
    void scrubsInheritedGitVariablesAndNeverPrompts() {
        repo.git("config", "alias.env", "!env");
        Map<String, String> inherited = new HashMap<>(System.getenv());
        inherited.put("GIT_DIR", "/nonexistent");
        inherited.put("GIT_DIFF_OPTS", "-u9");
        inherited.put("GIT_EXTERNAL_DIFF", "evil");
        inherited.put("GIT_CONFIG_PARAMETERS", "'core.pager'='evil'");
        GitRunner runner = new GitRunner(inherited, repo.env);

        String env = runner.run(repo.root, Deadline.in(Duration.ofSeconds(5)), "env").requireOk().stdoutText();

        assertThat(env).doesNotContain("/nonexistent", "GIT_DIFF_OPTS", "GIT_EXTERNAL_DIFF", "evil")
                .contains("GIT_TERMINAL_PROMPT=0", "GIT_OPTIONAL_LOCKS=0");
    }
}
