package dev.signaltty.transport;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import org.jspecify.annotations.Nullable;

/**
 * What a string param may hold, checked where params are bound (transport's ParamsBinder), so every
 * method gets the same BAD_PARAMS naming the field. Put it on the type of a params record component, or
 * on a list's element type ({@code List<@Shape(Shape.Kind.ARG) String> argv}). The caps are documented
 * in docs/security.md.
 */
@Target(ElementType.TYPE_USE)
@Retention(RetentionPolicy.RUNTIME)
public @interface Shape {

    Kind value();

    /** The kinds of strings, with their caps (in characters). */
    enum Kind {
        /** A workspace, tab, pane or worktree name: at most 256 characters, no NUL or line break. */
        NAME(256, false, true),
        /** A short label or title: at most 256 characters, no NUL or line break. */
        LABEL(256, false, true),
        /** A file system path, relative or absolute: at most 4096 characters (PATH_MAX), no NUL. */
        PATH(4096, false, false),
        /** As {@link #PATH}, and absolute. */
        ABSOLUTE_PATH(4096, true, false),
        /** One argv word or env value passed to exec: at most 131072 characters (MAX_ARG_STRLEN), no NUL. */
        ARG(131_072, false, false);

        private final int max;
        private final boolean absolute;
        private final boolean singleLine;

        Kind(int max, boolean absolute, boolean singleLine) {
            this.max = max;
            this.absolute = absolute;
            this.singleLine = singleLine;
        }

        /** Why {@code value} does not fit, or null when it does. */
        public @Nullable String problem(String value) {
            if (value.length() > max) {
                return "is longer than " + max + " characters";
            }
            if (value.indexOf('\0') >= 0) {
                return "must not contain NUL";
            }
            if (singleLine && (value.indexOf('\n') >= 0 || value.indexOf('\r') >= 0)) {
                return "must not contain a line break";
            }
            if (absolute && !value.startsWith("/")) {
                return "must be an absolute path";
            }
            return null;
        }

        public int max() {
            return max;
        }
    }
}
