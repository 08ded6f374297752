package dev.signaltty.transport.internal;

import org.jspecify.annotations.Nullable;

import dev.signaltty.transport.ErrorCode;
import dev.signaltty.transport.ProtocolException;
import dev.signaltty.transport.ProtocolJson;
import tools.jackson.core.StreamReadFeature;
import tools.jackson.core.exc.StreamReadException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectReader;

/**
 * A parsed request line. {@link #parse} applies the envelope rules of docs/protocol.md; a violation is a
 * {@link Violation} carrying whatever id could be read.
 */
record Envelope(@Nullable JsonNode id, String method, @Nullable JsonNode params) {

    static final String PROTOCOL = "signaltty/1";
    /**
     * Duplicate keys are an error, not "last one wins": {@code {"protocol":"evil/9","protocol":"signaltty/1"}}
     * must not read differently to us and to a proxy that checks the first (issue 23).
     */
    private static final ObjectReader STRICT = ProtocolJson.MAPPER.reader()
            .with(StreamReadFeature.STRICT_DUPLICATE_DETECTION);

    static Envelope parse(byte[] line) {
        // the plain lines clients send are scanned by a few small methods; Jackson reads the rest (ADR 0500)
        JsonNode root = PlainJsonScan.object(line);
        return of(root != null ? root : readTree(line));
    }

    private static @Nullable JsonNode readTree(byte[] line) {
        try {
            return STRICT.readTree(line);
        } catch (StreamReadException e) {
            String problem = e.getOriginalMessage();
            throw new Violation(null, problem != null && problem.startsWith("Duplicate")
                    ? "duplicate key " + quotedName(problem) : "line is not valid JSON");
        } catch (RuntimeException e) {
            throw new Violation(null, "line is not valid JSON");
        }
    }

    /** The {@code "name"} in Jackson's {@code Duplicate Object property "name"} (its wording said twice otherwise). */
    private static String quotedName(String problem) {
        int open = problem.indexOf('"');
        int close = problem.lastIndexOf('"');
        return open >= 0 && close > open ? problem.substring(open, close + 1) : "(" + problem + ")";
    }

    private static Envelope of(@Nullable JsonNode root) {
        if (root == null || !root.isObject()) {
            throw new Violation(null, "a request must be a JSON object");
        }
        JsonNode id = root.get("id");
        if (id != null && !id.isNull() && !id.isString() && !id.isIntegralNumber()) {
            throw new Violation(null, "id must be a string or an integer");
        }
        if (id != null && id.isNull()) {
            id = null;
        }
        JsonNode protocol = root.get("protocol");
        if (protocol != null && !protocol.isNull()
                && !(protocol.isString() && PROTOCOL.equals(protocol.asString()))) {
            throw new Violation(id, "unsupported protocol " + protocol + "; this server speaks " + PROTOCOL);
        }
        JsonNode method = root.get("method");
        if (method == null || !method.isString()) {
            throw new Violation(id, "method must be a string");
        }
        return new Envelope(id, method.asString(), root.get("params"));
    }

    /** An envelope error: answered BAD_PROTOCOL with the id, if one could be read. */
    static final class Violation extends ProtocolException {
        private final transient @Nullable JsonNode id;

        Violation(@Nullable JsonNode id, String message) {
            super(ErrorCode.BAD_PROTOCOL, message);
            this.id = id;
        }

        @Nullable JsonNode id() {
            return id;
        }
    }
}
