package dev.signaltty.pane.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.signaltty.vt.RingLimits;
import dev.signaltty.vt.Terminal;
import dev.signaltty.vt.TerminalListener;

/**
 * Issue 17 (ADR 0250): what a checkpoint keeps beside the repaint. A soft-wrapped screen row and the
 * window title that went into a checkpoint come back on restore; an escape sequence split by a forced
 * checkpoint (a resize) takes effect after restore instead of showing as text.
 */
class PaneTranscriptTest {

    @TempDir
    Path dir;

    @Test
    void wrapFlagsAndTitleOfACheckpointedScreenComeBack() throws Exception {
        Terminal live = terminal();
        PaneTranscript t = PaneTranscript.fresh(dir, "p1", 1 << 20, 4096);
        feed(t, live, "\033]2;build-title\007" + "w".repeat(100) + "\r\n");
        for (int i = 0; i < 600; i++) { // past the tail bound at rest, nothing scrolls: a checkpoint holds the rows
            feed(t, live, "\0337\033[10;1Hstatus-" + i + "\0338");
        }
        t.close();
        assertThat(live.wrapFlags()[0]).as("the wide line's first row is soft-wrapped").isTrue();

        Terminal restored = terminal();
        PaneTranscript.restore(dir, "p1", 1 << 20, 4096, restored).close();
        assertThat(restored.wrapFlags()).isEqualTo(live.wrapFlags());
        assertThat(restored.title()).isEqualTo("build-title");
        assertThat(restored.screen(false)).isEqualTo(live.screen(false));
    }

    @Test
    void aSequenceSplitByAForcedCheckpointIsNotShownAsText() throws Exception {
        Terminal live = terminal();
        PaneTranscript t = PaneTranscript.fresh(dir, "p2", 1 << 20, 4096);
        feed(t, live, "before\r\n\033[3");
        live.resize(64, 10); // the next chunk checkpoints first, mid-sequence
        feed(t, live, "1mRED\033[0m-after\r\n");
        t.close();

        Terminal restored = terminal();
        restored.resize(64, 10);
        PaneTranscript.restore(dir, "p2", 1 << 20, 4096, restored).close();
        assertThat(restored.screen(false)).contains("RED-after").doesNotContain("1mRED");
        assertThat(restored.screen(true)).containsPattern("\\e\\[[0-9;]*31[0-9;]*mRED");
        assertThat(restored.screen(false)).isEqualTo(live.screen(false));
    }

    private static Terminal terminal() {
        return new Terminal(60, 10, new TerminalListener() { }, RingLimits.defaults(), 0);
    }

    private static void feed(PaneTranscript t, Terminal terminal, String text) throws Exception {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        synchronized (terminal) {
            t.append(terminal, bytes, 0, bytes.length);
            terminal.feed(bytes, 0, bytes.length);
        }
    }
}
