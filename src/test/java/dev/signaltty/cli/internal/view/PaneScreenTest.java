package dev.signaltty.cli.internal.view;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;

import org.junit.jupiter.api.Test;

/**
 * A pane's name in the view: a pane split and renamed at once (as a script does) showed its program, because the
 * view's pane.get for the new pane, asked before the rename, was answered after the rename's event and put the old
 * (absent) name back.
 */
class PaneScreenTest {

    @Test
    void aPaneGetAskedBeforeARenamesEventDoesNotUndoIt() {
        PaneScreen pane = new PaneScreen("p1");
        int asked = pane.namesFromEvents; // the view asks pane.get for the new pane
        pane.name = "sh1"; // the rename's pane.updated, as ViewEvents takes it
        pane.namesFromEvents++;
        pane.refresh(Map.of("pane", Map.of("pane_id", "p1", "status", "running", "argv", java.util.List.of("bash"))),
                null, asked); // the answer, from before the rename
        assertThat(pane.label()).isEqualTo("sh1");

        pane.refresh(Map.of("pane", Map.of("pane_id", "p1", "name", "build", "status", "running")), null,
                pane.namesFromEvents); // asked after: its name is the newest
        assertThat(pane.label()).isEqualTo("build");
    }
}
