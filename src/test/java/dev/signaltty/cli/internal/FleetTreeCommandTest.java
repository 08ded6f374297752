package dev.signaltty.cli.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

/**
 * {@code signaltty ls} shows a pane's program as a shell would take it back: the program by its file name,
 * a word with a blank or shell syntax in single quotes, and a long one cut with an ellipsis (Output.cut).
 */
class FleetTreeCommandTest {

    @Test
    void theProgramIsShownAsAShellWouldTakeItBack() {
        assertThat(FleetTreeCommand.argv(List.of("/usr/local/bin/claude", "--resume"))).isEqualTo("claude --resume");
        assertThat(FleetTreeCommand.argv(List.of("sh", "-c", "echo LOG; exec cat"))).isEqualTo("sh -c 'echo LOG; exec cat'");
        assertThat(FleetTreeCommand.argv(List.of("printf", "it's", ""))).isEqualTo("printf 'it'\\''s' ''");
        for (String word : List.of("a b", "tab\there", "line\nbreak", "$HOME", "`id`", "a|b", "x>y", "(sub)", "*.java",
                "why?", "back\\slash", "\"q\"", "a&b")) {
            assertThat(FleetTreeCommand.needsQuotes(word)).as(word).isTrue();
        }
        for (String word : List.of("plain", "--flag=value", "./path/to.file", "user@host:~/dir", "100%", "日本")) {
            assertThat(FleetTreeCommand.needsQuotes(word)).as(word).isFalse();
        }
    }

    @Test
    void namesAndQuestionsAreOneVisibleLineCutToTheirWidth() {
        assertThat(FleetTreeCommand.shown("two\nlines", 40)).isEqualTo("two lines");
        assertThat(FleetTreeCommand.shown("x".repeat(30), 24)).isEqualTo("x".repeat(23) + "…");
        assertThat(Output.pad("ab", 4)).isEqualTo("ab  ");
        assertThat(Output.pad("abcdef", 4)).isEqualTo("abcdef");
    }
}
