package dev.signaltty.transport.internal;

import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

import dev.signaltty.transport.CallContext;
import dev.signaltty.transport.ErrorCode;
import dev.signaltty.transport.MethodHandler;
import dev.signaltty.transport.ProtocolException;

/**
 * Maps method names to handler beans, like tmux's command table: a duplicate name fails startup, an
 * unknown name is UNKNOWN_METHOD. {@code schema} lists exactly what this router dispatches.
 */
@Component
public class MethodRouter {

    private static final Logger log = LoggerFactory.getLogger(MethodRouter.class);

    private final Map<String, MethodHandler<?, ?>> handlers;

    MethodRouter(List<MethodHandler<?, ?>> beans) {
        Map<String, MethodHandler<?, ?>> map = new TreeMap<>();
        for (MethodHandler<?, ?> handler : beans) {
            MethodHandler<?, ?> previous = map.put(handler.method(), handler);
            if (previous != null) {
                throw new IllegalStateException("two handlers for method " + handler.method() + ": "
                        + previous.getClass().getName() + " and " + handler.getClass().getName());
            }
        }
        this.handlers = Collections.unmodifiableMap(map);
    }

    Collection<MethodHandler<?, ?>> handlers() {
        return handlers.values();
    }

    @Nullable MethodHandler<?, ?> find(String method) {
        return handlers.get(method);
    }

    /** Binds params and runs the handler; every failure becomes a ProtocolException. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    Object dispatch(MethodHandler handler, tools.jackson.databind.@Nullable JsonNode params, CallContext context) {
        Record bound = ParamsBinder.bind(handler.paramsType(), params);
        try {
            return handler.handle(bound, context);
        } catch (ProtocolException e) {
            throw e;
        } catch (RuntimeException | LinkageError | AssertionError | StackOverflowError e) {
            // an Error from one handler (a missing native symbol, a failed assertion, a runaway recursion) is a
            // bug in that method, not a broken JVM: left to propagate it ended the connection's reader thread and
            // the client waited for an answer forever. OutOfMemoryError and the like still propagate.
            log.error("method {} failed", handler.method(), e);
            throw new ProtocolException(ErrorCode.INTERNAL, "internal error in " + handler.method() + ": "
                    + e.getClass().getSimpleName());
        }
    }
}
