package dev.signaltty.cli.internal.view;

import org.jspecify.annotations.Nullable;

import dev.signaltty.cli.internal.CliException;

/** The view's prefix key ({@code --prefix}, tmux's {@code prefix} option): C-b unless told otherwise. */
public final class ViewPrefix {

    private ViewPrefix() {
    }

    /** Parses {@code C-b}, {@code ^B} or nothing (C-b) into the prefix byte; anything else is BAD_PARAMS. */
    public static byte parse(@Nullable String spec) {
        if (spec == null || spec.isEmpty()) {
            return 0x02;
        }
        String s = spec.trim();
        if ((s.startsWith("C-") || s.startsWith("c-")) && s.length() == 3 || s.startsWith("^") && s.length() == 2) {
            char c = Character.toLowerCase(s.charAt(s.length() - 1));
            if (c >= 'a' && c <= 'z') {
                return (byte) (c - 'a' + 1);
            }
        }
        throw new CliException("BAD_PARAMS", "prefix must be like C-b or ^B (a control letter), not " + spec);
    }
}
