package dev.signaltty.support;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

import dev.signaltty.transport.ProtocolJson;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * A plain JSONL client over the real socket, for tests. Responses are matched by id; events that
 * arrive meanwhile are kept in order for {@link #nextEvent}.
 */
public final class ProtocolClient implements AutoCloseable {

    /** No test waits this long for one line; a read past it fails the test instead of hanging the build. */
    static final Duration LINE_DEADLINE = Duration.ofSeconds(Long.getLong("test.client.lineDeadlineSeconds", 120));
    private static final java.util.concurrent.ScheduledThreadPoolExecutor WATCHDOG = watchdog();

    private final SocketChannel channel;
    private final java.io.BufferedReader reader;
    private volatile boolean timedOut;
    private final AtomicLong ids = new AtomicLong();
    private final Deque<JsonNode> events = new ArrayDeque<>();

    private ProtocolClient(SocketChannel channel) {
        this.channel = channel;
        this.reader = new java.io.BufferedReader(
                new java.io.InputStreamReader(Channels.newInputStream(channel), StandardCharsets.UTF_8), 1 << 16);
    }

    public static ProtocolClient connect(Path socket) {
        try {
            SocketChannel channel = SocketChannel.open(StandardProtocolFamily.UNIX);
            channel.connect(UnixDomainSocketAddress.of(socket));
            return new ProtocolClient(channel);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Sends a request and returns the whole response envelope. */
    public JsonNode request(String method, Map<String, ?> params) {
        long id = ids.incrementAndGet();
        ObjectNode request = ProtocolJson.MAPPER.createObjectNode();
        request.put("protocol", "signaltty/1");
        request.put("id", id);
        request.put("method", method);
        request.set("params", ProtocolJson.MAPPER.valueToTree(params));
        sendRaw(request.toString() + "\n");
        return awaitResponse(id);
    }

    /** The result of a call that must succeed. */
    public JsonNode call(String method, Map<String, ?> params) {
        JsonNode response = request(method, params);
        if (!response.get("ok").asBoolean()) {
            throw new AssertionError(method + " failed: " + response);
        }
        return response.get("result");
    }

    /** The error code of a call that must fail. */
    public String errorCode(String method, Map<String, ?> params) {
        JsonNode response = request(method, params);
        if (response.get("ok").asBoolean()) {
            throw new AssertionError(method + " unexpectedly succeeded: " + response);
        }
        return response.get("error").get("code").asString();
    }

    public void sendRaw(String text) {
        sendRaw(text.getBytes(StandardCharsets.UTF_8));
    }

    public void sendRaw(byte[] bytes) {
        try {
            ByteBuffer buffer = ByteBuffer.wrap(bytes);
            while (buffer.hasRemaining()) {
                channel.write(buffer);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Reads the next line that is a response (events are queued). */
    public JsonNode nextResponse() {
        while (true) {
            JsonNode line = readLine();
            if ("event".equals(line.path("type").asString())) {
                events.add(line);
                continue;
            }
            return line;
        }
    }

    private JsonNode awaitResponse(long id) {
        while (true) {
            JsonNode line = nextResponse();
            if (line.path("id").asLong(-1) == id) {
                return line;
            }
        }
    }

    /** The next event, waiting for it to arrive. */
    public JsonNode nextEvent() {
        if (!events.isEmpty()) {
            return events.poll();
        }
        JsonNode line = readLine();
        if (!"event".equals(line.path("type").asString())) {
            throw new AssertionError("expected an event, got " + line);
        }
        return line;
    }

    /** Null at EOF. Fails (and closes the connection) when no line arrives within {@link #LINE_DEADLINE}. */
    public String readRawLine() {
        java.util.concurrent.ScheduledFuture<?> alarm = WATCHDOG.schedule(() -> {
            timedOut = true;
            close();
        }, LINE_DEADLINE.toMillis(), java.util.concurrent.TimeUnit.MILLISECONDS);
        try {
            return reader.readLine();
        } catch (IOException e) {
            if (timedOut) {
                throw new AssertionError("no line from the server within " + LINE_DEADLINE.toSeconds() + " s");
            }
            throw new UncheckedIOException(e);
        } finally {
            alarm.cancel(false);
        }
    }

    private static java.util.concurrent.ScheduledThreadPoolExecutor watchdog() {
        var executor = new java.util.concurrent.ScheduledThreadPoolExecutor(1,
                Thread.ofPlatform().daemon().name("protocol-client-watchdog").factory());
        executor.setRemoveOnCancelPolicy(true);
        return executor;
    }

    private JsonNode readLine() {
        String line = readRawLine();
        if (line == null) {
            throw new AssertionError("connection closed by the server");
        }
        return ProtocolJson.MAPPER.readTree(line);
    }

    /** Polls {@code probe} until it returns true or the deadline passes. */
    public static void eventually(Duration timeout, java.util.function.BooleanSupplier probe) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!probe.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("condition not met within " + timeout);
            }
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError(e);
            }
        }
    }

    @Override
    public void close() {
        try {
            channel.close();
        } catch (IOException ignored) {
            // closing
        }
    }
}
