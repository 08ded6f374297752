package dev.signaltty.cli.internal;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.jspecify.annotations.Nullable;

import dev.signaltty.cli.internal.Json.ParseException;

/**
 * {@link Json}'s strict parser over one text (RFC 8259: no trailing commas, no comments, no leading
 * zeros, one value per text), a cursor that reads it once. Nesting deeper than {@link Json#MAX_DEPTH}
 * is rejected rather than risking a StackOverflowError.
 */
final class JsonReader {

    /** Integer literals of at most this many characters (sign included) always fit a long. */
    private static final int LONG_DIGITS = 18;

    private final String text;
    private int pos;

    JsonReader(String text) {
        this.text = text;
    }

    /** The one value of the whole text, surrounded by nothing but whitespace. */
    @Nullable Object readText() {
        skipWhitespace();
        Object value = readValue(0);
        skipWhitespace();
        if (pos != text.length()) {
            throw error("trailing characters");
        }
        return value;
    }

    private @Nullable Object readValue(int depth) {
        if (depth > Json.MAX_DEPTH) {
            throw error("nesting deeper than " + Json.MAX_DEPTH);
        }
        if (pos >= text.length()) {
            throw error("unexpected end of input");
        }
        char c = text.charAt(pos);
        return switch (c) {
            case '{' -> readObject(depth);
            case '[' -> readArray(depth);
            case '"' -> readString();
            case 't' -> literal("true", Boolean.TRUE);
            case 'f' -> literal("false", Boolean.FALSE);
            case 'n' -> literal("null", null);
            default -> {
                if (c == '-' || (c >= '0' && c <= '9')) {
                    yield readNumber();
                }
                throw error("unexpected character '" + c + "'");
            }
        };
    }

    private Map<String, Object> readObject(int depth) {
        pos++; // '{'
        Map<String, Object> map = new LinkedHashMap<>();
        skipWhitespace();
        if (peek() == '}') {
            pos++;
            return map;
        }
        while (true) {
            skipWhitespace();
            if (peek() != '"') {
                throw error("expected a string key");
            }
            String key = readString();
            skipWhitespace();
            expect(':');
            skipWhitespace();
            map.put(key, readValue(depth + 1));
            skipWhitespace();
            char c = next();
            if (c == '}') {
                return map;
            }
            if (c != ',') {
                pos--;
                throw error("expected ',' or '}'");
            }
        }
    }

    private List<Object> readArray(int depth) {
        pos++; // '['
        List<Object> list = new ArrayList<>();
        skipWhitespace();
        if (peek() == ']') {
            pos++;
            return list;
        }
        while (true) {
            skipWhitespace();
            list.add(readValue(depth + 1));
            skipWhitespace();
            char c = next();
            if (c == ']') {
                return list;
            }
            if (c != ',') {
                pos--;
                throw error("expected ',' or ']'");
            }
        }
    }

    private String readString() {
        pos++; // opening quote
        StringBuilder out = null;
        int start = pos;
        while (true) {
            if (pos >= text.length()) {
                throw error("unterminated string");
            }
            char c = text.charAt(pos);
            if (c == '"') {
                String s = out == null ? text.substring(start, pos) : out.append(text, start, pos).toString();
                pos++;
                return s;
            }
            if (c < 0x20) {
                throw error("control character in string");
            }
            if (c == '\\') {
                if (out == null) {
                    out = new StringBuilder();
                }
                out.append(text, start, pos);
                pos++;
                out.append(readEscape());
                start = pos;
            } else {
                pos++;
            }
        }
    }

    private char readEscape() {
        char c = next();
        return switch (c) {
            case '"' -> '"';
            case '\\' -> '\\';
            case '/' -> '/';
            case 'b' -> '\b';
            case 'f' -> '\f';
            case 'n' -> '\n';
            case 'r' -> '\r';
            case 't' -> '\t';
            case 'u' -> {
                if (pos + 4 > text.length()) {
                    throw error("short \\u escape");
                }
                int code = 0;
                for (int i = 0; i < 4; i++) {
                    int digit = Character.digit(text.charAt(pos++), 16);
                    if (digit < 0) {
                        pos--;
                        throw error("bad hex digit in \\u escape");
                    }
                    code = code * 16 + digit;
                }
                yield (char) code;
            }
            default -> {
                pos--;
                throw error("bad escape '\\" + c + "'");
            }
        };
    }

    private Object readNumber() {
        int start = pos;
        if (peek() == '-') {
            pos++;
        }
        if (peek() == '0') {
            pos++;
        } else if (isDigit(peek())) {
            digits();
        } else {
            throw error("expected a digit");
        }
        boolean integral = true;
        if (peek() == '.') {
            integral = false;
            pos++;
            if (!isDigit(peek())) {
                throw error("expected a digit after '.'");
            }
            digits();
        }
        if (peek() == 'e' || peek() == 'E') {
            integral = false;
            pos++;
            if (peek() == '+' || peek() == '-') {
                pos++;
            }
            if (!isDigit(peek())) {
                throw error("expected a digit in exponent");
            }
            digits();
        }
        String literal = text.substring(start, pos);
        if (integral && literal.length() <= LONG_DIGITS) {
            return Long.parseLong(literal); // every id, offset and count the daemon sends: no BigInteger made or loaded
        }
        if (integral) {
            BigInteger big = new BigInteger(literal);
            return big.bitLength() < 64 ? (Object) big.longValue() : new BigDecimal(big);
        }
        return new BigDecimal(literal);
    }

    private void digits() {
        while (isDigit(peek())) {
            pos++;
        }
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    private @Nullable Object literal(String word, @Nullable Object value) {
        if (!text.startsWith(word, pos)) {
            throw error("unexpected token");
        }
        pos += word.length();
        return value;
    }

    private void skipWhitespace() {
        while (pos < text.length()) {
            char c = text.charAt(pos);
            if (c != ' ' && c != '\t' && c != '\n' && c != '\r') {
                return;
            }
            pos++;
        }
    }

    private char peek() {
        return pos < text.length() ? text.charAt(pos) : '\0';
    }

    private char next() {
        if (pos >= text.length()) {
            throw error("unexpected end of input");
        }
        return text.charAt(pos++);
    }

    private void expect(char c) {
        if (next() != c) {
            pos--;
            throw error("expected '" + c + "'");
        }
    }

    private ParseException error(String message) {
        return new ParseException(message, pos);
    }
}
