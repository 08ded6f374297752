package dev.signaltty.agent.real;

import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;

import org.jspecify.annotations.Nullable;

import com.sun.net.httpserver.HttpExchange;

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
 * <p>This class holds the scripts and what the server recorded, and routes each request; {@link AnthropicMessages}
 * and {@link OpenAiResponses} read the request and stream the step in their API's shape ({@link ModelHttp},
 * {@link Sse}: the serving both scripted models share).
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
    public record Tool(String name, Map<String, Object> input, @Nullable String namespace) {
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
    public record Recorded(String api, @Nullable String scenario, int step, boolean tools, String model) {
    }

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
    private final AnthropicMessages anthropic = new AnthropicMessages(this);
    private final OpenAiResponses openai = new OpenAiResponses(this);
    private final ModelHttp http;

    private ScriptedModel() {
        this.http = ModelHttp.serve(this::handle); // last: a request finds every field set
    }

    public static ScriptedModel start() {
        return new ScriptedModel();
    }

    /** Lets the turn held at {@link Hold} {@code gate} go on (also before it is reached). */
    public void release(String gate) {
        scripts.release(gate);
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
        return http.baseUrl();
    }

    public List<Recorded> requests() {
        return List.copyOf(requests);
    }

    /** The requests that ran steps of {@code scenario}. */
    public List<Recorded> requests(String scenario) {
        return requests.stream().filter(r -> scenario.equals(r.scenario())).toList();
    }

    /** A Messages request body as the agent sent it: the tools it offered, the tool results it sent back. */
    public record Body(@Nullable String scenario, int step, JsonNode body) {
    }

    /** The Anthropic request bodies that ran steps of {@code scenario} (with tools), in arrival order. */
    public List<Body> bodies(String scenario) {
        return bodies.stream().filter(b -> scenario.equals(b.scenario())).toList();
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            String path = exchange.getRequestURI().getPath();
            if (!"POST".equals(exchange.getRequestMethod())) {
                ModelHttp.respond(exchange, 404, "{}");
                return;
            }
            JsonNode body = ProtocolJson.MAPPER.readTree(exchange.getRequestBody().readAllBytes());
            if (path.endsWith("/messages/count_tokens")) {
                ModelHttp.respond(exchange, 200, "{\"input_tokens\":" + INPUT_TOKENS + "}");
            } else if (path.endsWith("/messages")) {
                anthropic.answer(exchange, body);
            } else if (path.endsWith("/responses")) {
                openai.answer(exchange, body);
            } else {
                ModelHttp.respond(exchange, 404, "{\"error\":{\"type\":\"not_found\",\"message\":\"" + path + "\"}}");
            }
        } catch (IOException | RuntimeException e) {
            // the agent hung up (an interrupt): nothing more to send
        }
    }

    // ---- what the API encoders ask of the script ------------------------------------------------------

    /** The script's step at {@code position}, or a plain {@link Say} where it has none. */
    Step stepFor(Position position, boolean tools) {
        Step step = scripts.at(position, tools);
        return step != null ? step : say(Scripts.plain(position, tools));
    }

    /** Records a request {@code api} answered (and, with tools, its body). */
    void record(String api, Position position, boolean tools, String model, JsonNode body) {
        requests.add(new Recorded(api, position.scenario(), position.step(), tools, model));
        if (tools) {
            bodies.add(new Body(position.scenario(), position.step(), body));
        }
    }

    /** The input tokens the step at {@code position} reports ({@link #inputTokens(String, int, int)}). */
    int inputTokens(Position position) {
        return reportedInput.getOrDefault(position.scenario() + "#" + position.step(), INPUT_TOKENS);
    }

    /** The summary a compaction of a conversation at {@code scenario} answers ({@link #compactionSummary}). */
    String summary(@Nullable String scenario) {
        return scenario == null ? COMPACTION_SUMMARY : summaries.getOrDefault(scenario, COMPACTION_SUMMARY);
    }

    /** How Codex's compaction of a conversation at {@code scenario} answers ({@link #codexCompaction}). */
    Step codexCompactionStep(@Nullable String scenario) {
        return scenario == null ? say(COMPACTION_SUMMARY) : codexCompactions.getOrDefault(scenario, say(summary(scenario)));
    }

    /** The next number for an id of a message, tool call or response (one sequence for the server). */
    int nextId() {
        return ids.incrementAndGet();
    }

    /** Blocks the request's thread until {@code name} is released, at most {@link #HOLD_LIMIT} (or the server stops). */
    void awaitGate(String name) {
        scripts.await(name, HOLD_LIMIT);
    }

    CountDownLatch gate(String name) {
        return scripts.gate(name);
    }

    @Override
    public void close() {
        http.close();
    }
}
