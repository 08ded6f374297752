package dev.signaltty.workspace;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Primary;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import dev.signaltty.transport.EventPayload;
import dev.signaltty.SignalttyApplication;
import dev.signaltty.journal.EventLog;
import dev.signaltty.support.ProtocolClient;
import dev.signaltty.transport.ProtocolJson;
import tools.jackson.databind.JsonNode;

/**
 * A real daemon (temp XDG dirs, real socket, real PTYs) whose journaled events are recorded so tests
 * can check the emission rules before the durable journal's subscribe exists. Each test class gets its
 * own daemon, stopped (and its panes reaped) after the class.
 */
@SpringBootTest(classes = {SignalttyApplication.class, LayoutDaemonTest.Recording.class},
        properties = "spring.main.keep-alive=false")
@DirtiesContext
abstract class LayoutDaemonTest {

    @TempDir
    static Path root;

    @DynamicPropertySource
    static void paths(DynamicPropertyRegistry registry) {
        registry.add("SIGNALTTY_SOCKET", () -> root.resolve("run/signaltty.sock").toString());
        registry.add("XDG_RUNTIME_DIR", () -> root.resolve("run").toString());
        registry.add("XDG_STATE_HOME", () -> root.resolve("state").toString());
        registry.add("XDG_CONFIG_HOME", () -> root.resolve("config").toString());
    }

    /** Records journaled events (the journal itself is not under test here). */
    @TestConfiguration
    static class Recording {
        @Bean
        @Primary
        RecordingEventLog recordingEventLog() {
            return new RecordingEventLog();
        }
    }

    record Recorded(long seq, String event, JsonNode payload) {
    }

    static final class RecordingEventLog implements EventLog {
        private final AtomicLong seq = new AtomicLong();
        private final List<Recorded> events = new ArrayList<>();

        @Override
        public synchronized long append(EventPayload payload) {
            long s = seq.incrementAndGet();
            events.add(new Recorded(s, payload.event(), ProtocolJson.MAPPER.valueToTree(payload)));
            return s;
        }

        @Override
        public long nextTransientSeq() {
            return seq.incrementAndGet();
        }

        synchronized long mark() {
            return seq.get();
        }

        /**
         * Structural events after {@code mark}. The exit of a pane closed earlier may land any time, with
         * the agent-state events it causes (agent.exited).
         */
        synchronized List<Recorded> since(long mark) {
            return events.stream().filter(e -> e.seq() > mark && !causedByAnExit(e)).toList();
        }

        /** Every event whose payload names {@code id}, for a failure's message. */
        synchronized List<String> about(String id) {
            return events.stream().filter(e -> e.payload().toString().contains(id))
                    .map(e -> e.seq() + " " + e.event() + " " + e.payload()).toList();
        }

        private static boolean causedByAnExit(Recorded e) {
            return e.event().equals("pane.exited") || e.event().startsWith("agent.");
        }
    }

    @Autowired
    RecordingEventLog log;

    ProtocolClient client;

    @BeforeEach
    void connect() {
        client = ProtocolClient.connect(root.resolve("run/signaltty.sock"));
    }

    @AfterEach
    void disconnect() {
        client.close();
    }

    String workspace() {
        return client.call("workspace.create", Map.of("name", "layout", "cwd", root.toString()))
                .get("workspace_id").asString();
    }

    /** A pane running a long sleep: a real process whose pid can be watched. */
    JsonNode spawn(String workspace, Map<String, Object> extra) {
        Map<String, Object> params = new HashMap<>(Map.of("workspace_id", workspace, "argv", List.of("sleep", "600")));
        params.putAll(extra);
        return client.call("pane.spawn", params);
    }

    JsonNode split(String paneId, String direction, Map<String, Object> extra) {
        Map<String, Object> params = new HashMap<>(Map.of("pane_id", paneId, "direction", direction,
                "argv", List.of("sleep", "600")));
        params.putAll(extra);
        return client.call("pane.split", params);
    }

    JsonNode tab(String tabId) {
        return client.call("tab.get", Map.of("tab_id", tabId));
    }

    JsonNode pane(String paneId) {
        return client.call("pane.get", Map.of("pane_id", paneId)).get("pane");
    }

    JsonNode panes(String workspace) {
        return client.call("pane.list", Map.of("workspace_id", workspace)).get("panes");
    }

    /** Everything a rejected request must leave as it was: the workspace's tabs (trees, focus) and panes. */
    JsonNode state(String workspace) {
        return ProtocolJson.MAPPER.valueToTree(Map.of(
                "tabs", client.call("tab.list", Map.of("workspace_id", workspace)).get("tabs"),
                "panes", panes(workspace)));
    }

    /** Asserts the call fails with BAD_PARAMS naming {@code field}, changing nothing and emitting nothing. */
    void assertRejectedUnchanged(String workspace, String field, String method, Map<String, ?> params) {
        JsonNode before = state(workspace);
        long mark = log.mark();
        JsonNode response = client.request(method, params);
        assertThat(response.get("ok").asBoolean()).as(method + " " + params + " → " + response).isFalse();
        assertThat(response.get("error").get("code").asString()).as(response.toString()).isEqualTo("BAD_PARAMS");
        assertThat(response.get("error").get("details").get("field").asString()).as(response.toString())
                .isEqualTo(field);
        assertThat(state(workspace)).isEqualTo(before);
        assertThat(log.since(mark)).isEmpty();
    }

    static JsonNode leaf(String paneId) {
        return ProtocolJson.MAPPER.valueToTree(Map.of("pane_id", paneId));
    }

    static JsonNode node(String direction, double ratio, JsonNode first, JsonNode second) {
        return ProtocolJson.MAPPER.valueToTree(Map.of("direction", direction, "ratio", ratio, "first", first,
                "second", second));
    }

    static List<String> names(List<Recorded> events) {
        return events.stream().map(Recorded::event).toList();
    }
}
