package dev.signaltty.journal.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Test;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

import dev.signaltty.transport.ProtocolJson;

/**
 * An audit line is written by one generator (ADR 0440); its bytes must be exactly those of the object
 * node {@code {seq, event, payload, at}} written by the protocol mapper, as before, so that files
 * written before and after read the same and replays stay byte-identical (seed R168).
 */
class AuditLineEncodingTest {

    /** The encoding before ADR 0440. */
    private static byte[] asNode(AuditRecord record) {
        ObjectNode node = ProtocolJson.MAPPER.createObjectNode();
        node.put("seq", record.seq());
        node.put("event", record.event());
        node.set("payload", record.payload());
        node.put("at", record.at().toString());
        byte[] json = ProtocolJson.MAPPER.writeValueAsBytes(node);
        byte[] line = Arrays.copyOf(json, json.length + 1);
        line[json.length] = '\n';
        return line;
    }

    @Test
    void linesAreByteForByteTheNodeEncoding() { // seed R168
        List<JsonNode> payloads = List.of(ProtocolJson.MAPPER.createObjectNode(),
                ProtocolJson.MAPPER.readTree("{\"workspace\":{\"workspace_id\":\"ws_1\",\"name\":\"n \\\"q\\\" \u00e9\ud83d\ude00\\n\","
                        + "\"tabs\":[],\"x\":null,\"n\":-1.5e300,\"big\":18446744073709551616}}"),
                ProtocolJson.MAPPER.valueToTree(List.of("a", 1, true)));
        List<Instant> ats = List.of(Instant.parse("2026-12-02T01:02:03Z"), Instant.parse("2026-12-02T01:02:03.456Z"),
                Instant.EPOCH);
        for (JsonNode payload : payloads) {
            for (Instant at : ats) {
                for (long seq : new long[] {1, 4097, Long.MAX_VALUE}) {
                    AuditRecord record = new AuditRecord(seq, "workspace.updated", payload, at);
                    assertThat(record.toLine()).isEqualTo(asNode(record));
                    AuditRecord back = AuditRecord.parse(record.toLine(), 0, record.toLine().length - 1);
                    assertThat(back).isEqualTo(record);
                }
            }
        }
    }
}
