package dev.signaltty.agent.internal;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

import dev.signaltty.agent.AgentUsage.Usage;
import dev.signaltty.transport.ProtocolJson;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/**
 * One agent transcript (JSONL, appended by the agent) read incrementally ({@link AppendedLines}, at
 * most {@link #MAX_READ} bytes a refresh, so a refresh is a stat when nothing changed). Two formats,
 * told apart per line:
 * <ul>
 *   <li>Claude Code: {@code {"type":"assistant","message":{"id":…,"usage":{…}}}}. Claude writes one line
 *       per content block of a message, each carrying that message's usage, so usage is counted once
 *       per message id (the last line of an id wins; ids are remembered in a window of
 *       {@link #ID_WINDOW}, enough since a message's lines are adjacent);</li>
 *   <li>Codex: {@code {"type":"event_msg","payload":{"type":"token_count","info":{"total_token_usage":{…}}}}},
 *       a running total: the last one is the file's usage.</li>
 * </ul>
 * Not thread-safe: its owner ({@link UsageLedger}) serialises refreshes.
 */
final class TranscriptTail {

    static final int MAX_LINE = 4 << 20;
    static final long MAX_READ = 64L << 20;
    static final int ID_WINDOW = 256;

    private final AppendedLines lines;
    private final Map<String, long[]> recent = new LinkedHashMap<>(16, 0.75f, false) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, long[]> eldest) {
            return size() > ID_WINDOW;
        }
    };
    // input, output, cache read, cache creation, reasoning output
    private final long[] totals = new long[5];
    private boolean claude;
    private boolean codex;

    TranscriptTail(Path path) {
        this.lines = new AppendedLines(path, 0, MAX_LINE, MAX_READ); // a huge tool result carries no usage
    }

    Path path() {
        return lines.path();
    }

    Usage usage() {
        if (codex) {
            return new Usage(totals[0], totals[1], totals[2], null, totals[4], 1);
        }
        if (claude) {
            return new Usage(totals[0], totals[1], totals[2], totals[3], null, 1);
        }
        return Usage.NONE;
    }

    /** Reads what was appended; a file that shrank (replaced) is read again from its start. */
    void refresh() {
        lines.read(this::reset, this::line);
    }

    private void reset() {
        recent.clear();
        java.util.Arrays.fill(totals, 0);
        claude = false;
        codex = false;
    }

    private void line(String line) {
        boolean maybeClaude = line.contains("\"usage\"");
        boolean maybeCodex = line.contains("\"token_count\"");
        if (!maybeClaude && !maybeCodex) {
            return;
        }
        JsonNode node;
        try {
            node = ProtocolJson.MAPPER.readTree(line);
        } catch (JacksonException e) {
            return; // a line the agent is still writing is only read once complete; anything else is not ours
        }
        if (maybeCodex && "token_count".equals(node.path("payload").path("type").asString(""))) {
            JsonNode total = node.path("payload").path("info").path("total_token_usage");
            if (total.isObject()) {
                long input = total.path("input_tokens").asLong(0);
                long cached = total.path("cached_input_tokens").asLong(0);
                totals[0] = Math.max(0, input - cached);
                totals[1] = total.path("output_tokens").asLong(0);
                totals[2] = cached;
                totals[4] = total.path("reasoning_output_tokens").asLong(0);
                codex = true;
            }
            return;
        }
        JsonNode message = node.path("message");
        JsonNode usage = message.path("usage");
        String id = message.path("id").asString("");
        if (!"assistant".equals(node.path("type").asString("")) || !usage.isObject() || id.isEmpty()) {
            return;
        }
        long[] now = {usage.path("input_tokens").asLong(0), usage.path("output_tokens").asLong(0),
                usage.path("cache_read_input_tokens").asLong(0), usage.path("cache_creation_input_tokens").asLong(0)};
        long[] before = recent.put(id, now);
        for (int i = 0; i < now.length; i++) {
            totals[i] += now[i] - (before == null ? 0 : before[i]);
        }
        claude = true;
    }
}
