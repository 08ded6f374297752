package dev.signaltty.transport.internal;

import java.io.IOException;
import java.util.concurrent.atomic.AtomicLong;

import org.springframework.stereotype.Component;

/**
 * Turns an accepted stream into a running connection of the router: the Unix socket's peers and the
 * web dashboard's authenticated WebSockets go through the same code (ADR 0150).
 */
@Component
public class ConnectionAcceptor {

    private final RequestProcessor processor;
    private final ConnectionRegistry registry;
    private final AtomicLong connectionIds = new AtomicLong();

    ConnectionAcceptor(RequestProcessor processor, ConnectionRegistry registry) {
        this.processor = processor;
        this.registry = registry;
    }

    /**
     * Starts a connection on {@code stream}. {@code allowed} is whether its peer may make requests
     * (the Unix socket: same uid; the web: a valid session cookie); others get FORBIDDEN.
     */
    public void accept(ConnectionStream stream, boolean allowed, long peerPid) throws IOException {
        ClientConnection connection = new ClientConnection(connectionIds.incrementAndGet(), stream, peerPid, processor);
        registry.add(connection, allowed);
        connection.start();
    }

    /** Whether a Unix-socket peer of this uid may make requests. */
    boolean ownerUid(long peerUid) {
        return registry.ownerUid(peerUid);
    }
}
