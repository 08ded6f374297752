package dev.signaltty.pane.internal;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;

import dev.signaltty.vt.TerminalColors;

/**
 * {@code signaltty.terminal.foreground} and {@code .background} ({@code #rrggbb}): the default colours a
 * pane's program is told when it asks with OSC 10/11 (ADR 0962). The defaults are the dark terminal the
 * answers assumed before; a user of a light terminal sets both so codex, vim and others pick colours for
 * it. A malformed value stops the daemon's start with a message that names the key.
 */
@Component
class TerminalColorSettings {

    static final String FOREGROUND = "signaltty.terminal.foreground";
    static final String BACKGROUND = "signaltty.terminal.background";

    private final TerminalColors colors;

    TerminalColorSettings(@Value("${" + FOREGROUND + ":#e5e5e5}") String foreground,
                          @Value("${" + BACKGROUND + ":#000000}") String background) {
        this.colors = new TerminalColors(TerminalColors.parse(FOREGROUND, foreground),
                TerminalColors.parse(BACKGROUND, background));
    }

    TerminalColors colors() {
        return colors;
    }
}
