package dev.signaltty.transport.internal;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;

/** Live connections and the uid check (a peer of another uid gets FORBIDDEN). */
@Component
class ConnectionRegistry implements MeterBinder {

    private final Map<Long, ClientConnection> connections = new ConcurrentHashMap<>();
    private final Map<Long, Boolean> allowed = new ConcurrentHashMap<>();
    private final long serverUid;

    ConnectionRegistry(@Value("${signaltty.transport.allowed-uid:-1}") long allowedUid) {
        this.serverUid = allowedUid >= 0 ? allowedUid : CurrentUser.uid();
    }

    void add(ClientConnection connection, boolean mayRequest) {
        connections.put(connection.id(), connection);
        allowed.put(connection.id(), mayRequest);
    }

    boolean ownerUid(long peerUid) {
        return peerUid == serverUid;
    }

    boolean allowed(ClientConnection connection) {
        return allowed.getOrDefault(connection.id(), false);
    }

    void remove(ClientConnection connection) {
        connections.remove(connection.id());
        allowed.remove(connection.id());
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
