package dev.signaltty.pane.internal;

import java.util.LinkedHashMap;
import java.util.Map;

import org.jspecify.annotations.Nullable;

import dev.signaltty.vt.TerminalColors;

/**
 * The colours of the terminals a pane's viewers sit at, as each gave them with {@code pane.attach}
 * (ADR 1011). The latest attach wins, as tmux's {@code window-size latest} picks the latest client: a
 * program that asks OSC 10/11 is told the last-attached viewer's colours, and when that viewer leaves,
 * the one attached before it. Bounded by the pane's viewers (one entry per connection).
 */
final class ViewerColors {

    /** Connection id → colours, in attach order (a re-attach moves the viewer last). */
    private final Map<Long, TerminalColors> byViewer = new LinkedHashMap<>();

    /** A viewer attached with its terminal's colours, or without (null: it has none to give). */
    synchronized void attached(long connectionId, @Nullable TerminalColors colors) {
        byViewer.remove(connectionId);
        if (colors != null) {
            byViewer.put(connectionId, colors);
        }
    }

    synchronized void left(long connectionId) {
        byViewer.remove(connectionId);
    }

    /** The latest viewer's colours, or null when no viewer gave any. */
    synchronized @Nullable TerminalColors latest() {
        TerminalColors last = null;
        for (TerminalColors c : byViewer.values()) {
            last = c;
        }
        return last;
    }
}
