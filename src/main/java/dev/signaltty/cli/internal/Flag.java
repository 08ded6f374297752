package dev.signaltty.cli.internal;

import org.jspecify.annotations.Nullable;

/**
 * A {@code --name} option of one command.
 *
 * @param name     the option without dashes, e.g. {@code after-seq}
 * @param param    the wire param it fills, e.g. {@code after_seq}
 * @param type     how its value is converted
 * @param constant the value a CONST flag sends, or the default sent when the flag is absent
 * @param env      an environment variable read when the flag is absent (e.g. {@code SIGNALTTY_PANE})
 * @param group    flags sharing a group are mutually exclusive, and one of them is required
 * @param required the flag must be given (after env and default fallbacks)
 * @param help     one line for usage
 */
public record Flag(String name, String param, ArgType type, @Nullable String constant, @Nullable String env,
        @Nullable String group, boolean required, String help) {

    public boolean takesValue() {
        return type != ArgType.BOOL && type != ArgType.NEGATED_BOOL && type != ArgType.CONST && type != ArgType.UNSET;
    }

    public boolean repeatable() {
        return type == ArgType.LIST || type == ArgType.ONE_OR_LIST || type == ArgType.INT_LIST
                || type == ArgType.MAP;
    }

    String usage() {
        String value = switch (type) {
            case BOOL, NEGATED_BOOL, CONST, UNSET -> "";
            case INT, INT_LIST -> " N";
            case NUMBER -> " X";
            case JSON -> " JSON";
            case MAP -> " K=V";
            case PATH -> " PATH";
            default -> " " + name.toUpperCase().replace('-', '_');
        };
        String text = "--" + name + value + (repeatable() ? "…" : "");
        return required || group != null ? text : "[" + text + "]";
    }
}
