package dev.signaltty.transport.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.annotation.JsonUnwrapped;

import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;

import dev.signaltty.transport.ProtocolJson;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;

/**
 * The answer line is written by one generator (ADR 0440); its bytes must be exactly those of the map
 * {@code {type, id, ok, result}} written by the protocol mapper, as before, for every kind of id and
 * result a handler returns: the wire does not change (seed R5, R6).
 */
class AnswerEncodingTest {

    enum Lifecycle { IDLE, WORKING }

    record Size(int cols, int rows) {
    }

    record Pane(String paneId, @Nullable String name, Size size, List<String> labels, Lifecycle lifecycle,
                @Nullable Integer exitCode, Instant createdAt, Map<String, @Nullable Object> extra) {
    }

    record Outer(String workspaceId, @JsonUnwrapped Size size, @Nullable Pane pane) {
    }

    /** The encoding before ADR 0440: the response as a map, then the newline. */
    private static byte[] asMap(@Nullable JsonNode id, Object result) {
        Map<String, Object> response = new LinkedHashMap<>();
        response.put("type", "response");
        response.put("id", id);
        response.put("ok", true);
        response.put("result", result);
        byte[] body = ProtocolJson.MAPPER.writeValueAsBytes(response);
        byte[] line = Arrays.copyOf(body, body.length + 1);
        line[body.length] = '\n';
        return line;
    }

    @Test
    void answersAreByteForByteTheMapEncoding() { // seed R5, R6
        JsonNodeFactory nodes = JsonNodeFactory.instance;
        Map<String, @Nullable Object> extra = new LinkedHashMap<>();
        extra.put("null_member", null);
        extra.put("nested", Map.of("k", List.of(1, 2.5, "three")));
        Pane pane = new Pane("pane_1", "tab \"one\" \\ \u00e9\u4e2d\ud83d\ude00\n\t\u0001", new Size(80, 24),
                List.of("a", "b"), Lifecycle.WORKING, null, Instant.parse("2026-12-02T01:02:03.456Z"), extra);
        List<@Nullable JsonNode> ids = Arrays.asList(nodes.numberNode(7), nodes.numberNode(Long.MAX_VALUE),
                nodes.numberNode(-3), nodes.numberNode(new java.math.BigInteger("123456789012345678901234567890")),
                nodes.stringNode("id \"quoted\" \u00e9\ud83d\ude00"), nodes.stringNode(""), null);
        List<Object> results = List.of(Map.of(), pane, new Outer("ws_1", new Size(1, 2), null),
                new Outer("ws_2", new Size(3, 4), pane), List.of(pane, pane), "text", 42, true,
                ProtocolJson.MAPPER.readTree("{\"a\":[1,{\"b\":null}],\"c\":\"\u00e9\"}"));
        for (JsonNode id : ids) {
            for (Object result : results) {
                byte[] expected = asMap(id, result);
                assertThat(RequestProcessor.answer(id, result))
                        .as("id %s, result %s", id, new String(expected, StandardCharsets.UTF_8))
                        .isEqualTo(expected);
            }
        }
    }
}
