package dev.signaltty.cli.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

class ShellCompletionTest {

    CommandTable table = CommandTable.standard();

    @Test
    void completesNounsFromTheCommandTable() {
        assertThat(ShellCompletion.candidates(table, List.of("pa"))).containsExactly("pane");
        assertThat(ShellCompletion.candidates(table, List.of(""))).contains("pane", "workspace", "task", "completion");
    }

    @Test
    void completesVerbsOfANoun() {
        assertThat(ShellCompletion.candidates(table, List.of("pane", "wa"))).containsExactly("wait-output");
    }

    @Test
    void completesFlagsOfACommand() {
        assertThat(ShellCompletion.candidates(table, List.of("pane", "read", "p1", "--m"))).containsExactly("--mode");
    }

    @Test
    void printsScriptsForBashAndZsh() {
        assertThat(ShellCompletion.script("bash")).contains("complete -o default -F _signaltty signaltty");
        assertThat(ShellCompletion.script("zsh")).contains("compdef _signaltty signaltty");
    }
}
