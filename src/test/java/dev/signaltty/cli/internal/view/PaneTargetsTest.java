package dev.signaltty.cli.internal.view;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

/** tmux's {@code -t} for a pane of the tab shown (ADR 1400), as {@code select-pane -t} and {@code kill-pane -t} take it. */
class PaneTargetsTest {

    private static final List<String> ORDER = List.of("p1", "p2", "p3");
    private static final Map<String, String> NAMES = Map.of("p2", "build");

    private static String find(String target) {
        return PaneTargets.find(target, ORDER, "p3", "p1", NAMES);
    }

    @Test
    void aNumberIsThePanesPlaceInLayoutOrderAsThePrefixThenQShowsIt() {
        assertThat(find("0")).isEqualTo("p1");
        assertThat(find("2")).isEqualTo("p3");
        assertThat(find(":.1")).isEqualTo("p2");
        assertThat(find(".1")).isEqualTo("p2");
        assertThat(find("3")).isNull();
    }

    @Test
    void nextAndPreviousGoRoundTheEndAsTmuxs() {
        assertThat(find(":.+")).isEqualTo("p1"); // p3 is the last: round to the first
        assertThat(find(":.-")).isEqualTo("p2");
        assertThat(find(".+")).isEqualTo("p1");
        assertThat(find("+")).isEqualTo("p1");
        assertThat(find(":.!")).isEqualTo("p1");
        assertThat(find(":.")).isEqualTo("p3");
    }

    @Test
    void aPaneIdOrNameOfTheTabAndNothingElse() {
        assertThat(find("p2")).isEqualTo("p2");
        assertThat(find("build")).isEqualTo("p2");
        assertThat(find("p9")).isNull();
        assertThat(find(":1")).isNull(); // a window: tabs are not panes
        assertThat(find("%1")).isNull();
        assertThat(PaneTargets.find(":.+", ORDER, null, null, NAMES)).isNull(); // nothing focused: no next
    }
}
