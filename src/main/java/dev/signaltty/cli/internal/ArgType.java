package dev.signaltty.cli.internal;

/** How a command-line word becomes a JSON param value. */
public enum ArgType {
    /** Sent verbatim. */
    STRING,
    /** A file system path, made absolute against the caller's directory (the daemon has its own cwd). */
    PATH,
    /** A JSON integer. */
    INT,
    /** A JSON number. */
    NUMBER,
    /** A flag without a value; {@code --flag=false} is also accepted. */
    BOOL,
    /** A flag without a value that sends {@code false} (e.g. {@code --raw} → {@code strip_ansi:false}). */
    NEGATED_BOOL,
    /** A flag without a value that sends the constant held by the flag (e.g. {@code --merge}). */
    CONST,
    /**
     * A flag without a value that sends nothing itself: it drops the default of the flag whose param it
     * names (e.g. {@code decision list --all} drops {@code --status pending}).
     */
    UNSET,
    /** A JSON text (object, array, ...) parsed on the client. */
    JSON,
    /** Repeatable; also takes the following words up to the next flag. Sent as an array. */
    LIST,
    /** Like LIST, but a single value is sent as a plain string (the seed's {@code until}). */
    ONE_OR_LIST,
    /** Like LIST of integers; commas also separate ({@code --path 0,1}). */
    INT_LIST,
    /** Repeatable {@code KEY=VALUE}; sent as an object. */
    MAP
}
