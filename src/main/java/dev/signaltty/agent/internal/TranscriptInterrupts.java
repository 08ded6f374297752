package dev.signaltty.agent.internal;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Component;

import dev.signaltty.agent.AgentPanes;
import dev.signaltty.agent.Lifecycle;
import dev.signaltty.agent.PaneProcessListener;
import dev.signaltty.transport.ProtocolJson;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/**
 * Claude Code fires no hook when the user interrupts a turn (Esc or Ctrl-C, 2.1.197): no Stop, no
 * PostToolUseFailure. It only appends a user line to its transcript,
 * {@code {"type":"user","promptId":…,"message":{"content":[{"type":"text","text":"[Request interrupted by user]"}]}}}
 * ({@code … by user for tool use]} when a tool ran). So while a Claude pane is in a turn, this reads what
 * the turn's transcript (the UserPromptSubmit's {@code transcript_path}) appends, and a marker naming the
 * turn's {@code prompt_id} ends the turn through {@link InterruptedTurns#apply} (ADR 0290).
 *
 * <p>Interrupted before the model's first byte, Claude writes no marker either: it puts the prompt back
 * into its input. Its status file ({@link ClaudeStatusFile}) then turns {@code idle}, which ends the turn
 * too, with source {@code status_file} (ADR 0320). A marker read after that (Claude may write the status
 * before the transcript line) only refines what {@code agent explain} names; it moves nothing.
 *
 * <p>Codex (0.171.0) fires no hook either when a turn fails on an API error after its retries (no Stop,
 * no notify): it shows the error and is back at its prompt. Its rollout (the hooks' {@code transcript_path})
 * then gets {@code {"type":"event_msg","payload":{"type":"task_complete","turn_id":…,"error":{…}}}}; that
 * line, naming the turn's {@code turn_id}, ends the turn the same way (source {@code transcript}). A Codex
 * {@code /compact} that fails fires no PostCompact either: its task's {@code task_complete} ends it (ADR 0460).
 *
 * <p>Hooks stay authoritative: this is one hook-less signal for one event, applied only while the pane
 * is still in that very turn; a hook that ended it (Stop) or a later prompt wins, and a watch ends with
 * its turn, its pane's exit or close. One watch per pane, all polled every {@link #POLL_MS} on one
 * virtual thread ({@code transcript-watch}, docs/concurrency.md); a poll of an unchanged file is a stat.
 */
@Component
class TranscriptInterrupts implements PaneProcessListener {

    static final long POLL_MS = 250;
    /** The marker both forms start with. */
    static final String MARKER = "[Request interrupted by user";
    /**
     * A watch reads from this far before the transcript's end at the prompt: the marker may be written
     * while the prompt's hook is still being reported. The prompt id keeps an older marker from counting.
     */
    static final long LOOKBACK = 64 << 10;
    /** Longer lines (tool results) cannot be a marker: dropped unparsed. */
    static final int MAX_LINE = 64 << 10;
    static final long MAX_READ = 4L << 20;

    static final String TRANSCRIPT = "transcript";
    static final String STATUS_FILE = "status_file";

    /**
     * One turn's watch; {@code endedByStatus} once the status file ended it (then only a marker is looked for);
     * {@code compaction} for Codex's {@code /compact} task, which any {@code task_complete} of its own ends.
     */
    private static final class Watch {
        final AgentPanes.PaneRef pane;
        final boolean codex;
        final boolean compaction;
        final String promptId;
        final AppendedLines lines;
        final @Nullable ClaudeStatusFile status;
        final long startedMillis;
        boolean endedByStatus;

        Watch(AgentPanes.PaneRef pane, boolean codex, boolean compaction, String promptId, AppendedLines lines,
              @Nullable ClaudeStatusFile status, long startedMillis) {
            this.pane = pane;
            this.codex = codex;
            this.compaction = compaction;
            this.promptId = promptId;
            this.lines = lines;
            this.status = status;
            this.startedMillis = startedMillis;
        }
    }

    private final AgentStates states;
    private final InterruptedTurns interrupts;
    private final Map<String, Watch> watches = new ConcurrentHashMap<>();
    private final ScheduledThreadPoolExecutor executor;

    TranscriptInterrupts(AgentStates states, InterruptedTurns interrupts) {
        this.states = states;
        this.interrupts = interrupts;
        this.executor = new ScheduledThreadPoolExecutor(1, Thread.ofVirtual().name("transcript-watch").factory());
        executor.setExecuteExistingDelayedTasksAfterShutdownPolicy(false);
        executor.scheduleWithFixedDelay(this::poll, POLL_MS, POLL_MS, TimeUnit.MILLISECONDS);
    }

    /**
     * A Claude or Codex hook arrived: a UserPromptSubmit naming its prompt (turn) and transcript starts the turn's
     * watch, and so does a Codex {@code /compact}'s PreCompact that started the compaction's task (the pane is in its
     * turn, ADR 0460): a failed compaction fires no PostCompact, and only its rollout's task_complete ends it.
     */
    void reported(AgentPanes.PaneRef pane, String agent, HookMapping.Report report, JsonNode payload) {
        boolean codex = "codex".equals(agent);
        boolean compaction = CodexCompaction.manual(agent, report) && "PreCompact".equals(report.event());
        if (!"claude".equals(agent) && !codex || !"UserPromptSubmit".equals(report.event()) && !compaction
                || report.promptId() == null
                || report.fromSubagent()) { // a Codex child's turn: the pane's turn keeps its own watch (ADR 0455)
            return;
        }
        Path transcript = UsageLedger.path(payload.get("transcript_path"));
        if (transcript == null || compaction && !interrupts.inTurn(pane.paneId(), report.promptId())) {
            return;
        }
        long size;
        try {
            size = Files.isRegularFile(transcript) ? Files.size(transcript) : 0;
        } catch (java.io.IOException e) {
            size = 0;
        }
        // Claude wrote "busy" when it took the prompt, before this hook ran: only a later "idle" ends the turn
        watches.put(pane.paneId(), new Watch(pane, codex, compaction, report.promptId(),
                new AppendedLines(transcript, Math.max(0, size - LOOKBACK), MAX_LINE, MAX_READ),
                codex ? null : ClaudeStatusFile.of(transcript, report.sessionId()), System.currentTimeMillis()));
    }

    private void poll() {
        for (Watch watch : watches.values()) {
            String paneId = watch.pane.paneId();
            try {
                boolean current = watch.endedByStatus
                        ? states.read(paneId, s -> watch.promptId.equals(s.promptId) && s.lifecycle == Lifecycle.DONE)
                        : interrupts.inTurn(paneId, watch.promptId);
                if (!current) {
                    watches.remove(paneId, watch); // the turn ended some other way, or a new one began
                    continue;
                }
                String[] found = {null};
                watch.lines.read(() -> { }, line -> {
                    if (found[0] == null) {
                        found[0] = watch.compaction ? codexTaskEnd(line, watch.promptId)
                                : watch.codex ? codexFailure(line, watch.promptId) : marker(line, watch.promptId);
                    }
                });
                if (found[0] != null) {
                    StateOrigin.AgentFile line = new StateOrigin.AgentFile(watch.lines.path().toString(), found[0]);
                    if (watch.endedByStatus) {
                        interrupts.refine(paneId, watch.promptId, line);
                    } else {
                        interrupts.apply(watch.pane, watch.promptId, TRANSCRIPT, line);
                    }
                    watches.remove(paneId, watch);
                    continue;
                }
                ClaudeStatusFile.Idle idle = watch.endedByStatus || watch.status == null ? null
                        : watch.status.idleAfter(watch.startedMillis);
                if (idle != null && interrupts.apply(watch.pane, watch.promptId, STATUS_FILE,
                        new StateOrigin.AgentFile(idle.file().toString(), idle.matched()))) {
                    watch.endedByStatus = true; // keep reading the transcript for a marker written after the status
                }
            } catch (RuntimeException e) {
                watches.remove(paneId, watch); // never let one pane's file stop the others' polls
            }
        }
    }

    /** The marker text when {@code line} is the main conversation's interrupt of {@code promptId}, else null. */
    static @Nullable String marker(String line, String promptId) {
        if (!line.contains(MARKER)) {
            return null;
        }
        JsonNode node;
        try {
            node = ProtocolJson.MAPPER.readTree(line);
        } catch (JacksonException e) {
            return null;
        }
        if (!"user".equals(node.path("type").asString("")) || node.path("isSidechain").asBoolean(false)
                || !promptId.equals(node.path("promptId").asString(""))) {
            return null;
        }
        JsonNode content = node.path("message").path("content");
        if (content.isString()) {
            return content.asString().startsWith(MARKER) ? content.asString() : null;
        }
        for (JsonNode block : content) {
            String text = block.path("text").asString("");
            if ("text".equals(block.path("type").asString("")) && text.startsWith(MARKER)) {
                return text;
            }
        }
        return null;
    }

    /**
     * {@code task_complete: <error message>} when {@code line} is Codex's rollout record of turn {@code turnId}
     * ending on an error, else null (a turn that completed fires Stop, which ends it).
     */
    static @Nullable String codexFailure(String line, String turnId) {
        String end = codexTaskEnd(line, turnId);
        return end != null && end.startsWith(FAILED) ? end : null;
    }

    static final String TASK_COMPLETE = "task_complete";
    static final String FAILED = TASK_COMPLETE + ": ";

    /**
     * {@code task_complete: <error message>} or, when it completed, {@code task_complete} when {@code line} is
     * Codex's rollout record of turn {@code turnId}'s end, else null. Ends a {@code /compact} task either way
     * (ADR 0460): its PostCompact comes first when it completes, so a completed line only ends one whose hook was lost.
     */
    static @Nullable String codexTaskEnd(String line, String turnId) {
        if (!line.contains("\"task_complete\"") || !line.contains(turnId)) {
            return null;
        }
        JsonNode node;
        try {
            node = ProtocolJson.MAPPER.readTree(line);
        } catch (JacksonException e) {
            return null;
        }
        JsonNode payload = node.path("payload");
        JsonNode error = payload.path("error");
        if (!"event_msg".equals(node.path("type").asString("")) || !TASK_COMPLETE.equals(payload.path("type").asString(""))
                || !turnId.equals(payload.path("turn_id").asString(""))) {
            return null;
        }
        return error.isObject() ? FAILED + error.path("message").asString("(no message)") : TASK_COMPLETE;
    }

    @Override
    public void exited(String paneId, String workspaceId) {
        watches.remove(paneId);
    }

    @Override
    public void closed(String paneId) {
        watches.remove(paneId);
    }

    @jakarta.annotation.PreDestroy
    void shutdown() {
        executor.shutdownNow();
    }
}
