package dev.signaltty.vt;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The snapshot/restore surface pane transcripts use (issue 17, ADR 0230): packed history exported in
 * increments and put back, plus the repaint, give the same text, styles, cursor and modes.
 */
class TerminalRestoreTest {

    private static Terminal fresh(int cols, int rows) {
        return new Terminal(cols, rows, new TerminalListener() { }, RingLimits.defaults(), 7L << 32);
    }

    private static void feed(Terminal t, String s) {
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        t.feed(b, 0, b.length);
    }

    @Test
    void incrementalExportsRestoreHistoryScreenCursorAndModes() {
        Terminal t = fresh(30, 5);
        ByteArrayOutputStream file = new ByteArrayOutputStream();
        long last = 0;
        for (int i = 1; i <= 40; i++) {
            feed(t, "\u001b[1;31mred-" + i + "\u001b[0m plain é wide 漢\r\n");
            if (i % 7 == 0) { // a checkpoint: only lines retired since the last one are appended
                HistoryExport e = t.historyAfter(last, 1 << 20);
                file.writeBytes(e.packed());
                last = e.lastSeq();
            }
        }
        HistoryExport e = t.historyAfter(last, 1 << 20);
        file.writeBytes(e.packed());
        feed(t, "\u001b[?1h\u001b[?25l\u001b[2;4r\u001b[3;8H");
        Terminal back = fresh(30, 5);
        back.restoreHistory(file.toByteArray());
        byte[] repaint = t.repaint().getBytes(StandardCharsets.UTF_8);
        back.feed(repaint, 0, repaint.length);
        assertThat(back.tail(1000, true).text()).isEqualTo(t.tail(1000, true).text());
        ScreenCells a = t.cells();
        ScreenCells b = back.cells();
        assertThat(new int[] {b.cursorX(), b.cursorY()}).containsExactly(a.cursorX(), a.cursorY());
        assertThat(b.appCursorKeys()).isTrue();
        assertThat(b.cursorVisible()).isFalse();
    }

    @Test
    void anExportIsCappedToTheNewestWholeLinesAndCountsClears() {
        Terminal t = fresh(20, 3);
        for (int i = 1; i <= 100; i++) {
            feed(t, "line-" + i + "\r\n");
        }
        HistoryExport all = t.historyAfter(0, 1 << 20);
        HistoryExport capped = t.historyAfter(0, all.packed().length / 2);
        assertThat(capped.packed().length).isLessThanOrEqualTo(all.packed().length / 2).isPositive();
        Terminal back = fresh(20, 3);
        back.restoreHistory(capped.packed());
        String text = back.tail(1000, false).text();
        assertThat(text).endsWith("line-98").doesNotContain("line-1\n");
        assertThat(all.clears()).isZero();
        feed(t, "\u001b[3J");
        assertThat(t.historyAfter(all.lastSeq(), 100).clears()).isEqualTo(1);
    }

    @Test
    void anExportWrittenToAFileIsTheExportItselfAcrossManyPages(@TempDir Path dir) throws IOException {
        Terminal t = fresh(80, 5);
        for (int i = 1; i <= 3000; i++) { // ~200 KiB of history: a dozen 16 KiB pages
            feed(t, "\u001b[3" + (i % 8) + "mline-" + i + "\u001b[0m " + "x".repeat(i % 50) + " 漢\r\n");
        }
        HistoryExport first = t.historyAfter(0, 100_000);
        Path file = dir.resolve("hist");
        HistoryExport written;
        try (FileChannel out = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE)) {
            written = t.writeHistoryAfter(0, 100_000, out);
            for (int i = 1; i <= 700; i++) {
                feed(t, "more-" + i + "\r\n");
            }
            HistoryExport more = t.historyAfter(written.lastSeq(), 1 << 20);
            HistoryExport moreWritten = t.writeHistoryAfter(written.lastSeq(), 1 << 20, out);
            assertThat(moreWritten.length()).isEqualTo(more.packed().length).isPositive();
            assertThat(moreWritten.lastSeq()).isEqualTo(more.lastSeq());
        }
        assertThat(written.packed()).isEmpty();
        assertThat(written.length()).isEqualTo(first.packed().length).isGreaterThan(4 * 16 * 1024);
        assertThat(new long[] {written.lastSeq(), written.clears()}).containsExactly(first.lastSeq(), first.clears());
        byte[] bytes = Files.readAllBytes(file);
        assertThat(java.util.Arrays.copyOf(bytes, first.packed().length)).isEqualTo(first.packed());
        Terminal back = fresh(80, 5);
        back.restoreHistory(bytes);
        assertThat(back.tail(100_000, false).text()).contains("line-3000 ", "\nmore-1\n").endsWith("more-696");
    }

    @Test
    void restoringIntoAFedTerminalOrFromGarbageIsRefused() {
        Terminal t = fresh(20, 3);
        feed(t, "x");
        assertThatThrownBy(() -> t.restoreHistory(new byte[0])).isInstanceOf(IllegalStateException.class);
        Terminal other = fresh(20, 3);
        assertThatThrownBy(() -> other.restoreHistory(new byte[] {(byte) 0x80})).isInstanceOf(IllegalArgumentException.class);
    }
}
