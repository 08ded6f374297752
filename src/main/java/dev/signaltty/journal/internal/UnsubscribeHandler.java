package dev.signaltty.journal.internal;

import org.springframework.stereotype.Component;

import dev.signaltty.transport.CallContext;
import dev.signaltty.transport.MethodHandler;
import dev.signaltty.transport.NoParams;

/** {@code unsubscribe {}}: ends this connection's event stream; the connection stays open. */
@Component
public class UnsubscribeHandler implements MethodHandler<NoParams, UnsubscribeHandler.Result> {

    /** @param unsubscribed false when the connection had no subscription */
    public record Result(boolean unsubscribed) {
    }

    private final Journal journal;

    UnsubscribeHandler(Journal journal) {
        this.journal = journal;
    }

    @Override
    public String method() {
        return "unsubscribe";
    }

    @Override
    public String summary() {
        return "stop this connection's event stream";
    }

    @Override
    public Result handle(NoParams params, CallContext context) {
        return new Result(journal.unsubscribe(context.connection()));
    }
}
