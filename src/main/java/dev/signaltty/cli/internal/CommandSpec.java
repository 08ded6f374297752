package dev.signaltty.cli.internal;

import java.util.ArrayList;
import java.util.List;

import org.jspecify.annotations.Nullable;

/**
 * One row of the command table: the words that name it, the protocol method it wraps, how its words
 * become params, and whether it changes server state.
 *
 * @param words    e.g. {@code ["pane", "read"]}
 * @param method   the wrapped method, or null for commands that call none ({@code server run})
 * @param mutating changes server state: never resent automatically
 * @param action   how the call is made and shown (most commands are a plain {@link Action#CALL})
 * @param oneOf    params of which at least one must be given, and how the usage error names them; null: none
 * @param waitsAcrossRestart a wait on state that outlives a {@code server restart}: when the restart cancels it,
 *                 the CLI asks the next image again for the time left ({@link WaitAcrossRestart}, ADR 1061)
 */
public record CommandSpec(List<String> words, @Nullable String method, boolean mutating, Action action,
        List<Positional> args, List<Flag> flags, String summary, @Nullable OneOf oneOf, boolean waitsAcrossRestart) {

    /**
     * At least one of {@code params} is required, each optional alone ({@code task wait <task>} or {@code --context}):
     * the daemon's refusal named protocol fields ({@code task_id or context_id}), the CLI's names what to type.
     */
    public record OneOf(List<String> params, String missing) {
    }

    /** How a command is carried out; everything but CALL is a small special case in the runner. */
    public enum Action {
        CALL, NEW, HOOK_EVENT, EVENTS, ATTACH, CONSOLE, VIEW, SET_LAYOUT, LOGS,
        SERVER_START, SERVER_RUN, SERVER_STOP, SERVER_RESTART, SERVER_STATUS, SERVER_RECOVER,
        HOSTS, WEB, FLEET
    }

    public String name() {
        return String.join(" ", words);
    }

    public @Nullable Flag flag(String name) {
        for (Flag f : flags) {
            if (f.name().equals(name)) {
                return f;
            }
        }
        return null;
    }

    public @Nullable Positional trailing() {
        for (Positional p : args) {
            if (p.trailing()) {
                return p;
            }
        }
        return null;
    }

    public String usage() {
        StringBuilder out = new StringBuilder("signaltty ").append(name());
        for (Positional p : args) {
            if (!p.trailing()) {
                out.append(' ').append(p.usage());
            }
        }
        List<String> groups = new ArrayList<>();
        for (Flag f : flags) {
            if (f.group() == null) {
                out.append(' ').append(f.usage());
            } else if (!groups.contains(f.group())) {
                groups.add(f.group());
                List<String> choices = new ArrayList<>();
                for (Flag g : flags) {
                    if (f.group().equals(g.group())) {
                        choices.add("--" + g.name());
                    }
                }
                out.append(" (").append(String.join("|", choices)).append(')');
            }
        }
        Positional rest = trailing();
        if (rest != null) {
            out.append(' ').append(rest.usage());
        }
        return out.toString();
    }

    static Builder of(String words, @Nullable String method, String summary) {
        return new Builder(List.of(words.split(" ")), method, summary);
    }

    /** Fluent rows keep the table readable as data. */
    static final class Builder {
        private final List<String> words;
        private final @Nullable String method;
        private final String summary;
        private boolean mutating;
        private Action action = Action.CALL;
        private final List<Positional> args = new ArrayList<>();
        private final List<Flag> flags = new ArrayList<>();
        private @Nullable OneOf oneOf;
        private boolean waitsAcrossRestart;

        private Builder(List<String> words, @Nullable String method, String summary) {
            this.words = words;
            this.method = method;
            this.summary = summary;
        }

        Builder mutating() {
            this.mutating = true;
            return this;
        }

        Builder action(Action action) {
            this.action = action;
            return this;
        }

        Builder arg(String name, String param) {
            return arg(name, param, ArgType.STRING, false, null);
        }

        Builder optArg(String name, String param) {
            return arg(name, param, ArgType.STRING, true, null);
        }

        Builder arg(String name, String param, ArgType type, boolean optional, @Nullable String env) {
            args.add(new Positional(name, param, type, optional, false, env));
            return this;
        }

        /** Every word after {@code --} becomes the array param (a launch's argv). */
        Builder trailing(String name, String param) {
            args.add(new Positional(name, param, ArgType.LIST, true, true, null));
            return this;
        }

        /**
         * Every word after {@code --}, joined by spaces, becomes the string param (pane run's command line): required
         * unless {@link #oneOf} offers another param in its place.
         */
        Builder trailingText(String name, String param) {
            args.add(new Positional(name, param, ArgType.STRING, true, true, null));
            return this;
        }

        Builder flag(String name, ArgType type, String help) {
            return flag(name, name.replace('-', '_'), type, help);
        }

        Builder flag(String name, String param, ArgType type, String help) {
            flags.add(new Flag(name, param, type, null, null, null, false, help));
            return this;
        }

        Builder required(String name, String param, ArgType type, String help) {
            flags.add(new Flag(name, param, type, null, null, null, true, help));
            return this;
        }

        /** A flag that falls back to an environment variable (the CLI's in-pane context). */
        Builder envFlag(String name, String param, String env, String help) {
            flags.add(new Flag(name, param, ArgType.STRING, null, env, null, false, help));
            return this;
        }

        /** A flag with a default the CLI sends when it is absent. */
        Builder defaulted(String name, String param, ArgType type, String value, String help) {
            flags.add(new Flag(name, param, type, value, null, null, false, help));
            return this;
        }

        /** A switch that drops the default of the flag sending {@code param} (and excludes that flag). */
        Builder unsets(String name, String param, String help) {
            flags.add(new Flag(name, param, ArgType.UNSET, null, null, null, false, help));
            return this;
        }

        /** One of a required, mutually exclusive set: sends {@code param: value}. */
        Builder choice(String name, String param, String value, String group, String help) {
            flags.add(new Flag(name, param, ArgType.CONST, value, null, group, false, help));
            return this;
        }

        /** A wait the CLI carries through a {@code server restart} in place (ADR 1061): it reads state the restart keeps. */
        Builder waitsAcrossRestart() {
            this.waitsAcrossRestart = true;
            return this;
        }

        /** At least one of {@code params}; without any, the usage error {@code missing <missing>}. */
        Builder oneOf(String missing, String... params) {
            this.oneOf = new OneOf(List.of(params), missing);
            return this;
        }

        CommandSpec build() {
            return new CommandSpec(words, method, mutating, action, List.copyOf(args), List.copyOf(flags), summary, oneOf,
                    waitsAcrossRestart);
        }
    }
}
