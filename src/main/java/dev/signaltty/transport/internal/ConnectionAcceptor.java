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
    private final RequestBytes budget;
    private final AtomicLong connectionIds = new AtomicLong();

    ConnectionAcceptor(RequestProcessor processor, ConnectionRegistry registry, RequestBytes budget) {
        this.processor = processor;
        this.registry = registry;
        this.budget = budget;
    }

    /**
     * Starts a connection on {@code stream}, whose peer is already known to be allowed: the Unix
     * socket refuses other uids before this (ForeignPeerRefusal), the web server requests without a
     * valid session cookie.
     */
    public void accept(ConnectionStream stream, long peerPid) throws IOException {
        ClientConnection connection = new ClientConnection(connectionIds.incrementAndGet(), stream, peerPid, processor,
                budget);
        registry.add(connection);
        connection.start();
    }

}
