package dev.signaltty.agent;

import dev.signaltty.vt.TerminalListener;

/**
 * What a pane's program says about itself through its terminal: a bell, a desktop notification
 * (OSC 9/777/99), Codex's OSC 7501 state (ADR 0960). The pane module hands these on from its emulator's
 * listener while the pane's process runs (not while a transcript is replayed); implemented in
 * {@code agent/internal}.
 */
public interface TerminalSignals {

    /**
     * The listener for pane {@code paneId}'s bell, notification and state calls. Its methods never
     * block (they are called under the terminal's lock): they rate-limit and queue.
     */
    TerminalListener forPane(String paneId);
}
