package dev.signaltty.workspace.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import dev.signaltty.workspace.SplitSide;
import dev.signaltty.transport.EventPayload;
import dev.signaltty.journal.EventLog;
import dev.signaltty.transport.ProtocolException;
import dev.signaltty.workspace.StructureLock;

/**
 * The store-level refusals that the protocol cannot reach while the invariants hold: a pane that is
 * not in its tab's layout (for instance after restoring snapshots saved at different moments) is
 * refused by swap and move, and nothing changes.
 */
class LayoutServiceTest {

    final List<String> events = new ArrayList<>();
    WorkspaceStore store;
    LayoutService layouts;
    String tab;

    @BeforeEach
    void oneTabWithTwoPanes() {
        EventLog log = new EventLog() {
            @Override
            public long append(EventPayload payload) {
                events.add(payload.event());
                return events.size();
            }

            @Override
            public long nextTransientSeq() {
                return 0;
            }
        };
        StructureLock lock = new StructureLock(log);
        store = new WorkspaceStore(lock, log, event -> { });
        layouts = new LayoutService(store, lock, id -> id.startsWith("pane_") ? id : null);
        String ws = store.create("w", Path.of(".")).workspaceId();
        tab = store.createTab(ws, null).tabId();
        store.placePane(ws, tab, "pane_a", null, null, null);
        store.placePane(ws, tab, "pane_b", null, null, null);
    }

    @Test
    void refusesToSwapOrMoveAPaneMissingFromItsLayout() { // seed R234
        WorkspaceStore.TabView before = store.getTab(tab);
        int emitted = events.size();
        assertThatThrownBy(() -> layouts.swap(tab, "pane_a", tab, "pane_x"))
                .isInstanceOfSatisfying(ProtocolException.class,
                        e -> assertThat(e.details().get("field")).isEqualTo("target_pane_id"));
        assertThatThrownBy(() -> layouts.move(tab, "pane_x", tab, "pane_a", SplitSide.RIGHT))
                .isInstanceOfSatisfying(ProtocolException.class,
                        e -> assertThat(e.details().get("field")).isEqualTo("pane_id"));
        assertThat(store.getTab(tab)).isEqualTo(before);
        assertThat(events).hasSize(emitted);
    }

    @Test
    void movingAPaneBackWhereItWasEmitsNothing() {
        // right(a, b) with b focused: moving b right of a rebuilds the same tree and focus
        int emitted = events.size();
        layouts.move(tab, "pane_b", tab, "pane_a", SplitSide.RIGHT);
        assertThat(events).hasSize(emitted);
        layouts.move(tab, "pane_b", tab, "pane_a", SplitSide.DOWN);
        assertThat(events).hasSize(emitted + 1);
    }

    @Test
    void reconcilesALayoutWithThePanesThatClaimTheTab() {
        layouts.reconcile(java.util.Map.of(tab, List.of("pane_b", "pane_c")));
        WorkspaceStore.TabView repaired = store.getTab(tab);
        assertThat(repaired.paneIds()).containsExactly("pane_b", "pane_c");
        assertThat(repaired.focusedPaneId()).isEqualTo("pane_b");
        int emitted = events.size();
        layouts.reconcile(java.util.Map.of(tab, List.of("pane_b", "pane_c")));
        assertThat(events).hasSize(emitted);
        layouts.reconcile(java.util.Map.of());
        assertThat(store.getTab(tab).layout()).isNull();
    }
}
