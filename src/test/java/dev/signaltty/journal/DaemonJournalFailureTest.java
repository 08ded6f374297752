package dev.signaltty.journal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import tools.jackson.databind.JsonNode;

import dev.signaltty.transport.ProtocolJson;

/** The daemon stops rather than run on without its journal (seed R176, seed R177, seed R180). */
class DaemonJournalFailureTest {

    @TempDir
    Path root;

    @Nested
    class WhenTheStateDirectoryBecomesUnwritable {

        @Test
        void stopsTheServerWithANonzeroStatusAndClosesTheSocket() throws Exception { // seed R176
            // Root ignores permission bits; the immutable attribute stops even root's writes.
            Path chattr = onPath("chattr");
            assumeTrue(chattr != null, "chattr is not on PATH");
            DaemonProcess daemon = DaemonProcess.start(root);
            Path state = daemon.stateDir;
            try (StreamClient client = daemon.connect()) {
                client.ok("workspace.create", Map.of("name", "before"));
                run(chattr.toString(), "+i", state.toString(), state.resolve("audit.jsonl").toString());
                JsonNode response;
                try {
                    response = client.call("workspace.create", Map.of("name", "after"));
                } catch (IOException closed) {
                    response = null; // closed before answering is also a refusal
                }
                if (response != null) {
                    assertThat(response.path("ok").asBoolean()).isFalse();
                    assertThat(response.path("error").path("code").asString()).isEqualTo("IO_ERROR");
                }
                assertThat(daemon.awaitExit(Duration.ofSeconds(30))).isEqualTo(74);
                assertThat(client.awaitEof(Duration.ofSeconds(10))).isTrue();
                assertThat(Files.exists(daemon.socket)).isFalse();
                assertThat(daemon.logText()).contains("journal write failed");
            } finally {
                run(chattr.toString(), "-i", state.toString(), state.resolve("audit.jsonl").toString());
                daemon.close();
            }
            String audit = Files.readString(state.resolve("audit.jsonl"));
            assertThat(audit).contains("\"before\"").doesNotContain("\"after\"");
        }

        @Test
        void refusesToStartWhereTheStateDirectoryCannotBeCreated() throws Exception {
            Files.createDirectories(root.resolve("state"));
            Files.writeString(root.resolve("state/signaltty"), "a file where the directory should be");
            try (DaemonProcess daemon = DaemonProcess.launch(root)) {
                assertThat(daemon.awaitExit(Duration.ofSeconds(60))).isNotZero();
                assertThat(daemon.logText()).contains("signaltty");
            }
        }
    }

    @Nested
    class WithACorruptReservation {

        @Test
        void failsStartupNamingTheFileAndStartsOnlyUnderRecovery() throws Exception { // seed R177, seed R180
            long cursor;
            try (DaemonProcess daemon = DaemonProcess.start(root); StreamClient client = daemon.connect()) {
                client.ok("subscribe", Map.of());
                client.ok("workspace.create", Map.of("name", "one"));
                client.awaitEvents(1, Duration.ofSeconds(10));
                cursor = client.events.getFirst().path("seq").asLong();
                client.ok("workspace.create", Map.of("name", "two"));
            }
            Path reservation = root.resolve("state/signaltty/event-sequence.json");
            Files.writeString(reservation, "{\"reserved_through\":");
            try (DaemonProcess refused = DaemonProcess.launch(root)) {
                assertThat(refused.awaitExit(Duration.ofSeconds(60))).isNotZero();
                assertThat(refused.logText()).contains(reservation.toString()).contains("signaltty server recover");
            }
            try (DaemonProcess recovered = DaemonProcess.start(root, "--signaltty.journal.recover=true");
                    StreamClient client = recovered.connect()) {
                JsonNode result = client.ok("subscribe", Map.of("from_seq", cursor));
                assertThat(result.path("replay").path("status").asString()).isEqualTo("unavailable");
                JsonNode retention = ProtocolJson.MAPPER.readTree(
                        Files.readString(root.resolve("state/signaltty/audit-retention.json")));
                assertThat(retention.path("losses").toString()).contains("recover: corrupt event-sequence.json");
            }
            try (var files = Files.list(root.resolve("state/signaltty"))) {
                assertThat(files.map(p -> p.getFileName().toString()))
                        .anyMatch(name -> name.startsWith("event-sequence.json.corrupt-"));
            }
        }
    }

    private static Path onPath(String tool) {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            Path candidate = Path.of(dir, tool);
            if (Files.isExecutable(candidate)) {
                return candidate;
            }
        }
        return null;
    }

    private static void run(String... command) throws IOException, InterruptedException {
        Process process = new ProcessBuilder(List.of(command)).inheritIO().start();
        assertThat(process.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(process.exitValue()).as(String.join(" ", command)).isZero();
    }
}
