package dev.signaltty.cli.internal.mcp;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.jspecify.annotations.Nullable;

import dev.signaltty.cli.internal.CliException;
import dev.signaltty.cli.internal.Client;
import dev.signaltty.cli.internal.FleetTree;

/**
 * The {@code fleet} tool: the whole fleet in one call, the tree {@code signaltty ls --json} prints
 * ({@link FleetTree#toJson()}), so an agent that orchestrates others sees every workspace, tab and pane
 * with its program, status, agent state and waiting question without calling workspace_list, pane_list,
 * attention and decision_list and joining them itself. It is not one signaltty/1 method but the two
 * pipelined rounds of {@link FleetTree#load}, so its schemas are written here: the input is ls's
 * optional workspace, the output the tree's shape, which the SDK checks every answer against (ADR 0930).
 */
final class FleetTool {

    static final String NAME = "fleet";
    static final String DESCRIPTION = "Every workspace, tab and pane at a glance (signaltty ls --json): each pane's "
            + "program, status or exit code, agent lifecycle (idle, working, blocked, done), attention (what it needs "
            + "from someone) and the question of a pending decision. workspace_id (an id or handle): that workspace alone. "
            + "A pane without attention needs nobody (none); one without lifecycle is no agent or one not heard from "
            + "(unknown). full: true adds what the person's view shows (focused, a tab's index and focused_pane_id, "
            + "a workspace's handle) and the defaults.";

    private FleetTool() {
    }

    /** The tree of the workspace asked for, or of every workspace; the daemon's error (its code) otherwise. */
    static FleetTree load(Client client, @Nullable Map<String, Object> arguments) {
        Object workspace = arguments == null ? null : arguments.get("workspace_id");
        if (workspace != null && !(workspace instanceof String)) {
            throw new CliException("BAD_PARAMS", "workspace_id: expected a workspace id or handle (a string), got "
                    + workspace, Map.of("field", "workspace_id"), 1);
        }
        return FleetTree.load(client::callAll, (String) workspace);
    }

    static Map<String, Object> inputSchema() {
        return SignalttyMcpServer.withFull(object(Map.of("workspace_id", string()), List.of()));
    }

    /**
     * {@link FleetTree#toJson()}'s shape: what is always there, compact ({@link CompactResults#fleet}) or full, is
     * required, the rest optional.
     */
    static Map<String, Object> outputSchema() {
        Map<String, Object> pane = new LinkedHashMap<>();
        pane.put("pane_id", string());
        pane.put("name", string());
        pane.put("label", string());
        pane.put("argv", Map.of("type", "array", "items", string()));
        pane.put("status", string());
        pane.put("exit_code", Map.of("type", "integer"));
        pane.put("agent", string());
        pane.put("lifecycle", string());
        pane.put("attention", string());
        pane.put("attention_message", string());
        pane.put("decision", object(Map.of("decision_id", string(), "question", string()), List.of("decision_id", "question")));
        pane.put("focused", Map.of("type", "boolean"));
        Map<String, Object> tab = new LinkedHashMap<>();
        tab.put("tab_id", string());
        tab.put("index", Map.of("type", "integer"));
        tab.put("name", string());
        tab.put("focused_pane_id", string());
        tab.put("panes", array(object(pane, List.of("pane_id", "argv", "status"))));
        Map<String, Object> workspace = new LinkedHashMap<>();
        workspace.put("workspace_id", string());
        workspace.put("name", string());
        workspace.put("handle", string());
        workspace.put("cwd", string());
        workspace.put("tabs", array(object(tab, List.of("tab_id", "name", "panes"))));
        return object(Map.of("workspaces",
                array(object(workspace, List.of("workspace_id", "name", "cwd", "tabs")))), List.of("workspaces"));
    }

    private static Map<String, Object> object(Map<String, Object> properties, List<String> required) {
        return McpTools.objectSchema(properties, required);
    }

    private static Map<String, Object> array(Map<String, Object> items) {
        return Map.of("type", "array", "items", items);
    }

    private static Map<String, Object> string() {
        return Map.of("type", "string");
    }
}
