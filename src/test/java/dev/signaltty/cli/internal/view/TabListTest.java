package dev.signaltty.cli.internal.view;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

/** The status line's tab list (ADR 0840): tmux's window flags, and what a narrow window keeps. */
class TabListTest {

    private static TabList.Entry tab(int i, String name, String flags) {
        return new TabList.Entry(i, name, flags.contains("*"), flags.contains("-"), flags.contains("Z"), flags.contains("?"),
                flags.contains("#"), flags.contains("X"));
    }

    @Test
    void eachTabShowsItsNumberNameAndFlagsAsTmuxListsWindows() {
        List<TabList.Entry> tabs = List.of(tab(0, "shell", "*Z"), tab(1, "agents", "-?"), tab(2, "review", "#X"));

        assertThat(TabList.render(tabs, 200)).isEqualTo("0:shell*Z 1:agents-? 2:review#X");
        assertThat(tabs.get(0).needsAttention()).isFalse();
        assertThat(tabs.get(1).needsAttention()).isTrue();
        assertThat(tabs.get(2).needsAttention()).isTrue();
    }

    @Test
    void aNameEndingInAFlagCharacterIsQuotedSoItsFlagsCannotBeMisread() {
        List<TabList.Entry> tabs = List.of(tab(0, "build-", "*"), tab(1, "what?", ""), tab(2, "fix #12", "-"), tab(3, "a*b", "#"),
                tab(4, "\"quoted\" name", ""), tab(5, "TODO X", "X"), tab(6, "", "?"));

        // build- shown, not build shown before; what? without a decision; a * or quote inside a name stays as it is
        assertThat(TabList.render(tabs, 200))
                .isEqualTo("0:\"build-\"* 1:\"what?\" 2:fix #12- 3:a*b# 4:\"\"quoted\" name\" 5:\"TODO X\"X 6:?");
    }

    @Test
    void aNarrowWindowKeepsTheCurrentTabAndMarksTheTabsLeftOutOnEachSide() {
        List<TabList.Entry> tabs = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            tabs.add(tab(i, "tab" + i, i == 6 ? "*" : ""));
        }

        String all = TabList.render(tabs, 200);
        assertThat(all).startsWith("0:tab0 ").endsWith(" 9:tab9").doesNotContain("<").doesNotContain(">");
        // room for three: the current one and its neighbours, with < and > for the rest
        String narrow = TabList.render(tabs, 25);
        assertThat(narrow).isEqualTo("< 5:tab5 6:tab6* 7:tab7 >");
        assertThat(TabList.render(tabs, 24)).isEqualTo("< 6:tab6* 7:tab7 >");
        // the current one is never dropped, even when it alone is wider (the status line cuts it)
        assertThat(TabList.render(tabs, 5)).isEqualTo("< 6:tab6* >");
        // the last tab current: nothing on the right to mark
        tabs.set(6, tab(6, "tab6", ""));
        tabs.set(9, tab(9, "tab9", "*"));
        assertThat(TabList.render(tabs, 20)).isEqualTo("< 8:tab8 9:tab9*");
        assertThat(TabList.fit(tabs, 20)).isEqualTo(new TabList.Fit(8, 10));
    }
}
