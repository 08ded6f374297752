package dev.signaltty.vt;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import com.pty4j.PtyProcess;
import com.pty4j.PtyProcessBuilder;

/**
 * Synchronized output (DEC mode 2026, ADR 0940) with a real program on a real PTY: between its
 * {@code CSI ? 2026 h} and {@code CSI ? 2026 l} a reader of the screen sees the last whole frame while
 * every byte is still emulated (the tail has the new text); the clock is the test's, so the timeout is
 * stepped, not waited for.
 */
class SynchronizedOutputTest {

    private static final String OPEN = "\u001b[?2026h";
    private static final String CLOSE = "\u001b[?2026l";
    private static final long DEADLINE_MS = 20_000;

    private final long[] now = {0};
    private final Terminal terminal = new Terminal(40, 6, new TerminalListener() { }, RingLimits.defaults(), 0, () -> now[0]);
    private final ByteArrayOutputStream seen = new ByteArrayOutputStream();
    private PtyProcess process;
    private final BlockingQueue<byte[]> chunks = new ArrayBlockingQueue<>(1024);

    @AfterEach
    void reap() throws InterruptedException {
        if (process != null) {
            process.destroyForcibly();
            assertThat(process.waitFor(10, TimeUnit.SECONDS)).isTrue();
        }
    }

    @Test
    void aReaderBetweenTheOpenAndTheCloseSeesTheLastWholeFrameAndTheCloseShowsTheNewOne() throws Exception {
        start("printf 'old frame\\r\\n'; printf '\\033[?2026h\\033[2J\\033[Hnew frame'; read -r go;"
                + " printf '\\033[?2026l'; read -r done");
        feedUntil("new frame");
        assertThat(terminal.screen(false)).isEqualTo("old frame");
        assertThat(terminal.screen(true)).isEqualTo("old frame");
        assertThat(row(terminal.cells(), 0)).isEqualTo("old frame");
        // every byte was emulated: the line stream already has the new frame's text
        assertThat(terminal.tail(1, false).text()).isEqualTo("new frame");

        process.getOutputStream().write('\n');
        process.getOutputStream().flush();
        feedUntil(CLOSE);
        assertThat(terminal.screen(false)).isEqualTo("new frame");
        assertThat(row(terminal.cells(), 0)).isEqualTo("new frame");
    }

    @Test
    void aFrameNeverClosedAppearsAfterTheTimeout() throws Exception {
        start("printf 'old frame\\r\\n'; printf '\\033[?2026h\\033[2J\\033[Hhalf a fr'; read -r never");
        feedUntil("half a fr");
        now[0] += 999_000_000L;
        assertThat(terminal.screen(false)).isEqualTo("old frame");
        now[0] += 1_000_000L;
        assertThat(terminal.screen(false)).isEqualTo("half a fr");
        assertThat(row(terminal.cells(), 0)).isEqualTo("half a fr");
    }

    private void start(String script) throws IOException {
        Map<String, String> env = new HashMap<>(System.getenv());
        env.put("TERM", "xterm-256color");
        process = new PtyProcessBuilder(new String[] {"bash", "--norc", "--noprofile", "-c", "stty -echo; " + script})
                .setEnvironment(env).setInitialColumns(40).setInitialRows(6).setRedirectErrorStream(true).start();
        InputStream in = process.getInputStream();
        Thread reader = new Thread(() -> {
            byte[] buf = new byte[4096];
            try {
                for (int n; (n = in.read(buf)) > 0; ) {
                    byte[] chunk = java.util.Arrays.copyOf(buf, n);
                    if (!chunks.offer(chunk, 10, TimeUnit.SECONDS)) {
                        return;
                    }
                }
            } catch (IOException | InterruptedException e) {
                // the process was reaped: the stream ends
            }
        }, "pty-reader");
        reader.setDaemon(true);
        reader.start();
    }

    /** Feeds the program's output to the terminal until everything it wrote so far contains {@code marker}. */
    private void feedUntil(String marker) throws InterruptedException {
        long end = System.currentTimeMillis() + DEADLINE_MS;
        while (!seen.toString(StandardCharsets.UTF_8).contains(marker)) {
            byte[] chunk = chunks.poll(end - System.currentTimeMillis(), TimeUnit.MILLISECONDS);
            if (chunk == null) {
                throw new AssertionError("no " + marker.replace("\u001b", "ESC") + " from the program within "
                        + DEADLINE_MS + " ms; it wrote: " + seen.toString(StandardCharsets.UTF_8).replace("\u001b", "ESC"));
            }
            seen.writeBytes(chunk);
            terminal.feed(chunk, 0, chunk.length);
        }
    }

    private static String row(ScreenCells cells, int y) {
        StringBuilder sb = new StringBuilder();
        for (int x = 0; x < cells.cols(); x++) {
            int cp = cells.codePoints()[y * cells.cols() + x];
            sb.appendCodePoint(cp == ScreenCells.EMPTY ? ' ' : cp);
        }
        return sb.toString().stripTrailing();
    }
}
