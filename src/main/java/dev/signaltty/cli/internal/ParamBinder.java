package dev.signaltty.cli.internal;

import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

import org.jspecify.annotations.Nullable;

import dev.signaltty.cli.internal.ArgParser.UsageException;

/**
 * The second half of {@link ArgParser}: binds the words it sorted (positionals, raw flag values, the
 * trailing argv) to one command's wire params — environment defaults, constants, exclusive groups and
 * unset switches, each value converted to its {@link ArgType}, and the caller's context a command
 * needs (its shell, its directory, the variables the daemon refreshes).
 */
final class ParamBinder {

    private final Function<String, @Nullable String> env;
    private final Path cwd;

    ParamBinder(Function<String, @Nullable String> env, Path cwd) {
        this.env = env;
        this.cwd = cwd;
    }

    Map<String, Object> bind(CommandSpec spec, Map<String, Object> raw, List<String> positionals,
            @Nullable List<String> trailing) {
        Map<String, Object> params = new LinkedHashMap<>();
        int next = 0;
        for (Positional p : spec.args()) {
            if (p.trailing()) {
                continue;
            }
            String value = next < positionals.size() ? positionals.get(next++) : null;
            if (value == null && p.env() != null) {
                value = present(env.apply(p.env()));
            }
            if (value == null) {
                if (!p.optional()) {
                    // the daemon's "pane_id: is required" said nothing of where the default comes from
                    throw new UsageException("missing <" + p.name() + ">" + (p.env() == null ? ""
                            : " ($" + p.env() + " is not set: this does not run inside a signaltty pane)"), spec);
                }
                continue;
            }
            params.put(p.param(), convert(spec, p.name(), p.type(), value));
        }
        if (next < positionals.size()) {
            throw new UsageException("unexpected argument '" + positionals.get(next) + "'", spec);
        }
        Map<String, String> groups = new LinkedHashMap<>();
        Map<String, String> unset = new LinkedHashMap<>(); // param → the switch that drops it
        for (Flag f : spec.flags()) {
            if (f.type() == ArgType.UNSET && Boolean.TRUE.equals(raw.get("--" + f.name()))) {
                unset.put(f.param(), f.name());
            }
        }
        for (Flag f : spec.flags()) {
            if (f.type() == ArgType.UNSET) {
                continue;
            }
            Object value = raw.get("--" + f.name());
            if (value != null && unset.containsKey(f.param())) {
                throw new UsageException("--" + f.name() + " and --" + unset.get(f.param()) + " exclude each other", spec);
            }
            if (unset.containsKey(f.param())) {
                continue;
            }
            if (value == null && f.env() != null) {
                value = present(env.apply(f.env()));
            }
            if (value == null && f.constant() != null && f.type() != ArgType.CONST) {
                value = f.constant();
            }
            if (f.group() != null && value != null) {
                String other = groups.put(f.group(), f.name());
                if (other != null) {
                    throw new UsageException("--" + other + " and --" + f.name() + " exclude each other", spec);
                }
            }
            if (value == null) {
                if (f.required()) {
                    throw new UsageException("missing --" + f.name(), spec);
                }
                continue;
            }
            params.put(f.param(), f.takesValue() ? convertFlag(spec, f, value) : value);
        }
        for (Flag f : spec.flags()) {
            if (f.group() != null && !groups.containsKey(f.group())) {
                List<String> names = new ArrayList<>();
                for (Flag g : spec.flags()) {
                    if (f.group().equals(g.group())) {
                        names.add("--" + g.name());
                    }
                }
                throw new UsageException("one of " + String.join(", ", names) + " is required", spec);
            }
        }
        Positional rest = spec.trailing();
        if (rest != null) {
            if (trailing != null && !trailing.isEmpty()) {
                params.put(rest.param(), rest.type() == ArgType.STRING ? String.join(" ", trailing) : List.copyOf(trailing));
            } else if (!rest.optional()) {
                throw new UsageException("missing -- " + rest.name() + "…", spec);
            } else if (launchesShell(spec)) {
                String shell = present(env.apply("SHELL"));
                params.put(rest.param(), List.of(shell != null ? shell : "bash"));
            }
        }
        if (spec.oneOf() != null && spec.oneOf().params().stream().noneMatch(params::containsKey)) {
            throw new UsageException("missing " + spec.oneOf().missing(), spec);
        }
        if (launchesShell(spec)) {
            params.put("client_env", clientEnvironment());
        }
        if (spec.action() == CommandSpec.Action.NEW || "workspace.create".equals(spec.method())) {
            // The daemon runs elsewhere: a workspace without --cwd is the caller's directory.
            params.putIfAbsent("cwd", cwd.toString());
        }
        return params;
    }

    /** This client's values of {@link ArgParser#UPDATE_ENVIRONMENT}; a name it lacks is left out (the daemon drops it). */
    private Map<String, Object> clientEnvironment() {
        Map<String, Object> values = new LinkedHashMap<>();
        for (String name : ArgParser.UPDATE_ENVIRONMENT) {
            String value = env.apply(name);
            if (value != null) {
                values.put(name, value);
            }
        }
        return values;
    }

    /** pane spawn/split and new run the user's shell when no command is given. */
    private static boolean launchesShell(CommandSpec spec) {
        return spec.action() == CommandSpec.Action.NEW || "pane.spawn".equals(spec.method())
                || "pane.split".equals(spec.method());
    }

    private Object convertFlag(CommandSpec spec, Flag f, Object value) {
        String label = "--" + f.name();
        if (!f.repeatable()) {
            return convert(spec, label, f.type(), (String) value);
        }
        List<?> items = value instanceof List<?> l ? l : List.of(value);
        switch (f.type()) {
            case MAP -> {
                Map<String, Object> map = new LinkedHashMap<>();
                for (Object item : items) {
                    String s = (String) item;
                    int eq = s.indexOf('=');
                    if (eq <= 0) {
                        throw new UsageException(label + ": expected KEY=VALUE, got '" + s + "'", spec);
                    }
                    map.put(s.substring(0, eq), s.substring(eq + 1));
                }
                return map;
            }
            case INT_LIST -> {
                List<Object> out = new ArrayList<>();
                for (Object item : items) {
                    for (String part : ((String) item).split(",")) {
                        if (!part.isBlank()) {
                            out.add(convert(spec, label, ArgType.INT, part.strip()));
                        }
                    }
                }
                return out;
            }
            case ONE_OR_LIST -> {
                return items.size() == 1 ? items.get(0) : List.copyOf(items);
            }
            default -> {
                return List.copyOf(items);
            }
        }
    }

    private Object convert(CommandSpec spec, String label, ArgType type, String value) {
        try {
            return switch (type) {
                case INT -> Long.parseLong(value);
                case NUMBER -> new BigDecimal(value);
                case PATH -> cwd.resolve(expandHome(value)).normalize().toString();
                case JSON -> {
                    Object parsed = Json.parse(value);
                    if (parsed == null) {
                        throw new UsageException(label + ": null is not a value", spec);
                    }
                    yield parsed;
                }
                case BOOL -> Boolean.parseBoolean(value);
                default -> value;
            };
        } catch (NumberFormatException e) {
            throw new UsageException(label + ": expected a number, got '" + value + "'", spec);
        } catch (Json.ParseException e) {
            throw new UsageException(label + ": bad JSON: " + e.getMessage(), spec);
        }
    }

    private String expandHome(String path) {
        if (path.equals("~") || path.startsWith("~/")) {
            String home = present(env.apply("HOME"));
            if (home != null) {
                return home + path.substring(1);
            }
        }
        return path;
    }

    private static @Nullable String present(@Nullable String value) {
        return value == null || value.isEmpty() ? null : value;
    }
}
