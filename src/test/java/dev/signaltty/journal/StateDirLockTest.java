package dev.signaltty.journal;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.HexFormat;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 23 items 1 and 7: one daemon per state directory. A second daemon on the same XDG_STATE_HOME
 * (with its own socket) refuses to start with one line naming the holder, and leaves every file of the
 * live daemon's state directory as it was (no audit-retention.json rewrite, no reservation, nothing);
 * the first daemon keeps every acknowledged event in its audit.
 */
class StateDirLockTest {

    @TempDir
    Path root;

    @Test
    void aSecondDaemonOnTheSameStateDirIsRefusedAndTouchesNothing() throws Exception {
        Path first = root.resolve("a");
        Path second = root.resolve("b");
        try (DaemonProcess a = DaemonProcess.start(first)) {
            try (StreamClient client = a.connect()) {
                for (int i = 0; i < 20; i++) {
                    client.ok("notify", Map.of("message", "A-" + i));
                }
            }
            Map<String, String> before = stableFingerprint(a.stateDir);
            DaemonProcess b = DaemonProcess.launch(second, Map.of("XDG_STATE_HOME", first.resolve("state").toString()));
            try (b) {
                assertThat(b.awaitExit(Duration.ofSeconds(120))).as(b.logText()).isEqualTo(3);
            }
            String lastLine = b.logText().strip().lines().reduce((x, y) -> y).orElse("");
            assertThat(lastLine).startsWith("signaltty: cannot start: " + a.stateDir)
                    .contains("in use by another signaltty daemon").contains("listening on " + a.socket);
            assertThat(Files.exists(second.resolve("run/signaltty/signaltty.sock"))).isFalse();
            assertThat(fingerprint(a.stateDir)).isEqualTo(before);

            try (StreamClient client = a.connect()) {
                client.ok("notify", Map.of("message", "A-after"));
            }
            String audit = Files.readString(a.stateDir.resolve("audit.jsonl"));
            for (int i = 0; i < 20; i++) {
                assertThat(audit).contains("\"A-" + i + "\"");
            }
            assertThat(audit).contains("A-after");
        }
    }

    /**
     * The fingerprint once two readings agree (the daemon is idle). They are taken further apart than a
     * snapshot's seq refresh (PeriodicSnapshot.SEQ_REFRESH_MS, 2 s) plus its period (500 ms): a document
     * whose content did not change is still saved once more with the seq of the latest events.
     */
    private static Map<String, String> stableFingerprint(Path dir) throws Exception {
        Map<String, String> previous = fingerprint(dir);
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (System.nanoTime() < deadline) {
            Thread.sleep(3000);
            Map<String, String> now = fingerprint(dir);
            if (now.equals(previous)) {
                return now;
            }
            previous = now;
        }
        throw new AssertionError("the state directory never settled");
    }

    /** Every entry below {@code dir}: its type, mode, mtime and content hash. */
    static Map<String, String> fingerprint(Path dir) throws IOException {
        Map<String, String> all = new TreeMap<>();
        try (Stream<Path> paths = Files.walk(dir)) {
            for (Path path : paths.toList()) {
                String key = dir.relativize(path).toString();
                if (key.startsWith("native")) {
                    continue; // pty4j's library cache, not state
                }
                String value = Files.getAttribute(path, "unix:mode", LinkOption.NOFOLLOW_LINKS) + " "
                        + Files.getLastModifiedTime(path, LinkOption.NOFOLLOW_LINKS);
                if (Files.isRegularFile(path, LinkOption.NOFOLLOW_LINKS)) {
                    value += " " + sha256(Files.readAllBytes(path));
                }
                all.put(key, value);
            }
        }
        return all;
    }

    private static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
