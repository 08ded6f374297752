package dev.signaltty.pane.internal;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;

import dev.signaltty.vt.RingLimits;
import dev.signaltty.vt.Terminal;
import dev.signaltty.vt.TerminalListener;

/**
 * Pays the first pane's one-time costs once the socket listens, on a background thread (ADR 0505): a
 * fresh JVM's first PTY loads pty4j's and JNA's natives and classes, forks its launcher, and its first
 * output loads the reader's and the emulator's classes — measured at 0.3–1.0 s on the first
 * {@code pane.spawn} against 0.03–0.3 s on later ones (2 cores, load 12–40). The warm-up runs
 * {@code true} on a PTY through the same launch and reader as a pane and feeds a terminal nobody sees a
 * line of text with colours and UTF-8; it registers no pane, writes no journal event and no transcript.
 */
@Component
class PtyWarmup {

    private static final Logger log = LoggerFactory.getLogger(PtyWarmup.class);

    /** One line like agents print: SGR colours, 2- and 3-byte UTF-8, an erase, a line feed. */
    private static final byte[] SAMPLE = "\033[1;32m✓\033[0m résumé → done\033[K\r\n".getBytes(StandardCharsets.UTF_8);

    @EventListener(ApplicationReadyEvent.class)
    void start() {
        // a platform thread: the PTY read is a blocking native call (as for a pane's reader)
        Thread.ofPlatform().daemon().name("pty-warmup").start(PtyWarmup::run);
    }

    private static void run() {
        try {
            Terminal terminal = new Terminal(80, 24, new TerminalListener() { }, RingLimits.defaults(), 0);
            terminal.feed(SAMPLE, 0, SAMPLE.length);
            Path cwd = Path.of(System.getProperty("java.io.tmpdir"));
            PtySession session = PtySession.launch(List.of("true"), cwd, System.getenv(), 80, 24);
            try {
                session.output().pump((chunk, length) -> terminal.feed(chunk, 0, length));
            } finally {
                session.closeOutput();
                session.waitFor();
            }
        } catch (Exception | LinkageError e) {
            // the first pane then pays these costs itself, and reports whatever fails for it
            log.debug("PTY warm-up failed: {}", e.toString());
        }
    }
}
