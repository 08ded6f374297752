package dev.signaltty.hardening;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Random;

import org.jspecify.annotations.Nullable;

import dev.signaltty.transport.ProtocolJson;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/** Generates bad request lines, each with the error code it must get (null: any defined code). */
final class FuzzLines {

    /** A method from {@code schema} and its params description (field → {type, required}). */
    record Method(String name, JsonNode params) {
    }

    record Line(String kind, byte[] bytes, @Nullable String expectedCode, @Nullable String id) {
        String preview() {
            String text = new String(bytes, 0, Math.min(bytes.length, 160), StandardCharsets.UTF_8);
            return "[" + bytes.length + " bytes] " + text.replaceAll("\\p{Cntrl}", "?");
        }
    }

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final int OVERSIZED = 16 * 1024 * 1024 + 4096;

    private final Random random;
    private final List<Method> methods;
    private long ids;

    FuzzLines(Random random, List<Method> methods) {
        this.random = random;
        this.methods = methods;
    }

    /** Every method but server.stop, which would end the run if a line ever slipped through. */
    static List<Method> methods(JsonNode schema) {
        List<Method> out = new ArrayList<>();
        for (JsonNode method : schema.get("methods")) {
            String name = method.get("name").asString();
            if (!name.equals("server.stop")) {
                out.add(new Method(name, method.get("params")));
            }
        }
        return out;
    }

    /** One of everything: each method's every field mistyped, huge lines, one oversized line. */
    List<Line> round() {
        List<Line> lines = new ArrayList<>();
        for (Method method : methods) {
            lines.add(nonObjectParams(method));
            Iterator<Map.Entry<String, JsonNode>> fields = method.params().properties().iterator();
            while (fields.hasNext()) {
                Map.Entry<String, JsonNode> field = fields.next();
                JsonNode wrong = wrongValue(field.getValue().get("type"));
                if (wrong != null) {
                    lines.add(mistyped(method, field.getKey(), wrong));
                }
            }
        }
        lines.add(hugeString());
        lines.add(deepNesting());
        lines.add(longNumber());
        lines.add(new Line("oversized", oversized(), "BAD_PROTOCOL", null));
        return lines;
    }

    /** A cheap bad line of a random kind. */
    Line small() {
        return switch (random.nextInt(6)) {
            case 0 -> malformed();
            case 1 -> mutated();
            case 2 -> binary();
            case 3 -> unknownMethod();
            case 4 -> invalidUtf8();
            default -> {
                Method method = methods.get(random.nextInt(methods.size()));
                List<Map.Entry<String, JsonNode>> fields = new ArrayList<>();
                method.params().properties().forEach(fields::add);
                if (fields.isEmpty()) {
                    yield nonObjectParams(method);
                }
                Map.Entry<String, JsonNode> field = fields.get(random.nextInt(fields.size()));
                JsonNode wrong = wrongValue(field.getValue().get("type"));
                yield wrong == null ? nonObjectParams(method) : mistyped(method, field.getKey(), wrong);
            }
        };
    }

    private String nextId() {
        return "f" + (++ids);
    }

    private Line mistyped(Method method, String badField, JsonNode wrong) {
        ObjectNode params = NODES.objectNode();
        method.params().properties().forEach(entry -> {
            if (entry.getKey().equals(badField)) {
                params.set(badField, wrong);
            } else if (entry.getValue().path("required").asBoolean() || random.nextBoolean()) {
                params.set(entry.getKey(), validValue(entry.getValue().get("type")));
            }
        });
        String id = nextId();
        return new Line("mistyped", envelope(id, method.name(), params), "BAD_PARAMS", id);
    }

    private Line nonObjectParams(Method method) {
        JsonNode[] choices = {NODES.numberNode(42), NODES.stringNode("params"), NODES.arrayNode().add(1),
                NODES.booleanNode(true)};
        String id = nextId();
        return new Line("mistyped", envelope(id, method.name(), choices[random.nextInt(choices.length)]), "BAD_PARAMS", id);
    }

    private static byte[] envelope(String id, String method, JsonNode params) {
        ObjectNode request = NODES.objectNode();
        request.put("protocol", "signaltty/1");
        request.put("id", id);
        request.put("method", method);
        request.set("params", params);
        return line(request.toString());
    }

    /** A value of the described type that binds (the other fields must not be what fails). */
    private JsonNode validValue(JsonNode type) {
        if (type.isString()) {
            return switch (type.asString()) {
                case "string" -> NODES.stringNode("x" + random.nextInt(1000));
                case "integer" -> NODES.numberNode(1 + random.nextInt(50));
                case "number" -> NODES.numberNode(1.5);
                case "boolean" -> NODES.booleanNode(random.nextBoolean());
                default -> NODES.stringNode("x");
            };
        }
        if (type.has("enum")) {
            return type.get("enum").get(0);
        }
        if (type.has("array")) {
            return NODES.arrayNode();
        }
        if (type.has("map")) {
            return NODES.objectNode();
        }
        return NODES.objectNode(); // a nested record: empty, so a required inner field fails, as BAD_PARAMS too
    }

    /** A value that is not of the described type; null for "any" (nothing is wrong for it). */
    private @Nullable JsonNode wrongValue(JsonNode type) {
        List<JsonNode> choices = new ArrayList<>();
        if (type.isString()) {
            switch (type.asString()) {
                case "string" -> choices.addAll(List.of(NODES.numberNode(7), NODES.booleanNode(false),
                        NODES.arrayNode().add("x"), NODES.objectNode().put("a", 1)));
                case "integer" -> choices.addAll(List.of(NODES.stringNode("7"), NODES.numberNode(1.5),
                        NODES.booleanNode(true), NODES.arrayNode(), NODES.numberNode(new java.math.BigInteger("99999999999999999999999"))));
                case "number" -> choices.addAll(List.of(NODES.stringNode("1.5"), NODES.booleanNode(true), NODES.objectNode()));
                case "boolean" -> choices.addAll(List.of(NODES.stringNode("true"), NODES.numberNode(1), NODES.arrayNode()));
                default -> {
                    return null;
                }
            }
        } else if (type.has("enum")) {
            choices.addAll(List.of(NODES.numberNode(3), NODES.stringNode("not_a_value_" + random.nextInt(99)), NODES.arrayNode()));
        } else if (type.has("array")) {
            choices.addAll(List.of(NODES.objectNode(), NODES.stringNode("x"), NODES.numberNode(3)));
            JsonNode element = wrongValue(type.get("array"));
            if (element != null) {
                choices.add(NODES.arrayNode().add(element));
            }
        } else if (type.has("map")) {
            choices.addAll(List.of(NODES.arrayNode().add(1), NODES.stringNode("x"), NODES.numberNode(3)));
        } else {
            choices.addAll(List.of(NODES.arrayNode(), NODES.stringNode("x"), NODES.numberNode(3)));
        }
        return choices.get(random.nextInt(choices.size()));
    }

    private Line malformed() {
        String[] shapes = {
                "{", "}", "[", "{\"id\":1,\"method\":\"ping\"", "{\"method\":}", "[1,2,3]", "\"ping\"", "null", "42",
                "true", "{\"method\":5}", "{\"id\":1.5,\"method\":\"ping\"}", "{\"id\":{},\"method\":\"ping\"}",
                "{\"id\":[1],\"method\":\"ping\"}", "{\"protocol\":\"signaltty/2\",\"method\":\"ping\"}",
                "{\"protocol\":7,\"method\":\"ping\"}", "{\"id\":\"x\"}", "{\"method\":null}", "{'method':'ping'}",
                "{\"method\":\"ping\",}", "{\"method\":\"ping\"} trailing", "\t ", "\r", "{\"a\":NaN}",
                "{\"method\":\"ping\",\"method\":", "\u0000", "{\"method\":\"\\ud800\"", "]}",
        };
        return new Line("malformed", line(shapes[random.nextInt(shapes.length)]), "BAD_PROTOCOL", null);
    }

    /** A request for a method that does not exist, with random edits: never becomes a real call. */
    private Line mutated() {
        char[] text = "{\"protocol\":\"signaltty/1\",\"id\":\"m\",\"method\":\"zz.none\",\"params\":{\"a\":[1,2,{\"b\":\"c\"}],\"n\":-1.5e3}}"
                .toCharArray();
        StringBuilder out = new StringBuilder(new String(text));
        int edits = 1 + random.nextInt(4);
        for (int i = 0; i < edits && !out.isEmpty(); i++) {
            int at = random.nextInt(out.length());
            switch (random.nextInt(3)) {
                case 0 -> out.deleteCharAt(at);
                case 1 -> out.insert(at, "{}[]\",:\\ 0a".charAt(random.nextInt(11)));
                default -> out.setCharAt(at, "{}[]\",:\\ 0a".charAt(random.nextInt(11)));
            }
        }
        if (out.toString().isBlank()) {
            out.append('{');
        }
        return new Line("malformed", line(out.toString()), null, null);
    }

    private Line unknownMethod() {
        String id = nextId();
        StringBuilder name = new StringBuilder();
        for (int i = 0, n = 1 + random.nextInt(40); i < n; i++) {
            name.append((char) ('a' + random.nextInt(26)));
        }
        return new Line("unknown", envelope(id, name + ".x" + random.nextInt(), NODES.objectNode()), "UNKNOWN_METHOD", id);
    }

    private Line binary() {
        byte[] bytes = new byte[1 + random.nextInt(4096)];
        random.nextBytes(bytes);
        for (int i = 0; i < bytes.length; i++) {
            if (bytes[i] == '\n') {
                bytes[i] = (byte) 0xff;
            }
        }
        bytes[0] = (byte) (0x80 | bytes[0]); // never a blank line, never a JSON start
        return new Line("binary", withNewline(bytes), "BAD_PROTOCOL", null);
    }

    private Line invalidUtf8() {
        byte[] head = "{\"id\":\"u\",\"method\":\"ping".getBytes(StandardCharsets.UTF_8);
        byte[] bad = {(byte) 0xc3, (byte) 0x28, (byte) 0xff, (byte) 0xfe};
        byte[] tail = "\"}".getBytes(StandardCharsets.UTF_8);
        byte[] all = Arrays.copyOf(head, head.length + bad.length + tail.length);
        System.arraycopy(bad, 0, all, head.length, bad.length);
        System.arraycopy(tail, 0, all, head.length + bad.length, tail.length);
        return new Line("binary", withNewline(all), "BAD_PROTOCOL", null);
    }

    private Line hugeString() {
        String id = nextId();
        ObjectNode params = NODES.objectNode();
        params.put("blob", "x".repeat((1 + random.nextInt(4)) << 20));
        ArrayNode many = params.putArray("many");
        for (int i = 0; i < 50_000; i++) {
            many.add(i);
        }
        return new Line("huge", envelope(id, "zz.huge", params), "UNKNOWN_METHOD", id);
    }

    private Line deepNesting() {
        int depth = 100_000;
        return new Line("huge", line("{\"id\":\"d\",\"method\":\"ping\",\"params\":" + "[".repeat(depth) + "]".repeat(depth) + "}"),
                "BAD_PROTOCOL", null);
    }

    private Line longNumber() {
        return new Line("huge", line("{\"id\":\"n\",\"method\":\"ping\",\"params\":{\"n\":" + "9".repeat(2_000_000) + "}}"),
                null, null);
    }

    private byte[] oversized() {
        byte[] bytes = new byte[OVERSIZED];
        Arrays.fill(bytes, (byte) 'a');
        bytes[0] = '{';
        bytes[bytes.length - 1] = '\n';
        return bytes;
    }

    private static byte[] line(String text) {
        return withNewline(text.getBytes(StandardCharsets.UTF_8));
    }

    private static byte[] withNewline(byte[] bytes) {
        byte[] out = Arrays.copyOf(bytes, bytes.length + 1);
        out[bytes.length] = '\n';
        return out;
    }

    static String json(Object value) {
        return ProtocolJson.MAPPER.writeValueAsString(value);
    }
}
