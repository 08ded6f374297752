package dev.signaltty.cli.internal;

import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.jspecify.annotations.Nullable;

/**
 * What a command's argument can be, shared by the console's completer and {@code signaltty __complete}
 * (bash/zsh): the fixed values of a few flags, and live ids (pane names too) from one bounded call to a
 * running daemon — never starting one, and nothing when it does not answer.
 */
public final class Completions {

    /** Fixed values by flag name. */
    public static final Map<String, List<String>> VALUES = Map.of(
            "mode", List.of("screen", "tail", "rendered", "last_command"),
            "direction", List.of("right", "down", "left", "up"),
            "status", List.of("completed", "failed", "rejected"),
            "state", List.of("pending", "working", "input_required", "completed", "failed", "canceled", "rejected"),
            "until", List.of("idle", "working", "blocked", "done", "exited", "unread", "input_required",
                    "permission_required", "none", "seen", "attention_cleared", "settled", "terminal",
                    "completed", "failed", "canceled"));

    /** Param → the method that lists its values and the id prefix to collect. */
    private static final Map<String, String[]> LISTERS = Map.of(
            "pane_id", new String[] {"pane.list", "pane_"},
            "target_pane_id", new String[] {"pane.list", "pane_"},
            "parent_pane_id", new String[] {"pane.list", "pane_"},
            "workspace_id", new String[] {"workspace.list", "ws_"},
            "tab_id", new String[] {"tab.list", "tab_"},
            "task_id", new String[] {"task.list", "task_"},
            "decision_id", new String[] {"decision.list", "dec_"});

    private Completions() {
    }

    /**
     * The param the word at {@code index} fills: a value flag's param when the word before is that flag,
     * else the positional it would be. {@code first} is the index of the first word after the command name.
     */
    public static @Nullable String paramAt(CommandSpec spec, List<String> words, int first, int index) {
        String previous = index > first ? words.get(index - 1) : "";
        if (previous.startsWith("--") && !previous.contains("=")) {
            Flag flag = spec.flag(previous.substring(2));
            if (flag != null && flag.takesValue()) {
                return flag.param();
            }
        }
        int positional = 0;
        for (int i = first; i < index; i++) {
            String w = words.get(i);
            if (w.equals("--")) {
                return null; // the trailing argv: the shell's own completion
            }
            if (w.startsWith("--")) {
                Flag flag = spec.flag(w.substring(2));
                if (flag != null && flag.takesValue() && !w.contains("=")) {
                    i++;
                }
            } else {
                positional++;
            }
        }
        int seen = 0;
        for (Positional p : spec.args()) {
            if (!p.trailing() && seen++ == positional) {
                return p.param();
            }
        }
        return null;
    }

    /** The flag whose value the word at {@code index} is, or null. */
    public static @Nullable Flag flagBefore(CommandSpec spec, List<String> words, int index) {
        String previous = index > 0 ? words.get(index - 1) : "";
        if (!previous.startsWith("--") || previous.contains("=")) {
            return null;
        }
        Flag flag = spec.flag(previous.substring(2));
        return flag != null && flag.takesValue() ? flag : null;
    }

    /**
     * Live ids for {@code param}, and what resolves in their place: pane names, workspace handles, and tab names
     * without blanks (a shell completes one word; {@code tab 1} is typed quoted). Empty when there are none or no
     * daemon answers.
     */
    public static List<String> live(Path socket, @Nullable String param) {
        String[] lister = param == null ? null : LISTERS.get(param);
        if (lister == null || !Client.listening(socket)) {
            return List.of();
        }
        try (Client client = Client.connect(socket)) {
            Client.Response response = client.call(lister[0], Map.of());
            if (!response.ok()) {
                return List.of();
            }
            Set<String> values = new LinkedHashSet<>();
            collect(response.result(), lister[1], values);
            return List.copyOf(values);
        } catch (RuntimeException e) {
            return List.of(); // completion is best effort
        }
    }

    private static void collect(@Nullable Object value, String prefix, Set<String> out) {
        if (value instanceof Map<?, ?> map) {
            for (Map.Entry<?, ?> e : map.entrySet()) {
                Object v = e.getValue();
                if (v instanceof String s && (s.startsWith(prefix) || addresses(prefix, e.getKey(), s))) {
                    out.add(s);
                } else {
                    collect(v, prefix, out);
                }
            }
        } else if (value instanceof List<?> list) {
            list.forEach(v -> collect(v, prefix, out));
        }
    }

    /** Whether the field {@code key} holding {@code value} addresses a thing of the kind {@code prefix}, as its id does. */
    private static boolean addresses(String prefix, Object key, String value) {
        return switch (prefix) {
            case "pane_" -> "name".equals(key) && !value.isEmpty();
            case "tab_" -> "name".equals(key) && !value.isBlank() && value.chars().noneMatch(Character::isWhitespace);
            case "ws_" -> "handle".equals(key);
            default -> false;
        };
    }
}
