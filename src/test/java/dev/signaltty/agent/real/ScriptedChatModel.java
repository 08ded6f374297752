package dev.signaltty.agent.real;

import static dev.signaltty.agent.real.ModelHttp.json;
import static dev.signaltty.agent.real.ModelHttp.respond;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

import org.jspecify.annotations.Nullable;

import com.sun.net.httpserver.HttpExchange;

import dev.signaltty.transport.ProtocolJson;
import tools.jackson.databind.JsonNode;

/**
 * A scripted model on loopback for the agents without hooks, speaking what they call: the Gemini API
 * ({@code POST /v1beta/models/<model>:streamGenerateContent?alt=sse}, data-only SSE, plus the plain
 * {@code :generateContent} gemini-cli uses to route and check turns) for gemini-cli, and OpenAI Chat
 * Completions ({@code POST /v1/chat/completions}, SSE) for opencode's OpenAI-compatible provider.
 *
 * <p>As in {@link ScriptedModel} (the Anthropic and Responses speaker), the token {@code scenario:<name>} in
 * the conversation's user text picks the script, and the step is the number of model turns after that
 * message ({@link Position}). A turn may wait at a gate the test opens ({@link #release}),
 * so a test sees a slow turn on screen and knows for certain which state the program is in. A request without tools (a title, a routing
 * question) gets a fixed answer at once.
 */
public final class ScriptedChatModel implements AutoCloseable {

    /** One model turn; with a {@code gate}, it is held before its first byte until the test opens the gate. */
    public sealed interface Turn permits Reply, ToolCall, Fail {
        @Nullable String gate();
    }

    /** A text answer that ends the turn: the first word at once, the rest once the gate opens. */
    public record Reply(@Nullable String gate, String text) implements Turn {
    }

    /** One tool call (the program runs it, or first asks its user), sent once the gate opens. */
    public record ToolCall(@Nullable String gate, String name, Map<String, Object> args) implements Turn {
    }

    /**
     * An HTTP error instead of an answer ({@code 500}, {@code 429}), on every try of this step, with a
     * {@code retryAfter} header when not null; with a {@code gate}, held before the status line (the first try
     * only: the gate stays open), so the test sees the turn working first.
     */
    public record Fail(@Nullable String gate, int status, String message, @Nullable RetryAfter retryAfter)
            implements Turn {
        public Fail(@Nullable String gate, int status, String message) {
            this(gate, status, message, null);
        }
    }

    /** A response header that says how long to wait before a retry: {@code retry-after} (seconds) or {@code retry-after-ms}. */
    public record RetryAfter(String header, long value) {
        static RetryAfter seconds(long seconds) {
            return new RetryAfter("retry-after", seconds);
        }

        static RetryAfter millis(long millis) {
            return new RetryAfter("retry-after-ms", millis);
        }

        /** The wait the header asks for. */
        Duration delay() {
            return header.equals("retry-after-ms") ? Duration.ofMillis(value) : Duration.ofSeconds(value);
        }

        @Override
        public String toString() {
            return header + ": " + value;
        }
    }

    public static Reply reply(String text) {
        return new Reply(null, text);
    }

    /** How long a gate holds at most: a test that never opens it fails on its own deadline first. */
    static final Duration GATE_LIMIT = Duration.ofSeconds(180);
    static final int INPUT_TOKENS = 900;
    static final int OUTPUT_TOKENS = 21;
    /** The answer to gemini-cli's JSON side questions (model routing, next speaker). */
    static final String SIDE_ANSWER = "{\"reasoning\": \"scripted\", \"model_choice\": \"flash\", \"next_speaker\": \"user\"}";

    private final Scripts<Turn> scripts = new Scripts<>();
    private final List<ScriptedModel.Recorded> requests = new CopyOnWriteArrayList<>();
    private final AtomicInteger ids = new AtomicInteger();
    /** Per scenario, when each try of a failing step arrived and when its error was sent (nanoTime). */
    private final Map<String, List<long[]>> failedTries = new ConcurrentHashMap<>();
    private final ModelHttp http;

    private ScriptedChatModel() {
        this.http = ModelHttp.serve(this::handle); // last: a request finds every field set
    }

    public static ScriptedChatModel start() {
        return new ScriptedChatModel();
    }

    /** {@code http://127.0.0.1:<port>}: GOOGLE_GEMINI_BASE_URL, or with {@code /v1} an OpenAI-compatible baseURL. */
    public String baseUrl() {
        return http.baseUrl();
    }

    public ScriptedChatModel script(String name, Turn... turns) {
        scripts.put(name, List.of(turns));
        return this;
    }

    /** Lets the turn held at {@code gate} go on (also before it is reached). */
    public void release(String gate) {
        scripts.release(gate);
    }

    /** Whether the program has asked for {@code step} of {@code scenario} (a gated turn is held there until {@link #release}). */
    public boolean reached(String scenario, int step) {
        return requests.stream().anyMatch(r -> scenario.equals(r.scenario()) && r.step() == step && r.tools());
    }

    /** The requests that ran steps of {@code scenario} (api {@code gemini} or {@code chat}). */
    public List<ScriptedModel.Recorded> requests(String scenario) {
        return requests.stream().filter(r -> scenario.equals(r.scenario())).toList();
    }

    /**
     * How long the program waited before each retry of {@code scenario}'s failing step: from the error sent to
     * the next try's arrival (one fewer than the tries).
     */
    public List<Duration> waitsBetweenTries(String scenario) {
        List<long[]> tries = failedTries.getOrDefault(scenario, List.of());
        List<Duration> waits = new ArrayList<>();
        for (int i = 1; i < tries.size(); i++) {
            waits.add(Duration.ofNanos(tries.get(i)[0] - tries.get(i - 1)[1]));
        }
        return waits;
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            String path = exchange.getRequestURI().getPath();
            if (!"POST".equals(exchange.getRequestMethod())) {
                respond(exchange, 404, "{}");
                return;
            }
            JsonNode body = ProtocolJson.MAPPER.readTree(exchange.getRequestBody().readAllBytes());
            if (path.endsWith(":streamGenerateContent")) {
                gemini(exchange, body, path);
            } else if (path.endsWith(":generateContent")) {
                requests.add(new ScriptedModel.Recorded("gemini", null, 0, false, model(path)));
                respond(exchange, 200, json(geminiChunk(List.of(Map.of("text", SIDE_ANSWER)), "STOP", model(path))));
            } else if (path.endsWith(":countTokens")) {
                respond(exchange, 200, "{\"totalTokens\":" + INPUT_TOKENS + "}");
            } else if (path.endsWith("/chat/completions")) {
                chat(exchange, body);
            } else {
                respond(exchange, 404, "{\"error\":{\"code\":404,\"message\":\"" + path + "\"}}");
            }
        } catch (IOException | RuntimeException e) {
            // the program hung up (it was closed or interrupted): nothing more to send
        }
    }

    private Turn turnFor(Position position, boolean tools) {
        Turn turn = scripts.at(position, tools);
        return turn != null ? turn : reply(Scripts.plain(position, tools));
    }

    private void await(Turn turn) {
        if (turn.gate() != null) {
            scripts.await(turn.gate(), GATE_LIMIT);
        }
    }

    // ---- Gemini API ---------------------------------------------------------------------------------

    private static String model(String path) {
        String last = path.substring(path.lastIndexOf('/') + 1);
        return last.substring(0, last.indexOf(':'));
    }

    private void gemini(HttpExchange exchange, JsonNode body, String path) throws IOException {
        List<JsonNode> contents = new ArrayList<>();
        body.path("contents").forEach(contents::add);
        boolean tools = body.path("tools").size() > 0;
        Position position = Position.of(contents, c -> "user".equals(c.path("role").asString()),
                c -> "model".equals(c.path("role").asString()), ScriptedChatModel::geminiText);
        Turn turn = turnFor(position, tools);
        String model = model(path);
        requests.add(new ScriptedModel.Recorded("gemini", position.scenario(), position.step(), tools, model));
        if (turn instanceof Fail fail) {
            fail(exchange, fail, position.scenario(), json(Map.of("error", Map.of("code", fail.status(),
                    "message", fail.message(), "status", fail.status() == 429 ? "RESOURCE_EXHAUSTED" : "INTERNAL"))));
            return;
        }
        Sse sse = Sse.open(exchange);
        switch (turn) {
            case Reply reply -> {
                String[] split = firstWord(reply.text());
                sse.data(geminiChunk(List.of(Map.of("text", split[0])), null, model));
                await(reply);
                sse.data(geminiChunk(List.of(Map.of("text", split[1])), "STOP", model));
            }
            case ToolCall call -> {
                await(call);
                sse.data(geminiChunk(List.of(Map.of("functionCall", Map.of("name", call.name(), "args", call.args()))),
                        "STOP", model));
            }
            case Fail fail -> throw new IllegalStateException("answered above");
        }
    }

    private static Map<String, Object> geminiChunk(List<Map<String, Object>> parts, @Nullable String finish, String model) {
        Map<String, Object> candidate = new LinkedHashMap<>();
        candidate.put("content", Map.of("role", "model", "parts", parts));
        candidate.put("index", 0);
        if (finish != null) {
            candidate.put("finishReason", finish);
        }
        return Map.of("candidates", List.of(candidate), "modelVersion", model, "usageMetadata", Map.of(
                "promptTokenCount", INPUT_TOKENS, "candidatesTokenCount", OUTPUT_TOKENS,
                "totalTokenCount", INPUT_TOKENS + OUTPUT_TOKENS));
    }

    private static String geminiText(JsonNode content) {
        StringBuilder out = new StringBuilder();
        content.path("parts").forEach(part -> out.append(part.path("text").asString("")).append('\n'));
        return out.toString();
    }

    // ---- OpenAI Chat Completions --------------------------------------------------------------------

    private void chat(HttpExchange exchange, JsonNode body) throws IOException {
        List<JsonNode> messages = new ArrayList<>();
        body.path("messages").forEach(messages::add);
        boolean tools = body.path("tools").size() > 0;
        Position position = Position.of(messages, m -> "user".equals(m.path("role").asString()),
                m -> "assistant".equals(m.path("role").asString()), ScriptedChatModel::chatText);
        Turn turn = turnFor(position, tools);
        String model = body.path("model").asString();
        requests.add(new ScriptedModel.Recorded("chat", position.scenario(), position.step(), tools, model));
        if (turn instanceof Fail fail) {
            fail(exchange, fail, position.scenario(), json(Map.of("error", Map.of("message", fail.message(),
                    "type", fail.status() == 429 ? "rate_limit_exceeded" : "server_error", "code", fail.status()))));
            return;
        }
        String id = "chatcmpl-" + ids.incrementAndGet();
        Sse sse = Sse.open(exchange);
        String finish;
        switch (turn) {
            case Reply reply -> {
                String[] split = firstWord(reply.text());
                sse.data(chatChunk(id, model, Map.of("role", "assistant", "content", split[0]), null));
                await(reply);
                sse.data(chatChunk(id, model, Map.of("content", split[1]), null));
                finish = "stop";
            }
            case ToolCall call -> {
                await(call);
                sse.data(chatChunk(id, model, Map.of("role", "assistant", "tool_calls", List.of(Map.of("index", 0,
                        "id", "call_" + ids.incrementAndGet(), "type", "function",
                        "function", Map.of("name", call.name(), "arguments", json(call.args()))))), null));
                finish = "tool_calls";
            }
            case Fail fail -> throw new IllegalStateException("answered above");
        }
        Map<String, Object> last = chatChunk(id, model, Map.of(), finish);
        last.put("usage", Map.of("prompt_tokens", INPUT_TOKENS, "completion_tokens", OUTPUT_TOKENS,
                "total_tokens", INPUT_TOKENS + OUTPUT_TOKENS));
        sse.data(last);
        sse.raw("[DONE]");
    }

    private static Map<String, Object> chatChunk(String id, String model, Map<String, Object> delta, @Nullable String finish) {
        Map<String, Object> choice = new LinkedHashMap<>();
        choice.put("index", 0);
        choice.put("delta", delta);
        choice.put("finish_reason", finish);
        Map<String, Object> chunk = new LinkedHashMap<>();
        chunk.put("id", id);
        chunk.put("object", "chat.completion.chunk");
        chunk.put("created", System.currentTimeMillis() / 1000);
        chunk.put("model", model);
        chunk.put("choices", List.of(choice));
        return chunk;
    }

    private static String chatText(JsonNode message) {
        JsonNode content = message.path("content");
        if (content.isString()) {
            return content.asString();
        }
        StringBuilder out = new StringBuilder();
        content.forEach(part -> out.append(part.path("text").asString("")).append('\n'));
        return out.toString();
    }

    // ---- plumbing -----------------------------------------------------------------------------------

    /** Answers {@code fail}'s status and {@code body} (once its gate opens), recording when the try came and went. */
    private void fail(HttpExchange exchange, Fail fail, @Nullable String scenario, String body) throws IOException {
        long arrived = System.nanoTime();
        await(fail);
        if (fail.retryAfter() != null) {
            exchange.getResponseHeaders().set(fail.retryAfter().header(), Long.toString(fail.retryAfter().value()));
        }
        respond(exchange, fail.status(), body);
        if (scenario != null) {
            failedTries.computeIfAbsent(scenario, s -> new CopyOnWriteArrayList<>()).add(new long[] {arrived, System.nanoTime()});
        }
    }

    /** {@code text} split after its first word, so a held answer has begun on screen before the hold. */
    private static String[] firstWord(String text) {
        int space = text.indexOf(' ');
        return space < 0 ? new String[] {text, ""} : new String[] {text.substring(0, space), text.substring(space)};
    }

    @Override
    public void close() {
        scripts.openAll();
        http.close();
    }
}
