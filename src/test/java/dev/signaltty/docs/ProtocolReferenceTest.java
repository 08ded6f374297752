package dev.signaltty.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.signaltty.support.ProtocolClient;
import dev.signaltty.support.TestDaemon;
import tools.jackson.databind.JsonNode;

/**
 * {@code docs/protocol-reference.md} is generated from the live {@code schema}; this test fails when the
 * committed file and the daemon disagree. Regenerate with
 * {@code ./mvnw test -Dtest=ProtocolReferenceTest -Dsignaltty.docs.write=true}.
 */
class ProtocolReferenceTest {

    static final Path REFERENCE = Path.of("docs", "protocol-reference.md");

    @Test
    void matchesTheLiveSchema(@TempDir Path root) throws Exception {
        String rendered;
        try (TestDaemon daemon = TestDaemon.start(root); ProtocolClient client = daemon.connect()) {
            rendered = render(client.call("schema", Map.of()));
        }
        if (Boolean.getBoolean("signaltty.docs.write")) {
            Files.writeString(REFERENCE, rendered);
        }
        assertThat(REFERENCE).as("regenerate with -Dsignaltty.docs.write=true").exists();
        assertThat(Files.readString(REFERENCE)).isEqualTo(rendered);
    }

    @Test
    void everyTypeInTheLiveSchemaIsNamedNoneIsAny(@TempDir Path root) throws Exception { // issue 20 item 1
        JsonNode schema;
        try (TestDaemon daemon = TestDaemon.start(root); ProtocolClient client = daemon.connect()) {
            schema = client.call("schema", Map.of());
        }
        java.util.List<String> untyped = new java.util.ArrayList<>();
        collectAny(schema, "", untyped);
        assertThat(untyped).as("schema paths typed \"any\"").isEmpty();
        // the honest open objects stay open, by name
        assertThat(schema.toString()).contains("\"tool_input\":{\"type\":\"open_object\"");
        // a task's evidence and finish error are records with enum stages and reasons (ADR 0420)
        JsonNode task = null;
        for (JsonNode method : schema.get("methods")) {
            if (method.get("name").asString().equals("task.get")) {
                task = method.get("result").get("task").get("type");
            }
        }
        assertThat(task).isNotNull();
        assertThat(task.get("evidence").get("type").get("stage").get("type").get("enum").toString())
                .contains("\"ready_timeout\"", "\"server_restart\"");
        assertThat(task.get("finish_error").get("type").get("reason").get("type").get("enum").toString())
                .isEqualTo("[\"merge_conflict\",\"cleanup_failed\",\"branch_delete_failed\"]");
        assertThat(schema.get("methods").get(0).get("params").isObject()).isTrue();
    }

    private static void collectAny(JsonNode node, String path, java.util.List<String> out) {
        if (node.isString() && node.asString().equals("any")) {
            out.add(path);
        }
        for (Map.Entry<String, JsonNode> field : node.properties()) {
            collectAny(field.getValue(), path + "." + field.getKey(), out);
        }
        for (int i = 0; node.isArray() && i < node.size(); i++) {
            collectAny(node.get(i), path + "[" + i + "]", out);
        }
    }

    static String render(JsonNode schema) {
        StringBuilder md = new StringBuilder();
        md.append("# signaltty/1 — method reference\n\n")
                .append("Generated from the live `schema` by `ProtocolReferenceTest`; do not edit by hand. ")
                .append("The envelope, errors and replay are explained in `protocol.md`.\n\n");
        md.append("Types: `\"string\"`, `\"integer\"`, `\"number\"`, `\"boolean\"`; `{\"enum\":[…]}` one of those strings; ")
                .append("`{\"array\":T}`; `{\"map\":T}` an object of T values; an object of fields a record; ")
                .append("`{\"one_of\":[…],\"name\":N}` one of the alternatives, where `N` inside them names the same type again; ")
                .append("`{\"one_or_many\":T}` one T or a nonempty array of them; `\"open_object\"` an object passed through ")
                .append("as the sender wrote it (the agent's own JSON: hook-event's payload, a decision's tool_input and ")
                .append("native_verdict); `\"type\"` a type written in this notation (schema's own params, result and payload).\n\n");
        md.append("## Methods\n\n");
        for (JsonNode method : schema.get("methods")) {
            md.append("### `").append(method.get("name").asString()).append("`\n\n");
            String summary = method.path("summary").asString("");
            if (!summary.isEmpty()) {
                md.append(summary).append("\n\n");
            }
            if (method.path("single_flight").asBoolean(false)) {
                md.append("Single-flight: EOF, another request on the connection or shutdown cancels it.\n\n");
            }
            JsonNode params = method.get("params");
            if (params.isObject() && !params.isEmpty()) {
                fields(md, "param", params);
            } else {
                md.append("No params.\n\n");
            }
            JsonNode result = method.get("result");
            if (result.isObject() && !result.isEmpty()) {
                md.append("Result:\n\n");
                fields(md, "field", result);
            } else {
                md.append("Result: `").append(result.toString().replace("`", "'")).append("`\n\n");
            }
        }
        md.append("## Events\n\n")
                .append("Each event's payload is one record of the event catalog (ADR 0270); the five `agent.*` ")
                .append("events share one, as do `attention.changed` and `attention.cleared`.\n\n");
        for (JsonNode event : schema.get("event_payloads")) {
            md.append("### `").append(event.get("name").asString()).append("`\n\n")
                    .append(event.get("summary").asString()).append("\n\n");
            fields(md, "field", event.get("payload"));
        }
        md.append("Subscription globs: ");
        schema.get("subscription_globs").forEach(g -> md.append('`').append(g.asString()).append("` "));
        md.append("\n\n## Error codes\n\n");
        schema.get("errors").forEach(e -> md.append("- `").append(e.asString()).append("`\n"));
        return md.toString();
    }

    private static void fields(StringBuilder md, String title, JsonNode fields) {
        md.append("| ").append(title).append(" | type | required |\n|---|---|---|\n");
        fields.properties().forEach(e -> md.append("| `").append(e.getKey()).append("` | `")
                .append(e.getValue().get("type").toString().replace("|", "\\|")).append("` | ")
                .append(e.getValue().get("required").asBoolean() ? "yes" : "no").append(" |\n"));
        md.append('\n');
    }
}
