package dev.signaltty.agent;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import dev.signaltty.support.ProtocolClient;
import dev.signaltty.support.TestDaemon;
import tools.jackson.databind.JsonNode;

/**
 * The agent manifests are not on the way to socket-ready (issue 24 item 4, ADR 0570): they are read on
 * their own thread once the socket listens, and a refused user manifest is still logged and listed by
 * {@code agent.explain}, whether that call comes before or after the read.
 */
class ManifestsReadAfterListeningTest {

    /** Records the daemon's INFO lines from the first lifecycle phase on (after Spring set up logging). */
    @Configuration(proxyBeanMethods = false)
    static class Recording {
        static final ListAppender<ILoggingEvent> LINES = new ListAppender<>();

        @Bean
        SmartLifecycle recordDaemonLines() {
            return new SmartLifecycle() {
                private volatile boolean running;

                @Override
                public void start() {
                    LINES.list.clear();
                    LINES.start();
                    ((Logger) LoggerFactory.getLogger("dev.signaltty")).addAppender(LINES);
                    running = true;
                }

                @Override
                public void stop() {
                    ((Logger) LoggerFactory.getLogger("dev.signaltty")).detachAppender(LINES);
                    running = false;
                }

                @Override
                public boolean isRunning() {
                    return running;
                }

                @Override
                public int getPhase() {
                    return Integer.MIN_VALUE;
                }
            };
        }
    }

    @Test
    void aRefusedManifestIsLoggedAfterTheSocketListensAndStillListed(@TempDir Path root) throws Exception {
        Path agents = Files.createDirectories(root.resolve("config/signaltty/agents"));
        Files.writeString(agents.resolve("broken.json"), """
                {"programs": ["broken"], "rules": [{"id": "x", "region": "screen", "regex": "([a-z", "lifecycle": "idle"}]}
                """);
        try (TestDaemon daemon = TestDaemon.startWith(root, List.of(Recording.class));
             ProtocolClient client = daemon.connect()) {
            String workspace = client.call("workspace.create", Map.of("name", "m")).get("workspace_id").asString();
            String pane = client.call("pane.spawn", Map.of("workspace_id", workspace, "argv", List.of("sleep", "30")))
                    .get("pane_id").asString();
            JsonNode explained = client.call("agent.explain", Map.of("pane_id", pane));
            assertThat(explained.get("manifest_errors").toString()).contains("broken.json", "regex");

            List<ILoggingEvent> lines = List.copyOf(Recording.LINES.list);
            int listening = indexOf(lines, "signaltty listening on");
            int refused = indexOf(lines, "agent manifest refused");
            assertThat(listening).as("listening line").isNotNegative();
            assertThat(refused).as("refused line").isGreaterThan(listening);
            assertThat(lines.get(refused).getThreadName()).isEqualTo("agent-manifests");
        }
    }

    private static int indexOf(List<ILoggingEvent> lines, String start) {
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).getFormattedMessage().startsWith(start)) {
                return i;
            }
        }
        return -1;
    }
}
