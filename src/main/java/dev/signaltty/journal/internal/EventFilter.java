package dev.signaltty.journal.internal;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

import org.jspecify.annotations.Nullable;

import dev.signaltty.transport.ProtocolException;

/**
 * Which state events a subscription selects: the seed's glob set (R139) plus exact event names, then
 * the optional {@code task_ids} narrowing (R81, R82).
 *
 * <p>{@code pty.*} and {@code pty.data} are accepted and select nothing here: pty.data reaches only the
 * connections that attached its pane (R306). {@code *} selects every state event.
 */
public record EventFilter(boolean all, Set<String> prefixes, Set<String> exact, @Nullable Set<String> taskIds) {

    /** The families a glob may name, as {@code family.*}; exact names must belong to one of them. */
    public static final List<String> FAMILIES = List.of("agent", "pane", "workspace", "tab", "attention",
            "notification", "decision", "worktree", "git", "pty", "task");

    private static final Pattern EXACT = Pattern.compile("([a-z]+)\\.[a-z][a-z0-9_]*");

    public static final EventFilter EVERYTHING = new EventFilter(true, Set.of(), Set.of(), null);

    public EventFilter {
        prefixes = Set.copyOf(prefixes);
        exact = Set.copyOf(exact);
        taskIds = taskIds == null ? null : Set.copyOf(taskIds);
    }

    /**
     * Parses the subscribe params.
     *
     * @throws ProtocolException BAD_PARAMS naming {@code events} or {@code task_ids}
     */
    public static EventFilter parse(@Nullable List<String> events, @Nullable List<String> taskIds) {
        List<String> globs = events == null ? List.of("*") : events;
        if (globs.isEmpty()) {
            throw ProtocolException.badParams("events", "must name at least one glob (omit it for \"*\")");
        }
        boolean all = false;
        Set<String> prefixes = new LinkedHashSet<>();
        Set<String> exact = new LinkedHashSet<>();
        for (String glob : globs) {
            if (glob == null) {
                throw ProtocolException.badParams("events", "null glob");
            }
            if (glob.equals("*")) {
                all = true;
            } else if (glob.endsWith(".*") && FAMILIES.contains(glob.substring(0, glob.length() - 2))) {
                prefixes.add(glob.substring(0, glob.length() - 1));
            } else {
                var m = EXACT.matcher(glob);
                if (!m.matches() || !FAMILIES.contains(m.group(1))) {
                    throw ProtocolException.badParams("events", "unknown glob " + glob
                            + " (use *, family.* for " + String.join(", ", FAMILIES) + ", or an exact event name)");
                }
                exact.add(glob);
            }
        }
        Set<String> tasks = null;
        if (taskIds != null) {
            if (taskIds.isEmpty()) {
                throw ProtocolException.badParams("task_ids", "must not be empty (omit it for all tasks)");
            }
            tasks = new LinkedHashSet<>();
            for (String id : taskIds) {
                if (id == null || id.isBlank()) {
                    throw ProtocolException.badParams("task_ids", "blank task id");
                }
                tasks.add(id);
            }
        }
        return new EventFilter(all, prefixes, exact, tasks);
    }

    /** Whether a journaled state event goes to this subscription. */
    public boolean matches(AuditRecord record) {
        String event = record.event();
        if (event.startsWith("pty.")) {
            return false;
        }
        if (!all && !exact.contains(event) && prefixes.stream().noneMatch(event::startsWith)) {
            return false;
        }
        if (taskIds == null) {
            return true;
        }
        String taskId = record.taskId();
        return taskId != null && taskIds.contains(taskId);
    }
}
