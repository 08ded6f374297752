package dev.signaltty.cli.internal.view;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;

import org.junit.jupiter.api.Test;

import dev.signaltty.cli.internal.CliException;

/** Which tab the view shows when the one shown empties (ADR 1323), and the prefix key it reads. */
class ViewTabsTest {

    private static ViewTabs.Tab tab(String id, String... panes) {
        return new ViewTabs.Tab(id, id, List.of(panes), panes.length == 0 ? "" : panes[0]);
    }

    @Test
    void theTabShownBeforeComesBackWhenItHasPanes() {
        List<ViewTabs.Tab> all = List.of(tab("t0", "p0"), tab("t1", "p1"), tab("t2"), tab("t3", "p3"));

        // as tmux's last window: t0 was shown before t2, though t1 is nearer
        assertThat(ViewTabs.afterEmptied(all, "t2", "t0")).isEqualTo("t0");
    }

    @Test
    void otherwiseTheNearestTabBeforeItWithPanesRoundTheEnd() {
        List<ViewTabs.Tab> all = List.of(tab("t0"), tab("t1", "p1"), tab("t2"), tab("t3"));

        assertThat(ViewTabs.afterEmptied(all, "t2", "")).isEqualTo("t1");
        assertThat(ViewTabs.afterEmptied(all, "t0", "t3")).as("the last tab has no panes: round the end to t1").isEqualTo("t1");
    }

    @Test
    void noOtherTabWithPanesEndsTheView() {
        // the list may still name the emptied tab's panes (read before the event): it never counts itself
        List<ViewTabs.Tab> all = List.of(tab("t0"), tab("t1", "p1"));

        assertThat(ViewTabs.afterEmptied(all, "t1", "t0")).isNull();
        assertThat(ViewTabs.afterEmptied(List.of(), "t1", "")).isNull();
    }

    @Test
    void thePrefixIsAControlLetterAsTmuxWritesIt() {
        assertThat(ViewPrefix.parse(null)).isEqualTo((byte) 0x02);
        assertThat(ViewPrefix.parse("C-a")).isEqualTo((byte) 0x01);
        assertThat(ViewPrefix.parse("^X")).isEqualTo((byte) 0x18);
        assertThatThrownBy(() -> ViewPrefix.parse("M-b")).isInstanceOf(CliException.class).hasMessageContaining("prefix must be like C-b");
    }
}
