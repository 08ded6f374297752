package dev.signaltty.pane.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.signaltty.support.Adr0230Transcript;
import dev.signaltty.vt.RingLimits;
import dev.signaltty.vt.Terminal;
import dev.signaltty.vt.TerminalListener;

/**
 * Issue 17 (ADR 0250): what a checkpoint keeps beside the repaint. A soft-wrapped screen row and the
 * window title that went into a checkpoint come back on restore; an escape sequence split by a forced
 * checkpoint (a resize) takes effect after restore instead of showing as text. A transcript still in
 * the ADR 0230 form is converted at restore (ADR 0331).
 */
class PaneTranscriptTest {

    @TempDir
    Path dir;

    @Test
    void wrapFlagsAndTitleOfACheckpointedScreenComeBack() throws Exception {
        Terminal live = terminal();
        PaneTranscript t = PaneTranscript.fresh(dir, "p1", 1 << 20, 4096, live);
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
        PaneTranscript t = PaneTranscript.fresh(dir, "p2", 1 << 20, 4096, live);
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

    @Test
    void anAdr0230TranscriptIsConvertedOnceWithItsScrollbackAndAnOpenSequenceAndItsOldFilesGo() throws Exception {
        StringBuilder history = new StringBuilder();
        for (int i = 1; i <= 30; i++) {
            history.append("old-line-").append(i).append("\r\n");
        }
        // the old tail ends inside an SGR sequence: the next output completes it
        Terminal live = Adr0230Transcript.write(dir, "p3", 60, 10, history.toString(), "tail-line\r\n\033[3");

        Terminal converted = terminal();
        PaneTranscript t = PaneTranscript.restore(dir, "p3", 1 << 20, 4096, converted);
        assertThat(converted.screen(false)).isEqualTo(live.screen(false)).contains("tail-line");
        assertThat(converted.tail(100, false).text()).contains("old-line-1\n").contains("old-line-30");
        assertThat(files()).as("the old form's checkpoint and tail are gone, the hist file goes on")
                .doesNotContain("p3.ckpt", "p3.1.tail").contains("p3.0.hist", "p3.tail")
                .containsAnyOf("p3.a.ckpt", "p3.b.ckpt");
        feed(t, converted, "1mRED\033[0m-after\r\n");
        t.close();

        Terminal again = terminal(); // the new form alone brings it all back
        PaneTranscript.restore(dir, "p3", 1 << 20, 4096, again).close();
        assertThat(again.tail(100, false).text()).isEqualTo(converted.tail(100, false).text())
                .contains("old-line-1\n", "tail-line", "RED-after").doesNotContain("1mRED");
        assertThat(again.screen(true)).containsPattern("\\e\\[[0-9;]*31[0-9;]*mRED");
    }

    /**
     * Issue 24 item 1 (ADR 0430): a flood checkpoints every 3 tail bounds instead of every one, a slow
     * pane still at each bound, and a cap the flood passes at every checkpoint is compacted without the
     * export it would drop. The restore is the same either way: the newest lines, the screen, no gap.
     */
    @Test
    void aFloodCheckpointsEveryThirdBoundAndRestoresTheSameScrollback() throws Exception {
        long[] now = {0};
        Terminal live = terminal();
        int tailBound = 4096;
        int histCap = 16 * 1024; // passed by every flood checkpoint's new lines: a compaction each time
        PaneTranscript t = PaneTranscript.fresh(dir, "p4", histCap, tailBound, live, () -> now[0]);
        int line = 0;
        feed(t, live, "first\r\n"); // made at the first output, the transcript has checkpointed already
        long start = t.generation();
        while (line < 3600) { // ~40 bounds of output, the clock standing still: a flood
            feed(t, live, "flood-line-" + (line++) + " the build passed in main\r\n");
        }
        long floodCheckpoints = t.generation() - start;
        assertThat(floodCheckpoints).as("one checkpoint per 3 bounds, not per bound").isBetween(10L, 16L);

        now[0] += PaneTranscript.FLOOD_GAP_NANOS; // a pane printing at a reading pace
        long before = t.generation();
        int bytes = 0;
        while (t.generation() == before) {
            String text = "slow-line-" + (line++) + "\r\n";
            feed(t, live, text);
            bytes += text.length();
        }
        assertThat(bytes).as("checkpointed at the first bound").isLessThan(tailBound + 64);
        t.close();

        Terminal restored = terminal();
        PaneTranscript.restore(dir, "p4", histCap, tailBound, restored).close();
        assertThat(restored.screen(false)).isEqualTo(live.screen(false));
        String liveTail = live.tail(100_000, false).text();
        String restoredTail = restored.tail(100_000, false).text();
        assertThat(restoredTail.length()).as("the cap's newest lines, at least half of it").isGreaterThan(histCap / 2);
        assertThat(liveTail).as("the restored scrollback is the live one's newest part, no line missing").endsWith(restoredTail);
        assertThat(restoredTail).startsWith("flood-line-").contains("slow-line-");
    }

    /**
     * ADR 0650: a transcript is made at its pane's first output with its files and first checkpoint, so
     * append has no first-chunk case. What the terminal showed before that output (here a screen already
     * written) comes back from the checkpoint alone, with no byte appended.
     */
    @Test
    void aTranscriptIsMadeWithItsFirstCheckpointBeforeAnyOutputIsAppended() throws Exception {
        Terminal live = terminal();
        byte[] before = "\033]2;made-title\007shown-before-the-transcript\r\n\033[1mbold".getBytes(StandardCharsets.UTF_8);
        live.feed(before, 0, before.length);
        PaneTranscript t = PaneTranscript.fresh(dir, "p5", 1 << 20, 4096, live);
        assertThat(t.generation()).as("the first checkpoint is taken when the transcript is made").isEqualTo(1);
        assertThat(files()).contains("p5.tail").containsAnyOf("p5.a.ckpt", "p5.b.ckpt");
        t.close();

        Terminal restored = terminal();
        PaneTranscript.restore(dir, "p5", 1 << 20, 4096, restored).close();
        assertThat(restored.screen(false)).isEqualTo(live.screen(false)).contains("shown-before-the-transcript");
        assertThat(restored.title()).isEqualTo("made-title");
    }

    private java.util.List<String> files() throws java.io.IOException {
        try (var list = java.nio.file.Files.list(dir)) {
            return list.map(p -> p.getFileName().toString()).toList();
        }
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
