package dev.signaltty.cli.internal;

import java.io.PrintStream;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * {@code task diff} for a person (ADR 1440): a header naming the task, its branch and the commit it started from, then
 * the patch as {@code git diff} prints it, one {@code task.file_diff} per changed file; or, with {@code --stat}, one
 * line a file as {@code git diff --stat} prints them, from {@code task.diff}'s summary alone. It printed the summary's
 * files as JSON lines, which told nobody what changed. {@code --json} keeps the method's result.
 */
final class TaskDiffText {

    /** The longest {@code +++--} bar of {@code --stat}, as git's at 80 columns. */
    static final int STAT_BAR = 40;

    private static final Set<String> NEW_FILE = Set.of("added", "untracked");

    private TaskDiffText() {
    }

    static void print(Client client, Map<?, ?> result, boolean stat, PrintStream out) {
        Map<?, ?> diff = result.get("diff") instanceof Map<?, ?> d ? d : Map.of();
        List<?> files = diff.get("files") instanceof List<?> l ? l : List.of();
        out.println(header(result, diff, files.size()));
        if (stat) {
            stat(files, diff, out);
            return;
        }
        for (Object f : files) {
            if (f instanceof Map<?, ?> file && file.get("path") instanceof String path) {
                Map<String, Object> params = new LinkedHashMap<>();
                params.put("task_id", result.get("task_id"));
                params.put("path", path);
                Object content = client.call("task.file_diff", params).orThrow();
                patch(path, String.valueOf(file.get("status")),
                        content instanceof Map<?, ?> c && c.get("content") instanceof Map<?, ?> m ? m : Map.of(), out);
            }
        }
        if (Boolean.TRUE.equals(diff.get("truncated"))) {
            out.println("(more files changed than the daemon lists; `signaltty task file-diff " + result.get("task_id")
                    + " PATH` shows any one)");
        }
    }

    /** A daemon from before ADR 1441 (over {@code --host}) answers no branch and no commit: its tree is named instead. */
    static String header(Map<?, ?> result, Map<?, ?> diff, int files) {
        return "task " + result.get("task_id")
                + (result.get("branch") instanceof String branch ? "  branch " + Output.visible(branch) : "")
                + (result.get("base_commit") instanceof String commit ? "  base commit " + commit
                        : "  base tree " + diff.get("base"))
                + "  (" + files + (files == 1 ? " file" : " files") + ", +" + diff.get("added") + " -"
                + diff.get("removed") + ")";
    }

    /** One file's patch; a file git shows no text of says what it is instead, as git's "Binary files differ". */
    static void patch(String path, String status, Map<?, ?> content, PrintStream out) {
        String name = Output.visible(path);
        boolean created = NEW_FILE.contains(status);
        boolean deleted = "deleted".equals(status);
        out.println("diff --git a/" + name + " b/" + name);
        if (created) {
            out.println("new file");
        } else if (deleted) {
            out.println("deleted file");
        }
        String kind = String.valueOf(content.get("kind"));
        if (!"text".equals(kind)) {
            out.println(switch (kind) {
                case "binary" -> "Binary files differ";
                case "unchanged" -> "(no change in its text)";
                default -> "(not shown: " + Output.visible(String.valueOf(content.get("reason"))) + ")";
            });
            return;
        }
        out.println("--- " + (created ? "/dev/null" : "a/" + name));
        out.println("+++ " + (deleted ? "/dev/null" : "b/" + name));
        List<?> hunks = content.get("hunks") instanceof List<?> l ? l : List.of();
        for (Object h : hunks) {
            if (h instanceof Map<?, ?> hunk) {
                hunk(hunk, out);
            }
        }
        if (Boolean.TRUE.equals(content.get("truncated"))) {
            out.println("(cut at the daemon's cap" + (content.get("notice") instanceof String n
                    ? ": " + Output.visible(n) : "") + ")");
        }
    }

    private static void hunk(Map<?, ?> hunk, PrintStream out) {
        String heading = hunk.get("heading") instanceof String s && !s.isEmpty() ? " " + Output.visible(s) : "";
        out.println("@@ -" + range(hunk.get("old_start"), hunk.get("old_count")) + " +"
                + range(hunk.get("new_start"), hunk.get("new_count")) + " @@" + heading);
        List<?> lines = hunk.get("lines") instanceof List<?> l ? l : List.of();
        for (Object o : lines) {
            if (o instanceof Map<?, ?> line) {
                String text = Output.visible(String.valueOf(line.get("text")));
                out.println(switch (String.valueOf(line.get("kind"))) {
                    case "added" -> "+" + text;
                    case "removed" -> "-" + text;
                    case "no_newline" -> text;
                    default -> " " + text;
                });
            }
        }
    }

    /** git's hunk range: a count of one is left out. */
    static String range(Object start, Object count) {
        return count instanceof Number n && n.intValue() == 1 ? String.valueOf(start) : start + "," + count;
    }

    /** {@code git diff --stat}: path, changed lines and a bar of + and -, then the totals. */
    static void stat(List<?> files, Map<?, ?> diff, PrintStream out) {
        int width = 0;
        int most = 0;
        for (Object f : files) {
            if (f instanceof Map<?, ?> file) {
                width = Math.max(width, Output.visible(String.valueOf(file.get("path"))).length());
                most = Math.max(most, count(file.get("added")) + count(file.get("removed")));
            }
        }
        for (Object f : files) {
            if (f instanceof Map<?, ?> file) {
                String path = Output.pad(Output.visible(String.valueOf(file.get("path"))), width);
                if (Boolean.TRUE.equals(file.get("binary"))) {
                    out.println(" " + path + " | Bin");
                    continue;
                }
                int added = count(file.get("added"));
                int removed = count(file.get("removed"));
                double scale = most > STAT_BAR ? (double) STAT_BAR / most : 1;
                out.println(" " + path + " | " + (added + removed) + " " + "+".repeat(bar(added, scale))
                        + "-".repeat(bar(removed, scale)));
            }
        }
        int added = count(diff.get("added"));
        int removed = count(diff.get("removed"));
        out.println(" " + files.size() + (files.size() == 1 ? " file" : " files") + " changed, " + added
                + (added == 1 ? " insertion(+), " : " insertions(+), ") + removed
                + (removed == 1 ? " deletion(-)" : " deletions(-)"));
    }

    private static int bar(int lines, double scale) {
        return lines == 0 ? 0 : Math.max(1, (int) Math.round(lines * scale));
    }

    private static int count(Object n) {
        return n instanceof Number number ? number.intValue() : 0;
    }
}
