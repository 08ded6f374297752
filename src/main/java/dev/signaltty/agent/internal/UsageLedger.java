package dev.signaltty.agent.internal;

import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.ReentrantLock;

import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Component;

import dev.signaltty.agent.AgentUsage;
import tools.jackson.databind.JsonNode;

/**
 * Token usage per pane, read from the transcripts the agents' own hook payloads name
 * ({@code transcript_path}; Claude's SubagentStop adds the subagent's {@code agent_transcript_path}).
 * Each pane keeps at most {@link #FILES_PER_PANE} transcripts (later ones are not read), and the ledger
 * at most {@link #PANES} panes, the oldest dropped first, so a closed task's worker still shows its
 * usage for a while. A read is incremental ({@link TranscriptTail}) and runs on the caller's thread
 * under the pane's own lock. Per-agent running totals (monotonic, for the metrics) grow by each
 * pane's increase; a pane whose usage shrinks (a replaced file) adds nothing until it passes its old high.
 * In memory only: after a restart a pane shows usage again from its next hook (ADR 0215).
 */
@Component
class UsageLedger implements AgentUsage {

    static final int FILES_PER_PANE = 32;
    static final int PANES = 4096;
    /** The agents whose transcripts are read (the metrics' bounded {@code agent} tag). */
    static final List<String> AGENTS = List.of("claude", "codex");
    static final List<String> KINDS = List.of("input", "output", "cache_read", "cache_creation", "reasoning_output");

    private static final class PaneUsage {
        final ReentrantLock lock = new ReentrantLock();
        final String agent;
        final List<TranscriptTail> files = new ArrayList<>();
        final long[] counted = new long[KINDS.size()];

        PaneUsage(String agent) {
            this.agent = agent;
        }
    }

    private final Map<String, PaneUsage> panes = new LinkedHashMap<>();
    private final ReentrantLock panesLock = new ReentrantLock();
    private final Map<String, AtomicLong> totals = new ConcurrentHashMap<>();

    /** Takes the transcript paths a hook payload names, and reads what they added. */
    void observe(String paneId, String agent, JsonNode payload) {
        if (!AGENTS.contains(agent)) {
            return;
        }
        List<Path> named = new ArrayList<>();
        for (String field : List.of("transcript_path", "agent_transcript_path")) {
            Path path = path(payload.get(field));
            if (path != null) {
                named.add(path);
            }
        }
        if (named.isEmpty()) {
            return;
        }
        PaneUsage usage;
        panesLock.lock();
        try {
            usage = panes.computeIfAbsent(paneId, id -> new PaneUsage(agent));
            if (panes.size() > PANES) {
                panes.remove(panes.keySet().iterator().next());
            }
        } finally {
            panesLock.unlock();
        }
        usage.lock.lock();
        try {
            for (Path path : named) {
                if (usage.files.size() < FILES_PER_PANE && usage.files.stream().noneMatch(t -> t.path().equals(path))) {
                    usage.files.add(new TranscriptTail(path));
                }
            }
            refreshLocked(usage);
        } finally {
            usage.lock.unlock();
        }
    }

    /** An absolute path a payload names, or null (absent, relative, or not a path). */
    static @Nullable Path path(@Nullable JsonNode value) {
        if (value == null || !value.isString() || value.asString().isEmpty() || value.asString().indexOf('\0') >= 0) {
            return null;
        }
        try {
            Path path = Path.of(value.asString());
            return path.isAbsolute() ? path.normalize() : null;
        } catch (InvalidPathException e) {
            return null;
        }
    }

    @Override
    public Usage of(String paneId) {
        PaneUsage usage;
        panesLock.lock();
        try {
            usage = panes.get(paneId);
        } finally {
            panesLock.unlock();
        }
        if (usage == null) {
            return Usage.NONE;
        }
        usage.lock.lock();
        try {
            return refreshLocked(usage);
        } finally {
            usage.lock.unlock();
        }
    }

    /** A running total since start (all panes of {@code agent}), after reading every pane's transcripts. */
    long total(String agent, String kind) {
        refreshAll();
        AtomicLong total = totals.get(agent + "/" + kind);
        return total == null ? 0 : total.get();
    }

    private long lastRefreshAll;

    /** At most one full pass per second however many counters a scrape reads. */
    private void refreshAll() {
        List<PaneUsage> all;
        panesLock.lock();
        try {
            long now = System.nanoTime();
            if (now - lastRefreshAll < 1_000_000_000L && lastRefreshAll != 0) {
                return;
            }
            lastRefreshAll = now;
            all = List.copyOf(panes.values());
        } finally {
            panesLock.unlock();
        }
        for (PaneUsage usage : all) {
            usage.lock.lock();
            try {
                refreshLocked(usage);
            } finally {
                usage.lock.unlock();
            }
        }
    }

    private Usage refreshLocked(PaneUsage usage) {
        Usage sum = Usage.NONE;
        for (TranscriptTail file : usage.files) {
            file.refresh();
            sum = sum.plus(file.usage());
        }
        long[] now = {sum.inputTokens(), sum.outputTokens(), value(sum.cacheReadInputTokens()),
                value(sum.cacheCreationInputTokens()), value(sum.reasoningOutputTokens())};
        for (int i = 0; i < now.length; i++) {
            if (now[i] > usage.counted[i]) {
                totals.computeIfAbsent(usage.agent + "/" + KINDS.get(i), k -> new AtomicLong())
                        .addAndGet(now[i] - usage.counted[i]);
                usage.counted[i] = now[i];
            }
        }
        return sum;
    }

    private static long value(@Nullable Long count) {
        return count == null ? 0 : count;
    }
}
