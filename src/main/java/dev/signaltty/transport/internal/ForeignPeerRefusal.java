package dev.signaltty.transport.internal;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.util.Arrays;
import java.util.concurrent.Semaphore;

import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.signaltty.transport.ErrorCode;
import dev.signaltty.transport.ProtocolException;
import tools.jackson.databind.JsonNode;

/**
 * A peer of another uid (seed R314): its first request is answered FORBIDDEN and the connection is
 * closed at once, on one short-lived thread instead of a connection's three, so many such peers cannot
 * pin a thread pair each (issue 23). The wait for that first line is bounded in time and size, and at
 * most {@link #CONCURRENT} refusals run at once; past that a peer is closed without an answer.
 */
final class ForeignPeerRefusal {

    private static final Logger log = LoggerFactory.getLogger(ForeignPeerRefusal.class);
    static final int CONCURRENT = 16;
    static final int READ_TIMEOUT_MS = 2000;
    static final int MAX_FIRST_LINE = 64 * 1024;
    static final ProtocolException FORBIDDEN = new ProtocolException(ErrorCode.FORBIDDEN,
            "peer uid is not the server's uid; connection closed");

    private final RequestProcessor processor;
    private final Semaphore running = new Semaphore(CONCURRENT);

    ForeignPeerRefusal(RequestProcessor processor) {
        this.processor = processor;
    }

    void refuse(Socket socket, long peerUid) {
        if (!running.tryAcquire()) {
            closeQuietly(socket);
            return;
        }
        // a platform thread for the blocking read, as for every socket (ClientConnection.start)
        Thread.ofPlatform().daemon().name("refuse-uid-" + peerUid).start(() -> {
            try {
                socket.setSoTimeout(READ_TIMEOUT_MS);
                JsonNode id = firstRequestId(socket.getInputStream());
                OutputStream out = socket.getOutputStream();
                out.write(processor.encodeError(id, FORBIDDEN));
                out.flush();
            } catch (IOException e) {
                log.debug("refused peer uid {}: {}", peerUid, e.toString());
            } finally {
                closeQuietly(socket);
                running.release();
            }
        });
    }

    /** The id of the first request line, so the answer can echo it; null when it cannot be read. */
    private static @Nullable JsonNode firstRequestId(InputStream in) throws IOException {
        byte[] buffer = new byte[MAX_FIRST_LINE];
        int length = 0;
        while (length < buffer.length) {
            int n = in.read(buffer, length, buffer.length - length);
            if (n < 0) {
                break;
            }
            for (int i = length; i < length + n; i++) {
                if (buffer[i] == '\n') {
                    try {
                        return Envelope.parse(Arrays.copyOf(buffer, i)).id();
                    } catch (Envelope.Violation v) {
                        return v.id();
                    }
                }
            }
            length += n;
        }
        return null;
    }

    private static void closeQuietly(Socket socket) {
        try {
            socket.close();
        } catch (IOException ignored) {
            // already gone
        }
    }
}
