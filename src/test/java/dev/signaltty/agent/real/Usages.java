package dev.signaltty.agent.real;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.signaltty.support.ProtocolClient;
import dev.signaltty.transport.ProtocolJson;
import dev.signaltty.transport.internal.metrics.MetricsEndpointTest;
import tools.jackson.databind.JsonNode;

/** The usage the scripted model's turns add up to, as pane.get / task.get show it, and the token metrics. */
final class Usages {

    private Usages() {
    }

    /** {@code turns} Anthropic turns of the {@link ScriptedModel}: its fixed usage per turn, times turns. */
    static JsonNode claude(int turns) {
        Map<String, Object> u = new LinkedHashMap<>();
        u.put("input_tokens", turns * ScriptedModel.INPUT_TOKENS);
        u.put("output_tokens", turns * ScriptedModel.OUTPUT_TOKENS);
        u.put("cache_read_input_tokens", turns * ScriptedModel.CACHE_READ_TOKENS);
        u.put("cache_creation_input_tokens", turns * ScriptedModel.CACHE_CREATION_TOKENS);
        u.put("transcripts", 1);
        return ProtocolJson.MAPPER.valueToTree(u);
    }

    /** {@code turns} Responses turns: uncached input, output, cached input, reasoning (no cache writes). */
    static JsonNode codex(int turns) {
        return codex(turns, 1);
    }

    /** The same, over {@code transcripts} rollouts (a Codex subagent's thread has a rollout of its own). */
    static JsonNode codex(int turns, int transcripts) {
        Map<String, Object> u = new LinkedHashMap<>();
        u.put("input_tokens", turns * ScriptedModel.INPUT_TOKENS);
        u.put("output_tokens", turns * ScriptedModel.OUTPUT_TOKENS);
        u.put("cache_read_input_tokens", turns * ScriptedModel.CACHE_READ_TOKENS);
        u.put("reasoning_output_tokens", turns * ScriptedModel.REASONING_TOKENS);
        u.put("transcripts", transcripts);
        return ProtocolJson.MAPPER.valueToTree(u);
    }

    /** Waits until {@code read} shows {@code expected} (the agent may write its transcript just after the hook). */
    static JsonNode awaitUsage(Duration timeout, Supplier<JsonNode> read, JsonNode expected) {
        JsonNode[] last = new JsonNode[1];
        try {
            ProtocolClient.eventually(timeout, () -> expected.equals(last[0] = read.get()));
        } catch (AssertionError e) {
            throw new AssertionError("usage " + last[0] + " never became " + expected, e);
        }
        return last[0];
    }

    private static final Pattern TOKENS = Pattern.compile(
            "^signaltty_agent_tokens_total\\{agent=\"([a-z]+)\",kind=\"([a-z_]+)\"} (\\S+)$", Pattern.MULTILINE);

    /** The {@code signaltty_agent_tokens_total} samples of {@code agent}, by kind. */
    static Map<String, Double> metrics(int port, String agent) {
        Map<String, Double> out = new LinkedHashMap<>();
        Matcher m = TOKENS.matcher(MetricsEndpointTest.scrape(port));
        while (m.find()) {
            if (m.group(1).equals(agent)) {
                out.put(m.group(2), Double.parseDouble(m.group(3)));
            }
        }
        assertThat(out).as("token samples of " + agent).hasSize(5);
        return out;
    }

    static Map<String, Double> delta(Map<String, Double> before, Map<String, Double> after) {
        Map<String, Double> out = new LinkedHashMap<>();
        after.forEach((k, v) -> out.put(k, v - before.getOrDefault(k, 0.0)));
        return out;
    }
}
