package dev.signaltty.transport;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.signaltty.support.ProtocolClient;
import dev.signaltty.support.TestDaemon;
import tools.jackson.databind.JsonNode;

/**
 * A restart in place that cannot execute the daemon again is refused before anything is let go
 * (ADR 0810): the daemon answers on as before. A daemon inside a test's JVM is such a case: executing
 * that JVM again would restart no daemon.
 */
class ServerRestartRefusalTest {

    @Test
    void aRestartThatCannotExecIsRefusedAndTheDaemonRunsOn(@TempDir Path root) {
        try (TestDaemon daemon = TestDaemon.start(root); ProtocolClient client = daemon.connect()) {
            long pid = client.call("server.info", Map.of()).get("pid").asLong();
            JsonNode refused = client.request("server.restart", Map.of());
            assertThat(refused.get("ok").asBoolean()).isFalse();
            assertThat(refused.get("error").get("code").asString()).isEqualTo("IO_ERROR");
            assertThat(refused.get("error").get("message").asString())
                    .startsWith("cannot restart: this daemon was not started by 'signaltty server run'");
            assertThat(client.call("ping", Map.of()).get("pong").asBoolean()).isTrue();
            assertThat(client.call("server.info", Map.of()).get("pid").asLong()).isEqualTo(pid);
        }
    }
}
