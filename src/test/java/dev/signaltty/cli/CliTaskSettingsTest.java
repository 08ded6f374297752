package dev.signaltty.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * ADR 0195 through the real CLI: a bad task worktree/branch setting given to {@code server start}
 * stops the daemon at start-up with one line naming the key, and no daemon is left.
 */
class CliTaskSettingsTest {

    @TempDir
    Path temp;

    @ParameterizedTest
    @CsvSource({
            "signaltty.task.worktree-root, relative/dir",
            "signaltty.task.keep-branch-after-merge, maybe",
            "signaltty.task.keep-branch-after-discard, yes"})
    void aBadSettingStopsStartUpNamingTheKey(String key, String value) throws Exception {
        try (CliHarness cli = new CliHarness(temp)) {
            CliHarness.Run refused = cli.run("server", "start", "--" + key + "=" + value);
            assertThat(refused.status()).as(refused.toString()).isNotZero();
            assertThat(refused.err().strip().lines()).as(refused.toString()).hasSize(1).first().asString()
                    .contains("cannot start").contains(key).contains("'" + value + "'");
            assertThat(cli.run("server", "status").status()).as("no daemon left running").isNotZero();
        }
    }
}
