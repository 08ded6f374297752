package dev.signaltty.journal.internal;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.temporal.ChronoUnit;

import org.jspecify.annotations.Nullable;

import tools.jackson.core.JacksonException;
import tools.jackson.core.SerializableString;
import tools.jackson.core.io.SerializedString;
import tools.jackson.databind.JsonNode;

import dev.signaltty.transport.EventFrame;
import dev.signaltty.transport.ProtocolJson;

/**
 * One journaled state event, as written to {@code audit.jsonl}: {@code {seq, event, payload, at}}
 * (seed R168). The payload is kept as a JSON tree so that live frames, ring replays and file replays
 * carry byte-identical payloads.
 */
public record AuditRecord(long seq, String event, JsonNode payload, Instant at) {

    private static final SerializableString SEQ = new SerializedString("seq");
    private static final SerializableString EVENT = new SerializedString("event");
    private static final SerializableString PAYLOAD = new SerializedString("payload");
    private static final SerializableString AT = new SerializedString("at");

    public AuditRecord {
        at = at.truncatedTo(ChronoUnit.MILLIS);
    }

    public EventFrame toFrame() {
        return new EventFrame(seq, event, payload, at);
    }

    /** The payload's top-level {@code task_id}, or null. */
    public @Nullable String taskId() {
        JsonNode taskId = payload.get("task_id");
        return taskId != null && taskId.isString() ? taskId.asString() : null;
    }

    /**
     * The record as one JSON line, newline included: written by one generator straight into the line's
     * bytes, the same bytes as the object node {@code {seq, event, payload, at}} (ADR 0440).
     */
    public byte[] toLine() {
        return ProtocolJson.line(json -> {
            json.writeStartObject();
            json.writeName(SEQ);
            json.writeNumber(seq);
            json.writeName(EVENT);
            json.writeString(event);
            json.writeName(PAYLOAD);
            json.writeTree(payload);
            json.writeName(AT);
            json.writeString(at.toString());
            json.writeEndObject();
        });
    }

    /**
     * Parses one line (without its newline).
     *
     * @throws IllegalArgumentException when the line is not a well-formed audit record
     */
    public static AuditRecord parse(byte[] bytes, int offset, int length) {
        JsonNode node;
        try {
            node = ProtocolJson.MAPPER.readTree(new String(bytes, offset, length, StandardCharsets.UTF_8));
        } catch (JacksonException e) {
            throw new IllegalArgumentException("not JSON: " + e.getOriginalMessage(), e);
        }
        if (node == null || !node.isObject()) {
            throw new IllegalArgumentException("not a JSON object");
        }
        JsonNode seq = node.get("seq");
        JsonNode event = node.get("event");
        JsonNode at = node.get("at");
        if (seq == null || !seq.isIntegralNumber() || !seq.canConvertToLong() || seq.asLong() <= 0) {
            throw new IllegalArgumentException("no positive seq");
        }
        if (event == null || !event.isString() || at == null || !at.isString()) {
            throw new IllegalArgumentException("no event or at");
        }
        JsonNode payload = node.get("payload");
        Instant instant;
        try {
            instant = Instant.parse(at.asString());
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("bad at: " + at.asString(), e);
        }
        return new AuditRecord(seq.asLong(), event.asString(),
                payload == null ? ProtocolJson.MAPPER.createObjectNode() : payload, instant);
    }
}
