package dev.signaltty.hardening;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

import io.micrometer.core.instrument.MeterRegistry;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import dev.signaltty.support.DaemonFixture;
import dev.signaltty.support.ProtocolClient;
import dev.signaltty.transport.ProtocolJson;
import tools.jackson.databind.JsonNode;

/**
 * Protocol fuzzer over the real socket: over 10,000 malformed, mistyped, huge and binary lines. Every
 * line gets exactly one response, with an error code the schema lists; the server stays up; the heap
 * and the metrics registry stay bounded. Seeded, so a failure names its seed and replays.
 */
class ProtocolFuzzTest {

    private static final long SEED = Long.getLong("fuzz.seed", 0x5167_7e11L);
    private static final int ROUNDS = Integer.getInteger("fuzz.rounds", 12);
    /** Lines in all: 10,000 in the default build, 100,000 in the long form ({@code -Psoak}). */
    private static final int LINES = Integer.getInteger("fuzz.lines", 10_000);
    private static final int BATCH = 64;

    @RegisterExtension
    static final DaemonFixture daemon = DaemonFixture.withoutWorkspace("signaltty.metrics.enabled=true", "signaltty.metrics.port=0");
    static Set<String> definedCodes;
    static List<FuzzLines.Method> methods;

    @BeforeAll
    static void readSchema() {
        JsonNode schema = daemon.client().call("schema", Map.of());
        definedCodes = new HashSet<>();
        schema.get("errors").forEach(code -> definedCodes.add(code.asString()));
        methods = FuzzLines.methods(schema);
    }

    @Test
    void answersEveryBadLineWithOneDefinedErrorAndStaysUpWithinBoundedMemory() {
        long heapBefore = heapAfterGc();
        int metersBefore = daemon.bean(MeterRegistry.class).getMeters().size();
        FuzzLines lines = new FuzzLines(new Random(SEED), methods);
        int sent = 0;
        Map<String, Integer> byExpectation = new java.util.TreeMap<>();
        for (int round = 0; round < ROUNDS; round++) {
            for (FuzzLines.Line line : lines.round()) {
                byExpectation.merge(line.kind(), 1, Integer::sum);
                sent += send(List.of(line));
            }
        }
        // many small lines pipelined in batches: the bulk of the count
        while (sent < LINES) {
            List<FuzzLines.Line> batch = new ArrayList<>();
            for (int i = 0; i < BATCH; i++) {
                FuzzLines.Line line = lines.small();
                byExpectation.merge(line.kind(), 1, Integer::sum);
                batch.add(line);
            }
            sent += send(batch);
        }
        // exactly one response per line: the next response is the sentinel's, nothing stray before it
        daemon.client().sendRaw("{\"id\":\"sentinel\",\"method\":\"ping\"}\n");
        JsonNode sentinel = daemon.client().nextResponse();
        assertThat(sentinel.get("id").asString()).as("stray response before the sentinel (seed %s)", SEED).isEqualTo("sentinel");
        assertThat(sentinel.get("ok").asBoolean()).isTrue();

        try (ProtocolClient fresh = daemon.connect()) {
            assertThat(fresh.call("ping", Map.of())).isNotNull();
        }
        assertThat(daemon.isRunning()).isTrue();
        System.out.println("fuzz seed " + SEED + ": " + sent + " lines " + byExpectation);
        assertThat(sent).isGreaterThanOrEqualTo(Math.max(10_000, LINES));
        assertThat(byExpectation).containsKeys("malformed", "mistyped", "huge", "binary", "oversized");

        // a generous bound: the fuzz pushed well over 100 MB through the server
        long heapGrowth = heapAfterGc() - heapBefore;
        int metersAfter = daemon.bean(MeterRegistry.class).getMeters().size();
        System.out.printf("fuzz: heap growth after GC %.1f MiB, meters %d -> %d%n", heapGrowth / 1048576.0, metersBefore, metersAfter);
        assertThat(heapGrowth).as("heap growth after %d lines", sent).isLessThan(64L << 20);
        assertThat(metersAfter - metersBefore).as("meters added: made-up names must not become tags").isLessThan(200);
    }

    private static int send(List<FuzzLines.Line> batch) {
        for (FuzzLines.Line line : batch) {
            daemon.client().sendRaw(line.bytes());
        }
        for (FuzzLines.Line line : batch) {
            JsonNode response = daemon.client().nextResponse();
            String what = "response to a " + line.kind() + " line " + line.preview() + " (seed " + SEED + "): " + response;
            assertThat(response.get("type").asString()).as(what).isEqualTo("response");
            assertThat(response.get("ok").asBoolean()).as(what).isFalse();
            String code = response.get("error").get("code").asString();
            assertThat(definedCodes).as(what).contains(code);
            if (line.expectedCode() != null) {
                assertThat(code).as(what).isEqualTo(line.expectedCode());
            }
            if (line.id() != null) {
                assertThat(response.get("id").asString()).as(what).isEqualTo(line.id());
            }
        }
        return batch.size();
    }

    private static long heapAfterGc() {
        var memory = ManagementFactory.getMemoryMXBean();
        for (int i = 0; i < 3; i++) {
            memory.gc();
        }
        return memory.getHeapMemoryUsage().getUsed();
    }

    static String text(byte[] bytes) {
        return new String(bytes, StandardCharsets.UTF_8);
    }

    static JsonNode tree(String json) {
        return ProtocolJson.MAPPER.readTree(json);
    }
}
