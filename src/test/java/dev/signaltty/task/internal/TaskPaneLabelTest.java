package dev.signaltty.task.internal;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** A worker pane's label says what the task is for, never its id again (ADR 0820). */
class TaskPaneLabelTest {

    @Test
    void aShortObjectiveIsTheLabelAsItIs() {
        assertThat(TaskPaneLabel.of("fix the flaky login test")).isEqualTo("fix the flaky login test");
    }

    @Test
    void theFirstNonBlankLineWithItsWhitespaceCollapsed() {
        assertThat(TaskPaneLabel.of("\n  \n  add   retries\tto fetch  \nthen run the tests\n")).isEqualTo("add retries to fetch");
    }

    @Test
    void aLongObjectiveIsCutWithAnEllipsisToFortyCharacters() {
        String label = TaskPaneLabel.of("rewrite the payment module so that every provider goes through one gateway");
        assertThat(label).isEqualTo("rewrite the payment module so that ever…").hasSize(TaskPaneLabel.MAX);
    }

    @Test
    void theCutNeverSplitsACharacterOutsideTheBasicPlane() {
        String label = TaskPaneLabel.of("😀".repeat(50));
        assertThat(label.codePointCount(0, label.length())).isEqualTo(TaskPaneLabel.MAX);
        assertThat(label).endsWith("😀…");
    }
}
