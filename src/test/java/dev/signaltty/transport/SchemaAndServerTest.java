package dev.signaltty.transport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.StandardProtocolFamily;
import java.nio.channels.ServerSocketChannel;
import java.net.UnixDomainSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.signaltty.support.ProtocolClient;
import dev.signaltty.support.TestDaemon;
import tools.jackson.databind.JsonNode;

class SchemaAndServerTest {

    @Test
    // seed R308, seed R353, seed R354
    void listsOnlyMethodsThatDispatchAndExactlyTheSeedsErrorCodes(@TempDir Path root) {
        try (TestDaemon daemon = TestDaemon.start(root); ProtocolClient client = daemon.connect()) {
            JsonNode schema = client.call("schema", Map.of());
            List<String> methods = new ArrayList<>();
            schema.get("methods").forEach(m -> methods.add(m.get("name").asString()));
            assertThat(methods).contains("ping", "schema", "server.info", "server.stop", "workspace.create",
                    "pane.spawn", "pane.read", "tab.create");
            for (String method : methods) {
                if (method.equals("server.stop")) {
                    continue;
                }
                // every listed method reaches its handler: params errors are fine, UNKNOWN_METHOD is not
                JsonNode response = client.request(method, Map.of());
                if (!response.get("ok").asBoolean()) {
                    assertThat(response.get("error").get("code").asString()).as(method).isNotEqualTo("UNKNOWN_METHOD");
                }
            }
            List<String> errors = new ArrayList<>();
            schema.get("errors").forEach(e -> errors.add(e.asString()));
            assertThat(errors).containsExactlyInAnyOrder("BAD_PROTOCOL", "UNKNOWN_METHOD", "BAD_PARAMS",
                    "NO_SUCH_SERVER", "NO_SUCH_WORKSPACE", "NO_SUCH_TAB", "NO_SUCH_PANE", "NO_SUCH_TASK",
                    "NO_SUCH_DECISION", "AGENT_BUSY", "AGENT_NOT_READY", "MERGE_CONFLICT", "PANE_EXITED",
                    "PANES_ALIVE", "SPAWN_FAILED", "IO_ERROR", "TIMEOUT", "IDENTITY_CHANGED", "RATE_LIMITED",
                    "FORBIDDEN", "INTERNAL");
            assertThat(schema.get("events").toString()).contains("pane.exited", "task.updated", "pty.data");
            JsonNode spawn = methods.indexOf("pane.spawn") >= 0
                    ? schema.get("methods").get(methods.indexOf("pane.spawn")) : null;
            assertThat(spawn.get("params").get("workspace_id").get("required").asBoolean()).isTrue();
            assertThat(spawn.get("params").get("tab_id").get("required").asBoolean()).isFalse();
        }
    }

    @Test
    // seed R308: schema is the live contract, so it describes what every method answers
    void describesEveryMethodsResultAsARecordOfNamedFields(@TempDir Path root) {
        try (TestDaemon daemon = TestDaemon.start(root); ProtocolClient client = daemon.connect()) {
            JsonNode schema = client.call("schema", Map.of());
            Map<String, JsonNode> results = new java.util.TreeMap<>();
            schema.get("methods").forEach(m -> results.put(m.get("name").asString(), m.get("result")));
            List<String> undescribed = new ArrayList<>();
            results.forEach((method, result) -> {
                if (!result.isObject() || result.isEmpty()) {
                    undescribed.add(method + " → " + result);
                }
            });
            assertThat(undescribed).as("methods whose result schema is not a record").isEmpty();
            // the fields the wire carries, @JsonUnwrapped parts included
            assertThat(names(results.get("pane.read"))).contains("pane_id", "mode", "text", "next_seq",
                    "command_number", "exit_status", "truncated", "restored");
            assertThat(results.get("pane.read").get("pane_id").get("required").asBoolean()).isTrue();
            assertThat(results.get("pane.read").get("exit_status").get("required").asBoolean()).isFalse();
            assertThat(names(results.get("pane.run"))).containsExactly("pane_id", "command_number", "output",
                    "exit_status", "started_seq", "ended_seq", "duration_ms", "truncated");
            assertThat(names(results.get("pane.record"))).contains("pane_id", "recording", "path", "max_bytes");
            assertThat(names(results.get("pane.wait_for_output"))).contains("pane_id", "matched", "line", "next_seq");
        }
    }

    private static List<String> names(JsonNode fields) {
        List<String> names = new ArrayList<>();
        fields.properties().forEach(e -> names.add(e.getKey()));
        return names;
    }

    @Test
    void answersAPeerOfAnotherUidWithForbiddenAndClosesAtOnce(@TempDir Path root) { // seed R314, issue 23
        // the daemon is told its owner is another uid, so our own (real) credentials are foreign to it
        try (TestDaemon daemon = TestDaemon.start(root, "signaltty.transport.allowed-uid=4242")) {
            for (String method : new String[] {"ping", "workspace.list"}) {
                try (ProtocolClient client = daemon.connect()) {
                    assertThat(client.errorCode(method, Map.of())).isEqualTo("FORBIDDEN");
                    assertThat(client.readRawLine()).as("closed after the refusal").isNull();
                }
            }
            // a refused peer is never a connection: no threads, nothing in the registry
            try (ProtocolClient client = daemon.connect()) {
                assertThat(client.readRawLine()).as("closed without a request within the read deadline").isNull();
            }
        }
    }

    @Test
    void refusesASocketDirectoryOwnedByAnotherUser(@TempDir Path root) throws Exception { // seed R4
        Path dir = Files.createDirectories(root.resolve("run/signaltty"));
        Files.setAttribute(dir, "unix:uid", 65534); // nobody; the tests run as a user that may chown
        assertThatThrownBy(() -> TestDaemon.start(root)).hasStackTraceContaining("belongs to another user");
        assertThat(dir.resolve("signaltty.sock")).doesNotExist();
    }

    @Test
    void refusesASecondDaemonOnALiveSocket(@TempDir Path root) {
        try (TestDaemon daemon = TestDaemon.start(root)) {
            // the same root is the same state dir too: its lock refuses first (issue 23)
            assertThatThrownBy(() -> TestDaemon.start(root)).hasStackTraceContaining("in use by another signaltty daemon");
            try (ProtocolClient client = daemon.connect()) {
                assertThat(client.call("ping", Map.of()).get("pong").asBoolean()).isTrue();
            }
        }
    }

    @Test
    void replacesAStaleSocketThatNothingAcceptsOn(@TempDir Path root) throws Exception {
        Path socket = root.resolve("run/signaltty/signaltty.sock");
        Files.createDirectories(socket.getParent());
        try (ServerSocketChannel dead = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
            dead.bind(UnixDomainSocketAddress.of(socket));
        } // closed without unlinking: a crashed daemon's leftover
        assertThat(socket).exists();
        try (TestDaemon daemon = TestDaemon.start(root); ProtocolClient client = daemon.connect()) {
            assertThat(client.call("ping", Map.of()).get("pong").asBoolean()).isTrue();
        }
        assertThat(socket).doesNotExist();
    }
}
