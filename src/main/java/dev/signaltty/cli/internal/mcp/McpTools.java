package dev.signaltty.cli.internal.mcp;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.jspecify.annotations.Nullable;

/**
 * The MCP tools signaltty offers: each is one signaltty/1 method, and its input schema is that
 * method's params as the daemon's live {@code schema} describes them, turned into JSON Schema. So a
 * tool never has a second definition of what its method takes (ADR 0181).
 */
final class McpTools {

    /** One tool: its MCP name, the method it forwards to, and what an agent is told about it. */
    record Tool(String name, String method, String description) {
    }

    /**
     * The output lines {@code run} answers unless {@code lines} says otherwise: those {@code read} answers by default.
     * pane.run's own default is 5000 (a person at the CLI wants all of it); a build's 5000 lines of 100 columns
     * through MCP is half a megabyte, past what Claude Code puts in a model's context (50,000 characters, or 25,000
     * tokens: the answer, exit_status with it, is replaced or refused) (ADR 1461).
     */
    static final int RUN_LINES = 200;

    /** Per tool, the arguments it gets when the caller gave none (absent and null are the same, the seed's rule). */
    static final Map<String, Map<String, Object>> DEFAULTS = Map.of("run", Map.of("lines", RUN_LINES));

    /** In the order an agent meets them. */
    static final List<Tool> TOOLS = List.of(
            new Tool("workspace_list", "workspace.list", "List signaltty workspaces (spawn needs a workspace_id)."),
            new Tool("workspace_create", "workspace.create", "Create a workspace for a directory (cwd)."),
            new Tool("pane_list", "pane.list", "List panes: each one's id, name, label, workspace, argv, "
                    + "status (exit code once exited) and task; full: true for the whole record (cwd, pid, size, offsets, times)."),
            new Tool("spawn", "pane.spawn", "Run a program (default: the user's shell) on a new PTY in a "
                    + "workspace; answers the pane's id, name, argv and status (full: true for the whole record)."),
            new Tool("read", "pane.read", "Read a pane: mode tail (default), screen, rendered (after_seq cursor) or "
                    + "last_command (the latest command in a bash/zsh pane: running: true and its output so far while it runs, "
                    + "else its output and exit_status)."),
            new Tool("wait_for_output", "pane.wait_for_output", "Wait until a line of a pane's output contains match "
                    + "(regex: true for a regular expression); output_only: true matches only command output."),
            new Tool("run", "pane.run", "Run one command line in a bash/zsh pane and get exactly its output and "
                    + "exit_status (never the echo of the typed line). The output is its last " + RUN_LINES + " lines "
                    + "(truncated: true when it had more): lines asks for up to 5000, read mode last_command reads it again. "
                    + "command_number instead of command waits for a command already started (one a TIMEOUT left "
                    + "running) to end and answers it the same way."),
            new Tool("submit", "pane.submit", "Paste text into a pane and press Enter (for agents and programs)."),
            new Tool("write", "pane.write", "Send raw input to a pane as it is (data), no Enter added: a key or control "
                    + "character, e.g. \"\\u0003\" for Ctrl-C to interrupt, \"\\u001b\" for Escape, \"y\" for a prompt. "
                    + "Use submit for prompts to agents and run for shell commands."),
            new Tool("close", "pane.close", "Close a pane: ends its program (its process group) and removes the pane."),
            new Tool("search", "pane.search", "Search a pane's scrollback and screen for a pattern (regex: RE2 syntax)."),
            new Tool("wait", "wait", "Wait until an agent pane reaches a state (until: done, input_required, …). "
                    + "For a shell command's end use run with command_number."),
            new Tool("attention", "attention.pending", "Panes that need someone, most urgent first."),
            new Tool("decision_list", "decision.list", "Pending decisions (permission prompts)."),
            new Tool("decision_answer", "decision.answer", "Answer a decision: option_id allow_once or deny."),
            new Tool("task_start", "task.start", "Start a worker (argv or agent) in a fresh git worktree of repo; "
                    + "answers the task (see task_get)."),
            new Tool("task_list", "task.list", "List worker tasks (context_id, state to filter): each one's id, "
                    + "state, objective, branch, worktree, worker pane, report (see task_get)."),
            new Tool("task_get", "task.get", "One task: state, objective, worker pane, worktree, branch, report, disposition, "
                    + "evidence when it failed, and its token usage; full: true for the whole record (repo, base commit, "
                    + "argv, settings, times)."),
            new Tool("task_wait", "task.wait", "Wait for a task (or every task of a context) to settle; "
                    + "answers the task(s) as task_get does."),
            new Tool("task_diff", "task.diff", "What a task changed in its worktree: each file with the lines added and "
                    + "removed, the task's branch and the base commit it started from."),
            new Tool("task_finish", "task.finish", "Merge (disposition merge) or discard a task's work."),
            new Tool("task_cancel", "task.cancel", "Cancel a task: its worker pane is closed (task_finish still merges or discards its work)."),
            new Tool("notify", "notify", "Tell the person something: a notification (message, title) on a pane "
                    + "(pane_id), which marks it unread for them."));

    private McpTools() {
    }

    /** The JSON Schema of a method's params from the live schema's {@code params} object. */
    static Map<String, Object> inputSchema(Map<?, ?> params) {
        Map<String, Object> properties = new LinkedHashMap<>();
        List<String> required = new ArrayList<>();
        for (Map.Entry<?, ?> e : params.entrySet()) {
            Map<?, ?> field = (Map<?, ?>) e.getValue();
            properties.put((String) e.getKey(), jsonSchema(field.get("type")));
            if (Boolean.TRUE.equals(field.get("required"))) {
                required.add((String) e.getKey());
            }
        }
        return objectSchema(properties, required);
    }

    /** A JSON Schema object of {@code properties}, naming the {@code required} ones (none: no list). */
    static Map<String, Object> objectSchema(Map<String, Object> properties, List<String> required) {
        Map<String, Object> schema = new LinkedHashMap<>();
        schema.put("type", "object");
        schema.put("properties", properties);
        if (!required.isEmpty()) {
            schema.put("required", required);
        }
        return schema;
    }

    /**
     * One type as {@code schema} writes it ("string", "open_object", {enum:[…]}, {array:T}, {map:T},
     * {one_or_many:T}, {one_of:[…]}, a record's fields).
     */
    static Map<String, Object> jsonSchema(@Nullable Object type) {
        if (type instanceof String name) {
            return switch (name) {
                case "string", "integer", "number", "boolean" -> Map.of("type", name);
                case "open_object" -> Map.of("type", "object");
                default -> Map.of(); // "any", or a type named again inside itself: anything goes
            };
        }
        if (type instanceof Map<?, ?> map) {
            if (map.get("enum") instanceof List<?> values) {
                return Map.of("type", "string", "enum", values);
            }
            if (map.containsKey("one_or_many")) {
                Map<String, Object> one = jsonSchema(map.get("one_or_many"));
                return Map.of("anyOf", List.of(one, Map.of("type", "array", "items", one, "minItems", 1)));
            }
            if (map.get("one_of") instanceof List<?> alternatives) {
                return Map.of("anyOf", alternatives.stream().map(McpTools::jsonSchema).toList());
            }
            if (map.containsKey("array")) {
                return Map.of("type", "array", "items", jsonSchema(map.get("array")));
            }
            if (map.containsKey("map")) {
                return Map.of("type", "object", "additionalProperties", jsonSchema(map.get("map")));
            }
            return inputSchema(map); // a nested record: its fields
        }
        return Map.of();
    }
}
