package dev.signaltty.transport.internal;

import java.nio.charset.StandardCharsets;

import org.jspecify.annotations.Nullable;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.BooleanNode;
import tools.jackson.databind.node.IntNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.LongNode;
import tools.jackson.databind.node.NullNode;
import tools.jackson.databind.node.ObjectNode;
import tools.jackson.databind.node.StringNode;

/**
 * Reads the plain request lines nearly every client sends into the same tree Jackson's strict
 * {@code readTree} makes of them, with a few small methods instead of Jackson's parser and tree
 * deserializer: those were a third of what C2 compiled while a fresh daemon served its first requests
 * (ADR 0500). Plain means: one object; keys and strings of printable ASCII without escapes; integers of
 * at most 18 digits; {@code true}, {@code false}, {@code null}; objects and arrays up to
 * {@link #MAX_DEPTH} deep; no duplicate keys; only blanks around tokens. Anything else, valid or not,
 * returns null and is left to Jackson, so every error and every other tree stays Jackson's.
 */
final class PlainJsonScan {

    static final int MAX_DEPTH = 16;
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private final byte[] in;
    private int pos;

    private PlainJsonScan(byte[] in) {
        this.in = in;
    }

    /** The line's object, or null when the line is not plain JSON (Jackson then reads it). */
    static @Nullable ObjectNode object(byte[] line) {
        PlainJsonScan scan = new PlainJsonScan(line);
        scan.skipBlanks();
        if (!scan.at('{')) {
            return null;
        }
        ObjectNode root = scan.object(1);
        if (root == null) {
            return null;
        }
        scan.skipBlanks();
        return scan.pos == line.length ? root : null;
    }

    /** An object from its opening brace (at {@code pos}) to past its closing one; null when not plain. */
    private @Nullable ObjectNode object(int depth) {
        pos++;
        ObjectNode object = NODES.objectNode();
        skipBlanks();
        if (at('}')) {
            pos++;
            return object;
        }
        while (true) {
            if (!at('"')) {
                return null;
            }
            String key = string();
            skipBlanks();
            if (key == null || !at(':')) {
                return null;
            }
            pos++;
            JsonNode value = value(depth);
            if (value == null || object.putIfAbsent(key, value) != null) {
                return null; // a duplicate key is Jackson's error to report
            }
            skipBlanks();
            if (at('}')) {
                pos++;
                return object;
            }
            if (!at(',')) {
                return null;
            }
            pos++;
            skipBlanks();
        }
    }

    private @Nullable ArrayNode array(int depth) {
        pos++;
        ArrayNode array = NODES.arrayNode();
        skipBlanks();
        if (at(']')) {
            pos++;
            return array;
        }
        while (true) {
            JsonNode value = value(depth);
            if (value == null) {
                return null;
            }
            array.add(value);
            skipBlanks();
            if (at(']')) {
                pos++;
                return array;
            }
            if (!at(',')) {
                return null;
            }
            pos++;
        }
    }

    private @Nullable JsonNode value(int depth) {
        skipBlanks();
        if (pos >= in.length) {
            return null;
        }
        byte b = in[pos];
        if (b == '"') {
            String text = string();
            return text == null ? null : StringNode.valueOf(text);
        }
        if (b == '{') {
            return depth < MAX_DEPTH ? object(depth + 1) : null;
        }
        if (b == '[') {
            return depth < MAX_DEPTH ? array(depth + 1) : null;
        }
        if (b == '-' || (b >= '0' && b <= '9')) {
            return integer();
        }
        if (word("true")) {
            return BooleanNode.TRUE;
        }
        if (word("false")) {
            return BooleanNode.FALSE;
        }
        if (word("null")) {
            return NullNode.instance;
        }
        return null;
    }

    /** A string from its opening quote; null unless it is printable ASCII without escapes. */
    private @Nullable String string() {
        int start = ++pos;
        while (pos < in.length) {
            byte b = in[pos];
            if (b == '"') {
                String text = new String(in, start, pos - start, StandardCharsets.ISO_8859_1);
                pos++;
                return text;
            }
            if (b < 0x20 || b == '\\' || b == 0x7f) { // negative: a UTF-8 byte, which Jackson validates
                return null;
            }
            pos++;
        }
        return null;
    }

    /** An integer as Jackson's tree has it (an int node when it fits in an int); null for anything else. */
    private @Nullable JsonNode integer() {
        boolean negative = in[pos] == '-';
        int start = negative ? pos + 1 : pos;
        int end = start;
        long value = 0;
        while (end < in.length && in[end] >= '0' && in[end] <= '9') {
            value = value * 10 + (in[end] - '0');
            end++;
        }
        int digits = end - start;
        if (digits == 0 || digits > 18 || (digits > 1 && in[start] == '0')) {
            return null;
        }
        if (end < in.length && (in[end] == '.' || in[end] == 'e' || in[end] == 'E')) {
            return null; // a float: Jackson's
        }
        pos = end;
        long signed = negative ? -value : value;
        return signed == (int) signed ? IntNode.valueOf((int) signed) : LongNode.valueOf(signed);
    }

    private boolean word(String word) {
        int end = pos + word.length();
        if (end > in.length) {
            return false;
        }
        for (int i = 0; i < word.length(); i++) {
            if (in[pos + i] != word.charAt(i)) {
                return false;
            }
        }
        // "truex" or "nullnull" is not a word: whatever follows must end the token
        if (end < in.length && isTokenByte(in[end])) {
            return false;
        }
        pos = end;
        return true;
    }

    private static boolean isTokenByte(byte b) {
        return (b >= 'a' && b <= 'z') || (b >= 'A' && b <= 'Z') || (b >= '0' && b <= '9') || b == '_' || b < 0;
    }

    private boolean at(char c) {
        return pos < in.length && in[pos] == c;
    }

    private void skipBlanks() {
        while (pos < in.length && (in[pos] == ' ' || in[pos] == '\t' || in[pos] == '\r')) {
            pos++;
        }
    }
}
