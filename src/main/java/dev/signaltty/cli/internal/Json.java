package dev.signaltty.cli.internal;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.Map;

import org.jspecify.annotations.Nullable;

/**
 * A tiny JSON codec for the one-shot CLI, which must not pay for loading Jackson.
 *
 * <p>Values are plain Java: objects are {@link LinkedHashMap}s (insertion order kept, so output is
 * stable), arrays are {@link ArrayList}s, numbers are {@link Long} when integral and in range, else
 * {@link BigDecimal}, plus {@link String}, {@link Boolean} and {@code null}. The parser
 * ({@link JsonReader}) is strict (RFC 8259: no trailing commas, no comments, no leading zeros, one
 * value per text) and bounds nesting depth so a hostile line cannot overflow the stack; this class
 * writes.
 */
public final class Json {

    /** Deeper nesting than this is rejected rather than risking a StackOverflowError. */
    static final int MAX_DEPTH = 512;

    private Json() {
    }

    /** Thrown for malformed JSON; the message names the character offset. */
    public static final class ParseException extends RuntimeException {
        ParseException(String message, int offset) {
            super(message + " at offset " + offset, null, false, false);
        }
    }

    public static @Nullable Object parse(String text) {
        return new JsonReader(text).readText();
    }

    /** Parses text that must be a JSON object. */
    @SuppressWarnings("unchecked")
    public static Map<String, Object> parseObject(String text) {
        Object value = parse(text);
        if (value instanceof Map<?, ?> map) {
            return (Map<String, Object>) map;
        }
        throw new ParseException("expected a JSON object", 0);
    }

    /** Compact JSON, one line (safe for JSONL framing: newlines inside strings are escaped). */
    public static String write(@Nullable Object value) {
        StringBuilder out = new StringBuilder();
        write(out, value, -1, 0);
        return out.toString();
    }

    /** Indented JSON for people (two spaces). */
    public static String pretty(@Nullable Object value) {
        StringBuilder out = new StringBuilder();
        write(out, value, 2, 0);
        return out.toString();
    }

    // An instanceof chain, not a pattern switch: a type switch bootstraps SwitchBootstraps and the
    // classfile API at first use, ~10 ms of the one-shot CLI's budget.
    private static void write(StringBuilder out, @Nullable Object value, int indent, int level) {
        if (value == null) {
            out.append("null");
        } else if (value instanceof String s) {
            quote(out, s);
        } else if (value instanceof Boolean b) {
            out.append(b);
        } else if (value instanceof Double d) {
            number(out, d);
        } else if (value instanceof Float f) {
            number(out, f.doubleValue());
        } else if (value instanceof BigDecimal d) {
            out.append(d.toString());
        } else if (value instanceof Number n) {
            out.append(n);
        } else if (value instanceof Map<?, ?> map) {
            out.append('{');
            boolean first = true;
            for (Map.Entry<?, ?> e : map.entrySet()) {
                if (!first) {
                    out.append(',');
                }
                first = false;
                newline(out, indent, level + 1);
                quote(out, String.valueOf(e.getKey()));
                out.append(indent < 0 ? ":" : ": ");
                write(out, e.getValue(), indent, level + 1);
            }
            if (!map.isEmpty()) {
                newline(out, indent, level);
            }
            out.append('}');
        } else if (value instanceof Iterable<?> items) {
            out.append('[');
            boolean first = true;
            for (Object item : items) {
                if (!first) {
                    out.append(',');
                }
                first = false;
                newline(out, indent, level + 1);
                write(out, item, indent, level + 1);
            }
            if (!first) {
                newline(out, indent, level);
            }
            out.append(']');
        } else {
            quote(out, value.toString());
        }
    }

    private static void number(StringBuilder out, double d) {
        if (Double.isNaN(d) || Double.isInfinite(d)) {
            throw new IllegalArgumentException("JSON has no " + d);
        }
        if (d == Math.rint(d) && Math.abs(d) < 1e15) {
            out.append((long) d);
        } else {
            out.append(d);
        }
    }

    private static void newline(StringBuilder out, int indent, int level) {
        if (indent >= 0) {
            out.append('\n');
            out.append(" ".repeat(indent * level));
        }
    }

    static void quote(StringBuilder out, String s) {
        out.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                case '\b' -> out.append("\\b");
                case '\f' -> out.append("\\f");
                default -> {
                    // U+2028/2029 are legal JSON but break JavaScript readers of the stream.
                    if (c < 0x20 || c == 0x2028 || c == 0x2029) {
                        out.append(String.format("\\u%04x", (int) c));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        out.append('"');
    }
}
