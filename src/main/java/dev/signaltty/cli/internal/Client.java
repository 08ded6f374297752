package dev.signaltty.cli.internal;

import java.io.ByteArrayOutputStream;
import java.io.Closeable;
import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

import org.jspecify.annotations.Nullable;

/**
 * One connection to the daemon over the JDK's own Unix-domain channels (junixsocket would cost
 * ~150 ms more at start). Requests go out as one JSONL line each; {@link #call} reads lines until the
 * response with its id, handing event lines to the caller or dropping them.
 *
 * <p>A client never resends: when the connection breaks after a request was written, the call fails
 * with {@code IO_ERROR} and the caller decides (seed: mutating requests are never resubmitted).
 */
public final class Client implements Closeable {

    /** The protocol's line cap plus room for the envelope. */
    static final int MAX_LINE = 16 * 1024 * 1024 + 4096;

    /**
     * Set by the one-shot CLI, which exits right after its command: closing the channel would first
     * initialize the JDK's inet networking classes (~15 ms) for nothing, as exit closes the fd anyway.
     */
    private static volatile boolean exitCloses;

    /** Open connections, tracked so the console's Ctrl-C can cancel the command that uses them. */
    private static final java.util.Set<Client> OPEN = java.util.concurrent.ConcurrentHashMap.newKeySet();

    private volatile boolean cancelled;
    private final SocketChannel channel;
    private final Path socket;
    private final ByteBuffer in = ByteBuffer.allocate(64 * 1024);
    private final ByteArrayOutputStream line = new ByteArrayOutputStream(256);
    private boolean discarding;
    private long nextId = 1;

    private Client(SocketChannel channel, Path socket) {
        this.channel = channel;
        this.socket = socket;
        in.flip();
    }

    /**
     * Connects, or throws {@code NO_SUCH_SERVER} when nothing listens there (no socket file, or a
     * stale one that refuses connections).
     */
    public static Client connect(Path socket) {
        SocketChannel channel = null;
        try {
            channel = SocketChannel.open(StandardProtocolFamily.UNIX);
            channel.connect(UnixDomainSocketAddress.of(socket));
            Client client = new Client(channel, socket);
            OPEN.add(client);
            return client;
        } catch (IOException e) {
            closeQuietly(channel);
            throw CliException.noServer(socket);
        }
    }

    /** True when something accepts connections on the socket. */
    public static boolean listening(Path socket) {
        try (Client ignored = connect(socket)) {
            return true;
        } catch (CliException e) {
            return false;
        }
    }

    public Path socket() {
        return socket;
    }

    /** A response line: {@code ok} with a result, or an error code, message and details. */
    public record Response(boolean ok, @Nullable Object result, String code, String message,
            @Nullable Map<String, Object> details) {

        /** The result, or a {@link CliException} for an error response. */
        public @Nullable Object orThrow() {
            if (ok) {
                return result;
            }
            throw new CliException(code, message, details, 1);
        }
    }

    public Response call(String method, Map<String, Object> params) {
        return call(method, params, null);
    }

    /**
     * Sends one request and reads until its response. Event lines that arrive first go to
     * {@code events} (or are dropped when it is null).
     */
    @SuppressWarnings("unchecked")
    public Response call(String method, Map<String, Object> params, @Nullable Consumer<Map<String, Object>> events) {
        long id = nextId++;
        Map<String, Object> request = new LinkedHashMap<>();
        request.put("protocol", "signaltty/1");
        request.put("id", id);
        request.put("method", method);
        request.put("params", params);
        send(request);
        while (true) {
            Map<String, Object> message = readMessage();
            if (message == null) {
                if (cancelled) {
                    throw new CliException("IO_ERROR", "interrupted: " + method + " was cancelled (not retried)");
                }
                throw new CliException("IO_ERROR", "the daemon closed the connection before answering "
                        + method + " (not retried)");
            }
            if ("event".equals(message.get("type"))) {
                if (events != null) {
                    events.accept(message);
                }
                continue;
            }
            Object rid = message.get("id");
            if (!(rid instanceof Long l && l == id)) {
                if (rid == null && Boolean.FALSE.equals(message.get("ok"))) {
                    return error((Map<String, Object>) message.get("error"));
                }
                continue; // a response to someone else's id cannot happen on our connection; skip it
            }
            if (Boolean.TRUE.equals(message.get("ok"))) {
                return new Response(true, message.get("result"), "", "", null);
            }
            return error((Map<String, Object>) message.get("error"));
        }
    }

    /**
     * Sends every request before reading any answer, in one write (one round trip for the lot; the daemon
     * answers a connection's requests in order and keeps reading them while up to 16 MiB of answers wait),
     * and returns the answers in request order. For reads only: a request is never sent twice.
     */
    @SuppressWarnings("unchecked")
    public List<Response> callAll(List<FleetTree.Call> calls) {
        Map<Long, Integer> slots = new java.util.HashMap<>();
        StringBuilder lines = new StringBuilder(calls.size() * 96);
        for (FleetTree.Call call : calls) {
            long id = nextId++;
            slots.put(id, slots.size());
            Map<String, Object> request = new LinkedHashMap<>();
            request.put("protocol", "signaltty/1");
            request.put("id", id);
            request.put("method", call.method());
            request.put("params", call.params());
            lines.append(Json.write(request)).append('\n');
        }
        write(lines.toString());
        Response[] answers = new Response[calls.size()];
        int left = calls.size();
        while (left > 0) {
            Map<String, Object> message = readMessage();
            if (message == null) {
                throw new CliException("IO_ERROR", "the daemon closed the connection before answering (not retried)");
            }
            if (message.get("id") instanceof Long id && slots.get(id) instanceof Integer slot && answers[slot] == null) {
                answers[slot] = Boolean.TRUE.equals(message.get("ok"))
                        ? new Response(true, message.get("result"), "", "", null)
                        : error((Map<String, Object>) message.get("error"));
                left--;
            }
        }
        return List.of(answers);
    }

    @SuppressWarnings("unchecked")
    private static Response error(@Nullable Map<String, Object> error) {
        if (error == null) {
            return new Response(false, null, "INTERNAL", "malformed error response", null);
        }
        Object details = error.get("details");
        return new Response(false, null, String.valueOf(error.get("code")), String.valueOf(error.get("message")),
                details instanceof Map<?, ?> m ? (Map<String, Object>) m : null);
    }

    /** Writes one request line; failures are IO_ERROR (the request may or may not have arrived). */
    public void send(Map<String, Object> request) {
        write(Json.write(request) + "\n");
    }

    private void write(String lines) {
        byte[] bytes = lines.getBytes(StandardCharsets.UTF_8);
        ByteBuffer buffer = ByteBuffer.wrap(bytes);
        try {
            while (buffer.hasRemaining()) {
                channel.write(buffer);
            }
        } catch (IOException e) {
            throw new CliException("IO_ERROR", "lost the daemon connection: " + e.getMessage());
        }
    }

    /** The next message, or null at EOF. Lines that are not JSON objects are skipped. */
    public @Nullable Map<String, Object> readMessage() {
        while (true) {
            String text = readLine();
            if (text == null) {
                return null;
            }
            if (text.isBlank()) {
                continue;
            }
            try {
                return Json.parseObject(text);
            } catch (Json.ParseException e) {
                // not ours to repair; the protocol only sends objects
            }
        }
    }

    /** The next line without its newline, or null at EOF; an over-long line is dropped whole. */
    public @Nullable String readLine() {
        try {
            while (true) {
                while (in.hasRemaining()) {
                    byte b = in.get();
                    if (b == '\n') {
                        if (discarding) {
                            discarding = false;
                            line.reset();
                            continue;
                        }
                        String s = line.toString(StandardCharsets.UTF_8);
                        line.reset();
                        return s;
                    }
                    if (!discarding) {
                        if (line.size() >= MAX_LINE) {
                            discarding = true;
                            line.reset();
                        } else {
                            line.write(b);
                        }
                    }
                }
                in.clear();
                int n = channel.read(in);
                in.flip();
                if (n < 0) {
                    return null;
                }
            }
        } catch (IOException e) {
            return null;
        }
    }

    /** Half-closes our side so a single-flight wait on the server sees EOF. */
    public void shutdownOutput() {
        try {
            channel.shutdownOutput();
        } catch (IOException ignored) {
            // already closed
        }
    }

    /** The process exits after this command; leave the closing of sockets to the kernel. */
    public static void exitClosesConnections() {
        exitCloses = true;
    }

    @Override
    public void close() {
        if (!exitCloses) {
            closeNow();
        }
    }

    /** Closes now, whatever the exit policy: wakes a thread blocked reading this connection. */
    public void closeNow() {
        OPEN.remove(this);
        closeQuietly(channel);
    }

    /**
     * Cancels whatever is running: closes every open connection, so a blocked call ends with
     * "interrupted" and the daemon sees EOF (which cancels single-flight waits). Nothing is resent.
     */
    /** Whether {@link #cancelAll} closed this connection (Ctrl-C in the console): nothing may reconnect for it. */
    public boolean cancelled() {
        return cancelled;
    }

    public static void cancelAll() {
        for (Client client : OPEN) {
            client.cancelled = true;
            client.closeNow();
        }
    }

    private static void closeQuietly(@Nullable SocketChannel channel) {
        if (channel != null) {
            try {
                channel.close();
            } catch (IOException ignored) {
                // nothing to do
            }
        }
    }
}
