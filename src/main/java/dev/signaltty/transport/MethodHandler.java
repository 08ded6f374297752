package dev.signaltty.transport;

/**
 * One protocol method. Each handler is a bean; the router maps them by {@link #method()} and fails at
 * startup on duplicates. {@code schema} is generated from the same beans.
 *
 * <p>Params are records bound strictly from the request's {@code params} object: components are
 * snake_case on the wire, a present field of the wrong JSON type is BAD_PARAMS naming it, absent and
 * explicit null are the same, unknown fields are ignored. Components annotated
 * {@link org.jspecify.annotations.Nullable} are optional; all others are required. Range checks and
 * defaults live in the record's compact constructor (throw {@link ProtocolException#badParams}).
 *
 * @param <P> the params record
 * @param <R> the result (a record, a map, or any Jackson-writable value)
 */
public interface MethodHandler<P extends Record, R> {

    /** The wire name, e.g. {@code pane.read}. */
    String method();

    Class<P> paramsType();

    R handle(P params, CallContext context);

    /** One line for {@code schema} and the CLI's help. */
    default String summary() {
        return "";
    }

    /**
     * Single-flight methods (waits) run on a dedicated connection: EOF, another request on that
     * connection, or server shutdown cancels them at once.
     */
    default boolean singleFlight() {
        return false;
    }

    /** The result type for {@code schema}; defaults to "object". */
    default Class<?> resultType() {
        return Object.class;
    }
}
