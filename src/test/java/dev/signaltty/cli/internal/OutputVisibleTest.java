package dev.signaltty.cli.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

/**
 * Names and messages any client set (an agent names a workspace or a pane) are printed by the CLI on the
 * user's terminal: their escape sequences must show, not act (OSC 52 would write the clipboard).
 */
class OutputVisibleTest {

    @Test
    void controlCharactersShowAsCaretSequencesAndPlainTextIsUntouched() {
        assertThat(Output.visible("evil\u001b]52;c;cm0gLXJmIH4=\u0007")).isEqualTo("evil^[]52;c;cm0gLXJmIH4=^G");
        assertThat(Output.visible("tab\tand del\u007f and c1 \u009b")).isEqualTo("tab^Iand del^? and c1 \\u009b");
        String plain = "build · ✓ 日本";
        assertThat(Output.visible(plain)).isSameAs(plain);
    }

    @Test
    void tablesAndTheFleetTreeShowANamesEscapesInsteadOfSendingThem() {
        java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
        Output.table(List.of(Map.of("name", "x\u001b]0;pwned\u0007")), new java.io.PrintStream(bytes, true));
        assertThat(bytes.toString()).doesNotContain("\u001b").contains("x^[]0;pwned^G");
        assertThat(FleetTreeCommand.shown("a\u001b[31mb", 40)).isEqualTo("a^[[31mb");
    }
}
