package dev.signaltty.agent.real;

import static dev.signaltty.agent.real.ModelHttp.json;
import static dev.signaltty.agent.real.ScriptedModel.CACHE_READ_TOKENS;
import static dev.signaltty.agent.real.ScriptedModel.CODEX_COMPACTION_PROMPT;
import static dev.signaltty.agent.real.ScriptedModel.COMPACTION;
import static dev.signaltty.agent.real.ScriptedModel.HOLD_LIMIT;
import static dev.signaltty.agent.real.ScriptedModel.OUTPUT_TOKENS;
import static dev.signaltty.agent.real.ScriptedModel.REASONING_TOKENS;
import static dev.signaltty.agent.real.ScriptedModel.SPAWNED_AGENT;
import static dev.signaltty.agent.real.ScriptedModel.say;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.sun.net.httpserver.HttpExchange;

import dev.signaltty.agent.real.ScriptedModel.Call;
import dev.signaltty.agent.real.ScriptedModel.Fail;
import dev.signaltty.agent.real.ScriptedModel.Hold;
import dev.signaltty.agent.real.ScriptedModel.Mute;
import dev.signaltty.agent.real.ScriptedModel.Say;
import dev.signaltty.agent.real.ScriptedModel.Stall;
import dev.signaltty.agent.real.ScriptedModel.Step;
import dev.signaltty.agent.real.ScriptedModel.Tool;
import dev.signaltty.transport.ProtocolJson;
import tools.jackson.databind.JsonNode;

/**
 * {@link ScriptedModel}'s OpenAI Responses API ({@code POST /v1/responses}, what Codex calls): reads the
 * conversation's position and Codex's compaction request, and streams the scripted step as Responses SSE events.
 */
final class OpenAiResponses {

    private final ScriptedModel model;

    OpenAiResponses(ScriptedModel model) {
        this.model = model;
    }

    void answer(HttpExchange exchange, JsonNode body) throws IOException {
        List<JsonNode> items = new ArrayList<>();
        body.path("input").forEach(items::add);
        boolean tools = body.path("tools").size() > 0;
        Position position = Position.of(items, i -> "user".equals(i.path("role").asString()),
                i -> "assistant".equals(i.path("role").asString()) || "function_call".equals(i.path("type").asString())
                        || "custom_tool_call".equals(i.path("type").asString()),
                OpenAiResponses::text);
        Step step = model.stepFor(position, tools);
        if (!items.isEmpty() && text(items.getLast()).contains(CODEX_COMPACTION_PROMPT)) {
            step = model.codexCompactionStep(position.scenario());
            position = new Position(COMPACTION, 0);
        }
        int input = model.inputTokens(position);
        String modelName = body.path("model").asString();
        model.record("openai", position, tools, modelName, body);
        if (step instanceof Fail fail) {
            ModelHttp.respond(exchange, fail.status(), json(Map.of("error",
                    Map.of("type", fail.type(), "message", "scripted " + fail.type()))));
            return;
        }
        if (step instanceof Mute mute) {
            model.awaitGate(mute.gate());
            step = say(mute.text());
        }
        String id = "resp_" + model.nextId();
        Sse sse = Sse.open(exchange);
        sse.send("response.created", Map.of("type", "response.created", "response", Map.of("id", id, "status", "in_progress")));
        List<Map<String, Object>> output = new ArrayList<>();
        switch (step) {
            case Say say -> output.add(message(say.text()));
            case Stall stall -> {
                // announced as the Responses API streams a message (item, then part, then deltas): Codex draws a
                // delta only into a message item it was told of; a bare delta shows when the response completes
                Map<String, Object> done = message(stall.text());
                Map<String, Object> streaming = new LinkedHashMap<>(done);
                streaming.put("status", "in_progress");
                streaming.put("content", List.of());
                sse.send("response.output_item.added", Map.of("type", "response.output_item.added", "output_index", 0,
                        "item", streaming));
                sse.send("response.content_part.added", Map.of("type", "response.content_part.added", "item_id",
                        done.get("id"), "output_index", 0, "content_index", 0, "part",
                        Map.of("type", "output_text", "text", "", "annotations", List.of())));
                sse.send("response.output_text.delta", Map.of("type", "response.output_text.delta", "item_id",
                        done.get("id"), "output_index", 0, "content_index", 0, "delta", stall.text()));
                sse.hold(stall.pause(), null);
                output.add(done);
            }
            case Hold hold -> {
                sse.hold(HOLD_LIMIT, model.gate(hold.gate()));
                output.add(message(hold.text()));
            }
            case Call call -> {
                for (Tool tool : call.tools()) {
                    output.add(functionCall(tool, items));
                }
            }
            case Fail fail -> throw new IllegalStateException("answered above");
            case Mute mute -> throw new IllegalStateException("turned into a Say above");
        }
        int index = 0;
        for (Map<String, Object> item : output) {
            sse.send("response.output_item.added", Map.of("type", "response.output_item.added", "output_index", index,
                    "item", item));
            sse.send("response.output_item.done", Map.of("type", "response.output_item.done", "output_index", index,
                    "item", item));
            index++;
        }
        sse.send("response.completed", Map.of("type", "response.completed", "response", Map.of("id", id,
                "status", "completed", "output", output, "usage", Map.of(
                        // OpenAI counts cached tokens inside input_tokens (Anthropic does not)
                        "input_tokens", input + CACHE_READ_TOKENS,
                        "input_tokens_details", Map.of("cached_tokens", CACHE_READ_TOKENS), "output_tokens", OUTPUT_TOKENS,
                        "output_tokens_details", Map.of("reasoning_tokens", REASONING_TOKENS),
                        "total_tokens", input + CACHE_READ_TOKENS + OUTPUT_TOKENS))));
    }

    /** The output item of a call of {@code tool}, its {@link ScriptedModel#SPAWNED_AGENT} made the id it stands for. */
    private Map<String, Object> functionCall(Tool tool, List<JsonNode> items) {
        Map<String, Object> item = new LinkedHashMap<>();
        item.put("type", "function_call");
        item.put("id", "fc_" + model.nextId());
        item.put("call_id", "call_" + model.nextId());
        item.put("name", tool.name());
        if (tool.namespace() != null) {
            item.put("namespace", tool.namespace());
        }
        item.put("arguments", json(tool.input()).replace(json(SPAWNED_AGENT), json(spawnedAgent(items))));
        return item;
    }

    /** The {@code agent_id} of the last tool output in {@code items} that names one ({@code spawn_agent}'s), or "". */
    private static String spawnedAgent(List<JsonNode> items) {
        String id = "";
        for (JsonNode item : items) {
            String output = item.path("output").asString("");
            if ("function_call_output".equals(item.path("type").asString()) && output.contains("\"agent_id\"")) {
                id = ProtocolJson.MAPPER.readTree(output).path("agent_id").asString(id);
            }
        }
        return id;
    }

    private Map<String, Object> message(String text) {
        return Map.of("type", "message", "id", "msg_" + model.nextId(), "role", "assistant", "status", "completed",
                "content", List.of(Map.of("type", "output_text", "text", text, "annotations", List.of())));
    }

    /** An input item's text: its string content, or its parts' texts a line each. */
    private static String text(JsonNode item) {
        JsonNode content = item.path("content");
        if (content.isString()) {
            return content.asString();
        }
        StringBuilder out = new StringBuilder();
        content.forEach(part -> out.append(part.path("text").asString()).append('\n'));
        return out.toString();
    }
}
