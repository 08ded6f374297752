package dev.signaltty.cli.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;

import org.junit.jupiter.api.Test;

/** ADR 1442's rules on the daemon's own messages, with the real command table. */
class CliSpellingTest {

    private final CommandTable table = CommandTable.standard();
    private final CliSpelling spelling = new CliSpelling(table);

    private CommandSpec spec(String name) {
        return table.specs().stream().filter(s -> s.name().equals(name)).findFirst().orElseThrow();
    }

    @Test
    void aMethodWithItsCommandBesideItGivesWayToTheCommand() { // PaneSubmitHandler's AGENT_BUSY for a decision
        String message = "the pane's agent is waiting for decision dec_1: answer it with decision.answer "
                + "(signaltty decision answer dec_1 allow_once, or deny), then submit again";
        assertThat(spelling.of(message, spec("pane submit"), Map.of("pane_id", "pane_1")))
                .isEqualTo("the pane's agent is waiting for decision dec_1: answer it with signaltty decision answer"
                        + " dec_1 allow_once, or deny, then submit again");
    }

    @Test
    void aMethodWithAModeIsTheCommandToTypeWithThePaneOfTheDetails() {
        assertThat(spelling.of("(pane.read mode screen shows the choices)", spec("pane submit"), Map.of("pane_id", "pane_1")))
                .isEqualTo("(signaltty pane read pane_1 --mode screen shows the choices)");
        assertThat(spelling.of("(pane.read mode screen shows the choices)", spec("pane submit"), null))
                .isEqualTo("(signaltty pane read <pane> --mode screen shows the choices)");
    }

    @Test
    void dottedWordsNoCommandWrapsAndFieldsSpelledAlikeStay() {
        String message = "name: signaltty.pane.size-policy must be latest; out.txt and task.updated are no commands";
        assertThat(spelling.of(message, spec("workspace rename"), null)).isEqualTo(message);
    }

    @Test
    void aLeadingFieldBecomesTheOptionOrArgumentTyped() {
        assertThat(spelling.of("tab_id: 'tab 1' is the name of 2 tabs", spec("pane list"), null))
                .isEqualTo("--tab: 'tab 1' is the name of 2 tabs");
        assertThat(spelling.of("disposition: x", spec("task finish"), null)).isEqualTo("disposition: x");
    }

    @Test
    void aParamSetTrueIsTheSwitchTheCommandHasForIt() { // TaskFinisher's MERGE_CONFLICT names the next step (ADR 1482)
        String message = "finish again (task.finish merge true), else discard it (task.finish discard true)";
        assertThat(spelling.of(message, spec("task finish"), Map.of("task_id", "task_1")))
                .isEqualTo("finish again (signaltty task finish task_1 --merge), else discard it (signaltty task finish"
                        + " task_1 --discard)");
        assertThat(spelling.of("wait for it (pane.run command_number 2)", spec("pane run"), Map.of("pane_id", "pane_1")))
                .isEqualTo("wait for it (signaltty pane run pane_1 --command-number 2)");
    }
}
