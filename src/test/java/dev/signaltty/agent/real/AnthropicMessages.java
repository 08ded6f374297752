package dev.signaltty.agent.real;

import static dev.signaltty.agent.real.ModelHttp.json;
import static dev.signaltty.agent.real.ScriptedModel.CACHE_CREATION_TOKENS;
import static dev.signaltty.agent.real.ScriptedModel.CACHE_READ_TOKENS;
import static dev.signaltty.agent.real.ScriptedModel.COMPACTION;
import static dev.signaltty.agent.real.ScriptedModel.COMPACTION_PROMPT;
import static dev.signaltty.agent.real.ScriptedModel.HOLD_LIMIT;
import static dev.signaltty.agent.real.ScriptedModel.OUTPUT_TOKENS;
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
import tools.jackson.databind.JsonNode;

/**
 * {@link ScriptedModel}'s Anthropic Messages API ({@code POST /v1/messages}, what Claude Code calls): reads the
 * conversation's position and Claude's compaction request, and streams the scripted step as Messages SSE events.
 */
final class AnthropicMessages {

    private final ScriptedModel model;

    AnthropicMessages(ScriptedModel model) {
        this.model = model;
    }

    void answer(HttpExchange exchange, JsonNode body) throws IOException {
        List<JsonNode> messages = new ArrayList<>();
        body.path("messages").forEach(messages::add);
        boolean tools = body.path("tools").size() > 0;
        Position position = Position.of(messages, m -> "user".equals(m.path("role").asString()),
                m -> "assistant".equals(m.path("role").asString()), AnthropicMessages::text);
        Step step = model.stepFor(position, tools);
        JsonNode lastUser = null;
        for (JsonNode m : messages) {
            if ("user".equals(m.path("role").asString())) {
                lastUser = m;
            }
        }
        if (lastUser != null && text(lastUser).contains(COMPACTION_PROMPT)) {
            step = say(model.summary(position.scenario()));
            position = new Position(COMPACTION, 0);
        }
        String modelName = body.path("model").asString();
        model.record("anthropic", position, tools, modelName, body);
        if (step instanceof Fail fail) {
            ModelHttp.respond(exchange, fail.status(), json(Map.of("type", "error",
                    "error", Map.of("type", fail.type(), "message", fail.message()))));
            return;
        }
        if (step instanceof Mute mute) {
            model.awaitGate(mute.gate());
            step = say(mute.text());
        }
        String id = "msg_" + model.nextId();
        Sse sse = Sse.open(exchange);
        sse.send("message_start", Map.of("type", "message_start", "message", Map.of("id", id, "type", "message",
                "role", "assistant", "model", modelName, "content", List.of(), "usage",
                Map.of("input_tokens", model.inputTokens(position),
                        "output_tokens", 1, "cache_read_input_tokens", CACHE_READ_TOKENS,
                        "cache_creation_input_tokens", CACHE_CREATION_TOKENS))));
        String stop = "end_turn";
        switch (step) {
            case Say say -> textBlock(sse, 0, say.text());
            case Stall stall -> {
                textBlock(sse, 0, stall.text());
                sse.hold(stall.pause(), null);
            }
            case Hold hold -> {
                sse.send("content_block_start", Map.of("type", "content_block_start", "index", 0,
                        "content_block", Map.of("type", "text", "text", "")));
                sse.hold(HOLD_LIMIT, model.gate(hold.gate()));
                sse.send("content_block_delta", Map.of("type", "content_block_delta", "index", 0,
                        "delta", Map.of("type", "text_delta", "text", hold.text())));
                sse.send("content_block_stop", Map.of("type", "content_block_stop", "index", 0));
            }
            case Call call -> {
                int index = 0;
                for (Tool tool : call.tools()) {
                    sse.send("content_block_start", Map.of("type", "content_block_start", "index", index,
                            "content_block", Map.of("type", "tool_use", "id", "toolu_" + model.nextId(),
                                    "name", tool.name(), "input", Map.of())));
                    sse.send("content_block_delta", Map.of("type", "content_block_delta", "index", index,
                            "delta", Map.of("type", "input_json_delta", "partial_json", json(tool.input()))));
                    sse.send("content_block_stop", Map.of("type", "content_block_stop", "index", index));
                    index++;
                }
                stop = "tool_use";
            }
            case Fail fail -> throw new IllegalStateException("answered above");
            case Mute mute -> throw new IllegalStateException("turned into a Say above");
        }
        Map<String, Object> delta = new LinkedHashMap<>();
        delta.put("stop_reason", stop);
        delta.put("stop_sequence", null);
        sse.send("message_delta", Map.of("type", "message_delta", "delta", delta,
                "usage", Map.of("output_tokens", OUTPUT_TOKENS)));
        sse.send("message_stop", Map.of("type", "message_stop"));
    }

    private static void textBlock(Sse sse, int index, String text) throws IOException {
        sse.send("content_block_start", Map.of("type", "content_block_start", "index", index,
                "content_block", Map.of("type", "text", "text", "")));
        sse.send("content_block_delta", Map.of("type", "content_block_delta", "index", index,
                "delta", Map.of("type", "text_delta", "text", text)));
        sse.send("content_block_stop", Map.of("type", "content_block_stop", "index", index));
    }

    /** A message's text: its string content, or its text blocks a line each. */
    private static String text(JsonNode message) {
        JsonNode content = message.path("content");
        if (content.isString()) {
            return content.asString();
        }
        StringBuilder out = new StringBuilder();
        content.forEach(block -> {
            if ("text".equals(block.path("type").asString())) {
                out.append(block.path("text").asString()).append('\n');
            }
        });
        return out.toString();
    }
}
