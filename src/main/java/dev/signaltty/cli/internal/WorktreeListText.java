package dev.signaltty.cli.internal;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code worktree list} for a person (ADR 1440): a table as {@code task list} prints, one worktree a row, main first as
 * the daemon answers. It printed each worktree as a JSON line under {@code worktrees:}. The path comes last and is
 * never cut, as {@code git worktree list} prints it whole: a person copies it. {@code --json} keeps the result.
 */
final class WorktreeListText {

    /** A commit as {@code git log --oneline} abbreviates it, long enough to be unique in any real repository. */
    static final int SHORT_HEAD = 12;

    private WorktreeListText() {
    }

    static void print(List<?> worktrees, PrintStream out) {
        if (worktrees.isEmpty()) {
            out.println("(none)");
            return;
        }
        List<Map<String, String>> rows = new ArrayList<>();
        for (Object w : worktrees) {
            if (w instanceof Map<?, ?> tree) {
                Map<String, String> row = new LinkedHashMap<>();
                row.put("BRANCH", tree.get("branch") instanceof String b ? Output.visible(b)
                        : Boolean.TRUE.equals(tree.get("detached")) ? "(detached)" : "-");
                row.put("HEAD", tree.get("head") instanceof String h ? h.substring(0, Math.min(SHORT_HEAD, h.length())) : "-");
                row.put("STATE", state(tree));
                row.put("WORKSPACES", tree.get("workspace_ids") instanceof List<?> ids && !ids.isEmpty()
                        ? Output.scalar(ids) : "-");
                row.put("PATH", Output.visible(String.valueOf(tree.get("path"))));
                rows.add(row);
            }
        }
        Map<String, Integer> widths = new LinkedHashMap<>();
        for (String key : rows.getFirst().keySet()) {
            int width = key.length();
            for (Map<String, String> row : rows) {
                width = Math.max(width, row.get(key).length());
            }
            widths.put(key, width);
        }
        StringBuilder header = new StringBuilder();
        widths.forEach((k, w) -> header.append(Output.pad(k, w)).append("  "));
        out.println(header.toString().stripTrailing());
        for (Map<String, String> row : rows) {
            StringBuilder line = new StringBuilder();
            widths.forEach((k, w) -> line.append(Output.pad(row.get(k), w)).append("  "));
            out.println(line.toString().stripTrailing());
        }
    }

    /** What git marks a worktree with: main, bare, locked (and why), prunable (and why); else {@code -}. */
    static String state(Map<?, ?> tree) {
        List<String> marks = new ArrayList<>();
        if (Boolean.TRUE.equals(tree.get("main"))) {
            marks.add("main");
        }
        if (Boolean.TRUE.equals(tree.get("bare"))) {
            marks.add("bare");
        }
        if (Boolean.TRUE.equals(tree.get("locked"))) {
            marks.add(tree.get("locked_reason") instanceof String r && !r.isBlank()
                    ? "locked (" + Output.visible(r) + ")" : "locked");
        }
        if (Boolean.TRUE.equals(tree.get("prunable"))) {
            marks.add(tree.get("prunable_reason") instanceof String r && !r.isBlank()
                    ? "prunable (" + Output.visible(r) + ")" : "prunable");
        }
        return marks.isEmpty() ? "-" : String.join(", ", marks);
    }
}
