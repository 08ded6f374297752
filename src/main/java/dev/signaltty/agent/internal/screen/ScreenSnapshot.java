package dev.signaltty.agent.internal.screen;

import java.util.List;

import dev.signaltty.vt.Terminal;

/** One scan's view of a pane's terminal: the visible rows (plain text), the OSC title and progress. */
record ScreenSnapshot(List<String> rows, String title, String progress) {

    /** Read in one hold of the terminal's monitor, so the three parts are from the same moment. */
    static ScreenSnapshot of(Terminal terminal) {
        synchronized (terminal) {
            String screen = terminal.screen(false);
            return new ScreenSnapshot(screen.isEmpty() ? List.of() : List.of(screen.split("\n", -1)),
                    terminal.title(), terminal.progress());
        }
    }
}
