package dev.signaltty.cli.internal.mcp;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.UnaryOperator;

import org.jspecify.annotations.Nullable;

/**
 * What the record-returning tools answer by default: their records without the bookkeeping an orchestrating agent
 * never acts on (ADR 1230). An agent pays tokens for every field it is given, and a pane record's pid, size,
 * output offset and timestamps, or a task's base commit, settings and timestamps, were most of each answer. A
 * field is left out by name (a field the daemon adds later still comes through) or when it says the default
 * ({@code attention: none}, an empty title); the tool's {@code full: true} answers the method's whole record.
 */
final class CompactResults {

    /** The argument that asks for the whole record. */
    static final String FULL = "full";

    static final String FULL_DESCRIPTION = "true: the whole records (ids, sizes, offsets, "
            + "timestamps, what the person's view shows); by default the fields to act on";

    /** A pane record's fields an agent does not act on: its place in the layout, process, size, offsets, times. */
    private static final Set<String> PANE_BOOKKEEPING = Set.of("tab_id", "cwd", "pid", "cols", "rows",
            "output_offset", "created_at", "started_at", "exited_at");

    /** A task record's: how its worktree was made and where it is shown, its settings and times. */
    private static final Set<String> TASK_BOOKKEEPING = Set.of("client_request_id", "repo", "base", "base_commit",
            "target_branch", "workspace_id", "workspace_owned", "tab_id", "argv", "settings", "created_at", "updated_at");

    /** Per tool, what its default answer is made of; a tool not named here answers the method's result. */
    private static final Map<String, UnaryOperator<Map<String, Object>>> COMPACTORS = Map.of(
            "pane_list", r -> eachIn(r, "panes", CompactResults::pane),
            "spawn", CompactResults::pane,
            "task_list", r -> eachIn(r, "tasks", CompactResults::task),
            "task_get", r -> oneIn(r, "task", CompactResults::task),
            "task_start", r -> oneIn(without(r, Set.of("pane")), "task", CompactResults::task),
            "task_wait", r -> eachIn(oneIn(r, "task", CompactResults::task), "tasks", CompactResults::task),
            // the record after a merge, a discard or a cancel: what an orchestrator reads is its state and disposition
            "task_finish", r -> oneIn(r, "task", CompactResults::task),
            "task_cancel", r -> oneIn(r, "task", CompactResults::task),
            FleetTool.NAME, CompactResults::fleet);

    private CompactResults() {
    }

    /** Whether {@code tool} answers compactly unless asked for {@code full}. */
    static boolean compacts(String tool) {
        return COMPACTORS.containsKey(tool);
    }

    /** {@code result} as {@code tool} answers it by default. */
    static Map<String, Object> compact(String tool, Map<String, Object> result) {
        UnaryOperator<Map<String, Object>> compactor = COMPACTORS.get(tool);
        return compactor == null ? result : compactor.apply(result);
    }

    /**
     * A pane record without its bookkeeping, an empty title, and its agent integration while that is merely
     * {@code configured} (a disabled or failed one carries a notice the agent may have to pass on).
     */
    static Map<String, Object> pane(Map<String, Object> pane) {
        Map<String, Object> out = without(pane, PANE_BOOKKEEPING);
        if ("".equals(out.get("title"))) {
            out.remove("title");
        }
        if (out.get("integration") instanceof Map<?, ?> integration && "configured".equals(integration.get("status"))) {
            out.remove("integration");
        }
        return out;
    }

    /** A task record without its bookkeeping, its evidence while empty and worktree_removed while false. */
    static Map<String, Object> task(Map<String, Object> task) {
        Map<String, Object> out = without(task, TASK_BOOKKEEPING);
        if (out.get("evidence") instanceof Map<?, ?> evidence && evidence.isEmpty()) {
            out.remove("evidence");
        }
        if (Boolean.FALSE.equals(out.get("worktree_removed"))) {
            out.remove("worktree_removed");
        }
        return out;
    }

    /**
     * ls --json's tree without the person's view of it (which tab and pane is focused, a tab's index) and
     * without a pane's {@code attention} while {@code none} and {@code lifecycle} while {@code unknown} (not an
     * agent, or one not heard from): the tool's description says so.
     */
    static Map<String, Object> fleet(Map<String, Object> tree) {
        return eachIn(tree, "workspaces", w -> eachIn(without(w, Set.of("handle")), "tabs",
                t -> eachIn(without(t, Set.of("index", "focused_pane_id")), "panes", p -> {
                    Map<String, Object> pane = without(p, Set.of("focused"));
                    pane.remove("attention", "none");
                    pane.remove("lifecycle", "unknown");
                    return pane;
                })));
    }

    private static Map<String, Object> without(Map<String, Object> record, Set<String> names) {
        Map<String, Object> out = new LinkedHashMap<>(record);
        out.keySet().removeAll(names);
        return out;
    }

    /** {@code result} with its record at {@code key} (when there is one) compacted by {@code each}. */
    @SuppressWarnings("unchecked")
    private static Map<String, Object> oneIn(Map<String, Object> result, String key, UnaryOperator<Map<String, Object>> each) {
        if (!(result.get(key) instanceof Map<?, ?> record)) {
            return result;
        }
        Map<String, Object> out = new LinkedHashMap<>(result);
        out.put(key, each.apply((Map<String, Object>) record));
        return out;
    }

    /** {@code result} with each record of its list at {@code key} (when there is one) compacted by {@code each}. */
    @SuppressWarnings("unchecked")
    private static Map<String, Object> eachIn(Map<String, Object> result, String key, UnaryOperator<Map<String, Object>> each) {
        if (!(result.get(key) instanceof List<?> records)) {
            return result;
        }
        List<@Nullable Object> compacted = new ArrayList<>();
        for (Object record : records) {
            compacted.add(record instanceof Map<?, ?> map ? each.apply((Map<String, Object>) map) : record);
        }
        Map<String, Object> out = new LinkedHashMap<>(result);
        out.put(key, compacted);
        return out;
    }
}
