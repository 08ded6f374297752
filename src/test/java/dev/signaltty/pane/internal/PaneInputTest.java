package dev.signaltty.pane.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.signaltty.support.Await;

/** Input to a real PTY through {@link PaneInput}: written on the caller's thread when it can be, in order always (ADR 0660). */
class PaneInputTest {

    @TempDir
    Path dir;

    private PtySession session;
    private PaneInput input;

    /** A program that reads its terminal raw into {@code out} after {@code delay} seconds, once the terminal is raw. */
    private void start(String name, int delay, int bytes) throws Exception {
        Path ready = dir.resolve("ready");
        String script = "stty raw -echo && touch ready && sleep " + delay + " && head -c " + bytes + " > out";
        session = PtySession.launch(List.of("sh", "-c", script), dir, Map.of("PATH", System.getenv("PATH")), 80, 24);
        input = new PaneInput(name, session::input);
        Await.until(Duration.ofSeconds(10), "the terminal is raw", () -> Files.exists(ready));
    }

    @AfterEach
    void stop() {
        if (input != null) {
            input.stop();
        }
        if (session != null) {
            session.signalGroup(PtySession.SIGKILL);
        }
    }

    @Test
    void writesAKeystrokeOnTheCallersThreadWithoutAWriterThread() throws Exception {
        start("input-direct", 0, 6);
        input.write("hello\n".getBytes(StandardCharsets.UTF_8));
        Await.until(Duration.ofSeconds(10), "the program read the keystrokes",
                () -> Files.exists(dir.resolve("out")) && Files.readString(dir.resolve("out")).equals("hello\n"));
        assertThat(Thread.getAllStackTraces().keySet()).extracting(Thread::getName)
                .as("nothing was left for a writer thread").doesNotContain("pty-write-input-direct");
    }

    @Test
    void keepsOrderWhileTheProgramDoesNotReadAndWritesTheRestOnceItDoes() throws Exception {
        ByteArrayOutputStream lines = new ByteArrayOutputStream();
        for (int i = 0; lines.size() < 300_000; i++) {
            lines.writeBytes(("line %06d%n".formatted(i)).getBytes(StandardCharsets.US_ASCII));
        }
        byte[] first = lines.toByteArray();
        byte[] then = "and the last keystroke\n".getBytes(StandardCharsets.US_ASCII);
        start("input-full", 1, first.length + then.length);
        // more than the PTY holds while nobody reads: part is written at once, the rest waits for room
        CompletableFuture<Void> flood = input.submit(first);
        input.write(then); // behind the flood, though the PTY may have room for it when it comes
        flood.get(10, TimeUnit.SECONDS);
        Await.until(Duration.ofSeconds(10), "the program read everything",
                () -> Files.exists(dir.resolve("out")) && Files.size(dir.resolve("out")) == first.length + then.length);
        ByteArrayOutputStream expected = new ByteArrayOutputStream();
        expected.writeBytes(first);
        expected.writeBytes(then);
        assertThat(Files.readAllBytes(dir.resolve("out"))).isEqualTo(expected.toByteArray());
    }
}
