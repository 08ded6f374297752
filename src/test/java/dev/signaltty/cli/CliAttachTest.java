package dev.signaltty.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.Channels;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.signaltty.cli.internal.Json;

/**
 * {@code signaltty attach} on a real pseudo-terminal ({@code script}) against a scripted protocol
 * peer: the daemon's pane.attach is another issue's work, so this peer plays the seed's pty.data
 * contract (snapshot offset, cumulative end offsets, a forward gap) byte for byte.
 */
class CliAttachTest {

    @TempDir
    Path temp;

    private ServerSocketChannel server;
    private final List<String> requests = new CopyOnWriteArrayList<>();
    private final List<String> written = new CopyOnWriteArrayList<>();

    @AfterEach
    void closeServer() throws Exception {
        if (server != null) {
            server.close();
        }
    }

    @Test
    void trimsTheSnapshotReattachesOnAGapForwardsKeysAndDetachesOnCtrlBackslash() throws Exception {
        CliHarness cli = new CliHarness(temp);
        Files.createDirectories(cli.socket().getParent());
        server = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
        server.bind(UnixDomainSocketAddress.of(cli.socket()));
        Thread.ofVirtual().start(this::acceptLoop);

        String command = String.join(" ", CliHarness.javaCommand("attach", "pane_1").stream()
                .map(w -> "'" + w.replace("'", "'\\''") + "'").toList());
        Path transcript = temp.resolve("transcript");
        Process process = cli.builder(List.of("script", "-qefc", command, "/dev/null"), Map.of())
                .redirectOutput(transcript.toFile()).redirectErrorStream(true).start();
        try {
            waitFor(() -> requests.stream().filter("pane.attach"::equals).count() >= 2, "a reattach after the gap");
            OutputStream keys = process.getOutputStream();
            keys.write("hello".getBytes(StandardCharsets.UTF_8));
            keys.flush();
            waitFor(() -> String.join("", written).equals("hello"), "the keys to arrive as pane.write");
            keys.write(0x1c); // Ctrl-\
            keys.flush();
            assertThat(process.waitFor(20, TimeUnit.SECONDS)).isTrue();
        } finally {
            process.destroyForcibly();
        }
        String screen = Files.readString(transcript);
        assertThat(process.exitValue()).as(screen).isZero();
        assertThat(screen).contains("SNAP").contains("ABC").doesNotContain("0123456789") // seed R300
                .doesNotContain("XY") // seed R301: the bytes after a gap are not fed
                .contains("AGAIN").contains("Z").contains("[detached from pane_1]");
        assertThat(String.join("", written)).isEqualTo("hello");
    }

    private void acceptLoop() {
        try {
            while (server.isOpen()) {
                SocketChannel channel = server.accept();
                Thread.ofVirtual().start(() -> serve(channel));
            }
        } catch (Exception e) {
            // closed at the end of the test
        }
    }

    @SuppressWarnings("unchecked")
    private void serve(SocketChannel channel) {
        try (channel) {
            BufferedReader in = new BufferedReader(new InputStreamReader(Channels.newInputStream(channel),
                    StandardCharsets.UTF_8));
            OutputStream out = Channels.newOutputStream(channel);
            String line;
            while ((line = in.readLine()) != null) {
                Map<String, Object> request = Json.parseObject(line);
                String method = (String) request.get("method");
                Map<String, Object> params = (Map<String, Object>) request.get("params");
                requests.add(method);
                Map<String, Object> result = new LinkedHashMap<>();
                List<Map<String, Object>> after = new ArrayList<>();
                if (method.equals("pane.attach")) {
                    boolean first = requests.stream().filter("pane.attach"::equals).count() == 1;
                    if (first) {
                        result.put("snapshot", "SNAP\r\n");
                        result.put("output_offset", 10L);
                        after.add(data("0123456789ABC", 13)); // covered up to 10: only ABC is new
                        after.add(data("XY", 20)); // starts at 18 > 13: a gap
                    } else {
                        result.put("snapshot", "AGAIN\r\n");
                        result.put("output_offset", 20L);
                        after.add(data("Z", 21));
                    }
                } else if (method.equals("pane.write")) {
                    written.add(new String(Base64.getDecoder().decode((String) params.get("data_b64")),
                            StandardCharsets.UTF_8));
                }
                Map<String, Object> response = new LinkedHashMap<>();
                response.put("type", "response");
                response.put("id", request.get("id"));
                response.put("ok", true);
                response.put("result", result);
                out.write((Json.write(response) + "\n").getBytes(StandardCharsets.UTF_8));
                for (Map<String, Object> event : after) {
                    out.write((Json.write(event) + "\n").getBytes(StandardCharsets.UTF_8));
                }
                out.flush();
            }
        } catch (Exception e) {
            // the client went away
        }
    }

    private static Map<String, Object> data(String bytes, long endOffset) {
        Map<String, Object> payload = new LinkedHashMap<>();
        payload.put("pane_id", "pane_1");
        payload.put("data_b64", Base64.getEncoder().encodeToString(bytes.getBytes(StandardCharsets.UTF_8)));
        payload.put("output_offset", endOffset);
        Map<String, Object> event = new LinkedHashMap<>();
        event.put("type", "event");
        event.put("seq", 1L);
        event.put("event", "pty.data");
        event.put("payload", payload);
        return event;
    }

    private static void waitFor(java.util.function.BooleanSupplier condition, String what) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("timed out waiting for " + what);
            }
            Thread.sleep(20);
        }
    }
}
