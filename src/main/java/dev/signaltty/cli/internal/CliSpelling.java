package dev.signaltty.cli.internal;

import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.jspecify.annotations.Nullable;

/**
 * A daemon's error message in the words a CLI user types (ADR 1442). The daemon answers every client, and a socket
 * client calls {@code pane.read} with {@code mode: last_command}; the CLI user types {@code signaltty pane read PANE
 * --mode last_command}, and read the wire's spelling as a command that does not exist. So the daemon keeps its
 * spelling and the CLI, which holds the command table, translates what it prints: the {@code details} line stays the
 * wire's, for scripts.
 *
 * <ul>
 * <li>A leading field ({@code BAD_PARAMS: timeout_s: must be positive}) the command spells otherwise becomes its
 * option or argument: {@code --timeout: …}, {@code <option>: …}. A field spelled alike ({@code name}) stays.</li>
 * <li>A method followed by one of its params and a value ({@code pane.read mode last_command}) becomes the command to
 * type, its arguments filled from the error's details where they hold them: {@code signaltty pane read pane_x --mode
 * last_command}; a param set true that the command has as a switch is the switch ({@code task.finish merge true}:
 * {@code signaltty task finish task_x --merge}).</li>
 * <li>A method that already has the command beside it ({@code decision.answer (signaltty decision answer …)}) gives
 * way to that command.</li>
 * <li>Any other method a command wraps is that command's words: {@code another `pane run` is in progress}.</li>
 * </ul>
 */
final class CliSpelling {

    private static final Pattern LEADING_FIELD = Pattern.compile("^([a-z][a-z0-9_]*): ");
    /** A method name standing alone: not part of a setting such as {@code signaltty.pane.size-policy}. */
    private static final String METHOD = "(?<![\\w.-])([a-z]+\\.[a-z_]+)(?![\\w.-])";
    private static final Pattern METHOD_WITH_COMMAND = Pattern.compile(METHOD + " \\((signaltty [^)]*)\\)");
    private static final Pattern METHOD_WITH_PARAM = Pattern.compile(METHOD + " ([a-z_]+) ([a-z0-9_]+)");
    private static final Pattern METHOD_ALONE = Pattern.compile(METHOD);

    private final CommandTable table;

    CliSpelling(CommandTable table) {
        this.table = table;
    }

    String of(String message, CommandSpec spec, @Nullable Map<String, Object> details) {
        String text = leadingField(message, spec);
        text = replace(METHOD_WITH_COMMAND, text, m -> command(m.group(1)) != null ? m.group(2) : null);
        text = replace(METHOD_WITH_PARAM, text, m -> withParam(m, details));
        return replace(METHOD_ALONE, text, m -> {
            CommandSpec command = command(m.group(1));
            return command == null ? null : "`" + command.name() + "`";
        });
    }

    private static String leadingField(String message, CommandSpec spec) {
        Matcher m = LEADING_FIELD.matcher(message);
        if (!m.find()) {
            return message;
        }
        String spelled = spelling(spec, m.group(1));
        return spelled == null ? message : spelled + ": " + message.substring(m.end());
    }

    /** How the command spells a wire param, when that differs from the param itself; else null. */
    static @Nullable String spelling(CommandSpec spec, String param) {
        for (Positional p : spec.args()) {
            if (p.param().equals(param)) {
                return p.name().equals(param) ? null : "<" + p.name() + ">";
            }
        }
        for (Flag f : spec.flags()) {
            if (f.param().equals(param) && f.type() != ArgType.NEGATED_BOOL && f.type() != ArgType.UNSET
                    && f.type() != ArgType.CONST) {
                return f.name().replace('-', '_').equals(param) ? null : "--" + f.name();
            }
        }
        return null;
    }

    private @Nullable String withParam(Matcher m, @Nullable Map<String, Object> details) {
        CommandSpec command = command(m.group(1));
        if (command == null) {
            return null;
        }
        Flag flag = null;
        for (Flag f : command.flags()) {
            // a value flag by its param (mode → --mode screen); a switch by its name, when the message sets it true
            // (task.finish merge true → --merge, a choice whose param is disposition)
            if (f.takesValue() ? f.param().equals(m.group(2)) : f.name().equals(m.group(2)) && m.group(3).equals("true")) {
                flag = f;
            }
        }
        if (flag == null) {
            return null;
        }
        StringBuilder typed = new StringBuilder("signaltty ").append(command.name());
        for (Positional p : command.args()) {
            if (p.trailing() || p.optional() && (details == null || !details.containsKey(p.param()))) {
                continue;
            }
            Object value = details == null ? null : details.get(p.param());
            typed.append(' ').append(value instanceof String s ? s : "<" + p.name() + ">");
        }
        typed.append(" --").append(flag.name());
        return flag.takesValue() ? typed.append(' ').append(m.group(3)).toString() : typed.toString();
    }

    /** The command that wraps a method, the plain call first; null when none does. */
    private @Nullable CommandSpec command(String method) {
        CommandSpec found = null;
        for (CommandSpec s : table.specs()) {
            if (method.equals(s.method()) && (found == null || s.action() == CommandSpec.Action.CALL
                    && found.action() != CommandSpec.Action.CALL)) {
                found = s;
            }
        }
        return found;
    }

    private interface Replacement {
        @Nullable String of(Matcher m);
    }

    /** Each match replaced, or kept as it is where the replacement is null. */
    private static String replace(Pattern pattern, String text, Replacement replacement) {
        Matcher m = pattern.matcher(text);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            String with = replacement.of(m);
            m.appendReplacement(out, Matcher.quoteReplacement(with == null ? m.group() : with));
        }
        m.appendTail(out);
        return out.toString();
    }
}
