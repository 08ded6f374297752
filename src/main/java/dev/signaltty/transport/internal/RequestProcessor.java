package dev.signaltty.transport.internal;

import java.time.format.DateTimeFormatter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

import dev.signaltty.transport.Cancellation;
import dev.signaltty.transport.CallContext;
import dev.signaltty.transport.Connection;
import dev.signaltty.transport.ErrorCode;
import dev.signaltty.transport.EventFrame;
import dev.signaltty.transport.MethodHandler;
import dev.signaltty.transport.ProtocolException;
import dev.signaltty.transport.ProtocolJson;
import dev.signaltty.transport.Suggest;
import dev.signaltty.transport.internal.metrics.RequestMetrics;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.SerializableString;
import tools.jackson.core.io.SerializedString;
import tools.jackson.databind.JsonNode;

/** Turns one request line into one response line; encodes event frames. */
@Component
class RequestProcessor {

    private static final Logger log = LoggerFactory.getLogger(RequestProcessor.class);
    private static final SerializableString TYPE = new SerializedString("type");
    private static final SerializableString RESPONSE = new SerializedString("response");
    private static final SerializableString ID = new SerializedString("id");
    private static final SerializableString OK = new SerializedString("ok");
    private static final SerializableString RESULT = new SerializedString("result");

    /** Longer than every method name (the longest is about 25 bytes): no "did you mean" is looked for. */
    private static final int MAX_SUGGESTED_NAME = 64;

    private final MethodRouter router;
    private final ConnectionRegistry registry;
    private final RequestMetrics metrics;

    RequestProcessor(MethodRouter router, ConnectionRegistry registry, RequestMetrics metrics) {
        this.router = router;
        this.registry = registry;
        this.metrics = metrics;
    }

    /**
     * Reads a request line far enough to know its handler (and so whether it is a single-flight wait);
     * a line that cannot be served carries the error that answers it.
     */
    Request parse(byte[] line, ClientConnection connection) {
        long start = System.nanoTime();
        if (line == LineReader.OVERSIZED) {
            return Request.refused(start, null, RequestMetrics.INVALID, new ProtocolException(ErrorCode.BAD_PROTOCOL,
                    "line exceeds " + ClientConnection.MAX_LINE + " bytes; discarded"));
        }
        if (line == LineReader.OVER_BUDGET) {
            return Request.refused(start, null, RequestMetrics.INVALID, new ProtocolException(ErrorCode.RATE_LIMITED,
                    "the server's buffered request bytes are at their cap; this connection is closed"));
        }
        Envelope envelope;
        try {
            envelope = Envelope.parse(line);
        } catch (Envelope.Violation v) {
            return Request.refused(start, v.id(), RequestMetrics.INVALID, v);
        }
        MethodHandler<?, ?> handler = router.find(envelope.method());
        // the method tag is a registered method or "unknown": clients cannot grow the registry
        String method = handler == null ? RequestMetrics.UNKNOWN_METHOD : handler.method();
        if (handler == null) {
            log.debug("unknown method {}", envelope.method());
            return Request.refused(start, envelope.id(), method, unknownMethod(envelope.method()));
        }
        return new Request(start, envelope.id(), method, handler, envelope.params(), null);
    }

    /**
     * UNKNOWN_METHOD (seed R13) naming the method meant when one is close ({@code pane.raed}: {@code pane.read}) and
     * where the whole list is: a script or an agent that guessed a name learns the right one from the answer, as the
     * CLI and the MCP server already tell theirs (ADR 1460). A name longer than any method's is not compared: the
     * edit distance is quadratic, and the line may be megabytes.
     */
    private ProtocolException unknownMethod(String typed) {
        String meant = typed.length() > MAX_SUGGESTED_NAME ? null : meant(typed);
        return new ProtocolException(ErrorCode.UNKNOWN_METHOD, "unknown method " + typed
                + (meant == null ? "" : " (did you mean '" + meant + "'?)") + "; the schema method lists every method",
                Map.of("method", typed));
    }

    /**
     * The method meant: within the family typed, the closest verb ({@code pane.raed}: {@code pane.read}), else the
     * closest whole name ({@code pnae.read}). Whole names of one family all share their prefix, so compared whole
     * {@code pane.zoom} (seed R242: no such method) came out as {@code pane.move}.
     */
    private @Nullable String meant(String typed) {
        List<String> methods = router.handlers().stream().map(MethodHandler::method).toList();
        int dot = typed.lastIndexOf('.');
        String family = typed.substring(0, dot + 1);
        List<String> verbs = methods.stream().filter(m -> dot > 0 && m.startsWith(family))
                .map(m -> m.substring(family.length())).toList();
        if (!verbs.isEmpty()) {
            String verb = Suggest.closest(typed.substring(dot + 1), verbs);
            return verb == null ? null : family + verb;
        }
        return Suggest.closest(typed, methods);
    }

    /** Runs a parsed request and encodes its response line. */
    byte[] process(Request request, ClientConnection connection, CancellationToken token) {
        ProtocolException refusal = request.refusal();
        if (refusal != null) {
            return error(request.id(), refusal, request.method(), request.start());
        }
        try {
            Object result = router.dispatch(request.handler(), request.params(), new Context(connection, token));
            byte[] encoded = answer(request.id(), result == null ? Map.of() : result);
            metrics.record(request.method(), "ok", request.start());
            return encoded;
        } catch (ProtocolException e) {
            return error(request.id(), e, request.method(), request.start());
        } catch (RuntimeException e) {
            log.error("failed to answer {}", request.method(), e);
            return error(request.id(), new ProtocolException(ErrorCode.INTERNAL, "internal error"), request.method(),
                    request.start());
        }
    }

    private byte[] error(@Nullable JsonNode id, ProtocolException e, String method, long start) {
        byte[] encoded = error(id, e);
        // daemon.log: every refused request, with what a person needs to find it (docs/cli.md, "Logs")
        log.info("request {} id={} failed: {}: {}", method, id, e.code().name(), e.getMessage());
        metrics.record(method, e.code().name(), start);
        return encoded;
    }

    byte[] encodeError(@Nullable JsonNode id, ProtocolException e) {
        return error(id, e);
    }

    private byte[] error(@Nullable JsonNode id, ProtocolException e) {
        Map<String, Object> error = new LinkedHashMap<>();
        error.put("code", e.code().name());
        error.put("message", e.getMessage());
        if (!e.details().isEmpty()) {
            error.put("details", e.details());
        }
        Map<String, Object> response = new LinkedHashMap<>();
        response.put("type", "response");
        response.put("id", id);
        response.put("ok", false);
        response.put("error", error);
        return encode(response);
    }

    byte[] encodeEvent(EventFrame frame) {
        Map<String, Object> event = new LinkedHashMap<>();
        event.put("type", "event");
        event.put("seq", frame.seq());
        event.put("event", frame.event());
        event.put("payload", frame.payload());
        event.put("at", DateTimeFormatter.ISO_INSTANT.format(frame.at()));
        return encode(event);
    }

    /**
     * {@code {"type":"response","id":…,"ok":true,"result":…}} and its newline, written by one generator
     * straight into the line's bytes: the same bytes as {@link #encode} of that map (a null id is
     * {@code "id":null}), without building the map, looking up its serializer and copying the body once
     * more for the newline (ADR 0440). Every request's answer passes here.
     */
    static byte[] answer(@Nullable JsonNode id, Object result) {
        return ProtocolJson.line(json -> {
            json.writeStartObject();
            json.writeName(TYPE);
            json.writeString(RESPONSE);
            json.writeName(ID);
            writeId(json, id);
            json.writeName(OK);
            json.writeBoolean(true);
            json.writeName(RESULT);
            json.writePOJO(result);
            json.writeEndObject();
        });
    }

    /**
     * The id as {@code writeTree} writes it (the envelope admits only strings and integers), without
     * looking up a serializer for the node on every answer.
     */
    private static void writeId(JsonGenerator json, @Nullable JsonNode id) {
        if (id == null) {
            json.writeNull();
        } else if (id.isString()) {
            json.writeString(id.asString());
        } else if (id.isBigInteger()) {
            json.writeNumber(id.bigIntegerValue());
        } else {
            json.writeNumber(id.longValue());
        }
    }

    /** Map members are written even when null, so an unreadable id is echoed as {@code "id":null}. */
    private static byte[] encode(Map<String, Object> message) {
        byte[] body = ProtocolJson.MAPPER.writeValueAsBytes(message);
        byte[] line = new byte[body.length + 1];
        System.arraycopy(body, 0, line, 0, body.length);
        line[body.length] = '\n';
        return line;
    }

    /** A connection was closed because its undelivered events passed the cap. */
    void connectionLagged(long connectionId) {
        log.info("closed connection {}: its undelivered events passed the cap (a client that does not read)",
                connectionId);
        metrics.lagClosure();
    }

    void connectionClosed(ClientConnection connection) {
        registry.remove(connection);
    }

    private record Context(Connection connection, Cancellation cancellation) implements CallContext {
    }

    /**
     * A request line read as far as its handler. Exactly one of {@code handler} and {@code refusal} is
     * set: the refusal is the error that answers a line that cannot be served. {@code start} is when it
     * was read, for the latency timer.
     */
    record Request(long start, @Nullable JsonNode id, String method, @Nullable MethodHandler<?, ?> handler,
                   @Nullable JsonNode params, @Nullable ProtocolException refusal) {

        static Request refused(long start, @Nullable JsonNode id, String method, ProtocolException refusal) {
            return new Request(start, id, method, null, null, refusal);
        }

        /** A wait that the next request, EOF or shutdown cancels: it must not run on the reading thread. */
        boolean singleFlight() {
            return handler != null && handler.singleFlight();
        }
    }
}
