package dev.signaltty.agent.real;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

import dev.signaltty.transport.ProtocolJson;
import tools.jackson.databind.JsonNode;

/**
 * A scripted model on loopback, speaking what the real agents call: the Anthropic Messages API
 * ({@code POST /v1/messages}, SSE streaming) for Claude Code and the OpenAI Responses API
 * ({@code POST /v1/responses}, SSE) for Codex. A scenario is a script of model turns, chosen by the
 * token {@code scenario:<name>} in the conversation's user text; the next step is the number of model
 * turns already in the conversation after that message, so retries and replays answer the same and
 * one server serves many panes at once. A request without tools (Claude's title, a summary) gets a
 * plain answer, as does a step past the script's end.
 *
 * <p>Public in the test tree: other suites start it with their own scenarios.
 */
public final class ScriptedModel implements AutoCloseable {

    /** One model turn. */
    public sealed interface Step permits Say, Call, Fail, Stall, Hold, Mute {
    }

    /** A text answer that ends the turn. */
    public record Say(String text) implements Step {
    }

    /** One or more tool calls in one model turn (parallel when several). */
    public record Call(List<Tool> tools) implements Step {
    }

    /**
     * One tool call; {@code namespace} is the Responses namespace the agent grouped the tool in (Codex 0.171's
     * {@code multi_agent_v1} for {@code spawn_agent}, {@code wait_agent}, …: without it Codex answers
     * "unsupported call"), null for a top-level tool. An argument equal to {@link #SPAWNED_AGENT} (or a list
     * holding it) becomes the id of the agent the conversation's last {@code spawn_agent} started.
     */
    public record Tool(String name, Map<String, Object> input, @org.jspecify.annotations.Nullable String namespace) {
        public Tool(String name, Map<String, Object> input) {
            this(name, input, null);
        }
    }

    /** Stands for the id Codex gave the last spawned agent (its {@code spawn_agent} output's {@code agent_id}). */
    public static final String SPAWNED_AGENT = "<spawned agent id>";

    /**
     * An HTTP error on every try ({@code 500 api_error}, {@code 529 overloaded_error}); {@code message} is the
     * error's text (Claude reads a {@code 400 invalid_request_error} "prompt is too long: …" as its cue to compact).
     */
    public record Fail(int status, String type, String message) implements Step {
        public Fail(int status, String type) {
            this(status, type, "scripted " + type);
        }
    }

    /**
     * Starts streaming {@code text}, then holds the stream open for {@code pause} (an interrupt's window),
     * sending an SSE comment each second so a client that hung up ends it early.
     */
    public record Stall(String text, Duration pause) implements Step {
    }

    /**
     * Starts streaming {@code text} and holds the turn open until the test calls {@link #release}
     * ({@code gate}), at most {@link #HOLD_LIMIT}; then the text ends the turn as {@link Say} does.
     */
    public record Hold(String gate, String text) implements Step {
    }

    /**
     * Sends nothing at all, not even the response headers, until the test calls {@link #release}
     * ({@code gate}), at most {@link #HOLD_LIMIT}; then answers {@code text} as {@link Say} does. An
     * interrupt in this window comes before the model's first byte.
     */
    public record Mute(String gate, String text) implements Step {
    }

    public static final Duration HOLD_LIMIT = Duration.ofSeconds(120);

    /**
     * The summary the model writes for a compaction request (Claude's {@code /compact}: its last user text
     * asks for {@link #COMPACTION_PROMPT}; Codex's: {@link #CODEX_COMPACTION_PROMPT}); such requests are
     * recorded under the scenario {@code compaction}.
     */
    public static final String COMPACTION_SUMMARY = "<analysis>Scripted.</analysis>\n<summary>1. The user asked the "
            + "model to remember the word heron; the model agreed.</summary>";
    static final String COMPACTION_PROMPT = "create a detailed summary of the conversation";
    /** What Codex 0.171's {@code /compact} asks in its last user item (a plain {@code /v1/responses} request, no tools). */
    static final String CODEX_COMPACTION_PROMPT = "You are performing a CONTEXT CHECKPOINT COMPACTION";
    public static final String COMPACTION = "compaction";

    public static Say say(String text) {
        return new Say(text);
    }

    public static Call call(String name, Map<String, Object> input) {
        return new Call(List.of(new Tool(name, input)));
    }

    /** A call of a tool the agent offers inside {@code namespace} (see {@link Tool}). */
    public static Call namespaced(String namespace, String name, Map<String, Object> input) {
        return new Call(List.of(new Tool(name, input, namespace)));
    }

    public static Call calls(Tool... tools) {
        return new Call(List.of(tools));
    }

    /** Tokens per model turn that the scripted usage reports (input, output). */
    public static final int INPUT_TOKENS = 1200;
    public static final int OUTPUT_TOKENS = 34;
    /** Prompt-cache tokens per model turn: read (Anthropic {@code cache_read_input_tokens}, OpenAI {@code cached_tokens}) and written. */
    public static final int CACHE_READ_TOKENS = 300;
    public static final int CACHE_CREATION_TOKENS = 56;
    /** OpenAI output tokens that were reasoning (part of {@code output_tokens}). */
    public static final int REASONING_TOKENS = 7;

    /** A request the server answered: API, scenario (null: none), step, and whether it carried tools. */
    public record Recorded(String api, String scenario, int step, boolean tools, String model) {
    }

    private static final Pattern SCENARIO = Pattern.compile("scenario:([a-z0-9-]+)");
    private final HttpServer server;
    private final ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor();
    private final Scripts<Step> scripts = new Scripts<>();
    private final List<Recorded> requests = new CopyOnWriteArrayList<>();
    private final List<Body> bodies = new CopyOnWriteArrayList<>();
    private final AtomicInteger ids = new AtomicInteger();
    /** Input tokens a step reports instead of {@link #INPUT_TOKENS}, by {@code scenario#step} ({@link #inputTokens}). */
    private final Map<String, Integer> reportedInput = new ConcurrentHashMap<>();
    /** Summaries that replace {@link #COMPACTION_SUMMARY} for a compaction of a scenario ({@link #compactionSummary}). */
    private final Map<String, String> summaries = new ConcurrentHashMap<>();
    /** How a Codex compaction of a scenario answers instead of a summary ({@link #codexCompaction}). */
    private final Map<String, Step> codexCompactions = new ConcurrentHashMap<>();

    private ScriptedModel(HttpServer server) {
        this.server = server;
    }

    public static ScriptedModel start() {
        try {
            HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
            ScriptedModel model = new ScriptedModel(server);
            server.setExecutor(model.threads);
            server.createContext("/", model::handle);
            server.start();
            return model;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Lets the turn held at {@link Hold} {@code gate} go on (also before it is reached). */
    public void release(String gate) {
        scripts.release(gate);
    }

    /** Blocks the request's thread until {@code name} is released, at most {@link #HOLD_LIMIT} (or the server stops). */
    private void awaitGate(String name) {
        scripts.await(name, HOLD_LIMIT);
    }

    private java.util.concurrent.CountDownLatch gate(String name) {
        return scripts.gate(name);
    }

    /** Registers (or replaces) the script of scenario {@code name}. */
    public ScriptedModel script(String name, Step... steps) {
        scripts.put(name, List.of(steps));
        return this;
    }

    /**
     * Makes step {@code step} of {@code scenario} report {@code tokens} input tokens in its usage (Anthropic
     * Messages, and the Responses API's {@code response.completed}, cached tokens added as OpenAI counts them): a
     * context near the agent's limit, which makes Claude (or Codex, over its {@code model_auto_compact_token_limit})
     * compact before its next request.
     */
    public ScriptedModel inputTokens(String scenario, int step, int tokens) {
        reportedInput.put(scenario + "#" + step, tokens);
        return this;
    }

    /**
     * The summary a compaction answers when the conversation it summarises is at {@code scenario}: a summary
     * that names a scenario token lets the turn that goes on after an auto-compaction keep its script.
     */
    public ScriptedModel compactionSummary(String scenario, String summary) {
        summaries.put(scenario, summary);
        return this;
    }

    /**
     * How Codex's compaction request answers when the conversation it summarises is at {@code scenario}: a
     * {@link Hold} (the summary held at a gate, so the compaction can be watched) or a {@link Fail}.
     */
    public ScriptedModel codexCompaction(String scenario, Step step) {
        codexCompactions.put(scenario, step);
        return this;
    }

    /** {@code http://127.0.0.1:<port>}: ANTHROPIC_BASE_URL, or a Codex provider's base_url with {@code /v1}. */
    public String baseUrl() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    public List<Recorded> requests() {
        return List.copyOf(requests);
    }

    /** The requests that ran steps of {@code scenario}. */
    public List<Recorded> requests(String scenario) {
        return requests.stream().filter(r -> scenario.equals(r.scenario())).toList();
    }

    /** A Messages request body as the agent sent it: the tools it offered, the tool results it sent back. */
    public record Body(String scenario, int step, JsonNode body) {
    }

    /** The Anthropic request bodies that ran steps of {@code scenario} (with tools), in arrival order. */
    public List<Body> bodies(String scenario) {
        return bodies.stream().filter(b -> scenario.equals(b.scenario())).toList();
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            String path = exchange.getRequestURI().getPath();
            if (!"POST".equals(exchange.getRequestMethod())) {
                respond(exchange, 404, "application/json", "{}");
                return;
            }
            JsonNode body = ProtocolJson.MAPPER.readTree(exchange.getRequestBody().readAllBytes());
            if (path.endsWith("/messages/count_tokens")) {
                respond(exchange, 200, "application/json", "{\"input_tokens\":" + INPUT_TOKENS + "}");
            } else if (path.endsWith("/messages")) {
                anthropic(exchange, body);
            } else if (path.endsWith("/responses")) {
                openai(exchange, body);
            } else {
                respond(exchange, 404, "application/json", "{\"error\":{\"type\":\"not_found\",\"message\":\"" + path + "\"}}");
            }
        } catch (IOException | RuntimeException e) {
            // the agent hung up (an interrupt): nothing more to send
        }
    }

    /** The scenario named in the conversation, and how many model turns came after that message. */
    record Position(String scenario, int step) {
    }

    static Position position(List<JsonNode> items, java.util.function.Predicate<JsonNode> user,
                              java.util.function.Predicate<JsonNode> model, java.util.function.Function<JsonNode, String> text) {
        for (int i = items.size() - 1; i >= 0; i--) {
            JsonNode item = items.get(i);
            if (!user.test(item)) {
                continue;
            }
            Matcher m = SCENARIO.matcher(text.apply(item));
            String found = null;
            while (m.find()) {
                found = m.group(1);
            }
            if (found != null) {
                int step = 0;
                boolean inRun = false;
                for (JsonNode after : items.subList(i + 1, items.size())) {
                    boolean byModel = model.test(after);
                    if (byModel && !inRun) {
                        step++;
                    }
                    inRun = byModel;
                }
                return new Position(found, step);
            }
        }
        return new Position(null, 0);
    }

    private Step stepFor(Position position, boolean tools) {
        Step step = scripts.at(position, tools);
        return step != null ? step : say(Scripts.plain(position, tools));
    }

    // ---- Anthropic Messages -------------------------------------------------------------------------

    private void anthropic(HttpExchange exchange, JsonNode body) throws IOException {
        List<JsonNode> messages = new ArrayList<>();
        body.path("messages").forEach(messages::add);
        boolean tools = body.path("tools").size() > 0;
        Position position = position(messages, m -> "user".equals(m.path("role").asString()),
                m -> "assistant".equals(m.path("role").asString()), ScriptedModel::anthropicText);
        Step step = stepFor(position, tools);
        JsonNode lastUser = null;
        for (JsonNode m : messages) {
            if ("user".equals(m.path("role").asString())) {
                lastUser = m;
            }
        }
        if (lastUser != null && anthropicText(lastUser).contains(COMPACTION_PROMPT)) {
            step = say(position.scenario() == null ? COMPACTION_SUMMARY
                    : summaries.getOrDefault(position.scenario(), COMPACTION_SUMMARY));
            position = new Position(COMPACTION, 0);
        }
        String model = body.path("model").asString();
        requests.add(new Recorded("anthropic", position.scenario(), position.step(), tools, model));
        if (tools) {
            bodies.add(new Body(position.scenario(), position.step(), body));
        }
        if (step instanceof Fail fail) {
            respond(exchange, fail.status(), "application/json", json(Map.of("type", "error",
                    "error", Map.of("type", fail.type(), "message", fail.message()))));
            return;
        }
        if (step instanceof Mute mute) {
            awaitGate(mute.gate());
            step = say(mute.text());
        }
        String id = "msg_" + ids.incrementAndGet();
        Sse sse = Sse.open(exchange);
        sse.send("message_start", Map.of("type", "message_start", "message", Map.of("id", id, "type", "message",
                "role", "assistant", "model", model, "content", List.of(), "usage",
                Map.of("input_tokens", reportedInput.getOrDefault(position.scenario() + "#" + position.step(), INPUT_TOKENS),
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
                sse.hold(HOLD_LIMIT, gate(hold.gate()));
                sse.send("content_block_delta", Map.of("type", "content_block_delta", "index", 0,
                        "delta", Map.of("type", "text_delta", "text", hold.text())));
                sse.send("content_block_stop", Map.of("type", "content_block_stop", "index", 0));
            }
            case Call call -> {
                int index = 0;
                for (Tool tool : call.tools()) {
                    sse.send("content_block_start", Map.of("type", "content_block_start", "index", index,
                            "content_block", Map.of("type", "tool_use", "id", "toolu_" + ids.incrementAndGet(),
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

    private static String anthropicText(JsonNode message) {
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

    // ---- OpenAI Responses ---------------------------------------------------------------------------

    private void openai(HttpExchange exchange, JsonNode body) throws IOException {
        List<JsonNode> items = new ArrayList<>();
        body.path("input").forEach(items::add);
        boolean tools = body.path("tools").size() > 0;
        Position position = position(items, i -> "user".equals(i.path("role").asString()),
                i -> "assistant".equals(i.path("role").asString()) || "function_call".equals(i.path("type").asString())
                        || "custom_tool_call".equals(i.path("type").asString()),
                ScriptedModel::openaiText);
        Step step = stepFor(position, tools);
        if (!items.isEmpty() && openaiText(items.getLast()).contains(CODEX_COMPACTION_PROMPT)) {
            step = position.scenario() == null ? say(COMPACTION_SUMMARY) : codexCompactions.getOrDefault(
                    position.scenario(), say(summaries.getOrDefault(position.scenario(), COMPACTION_SUMMARY)));
            position = new Position(COMPACTION, 0);
        }
        int input = reportedInput.getOrDefault(position.scenario() + "#" + position.step(), INPUT_TOKENS);
        String model = body.path("model").asString();
        requests.add(new Recorded("openai", position.scenario(), position.step(), tools, model));
        if (tools) {
            bodies.add(new Body(position.scenario(), position.step(), body));
        }
        if (step instanceof Fail fail) {
            respond(exchange, fail.status(), "application/json", json(Map.of("error",
                    Map.of("type", fail.type(), "message", "scripted " + fail.type()))));
            return;
        }
        if (step instanceof Mute mute) {
            awaitGate(mute.gate());
            step = say(mute.text());
        }
        String id = "resp_" + ids.incrementAndGet();
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
                sse.hold(HOLD_LIMIT, gate(hold.gate()));
                output.add(message(hold.text()));
            }
            case Call call -> {
                for (Tool tool : call.tools()) {
                    Map<String, Object> item = new LinkedHashMap<>();
                    item.put("type", "function_call");
                    item.put("id", "fc_" + ids.incrementAndGet());
                    item.put("call_id", "call_" + ids.incrementAndGet());
                    item.put("name", tool.name());
                    if (tool.namespace() != null) {
                        item.put("namespace", tool.namespace());
                    }
                    item.put("arguments", json(tool.input()).replace(json(SPAWNED_AGENT), json(spawnedAgent(items))));
                    output.add(item);
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
        return Map.of("type", "message", "id", "msg_" + ids.incrementAndGet(), "role", "assistant", "status", "completed",
                "content", List.of(Map.of("type", "output_text", "text", text, "annotations", List.of())));
    }

    private static String openaiText(JsonNode item) {
        JsonNode content = item.path("content");
        if (content.isString()) {
            return content.asString();
        }
        StringBuilder out = new StringBuilder();
        content.forEach(part -> out.append(part.path("text").asString()).append('\n'));
        return out.toString();
    }

    // ---- plumbing -----------------------------------------------------------------------------------

    static String json(Object value) {
        return ProtocolJson.MAPPER.writeValueAsString(value);
    }

    private static void respond(HttpExchange exchange, int status, String type, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("content-type", type);
        exchange.sendResponseHeaders(status, bytes.length);
        exchange.getResponseBody().write(bytes);
    }

    /** A server-sent-event stream, flushed per event so the agent sees it as it comes. */
    private record Sse(OutputStream out) {
        static Sse open(HttpExchange exchange) throws IOException {
            exchange.getResponseHeaders().set("content-type", "text/event-stream");
            exchange.getResponseHeaders().set("cache-control", "no-cache");
            exchange.sendResponseHeaders(200, 0);
            return new Sse(exchange.getResponseBody());
        }

        void send(String event, Object data) throws IOException {
            out.write(("event: " + event + "\ndata: " + json(data) + "\n\n").getBytes(StandardCharsets.UTF_8));
            out.flush();
        }

        /**
         * Keeps the stream open for {@code limit} or until {@code gate} opens, with an SSE comment each
         * second: a client that hung up (an interrupt) makes a write fail, which ends the hold.
         */
        void hold(Duration limit, java.util.concurrent.@org.jspecify.annotations.Nullable CountDownLatch gate)
                throws IOException {
            long end = System.nanoTime() + limit.toNanos();
            try {
                while (System.nanoTime() < end) {
                    if (gate != null ? gate.await(1, java.util.concurrent.TimeUnit.SECONDS) : sleptASecond()) {
                        return;
                    }
                    out.write(": held\n\n".getBytes(StandardCharsets.UTF_8));
                    out.flush();
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }

        private static boolean sleptASecond() throws InterruptedException {
            Thread.sleep(1000);
            return false;
        }
    }

    @Override
    public void close() {
        server.stop(0);
        threads.shutdownNow();
    }
}
