package dev.signaltty.agent;

import java.util.List;

import org.jspecify.annotations.Nullable;

import dev.signaltty.vt.Terminal;

/**
 * Screen rules for programs without hooks (ADR 0210), as the pane module starts them at a launch;
 * implemented in {@code agent/internal/screen}.
 */
public interface ScreenWatches {

    /** Told by the pane's output path once per emulated chunk. */
    interface Watch {
        /** Schedules at most one bounded scan; never blocks the output path. */
        void changed();
    }

    /** The watch of a launch whose command a manifest matches, else null. */
    @Nullable Watch watch(String paneId, List<String> argv, Terminal terminal);
}
