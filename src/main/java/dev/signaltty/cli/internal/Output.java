package dev.signaltty.cli.internal;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.jspecify.annotations.Nullable;

/**
 * Prints results: raw JSON with {@code --json} (seed R332), else text for a person — a table for
 * lists of objects, {@code key: value} lines for an object, the bare text for {@code pane.read}.
 */
public final class Output {

    /** Cells wider than this are cut with an ellipsis so tables stay readable. */
    static final int MAX_CELL = 48;

    private Output() {
    }

    public static void print(@Nullable String method, @Nullable Object result, boolean json, PrintStream out) {
        if (json) {
            out.println(Json.write(result));
            return;
        }
        if (result instanceof Map<?, ?> map) {
            Object text = map.get("text");
            if (text instanceof String s && ("pane.read".equals(method) || "pane.export".equals(method) || "pane.wait_for_output".equals(method)
                    && !map.containsKey("line"))) {
                out.print(s.endsWith("\n") || s.isEmpty() ? s : s + "\n");
                return;
            }
            if ("pane.run".equals(method) && map.get("output") instanceof String output) {
                out.print(output.endsWith("\n") || output.isEmpty() ? output : output + "\n");
                return;
            }
            if ("pane.wait_for_output".equals(method) && map.get("line") instanceof String line) {
                out.println(line);
                return;
            }
            if ("pane.record".equals(method) && map.get("path") instanceof String path) {
                out.println(recording(map, path));
                return;
            }
            if ("ping".equals(method) && (map.isEmpty() || Boolean.TRUE.equals(map.get("pong")))) {
                out.println("pong");
                return;
            }
            if ("server.config".equals(method) && map.get("settings") instanceof List<?> settings) {
                for (Object item : settings) {
                    if (item instanceof Map<?, ?> setting) {
                        out.println(setting.get("key") + " = " + setting.get("value") + "    # " + setting.get("source"));
                    }
                }
                return;
            }
            // task wait --context answers the context's tasks: the same table as task list, not a JSON line each
            if (("task.list".equals(method) || "task.wait".equals(method)) && map.get("tasks") instanceof List<?> tasks) {
                table(columns(tasks, TASK_COLUMNS), out);
                return;
            }
            if ("worktree.list".equals(method) && map.get("worktrees") instanceof List<?> worktrees) {
                WorktreeListText.print(worktrees, out);
                return;
            }
            if ("pane.list".equals(method) && map.get("panes") instanceof List<?> panes) {
                table(columns(panes, PANE_COLUMNS), out);
                return;
            }
            List<?> only = onlyListOfObjects(map);
            if (only != null) {
                table(only, out);
                return;
            }
        }
        if (result instanceof List<?> list && !list.isEmpty() && list.get(0) instanceof Map) {
            table(list, out);
            return;
        }
        lines(result, "", out);
    }

    /**
     * {@code pane record}'s line for a person: the file, and what went into it once it stopped. The reply's
     * {@code stopped} reads {@code stopped} after {@code --stop}, which as a {@code key: value} line said nothing.
     */
    static String recording(Map<?, ?> result, String path) {
        Object pane = result.get("pane_id");
        if (Boolean.TRUE.equals(result.get("recording"))) {
            return "recording pane " + pane + " to " + visible(path) + " (at most " + result.get("max_bytes")
                    + " bytes); end it with: signaltty pane record " + pane + " --stop";
        }
        String line = "stopped recording pane " + pane + ": " + visible(path) + ", " + result.get("bytes") + " bytes"
                + (result.get("duration_ms") instanceof Number ms
                        ? String.format(Locale.ROOT, " over %.1f s", ms.longValue() / 1000.0) : "")
                + " (" + result.get("events") + " output chunks)";
        return result.get("stopped") instanceof String why && !why.equals("stopped")
                ? line + "; it had ended: " + visible(why) : line;
    }

    /**
     * The exit status of a successful call: 0, except that {@code pane run} without {@code --json}
     * exits with the command's own status (a command that gave none: 0).
     */
    public static int exitStatus(@Nullable String method, @Nullable Object result, boolean json) {
        if (!json && "pane.run".equals(method) && result instanceof Map<?, ?> map
                && map.get("exit_status") instanceof Number status) {
            return status.intValue();
        }
        return 0;
    }

    /**
     * {@code task list}'s columns: a task has 17 scalar fields, and all of them made each row about 300 characters
     * wide, the objective and state lost among commits, worktree paths and timestamps. {@code task get} and
     * {@code --json} keep every field.
     */
    static final List<String> TASK_COLUMNS = List.of("task_id", "state", "objective", "repo", "branch", "pane_id",
            "updated_at");

    /**
     * {@code pane list}'s columns: every field of a pane that is no object made 16 columns or more (sizes, an offset,
     * three timestamps), about 250 characters a row, and the name, what a person addresses a pane by, came last and only when some pane had one. {@code pane
     * get} and {@code --json} keep every field; {@code ls} shows the fleet as a tree.
     */
    static final List<String> PANE_COLUMNS = List.of("pane_id", "name", "label", "workspace_id", "tab_id", "status",
            "exit_code", "argv", "cwd");

    /** Each row with only {@code keys}, in that order (a key a row lacks shows as {@code -}). */
    static List<Map<String, Object>> columns(List<?> rows, List<String> keys) {
        List<Map<String, Object>> out = new ArrayList<>();
        for (Object row : rows) {
            Map<String, Object> picked = new LinkedHashMap<>();
            for (String key : keys) {
                picked.put(key, row instanceof Map<?, ?> m && m.containsKey(key) ? m.get(key) : "-");
            }
            out.add(picked);
        }
        return out;
    }

    /** A result like {@code {panes:[…]}} is shown as the table of its one list. */
    private static @Nullable List<?> onlyListOfObjects(Map<?, ?> map) {
        List<?> found = null;
        for (Object v : map.values()) {
            if (v instanceof List<?> l) {
                if (found != null) {
                    return null;
                }
                found = l;
            } else if (v instanceof Map) {
                return null;
            }
        }
        if (found == null || map.size() != 1) {
            return null;
        }
        for (Object item : found) {
            if (!(item instanceof Map)) {
                return null;
            }
        }
        return found;
    }

    private static void lines(@Nullable Object value, String indent, PrintStream out) {
        if (value instanceof Map<?, ?> map) {
            for (Map.Entry<?, ?> e : map.entrySet()) {
                Object v = e.getValue();
                if (v instanceof Map<?, ?> m && !m.isEmpty()) {
                    out.println(indent + e.getKey() + ":");
                    lines(v, indent + "  ", out);
                } else if (v instanceof List<?> l && !l.isEmpty() && l.get(0) instanceof Map) {
                    out.println(indent + e.getKey() + ":");
                    for (Object item : l) {
                        out.println(indent + "  - " + Json.write(item));
                    }
                } else {
                    out.println(indent + e.getKey() + ": " + scalar(v));
                }
            }
        } else if (value != null) {
            out.println(indent + scalar(value));
        }
    }

    /**
     * Text from the daemon made safe to print on a terminal: a name or message any client (an agent) set
     * may hold escape sequences (OSC 52 writes the clipboard, OSC 0 the title); each control character
     * shows as a caret sequence ({@code ^[}) instead of acting.
     */
    public static String visible(String s) {
        StringBuilder b = null;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            boolean control = c < 0x20 || c == 0x7f || c >= 0x80 && c < 0xa0;
            if (control && b == null) {
                b = new StringBuilder(s.length() + 8).append(s, 0, i);
            }
            if (b != null) {
                if (!control) {
                    b.append(c);
                } else if (c < 0x20) {
                    b.append('^').append((char) (c + '@'));
                } else {
                    b.append(c == 0x7f ? "^?" : "\\u" + String.format("%04x", (int) c));
                }
            }
        }
        return b == null ? s : b.toString();
    }

    static String scalar(@Nullable Object v) {
        if (v == null) {
            return "-";
        }
        if (v instanceof String s) {
            return visible(s);
        }
        if (v instanceof List<?> l) {
            List<String> parts = new ArrayList<>();
            for (Object item : l) {
                parts.add(item instanceof String s ? visible(s) : Json.write(item));
            }
            return String.join(" ", parts);
        }
        return Json.write(v);
    }

    static void table(List<?> rows, PrintStream out) {
        if (rows.isEmpty()) {
            out.println("(none)");
            return;
        }
        Map<String, Integer> widths = new LinkedHashMap<>();
        List<Map<String, String>> cells = new ArrayList<>();
        for (Object row : rows) {
            Map<String, String> rendered = new LinkedHashMap<>();
            for (Map.Entry<?, ?> e : ((Map<?, ?>) row).entrySet()) {
                if (e.getValue() instanceof Map) {
                    continue; // nested objects do not fit a column; --json shows them
                }
                String key = String.valueOf(e.getKey());
                String cell = cut(scalar(e.getValue()).replace('\n', ' '), MAX_CELL);
                rendered.put(key, cell);
                widths.merge(key, Math.max(key.length(), cell.length()), Math::max);
            }
            cells.add(rendered);
        }
        StringBuilder header = new StringBuilder();
        widths.forEach((k, w) -> header.append(pad(k.toUpperCase(), w)).append("  "));
        out.println(header.toString().stripTrailing());
        for (Map<String, String> row : cells) {
            StringBuilder line = new StringBuilder();
            widths.forEach((k, w) -> line.append(pad(row.getOrDefault(k, "-"), w)).append("  "));
            out.println(line.toString().stripTrailing());
        }
    }

    /** At most {@code max} characters: a longer text is cut and ends with an ellipsis. */
    static String cut(String s, int max) {
        return s.length() <= max ? s : s.substring(0, max - 1) + "…";
    }

    /** At least {@code width} characters, blanks added at the end. */
    static String pad(String s, int width) {
        return s.length() >= width ? s : s + " ".repeat(width - s.length());
    }

    /** The first string anywhere in a result that starts with an id prefix such as {@code ws_}. */
    public static @Nullable String findId(@Nullable Object value, String key, String prefix) {
        if (value instanceof Map<?, ?> map) {
            if (map.get(key) instanceof String s && s.startsWith(prefix)) {
                return s;
            }
            for (Object v : map.values()) {
                String found = findId(v, key, prefix);
                if (found != null) {
                    return found;
                }
            }
            if (map.get("id") instanceof String s && s.startsWith(prefix)) {
                return s;
            }
        } else if (value instanceof List<?> list) {
            for (Object v : list) {
                String found = findId(v, key, prefix);
                if (found != null) {
                    return found;
                }
            }
        }
        return null;
    }

    /** Clients show an integration's notice when present (seed R210); stderr keeps stdout clean. */
    public static void notices(@Nullable Object result, PrintStream err) {
        if (result instanceof Map<?, ?> map) {
            if (map.get("integration") instanceof Map<?, ?> integration
                    && integration.get("notice") instanceof String notice && !notice.isBlank()) {
                err.println("notice: " + notice);
            }
            for (Object v : map.values()) {
                if (v instanceof Map<?, ?> nested && nested.containsKey("integration")) {
                    notices(nested, err);
                }
            }
        }
    }

    /**
     * {@code notify} run outside a pane without {@code --pane}: the daemon takes it, and it marks no pane, so {@code ls},
     * {@code attention} and the tab view show nothing of it; said on stderr, as the user looked for it there.
     */
    static void paneless(@Nullable String method, @Nullable Object result, PrintStream err) {
        if ("notify".equals(method) && result instanceof Map<?, ?> map && !map.containsKey("pane_id")) {
            err.println("notice: no pane (no --pane, and not run inside a signaltty pane): the notification marks no"
                    + " pane unread; only `events` subscribers and the web dashboard see it");
        }
    }

    /**
     * {@code pane read --mode last_command} while the command runs answers its output so far (ADR 1480), which on
     * stdout reads as a finished command's; {@code running: true} is said on stderr with how to wait for the end.
     */
    static void stillRunning(@Nullable String method, @Nullable Object result, PrintStream err) {
        if ("pane.read".equals(method) && result instanceof Map<?, ?> map && Boolean.TRUE.equals(map.get("running"))) {
            err.println("notice: command " + map.get("command_number") + " is still running: this is its output so far"
                    + " (signaltty pane run " + map.get("pane_id") + " --command-number " + map.get("command_number")
                    + " waits for its end)");
        }
    }

    /**
     * {@code task wait --context X} where no task has that context: the seed counts an empty context as settled, so it
     * returns at once with exit 0, and a mistyped context looked like a finished one; said on stderr.
     */
    static void emptyContext(@Nullable String method, Map<String, Object> params, @Nullable Object result,
                             PrintStream err) {
        if ("task.wait".equals(method) && params.get("context_id") instanceof String context
                && result instanceof Map<?, ?> map && map.get("tasks") instanceof List<?> tasks && tasks.isEmpty()) {
            err.println("notice: no task has the context " + context + ", so there was nothing to wait for"
                    + " (`task list` shows the tasks and their contexts)");
        }
    }

    static final java.util.Set<String> UNSUCCESSFUL_TASK_STATES = java.util.Set.of("failed", "canceled", "rejected");

    /**
     * The exit status of a call that succeeded: 0, except {@code task wait} whose task (or any task of
     * the context) ended failed, canceled or rejected: {@link Runner#UNSUCCESSFUL}, so scripts can
     * test the outcome without parsing it (docs/cli.md, exit status).
     */
    static int outcomeStatus(@Nullable String method, @Nullable Object result) {
        if (!"task.wait".equals(method) || !(result instanceof Map<?, ?> map)) {
            return 0;
        }
        List<Object> tasks = new java.util.ArrayList<>();
        if (map.get("task") != null) {
            tasks.add(map.get("task"));
        }
        if (map.get("tasks") instanceof List<?> list) {
            tasks.addAll(list);
        }
        for (Object task : tasks) {
            if (task instanceof Map<?, ?> t && UNSUCCESSFUL_TASK_STATES.contains(String.valueOf(t.get("state")))) {
                return Runner.UNSUCCESSFUL;
            }
        }
        return 0;
    }

    /**
     * The exit status of a failed call: a wait's TIMEOUT ({@code wait}, {@code task wait}, {@code pane wait-output})
     * is {@link Runner#TIMED_OUT}, so a script tells "not yet" from an error; others keep theirs. {@code pane run}'s
     * keeps 1: its statuses are the command's own.
     */
    static int errorStatus(@Nullable String method, String code, int status) {
        return "TIMEOUT".equals(code) && ("wait".equals(method) || "task.wait".equals(method)
                || "pane.wait_for_output".equals(method)) ? Runner.TIMED_OUT : status;
    }
}
