package dev.signaltty.transport;

/** What a handler knows about the call it serves. */
public interface CallContext {

    Connection connection();

    Cancellation cancellation();
}
