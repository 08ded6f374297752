package dev.signaltty.transport.internal;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;

/**
 * The byte stream a {@link ClientConnection} speaks signaltty/1 JSONL over: a Unix socket, or the
 * web dashboard's WebSocket (one message per line). Everything above it (framing, the router,
 * ordering, caps, lag closure) is the same for both (ADR 0150).
 */
public interface ConnectionStream {

    InputStream input() throws IOException;

    /** Written by one thread at a time; {@code flush} ends a batch. */
    OutputStream output() throws IOException;

    boolean isClosed();

    /** Ends the write side (a lagging client): a writer blocked on it wakes up and closes. */
    void shutdownOutput() throws IOException;

    void close() throws IOException;

    static ConnectionStream of(Socket socket) {
        return new ConnectionStream() {
            @Override
            public InputStream input() throws IOException {
                return socket.getInputStream();
            }

            @Override
            public OutputStream output() throws IOException {
                return socket.getOutputStream();
            }

            @Override
            public boolean isClosed() {
                return socket.isClosed();
            }

            @Override
            public void shutdownOutput() throws IOException {
                socket.shutdownOutput();
            }

            @Override
            public void close() throws IOException {
                socket.close();
            }
        };
    }
}
