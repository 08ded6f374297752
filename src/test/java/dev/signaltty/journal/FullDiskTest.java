package dev.signaltty.journal;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.signaltty.transport.ProtocolJson;
import tools.jackson.databind.JsonNode;

/**
 * A full disk under the state directory stops the server with a clear log line and nothing half
 * written (issue 10, hardening). The state directory is a real 1 MiB tmpfs, filled to the last byte.
 */
class FullDiskTest {

    @TempDir
    Path root;

    @Test
    void stopsTheServerWithAClearLogLineAndLeavesOnlyCompleteRecords() throws Exception {
        Path state = Files.createDirectories(root.resolve("state"));
        run("mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", state.toString());
        try {
            DaemonProcess daemon = DaemonProcess.start(root);
            try (StreamClient client = daemon.connect()) {
                client.ok("workspace.create", Map.of("name", "before"));
                fill(state.resolve("filler"));
                JsonNode response = null;
                for (int i = 0; i < 50 && response == null; i++) {
                    try {
                        JsonNode answer = client.call("workspace.create", Map.of("name", "after-" + i));
                        if (!answer.path("ok").asBoolean()) {
                            response = answer;
                        }
                    } catch (IOException closed) {
                        break; // closed before answering is also a refusal
                    }
                }
                if (response != null) {
                    assertThat(response.path("error").path("code").asString()).isEqualTo("IO_ERROR");
                }
                assertThat(daemon.awaitExit(Duration.ofSeconds(30))).isEqualTo(74);
                assertThat(daemon.logText()).contains("journal write failed");
            } finally {
                daemon.close();
            }
            List<String> lines = Files.readAllLines(state.resolve("signaltty/audit.jsonl"));
            assertThat(lines).isNotEmpty();
            for (String line : lines) {
                JsonNode record = ProtocolJson.MAPPER.readTree(line); // every line is a whole record
                assertThat(record.has("seq") && record.has("event") && record.has("payload")).isTrue();
            }
            assertThat(String.join("\n", lines)).contains("\"before\"");
        } finally {
            run("umount", "-l", state.toString());
        }
    }

    private static void fill(Path filler) {
        byte[] block = new byte[4096];
        try (OutputStream out = Files.newOutputStream(filler)) {
            while (true) {
                out.write(block);
            }
        } catch (IOException full) {
            // ENOSPC: the disk is full now
        }
    }

    private static void run(String... command) throws IOException, InterruptedException {
        Process process = new ProcessBuilder(command).inheritIO().start();
        assertThat(process.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(process.exitValue()).as(String.join(" ", command)).isZero();
    }
}
