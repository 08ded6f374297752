package dev.signaltty.workspace.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;

import org.junit.jupiter.api.Test;

/** The forms signaltty.task.worktree-root takes (ADR 0195); the daemon tests cover where worktrees then go. */
class TaskWorktreeRootTest {

    static final Path STATE = Path.of("/state/signaltty");

    @Test
    void emptyIsTheStateDirsWorktrees() {
        assertThat(TaskWorktreeRoot.parse("", STATE, "/home/u")).isEqualTo(STATE.resolve("worktrees"));
    }

    @Test
    void besideRepoIsTheSiblingDefaultOfWorktrees() {
        assertThat(TaskWorktreeRoot.parse("beside-repo", STATE, "/home/u")).isNull();
    }

    @Test
    void aTildePathIsUnderHomeAndAnAbsoluteOneIsNormalized() {
        assertThat(TaskWorktreeRoot.parse("~/wt", STATE, "/home/u")).isEqualTo(Path.of("/home/u/wt"));
        assertThat(TaskWorktreeRoot.parse("/fast/./wt/", STATE, "/home/u")).isEqualTo(Path.of("/fast/wt"));
    }

    @Test
    void aRelativePathOrABareTildeIsRefusedNamingTheKey() {
        for (String bad : new String[] {"wt", "./wt", "~", "~user/wt"}) {
            assertThatThrownBy(() -> TaskWorktreeRoot.parse(bad, STATE, "/home/u"))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining(TaskWorktreeRoot.KEY).hasMessageContaining("'" + bad + "'");
        }
    }
}
