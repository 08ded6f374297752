package dev.signaltty.transport.internal;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;

/** Live connections and the uid check (a peer of another uid is refused before it is a connection). */
@Component
class ConnectionRegistry implements MeterBinder {

    private final Map<Long, ClientConnection> connections = new ConcurrentHashMap<>();
    private final long serverUid;

    ConnectionRegistry(@Value("${signaltty.transport.allowed-uid:-1}") long allowedUid) {
        this.serverUid = allowedUid >= 0 ? allowedUid : CurrentUser.uid();
    }

    void add(ClientConnection connection) {
        connections.put(connection.id(), connection);
    }

    /** A peer of this uid may connect (seed R314); -1 (unreadable credentials) never may. */
    boolean allows(long peerUid) {
        return peerUid == serverUid;
    }

    void remove(ClientConnection connection) {
        connections.remove(connection.id());
    }

    List<ClientConnection> all() {
        return List.copyOf(connections.values());
    }

    int size() {
        return connections.size();
    }

    @Override
    public void bindTo(MeterRegistry meters) {
        Gauge.builder("signaltty.connections", this, ConnectionRegistry::size)
                .description("Open client connections").register(meters);
    }
}
