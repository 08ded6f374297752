package dev.signaltty.transport;

/**
 * One client connection, as seen by handlers that stream events to it (subscribe, pane.attach).
 *
 * <p>Guarantees: events offered while this connection is handling a request are written after that
 * request's response, so a reply always precedes the stream it starts. The outbound queue is bounded;
 * when a stream consumer falls behind, {@link #sendEvent} returns {@code false} and the connection is
 * closed (the seed: lag closes the stream; the client must refresh and reattach).
 */
public interface Connection {

    long id();

    /** Peer process id from the socket credentials, or -1 when unknown. */
    long peerPid();

    /** Queues an event for this connection; {@code false} if it is closed or was closed for lag. */
    boolean sendEvent(EventFrame frame);

    boolean isOpen();

    /**
     * Closes the connection (after flushing what is already queued). Called by a handler while it
     * serves a request on this connection, the close takes effect after that request's response.
     */
    void close(String reason);

    /** Runs {@code action} once when the connection closes (immediately if it already has). */
    void onClose(Runnable action);
}
