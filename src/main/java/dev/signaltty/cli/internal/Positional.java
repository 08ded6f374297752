package dev.signaltty.cli.internal;

import org.jspecify.annotations.Nullable;

/**
 * A positional argument of one command.
 *
 * @param name     shown in usage, e.g. {@code pane}
 * @param param    the wire param it fills, e.g. {@code pane_id}
 * @param type     how it is converted
 * @param optional may be left out
 * @param trailing takes every word after {@code --} as an array (the {@code argv} of a launch)
 * @param env      an environment variable read when it is left out
 */
public record Positional(String name, String param, ArgType type, boolean optional, boolean trailing,
        @Nullable String env) {

    String usage() {
        if (trailing) {
            return optional ? "[-- " + name + "…]" : "-- " + name + "…";
        }
        return optional ? "[" + name + "]" : "<" + name + ">";
    }
}
