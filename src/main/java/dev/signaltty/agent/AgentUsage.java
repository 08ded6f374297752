package dev.signaltty.agent;

import org.jspecify.annotations.Nullable;

/**
 * Token counts per pane, read from what the agents already write (Claude Code's transcript, Codex's
 * session rollout), so other modules (tasks) can show them. Implemented in {@code agent/internal}.
 */
public interface AgentUsage {

    /**
     * What the pane's agent has spent so far. {@code inputTokens} are uncached input tokens (Codex's
     * {@code input_tokens} minus its {@code cached_input_tokens}); a cache or reasoning count is null
     * when the agent does not give it. {@code transcripts} is how many files were read (0: no usage yet).
     * No cost: neither pinned agent writes one where a reader can find it during a session (ADR 0215).
     */
    record Usage(long inputTokens, long outputTokens, @Nullable Long cacheReadInputTokens,
                 @Nullable Long cacheCreationInputTokens, @Nullable Long reasoningOutputTokens, int transcripts) {

        public static final Usage NONE = new Usage(0, 0, null, null, null, 0);

        public Usage plus(Usage other) {
            return new Usage(inputTokens + other.inputTokens, outputTokens + other.outputTokens,
                    add(cacheReadInputTokens, other.cacheReadInputTokens),
                    add(cacheCreationInputTokens, other.cacheCreationInputTokens),
                    add(reasoningOutputTokens, other.reasoningOutputTokens), transcripts + other.transcripts);
        }

        private static @Nullable Long add(@Nullable Long a, @Nullable Long b) {
            if (a == null || b == null) {
                return a == null ? b : a; // never a ternary with a + b: it would unbox the null
            }
            return Long.valueOf(a + b);
        }
    }

    /** The pane's usage, freshly read; {@link Usage#NONE} for a pane with none (or unknown). */
    Usage of(String paneId);
}
