package dev.signaltty.agent.real;

import java.util.Arrays;
import java.util.List;

/**
 * Every real-agent scenario with the exact sequences its test asserts: the tests read their expected
 * lifecycle / attention / decision sequences from here, and docs/agents.md's scenario table is
 * generated from this list ({@code ScenarioTableDocTest}), so the table is what the tests check.
 */
public enum Scenario {

    CLAUDE_PLAIN(Agent.CLAUDE, "plain answer", "idle, working, done", "unread", ""),
    CLAUDE_ALLOW(Agent.CLAUDE, "Bash needs permission, answered `allow_once` from outside (the file is written)",
            "idle, working, blocked, working, done", "permission_required, none, unread", "created, answered:allow_once"),
    CLAUDE_DENY(Agent.CLAUDE, "Bash needs permission, answered `deny` (no file)",
            "idle, working, blocked, working, done", "", "created, answered:deny"),
    CLAUDE_TIMEOUT(Agent.CLAUDE, "permission left to time out (20 s): Claude's own prompt, then a person's \"1\" there",
            "idle, working, blocked, working, done", "", "created, cleared:native_cancelled"),
    CLAUDE_API_ERROR(Agent.CLAUDE, "HTTP 500, then 529 overloaded, on every try (StopFailure ends each turn)",
            "idle, working, done, working, done", "", ""),
    CLAUDE_LONG(Agent.CLAUDE, "a long turn: two parallel Reads, one Read, an answer", "idle, working, done", "", ""),
    CLAUDE_SUBAGENT(Agent.CLAUDE, "a subagent (Agent tool) answering inside the turn; the parent's answer held "
            + "open after SubagentStop: still `working` until the parent's Stop", "idle, working, done", "", ""),
    CLAUDE_INTERRUPT(Agent.CLAUDE, "Esc, then Ctrl-C, each mid-stream (no hook: the transcript's "
            + "`[Request interrupted by user]` for the turn's prompt ends it, `agent explain` names it), then a plain answer",
            "idle, working, done, working, done, working, done", "", ""),
    CLAUDE_INTERRUPT_FIRST_BYTE(Agent.CLAUDE, "Esc before the model's first byte (no hook, no marker; Claude puts "
            + "the prompt back): its status file `sessions/<pid>.json` turning `idle` ends the turn, `agent explain` "
            + "names `status_file`; then a plain answer", "idle, working, done, working, done", "", ""),
    CLAUDE_COMPACT(Agent.CLAUDE, "two turns, `/compact` (PreCompact, the summarising fork's SubagentStop, "
            + "SessionStart `compact`, PostCompact: no move), a third turn on the summary (same session)",
            "idle, working, done, working, done, working, done", "", ""),
    CLAUDE_AUTO_COMPACT(Agent.CLAUDE, "a turn, then auto-compaction in the next, by threshold "
            + "(`CLAUDE_CODE_AUTO_COMPACT_WINDOW=100000`, a Read whose answer reports 90k input tokens): PreCompact "
            + "`auto`, the summarising fork's SubagentStop, SessionStart `compact`, PostCompact `auto` move nothing; "
            + "`working` until the held answer's Stop", "idle, working, done, working, done", "", ""),
    CLAUDE_REACTIVE_COMPACT(Agent.CLAUDE, "the same, reactive (the default 1M window): the request after a Read "
            + "answered `400 prompt is too long`; Claude compacts (the same hooks, no StopFailure) and sends it again "
            + "on the summary; `working` until the held answer's Stop", "idle, working, done, working, done", "", ""),
    CLAUDE_RESUME(Agent.CLAUDE, "`/exit`, then `pane.resume` (`claude --resume <session>`): the conversation comes back",
            "idle, working, done, exited, idle, working, done", "", ""),
    CLAUDE_USAGE(Agent.CLAUDE, "usage: a Read and an answer, two model turns' tokens in pane.get and the metrics",
            "idle, working, done", "", ""),
    CLAUDE_MCP(Agent.CLAUDE, "`signaltty mcp` per launch (`ClaudeCodeMcpRealTest`): `mcp__signaltty__pane_list` and "
            + "`mcp__signaltty__read` of another pane carry the daemon's answers", "idle, working, done", "", ""),
    CLAUDE_WORKER_REPORTS(Agent.CLAUDE, "task worker that runs `signaltty report --status completed`; a late report is refused",
            "task: pending, working, completed", "", ""),
    CLAUDE_WORKER_SILENT(Agent.CLAUDE, "task worker whose turn ends without a report (usage in task.get)",
            "task: pending, working, input_required", "", ""),
    CODEX_FIRST_LAUNCH(Agent.CODEX, "first launch: hook review (blocked, input_required, ADR 1232) answered \"Trust all\", "
            + "plain answer (SessionStart comes with the prompt)", "blocked, idle, working, done", "input_required, none, unread", ""),
    CODEX_TRUSTED(Agent.CODEX, "a later launch: no review, plain answer", "idle, working, done", "", ""),
    CODEX_USAGE(Agent.CODEX, "usage: one turn's tokens from the rollout's token_count in pane.get and the metrics",
            "idle, working, done", "", ""),
    CODEX_ALLOW(Agent.CODEX, "`-a on-request`: an escalated `exec_command` (PermissionRequest) answered `allow_once` "
            + "from outside (the file is written)", "idle, working, blocked, working, done",
            "permission_required, none, unread", "created, answered:allow_once"),
    CODEX_DENY(Agent.CODEX, "`-a on-request`: the same, answered `deny` (no file; the model hears the refusal)",
            "idle, working, blocked, working, done", "", "created, answered:deny"),
    CODEX_TIMEOUT(Agent.CODEX, "`-a on-request`: the same, left unanswered until the hook's wait (30 s) ends: "
            + "a timeout never allows (no file)", "idle, working, blocked", "", "created, cleared:native_cancelled"),
    CODEX_LONG(Agent.CODEX, "a command that runs until the test releases it: `working` throughout, though Codex's "
            + "title thread sends `notify` meanwhile", "idle, working, done", "", ""),
    CODEX_API_ERROR(Agent.CODEX, "HTTP 500, then 529 overloaded, on every try (no retry allowed): no hook fires; the "
            + "rollout's `task_complete` with an `error` for the turn ends it, `agent explain` names it; then a plain answer",
            "idle, working, done, working, done, working, done", "", ""),
    CODEX_INTERRUPT(Agent.CODEX, "Esc while the model's answer streams (its first line drawn, the stream held open), "
            + "then Ctrl-C the same way: Codex's `Interrupt` hook ends each turn, `agent explain` names it; then a plain "
            + "answer (also with `CI=true`)", "idle, working, done, working, done, working, done", "", ""),
    CODEX_COMPACT(Agent.CODEX, "two turns, `/compact` typed in the pane: one plain summarising request (held open), "
            + "run as a task of its own with no UserPromptSubmit or Stop; PreCompact `manual` → `working` while it is "
            + "held, PostCompact `manual` → `done` (ADR 0460); a third turn on the summary",
            "idle, working, done, working, done, working, done, working, done", "", ""),
    CODEX_COMPACT_FAILED(Agent.CODEX, "two turns, `/compact` whose request fails (HTTP 500, no retry allowed): "
            + "PreCompact → `working`, no PostCompact; the rollout's failed `task_complete` of the compaction's turn "
            + "ends it, `agent explain` names it; a third turn on the uncompacted conversation",
            "idle, working, done, working, done, working, done, working, done", "", ""),
    CODEX_COMPACT_INTERRUPTED(Agent.CODEX, "two turns, `/compact` with the summary held, Esc while Codex compacts: "
            + "its `Interrupt` hook ends the compaction's `working`, `agent explain` names it; then a plain answer",
            "idle, working, done, working, done, working, done, working, done", "", ""),
    CODEX_AUTO_COMPACT(Agent.CODEX, "auto-compaction mid-turn (`-c model_auto_compact_token_limit=20000`, a command "
            + "whose response reports 60k input tokens): after the command, PreCompact `auto`, one summarising request, "
            + "PostCompact `auto` (the turn's own `turn_id`) move nothing; the turn goes on on the summary, `working` "
            + "until the held answer's Stop", "idle, working, done", "", ""),
    CODEX_SUBAGENT(Agent.CODEX, "a subagent: `spawn_agent` (namespace `multi_agent_v1`), the child thread runs "
            + "`exec_command` and answers (its UserPromptSubmit, tool hooks and SubagentStop carry `agent_id`: no move), "
            + "`wait_agent`, the parent's answer held open: `working` until the parent's Stop, which `agent explain` "
            + "names and `wait` from the idle baseline returns; usage counts both rollouts", "idle, working, done",
            "unread", ""),
    CODEX_SUBAGENT_ERRORS(Agent.CODEX, "a subagent whose model call fails (HTTP 500: no SubagentStop, its own rollout's "
            + "failed `task_complete`) while the parent waits: `working` until the parent's Stop; then a subagent that "
            + "answers and the parent's own request failing: the parent's rollout line ends the turn",
            "idle, working, done, working, done", "", ""),
    CODEX_SUBAGENT_INTERRUPT(Agent.CODEX, "Esc while the parent waits for a subagent whose answer is held: the parent's "
            + "`Interrupt` ends the turn (none for the child, which goes on); the child's answer, SubagentStop and notify "
            + "later move nothing; then a plain answer", "idle, working, done, working, done", "", ""),
    CODEX_WORKER_SILENT(Agent.CODEX, "task worker: idle from its input box on screen (no hook before the first prompt), "
            + "first submit, the turn ends without a report; `task wait` returns", "task: pending, working, input_required",
            "", ""),
    // the agents without hooks: every state comes from the built-in screen manifest, and agent explain names its rule
    GEMINI_SCREEN(Agent.GEMINI, "no hooks, its built-in manifest: at its prompt (rule `prompt`), a slow turn "
            + "(`responding`), its answer, then a shell command: `Allow execution of` (`confirm`), \"Allow once\" chosen "
            + "in the pane, the model's next turn, back at the prompt",
            "idle/none, working/none, done/unread, working/none, blocked/permission_required, working/none, done/unread",
            Scenario.EVERY_STEP, ""),
    OPENCODE_SCREEN(Agent.OPENCODE, "no hooks, its built-in manifest: at its prompt (rule `prompt`), a slow turn "
            + "(`working`), its answer, then `bash` set to ask: `Permission required` (`permission`), \"Allow once\" "
            + "chosen in the pane, the model's next turn, back at the prompt",
            "idle/none, working/none, done/unread, working/none, blocked/permission_required, working/none, done/unread",
            Scenario.EVERY_STEP, ""),
    GEMINI_REFUSAL_ERRORS_INTERRUPT(Agent.GEMINI, "the same launch, on: a shell command refused in the pane (\"3. No\": "
            + "\"Request cancelled.\", no file, the model not asked again); with `general.maxAttempts` 1 and "
            + "`ui.errorVerbosity` `full`, HTTP 500, then 429: \"Keep trying\" or \"Stop\" (`keep_trying`, attention "
            + "`input_required`), \"2\" (Stop): the spinner a moment more (`working?`: a scan may miss it), then the API error at the prompt; then Esc mid-stream (\"Request cancelled.\")",
            "working/none, blocked/permission_required, done/unread, working/none, blocked/input_required, working?/none, "
                    + "done/unread, working/none, blocked/input_required, working?/none, done/unread, working/none, done/unread",
            Scenario.EVERY_STEP, ""),
    OPENCODE_REFUSAL_ERROR_INTERRUPT(Agent.OPENCODE, "the same launch, on: a shell command refused in the pane "
            + "(\"Reject\": `esc interrupt` a moment more, `working?`, no file, the model not asked again); HTTP 500 on every try with `retry-after: 1`, retried five times "
            + "(`working` throughout), then the error at the prompt; then Esc mid-stream (after the first, `esc again to interrupt`: still `working`), Esc",
            "working/none, blocked/permission_required, working?/none, done/unread, working/none, done/unread, working/none, done/unread",
            Scenario.EVERY_STEP, ""),
    OPENCODE_RATE_LIMIT(Agent.OPENCODE, "the same launch, on: HTTP 429 on every try with `retry-after: 1` (five retries "
            + "1 s apart, `[retrying in …]` beside `esc interrupt`: `working` throughout), then the error at the "
            + "prompt; then 429 with `retry-after-ms: 1000`, the same: never left `working` once it gave up",
            "working/none, done/unread, working/none, done/unread", Scenario.EVERY_STEP, "");

    /**
     * The attention column of a row whose lifecycle column is {@code lifecycle/attention} pairs: the test
     * asserts both axes at every step ({@link #steps}).
     */
    static final String EVERY_STEP = "at every step: after the `/`";

    enum Agent {
        CLAUDE("Claude Code " + RealAgents.CLAUDE_VERSION), CODEX("Codex " + RealAgents.CODEX_VERSION),
        GEMINI("gemini-cli " + RealAgents.GEMINI_VERSION), OPENCODE("opencode " + RealAgents.OPENCODE_VERSION);

        final String label;

        Agent(String label) {
            this.label = label;
        }
    }

    final Agent agent;
    final String description;
    final String lifecycleText;
    final String attentionText;
    final String decisionsText;

    Scenario(Agent agent, String description, String lifecycle, String attention, String decisions) {
        this.agent = agent;
        this.description = description;
        this.lifecycleText = lifecycle;
        this.attentionText = attention;
        this.decisionsText = decisions;
    }

    /** The pane's lifecycle sequence (or, for a task scenario, the task's states). */
    public List<String> lifecycle() {
        List<String> states = split(lifecycleText.startsWith("task: ") ? lifecycleText.substring("task: ".length()) : lifecycleText);
        return states.stream().map(s -> s.contains("/") ? s.substring(0, s.indexOf('/')) : s).toList();
    }

    /** The pane's {@code lifecycle/attention} pairs, one per step, for a row that asserts attention {@link #EVERY_STEP}. */
    public List<String> steps() {
        if (!EVERY_STEP.equals(attentionText)) {
            throw new IllegalStateException(this + " asserts no attention at every step");
        }
        return split(lifecycleText);
    }

    /**
     * Whether {@code seen} is {@code expected} exactly, where an expected step whose lifecycle ends in {@code ?}
     * ({@code working?/none}) is there once or not at all.
     */
    static boolean stepsMatch(List<String> expected, List<String> seen) {
        int at = 0;
        for (String step : expected) {
            boolean optional = step.contains("?/");
            String name = step.replace("?/", "/");
            if (at < seen.size() && seen.get(at).equals(name)) {
                at++;
            } else if (!optional) {
                return false;
            }
        }
        return at == seen.size();
    }

    /** The attention sequence, when the test asserts one (for a row of {@link #EVERY_STEP}, each step's). */
    public List<String> attention() {
        if (EVERY_STEP.equals(attentionText)) {
            return steps().stream().map(s -> s.substring(s.indexOf('/') + 1)).toList();
        }
        return split(attentionText);
    }

    public List<String> decisions() {
        return split(decisionsText);
    }

    private static List<String> split(String text) {
        return text.isEmpty() ? List.of() : Arrays.stream(text.split(", ")).toList();
    }

    /** The docs table. */
    static String table() {
        StringBuilder out = new StringBuilder("Each row is asserted exactly by its test (—: not asserted). "
                + "Where the lifecycle column holds `lifecycle/attention` pairs, both axes are asserted at every step; "
                + "`working?` is a step the program shows only a moment (a scan may miss it): once or not at all.\n\n| agent | scenario | lifecycle (or task states) | attention | decisions |\n"
                + "|---|---|---|---|---|\n");
        for (Scenario s : values()) {
            out.append("| ").append(s.agent.label).append(" | ").append(s.description).append(" | ")
                    .append(s.lifecycleText).append(" | ").append(s.attentionText.isEmpty() ? "—" : s.attentionText)
                    .append(" | ").append(s.decisionsText.isEmpty() ? "—" : s.decisionsText).append(" |\n");
        }
        return out.toString();
    }
}
