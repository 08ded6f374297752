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

        /**
         * Input was written to the program (a key, a paste): whatever the screen showed may be answered, and its
         * verdict is stale until a scan reads the program's redraw. Schedules that scan; never blocks.
         */
        void input();

        /**
         * Waits until the screen's verdict is no older than the last input: a scan after it reads a rule that does
         * not block, or reads one still and the program has had {@code settle} to redraw. So a question on the screen
         * that input through us answered (Codex's trust screens) does not refuse the next submit. False when the
         * deadline passed first.
         */
        boolean awaitReadAfterInput(long deadlineNanos) throws InterruptedException;
    }

    /** The watch of a launch whose command a manifest matches, else null. */
    @Nullable Watch watch(String paneId, List<String> argv, Terminal terminal);
}
