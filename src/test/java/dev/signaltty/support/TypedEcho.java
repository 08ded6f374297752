package dev.signaltty.support;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Map;

import tools.jackson.databind.JsonNode;

/**
 * A keystroke's round trip over the real socket, as the flood tests type it: a marker written with
 * {@code pane.write} (and a carriage return), then the viewer's {@code pty.data} events read until the
 * marker has come back in the echo. The viewer must have attached to the pane and must see nothing but
 * its output meanwhile; each read is bounded by the client's line deadline, so a lost echo fails the test.
 */
public final class TypedEcho {

    private TypedEcho() {
    }

    /** Types {@code marker} into {@code paneId} through {@code writer}; returns once {@code viewer} has seen it echoed. */
    public static void typeAndAwait(ProtocolClient writer, ProtocolClient viewer, String paneId, String marker) {
        writer.call("pane.write", Map.of("pane_id", paneId, "data", marker + "\r"));
        StringBuilder seen = new StringBuilder();
        while (!seen.toString().contains(marker)) {
            JsonNode event = viewer.nextEvent(); // bounded by the client's read deadline
            assertThat(event.get("event").asString()).isEqualTo("pty.data");
            seen.append(new String(Base64.getDecoder().decode(event.get("payload").get("data_b64").asString()),
                    StandardCharsets.UTF_8));
        }
    }
}
