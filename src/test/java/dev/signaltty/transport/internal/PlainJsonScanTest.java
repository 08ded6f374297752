package dev.signaltty.transport.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;

import dev.signaltty.transport.ProtocolJson;
import tools.jackson.core.StreamReadFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectReader;
import tools.jackson.databind.node.ObjectNode;

/**
 * The scan of plain request lines (ADR 0500) must make exactly the tree Jackson's strict reader makes,
 * node types and member order included, and must leave every other line to Jackson (null), so that
 * errors and unusual values read as before (seed R5: one JSON object per line).
 */
class PlainJsonScanTest {

    private static final ObjectReader STRICT = ProtocolJson.MAPPER.reader()
            .with(StreamReadFeature.STRICT_DUPLICATE_DETECTION);

    private static final List<String> PLAIN = List.of(
            "{\"id\":2,\"method\":\"pane.get\",\"params\":{\"pane_id\":\"p-1\"}}",
            "{\"protocol\":\"signaltty/1\",\"id\":17,\"method\":\"pane.write\",\"params\":{\"pane_id\":\"p-1\",\"data\":\"ls -la /tmp\"}}",
            "{\"id\":\"abc\",\"method\":\"ping\"}",
            "  {\"id\" : -7 ,\t\"method\":\"x\", \"params\" : { } }  \r",
            "{\"id\":2147483647,\"big\":2147483648,\"neg\":-2147483648,\"negbig\":-2147483649,\"long\":123456789012345678}",
            "{\"id\":0,\"z\":-0,\"a\":[],\"b\":[1,\"two\",true,false,null,{\"c\":[[]]}],\"n\":null}",
            "{\"id\":null,\"method\":\"pane.spawn\",\"params\":{\"argv\":[\"sh\",\"-c\",\"echo hi\"],\"env\":{\"A\":\"1\"}}}",
            "{}",
            "{\"\":\"\"}");

    private static final List<String> LEFT_TO_JACKSON = List.of(
            "{\"id\":1,\"method\":\"ping\"} x",
            "{\"id\":1,\"method\":\"ping\"}{}",
            "{\"id\":1,\"id\":2,\"method\":\"ping\"}",
            "{\"params\":{\"a\":1,\"a\":2}}",
            "{\"data\":\"tab\\tescaped\"}",
            "{\"data\":\"caf\u00e9\"}",
            "{\"x\":1.5}", "{\"x\":1e3}", "{\"x\":01}", "{\"x\":-}", "{\"x\":1234567890123456789}",
            "{\"x\":tru}", "{\"x\":truex}", "{\"x\":nul}", "{\"x\":[1,]}", "{\"x\":1,}", "{\"x\" 1}",
            "{\"x\":\"unterminated}", "{\"x\":[1", "{", "[1,2]", "\"text\"", "42", "   ", "{'x':1}",
            "{\"x\":\"\u0001\"}", "{\"x\":\"a\u007fb\"}",
            "{\"d\":" + "[".repeat(PlainJsonScan.MAX_DEPTH + 1) + "]".repeat(PlainJsonScan.MAX_DEPTH + 1) + "}");

    @Test
    void plainLinesReadAsJacksonReadsThem() {
        for (String line : PLAIN) {
            ObjectNode scanned = PlainJsonScan.object(bytes(line));
            assertThat(scanned).as(line).isNotNull();
            assertSameTree(line, scanned);
        }
    }

    @Test
    void everythingElseIsLeftToJackson() {
        for (String line : LEFT_TO_JACKSON) {
            assertThat(PlainJsonScan.object(bytes(line))).as(line).isNull();
        }
    }

    /** Random lines from plain pieces and a few that are not: scanned ones always equal Jackson's tree. */
    @Test
    void randomLinesNeverReadDifferently() {
        Random random = new Random(24);
        List<String> pieces = List.of("{", "}", "[", "]", ",", ":", "\"a\"", "\"b\"", "\"id\"", "1", "-12",
                "2147483648", "0", "00", "1.0", "true", "false", "null", " ", "\"\\n\"", "\"\u00e9\"", "x");
        int scanned = 0;
        for (int i = 0; i < 50_000; i++) {
            StringBuilder line = new StringBuilder(random.nextBoolean() ? "{\"a\":" : "{");
            int count = random.nextInt(10);
            for (int j = 0; j < count; j++) {
                line.append(pieces.get(random.nextInt(pieces.size())));
            }
            String text = line.toString();
            ObjectNode tree = PlainJsonScan.object(bytes(text));
            if (tree != null) {
                scanned++;
                assertSameTree(text, tree);
            }
        }
        assertThat(scanned).as("random lines that were plain").isGreaterThan(20);
    }

    private static void assertSameTree(String line, JsonNode scanned) {
        JsonNode jackson = STRICT.readTree(bytes(line));
        assertThat(scanned).as(line).isEqualTo(jackson);
        assertSameTypes(line, scanned, jackson);
        // member order too: params trees are kept and written out again
        assertThat(ProtocolJson.MAPPER.writeValueAsString(scanned)).as(line)
                .isEqualTo(ProtocolJson.MAPPER.writeValueAsString(jackson));
    }

    private static void assertSameTypes(String line, JsonNode a, JsonNode b) {
        assertThat(a.getClass()).as(line).isEqualTo(b.getClass());
        List<JsonNode> left = new ArrayList<>(a.values());
        List<JsonNode> right = new ArrayList<>(b.values());
        assertThat(left).as(line).hasSameSizeAs(right);
        for (int i = 0; i < left.size(); i++) {
            assertSameTypes(line, left.get(i), right.get(i));
        }
    }

    private static byte[] bytes(String line) {
        return line.getBytes(StandardCharsets.UTF_8);
    }
}
