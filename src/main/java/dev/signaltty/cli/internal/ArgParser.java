package dev.signaltty.cli.internal;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

import org.jspecify.annotations.Nullable;
import dev.signaltty.transport.Suggest;

/**
 * Turns command-line words into a method call using the {@link CommandTable}: the same parser serves
 * the one-shot CLI (argv) and the console (a tokenized line).
 *
 * <p>Grammar: {@code [global…] noun [verb] (positional | --flag[=value] | global)… [-- argv…]}. The
 * globals are {@code --json}, {@code --no-start} and {@code --help}/{@code -h}. A repeatable flag takes
 * the following words up to the next flag once every required positional is filled, so
 * {@code events --events 'pane.*' 'agent.*'} and {@code wait --until idle p1} both read naturally.
 *
 * <p>This class finds the command and sorts its words (globals, flags, positionals, trailing argv);
 * {@link ParamBinder} binds them to the method's wire params.
 */
public final class ArgParser {

    /** Global switches that apply to every command. */
    public record Options(boolean json, boolean noStart, boolean help) {
        public static final Options NONE = new Options(false, false, false);
    }

    /**
     * A parsed command line.
     *
     * @param spec    the command, or null when no command was named (console / top-level help)
     * @param params  wire params in table order
     * @param options the global switches
     */
    public record Invocation(@Nullable CommandSpec spec, Map<String, Object> params, Options options,
            @Nullable String noun) {

        public Invocation(@Nullable CommandSpec spec, Map<String, Object> params, Options options) {
            this(spec, params, options, null);
        }
    }

    /** A usage error: exit status 2, with the usage line of the command when one was recognized. */
    public static final class UsageException extends RuntimeException {
        private final @Nullable CommandSpec spec;

        public UsageException(String message, @Nullable CommandSpec spec) {
            super(message, null, false, false);
            this.spec = spec;
        }

        public @Nullable CommandSpec spec() {
            return spec;
        }
    }

    /** The options that may come before the command (--host and --all-hosts are taken off before parsing). */
    static final List<String> GLOBAL_OPTIONS = List.of("--json", "--no-start", "--help", "--version", "--host", "--all-hosts");

    private final CommandTable table;
    private final Function<String, @Nullable String> env;
    private final Path cwd;

    public ArgParser(CommandTable table, Function<String, @Nullable String> env, Path cwd) {
        this.table = table;
        this.env = env;
        this.cwd = cwd;
    }

    public Invocation parse(List<String> words) {
        boolean json = false;
        boolean noStart = false;
        boolean help = false;
        int i = 0;
        // leading globals
        for (; i < words.size(); i++) {
            String w = words.get(i);
            if (w.equals("--json")) {
                json = true;
            } else if (w.equals("--no-start")) {
                noStart = true;
            } else if (w.equals("--help") || w.equals("-h") || w.equals("help")) {
                help = true;
            } else {
                break;
            }
        }
        if (i == words.size()) {
            return new Invocation(null, new LinkedHashMap<>(), new Options(json, noStart, help));
        }
        String noun = words.get(i++);
        if (noun.startsWith("-")) { // a mistyped global option is not a command named "--jsn"
            throw new UsageException("unknown option " + noun + Suggest.hint(noun, GLOBAL_OPTIONS)
                    + " before the command; options there: " + String.join(", ", GLOBAL_OPTIONS), null);
        }
        CommandSpec spec = table.find(noun);
        if (spec == null) {
            List<String> verbs = table.verbs(noun);
            String outside = Help.outside(noun);
            if (outside != null) { // typed as Main runs it, it never gets here: this is help, or a wrong form
                if (help || words.subList(i, words.size()).stream().anyMatch(w -> w.equals("--help") || w.equals("-h"))) {
                    return new Invocation(null, new LinkedHashMap<>(), new Options(json, noStart, true), noun);
                }
                throw new UsageException("type it as: " + outside, null);
            }
            if (verbs.isEmpty()) {
                throw new UsageException("unknown command '" + noun + "'" + Suggest.hint(noun, table.nouns())
                        + " (try: signaltty help)", null);
            }
            if (i == words.size() || words.get(i).startsWith("-")) {
                if (help || (i < words.size() && (words.get(i).equals("--help") || words.get(i).equals("-h")))) {
                    return new Invocation(null, new LinkedHashMap<>(), new Options(json, noStart, true), noun);
                }
                throw new UsageException("missing verb after '" + noun + "': " + String.join(", ", verbs), null);
            }
            String verb = words.get(i++);
            spec = table.find(noun + " " + verb);
            if (spec == null) {
                String hint = Suggest.hint(verb, verbs);
                throw new UsageException("unknown command '" + noun + " " + verb + "'"
                        + (hint.isEmpty() ? table.choiceHint(noun, verb) : hint) + "; verbs: " + String.join(", ", verbs), null);
            }
        }
        Map<String, Object> raw = new LinkedHashMap<>();
        List<String> positionals = new ArrayList<>();
        List<String> trailing = null;
        List<String> settings = new ArrayList<>();
        int requiredPositionals = 0;
        for (Positional p : spec.args()) {
            if (!p.optional() && !p.trailing()) {
                requiredPositionals++;
            }
        }
        for (; i < words.size(); i++) {
            String w = words.get(i);
            if (w.equals("--")) {
                if (spec.trailing() == null) {
                    throw new UsageException("'" + spec.name() + "' takes no trailing command", spec);
                }
                trailing = new ArrayList<>(words.subList(i + 1, words.size()));
                break;
            }
            if (w.startsWith("--") && w.length() > 2) {
                int eq = w.indexOf('=');
                String name = eq < 0 ? w.substring(2) : w.substring(2, eq);
                String inline = eq < 0 ? null : w.substring(eq + 1);
                Flag flag = spec.flag(name);
                if (flag == null && takesSettings(spec) && name.contains(".")) {
                    if (inline == null) {
                        throw new UsageException("--" + name + ": a setting is given as --" + name + "=VALUE", spec);
                    }
                    settings.add(w);
                    continue;
                }
                if (flag == null) {
                    switch (name) {
                        case "json" -> json = true;
                        case "no-start" -> noStart = true;
                        case "help" -> help = true;
                        default -> throw new UsageException("unknown option --" + name + " for '" + spec.name() + "'"
                                + Suggest.hint(name, optionNames(spec), "--"), spec);
                    }
                    continue;
                }
                if (!flag.takesValue()) {
                    boolean on = inline == null || parseBool(flag, inline);
                    Object value = switch (flag.type()) {
                        case NEGATED_BOOL -> !on;
                        case CONST -> on ? flag.constant() : null;
                        default -> on;
                    };
                    if (value != null) {
                        putFlag(raw, flag, value);
                    }
                    continue;
                }
                if (inline != null) {
                    putFlag(raw, flag, inline);
                    continue;
                }
                if (i + 1 >= words.size() || words.get(i + 1).equals("--")) {
                    throw new UsageException("--" + name + " needs a value", spec);
                }
                putFlag(raw, flag, words.get(++i));
                if (flag.repeatable() && flag.type() != ArgType.MAP) {
                    while (positionals.size() >= requiredPositionals && i + 1 < words.size()
                            && !words.get(i + 1).startsWith("-")) {
                        putFlag(raw, flag, words.get(++i));
                    }
                }
                continue;
            }
            if (w.equals("-h")) {
                help = true;
                continue;
            }
            if (w.equals("-f") && spec.flag("follow") != null) {
                putFlag(raw, spec.flag("follow"), true); // tail's -f
                continue;
            }
            if (w.startsWith("-") && w.length() > 1 && !isNumber(w)) {
                throw new UsageException("unknown option " + w + " for '" + spec.name() + "'", spec);
            }
            positionals.add(w);
        }
        Options options = new Options(json, noStart, help);
        if (help) {
            return new Invocation(spec, new LinkedHashMap<>(), options);
        }
        Map<String, Object> params = new ParamBinder(env, cwd).bind(spec, raw, positionals, trailing);
        if (!settings.isEmpty()) {
            params.put(SETTINGS, List.copyOf(settings));
        }
        return new Invocation(spec, params, options);
    }

    /** The key of a {@code server start} invocation's {@code --key=value} daemon settings (never sent). */
    public static final String SETTINGS = "settings";

    /**
     * The variables the daemon refreshes from each spawning client (tmux's update-environment): the
     * default of {@code signaltty.environment.update} in application.yml, kept equal by a test.
     */
    public static final List<String> UPDATE_ENVIRONMENT = List.of("DISPLAY", "KRB5CCNAME", "SSH_ASKPASS",
            "SSH_AUTH_SOCK", "SSH_AGENT_PID", "SSH_CONNECTION", "WINDOWID", "XAUTHORITY", "WAYLAND_DISPLAY",
            "TERM_PROGRAM", "TERM_PROGRAM_VERSION", "COLORTERM");

    /** {@code server start|recover} pass {@code --some.key=value} to the daemon (Spring's own syntax). */
    private static boolean takesSettings(CommandSpec spec) {
        return spec.action() == CommandSpec.Action.SERVER_START || spec.action() == CommandSpec.Action.SERVER_RECOVER;
    }

    private static List<String> optionNames(CommandSpec spec) {
        List<String> names = new ArrayList<>(List.of("json", "no-start", "help"));
        spec.flags().forEach(f -> names.add(f.name()));
        return names;
    }

    private static void putFlag(Map<String, Object> raw, Flag flag, Object value) {
        if (flag.repeatable()) {
            @SuppressWarnings("unchecked")
            List<Object> list = (List<Object>) raw.computeIfAbsent("--" + flag.name(), k -> new ArrayList<>());
            list.add(value);
        } else {
            raw.put("--" + flag.name(), value);
        }
    }

    private static boolean parseBool(Flag flag, String value) {
        return switch (value) {
            case "true", "yes", "1" -> true;
            case "false", "no", "0" -> false;
            default -> throw new UsageException("--" + flag.name() + ": expected true or false", null);
        };
    }

    private static boolean isNumber(String w) {
        for (int k = 1; k < w.length(); k++) {
            char c = w.charAt(k);
            if ((c < '0' || c > '9') && c != '.') {
                return false;
            }
        }
        return true;
    }
}
