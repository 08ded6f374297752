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
 * <p>Results are records too, written by {@link ProtocolJson} (snake_case, null components omitted
 * unless annotated {@code @JsonInclude(ALWAYS)}), and {@link #resultType()} names the record so
 * {@code schema} describes every result the way it describes params. Both types are read from the
 * handler's type arguments (ADR 0271): a handler names them once, in {@code implements MethodHandler<P, R>}.
 *
 * @param <P> the params record
 * @param <R> the result record
 */
public interface MethodHandler<P extends Record, R extends Record> {

    /** The wire name, e.g. {@code pane.read}. */
    String method();

    /** The params record: by default {@code P} as the handler class's {@code implements} clause names it. */
    @SuppressWarnings("unchecked")
    default Class<P> paramsType() {
        return (Class<P>) HandlerTypes.params(getClass());
    }

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

    /**
     * The result record, described by {@code schema} and docs/protocol-reference.md: by default {@code R}
     * as the handler class's {@code implements} clause names it (override only where R is a type variable).
     */
    default Class<?> resultType() {
        return HandlerTypes.result(getClass());
    }
}
