package dev.signaltty.journal;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.Channels;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import tools.jackson.databind.JsonNode;

import dev.signaltty.transport.ProtocolJson;

/**
 * A minimal JSONL client over the JDK's Unix socket channel. A reader thread keeps every line in
 * arrival order ({@link #lines}); {@link #call} waits for its own response.
 */
final class StreamClient implements AutoCloseable {

    private static final JsonNode EOF = ProtocolJson.MAPPER.createObjectNode().put("type", "eof");

    private final SocketChannel channel;
    private final OutputStream out;
    private final AtomicLong ids = new AtomicLong();
    private final BlockingQueue<JsonNode> incoming = new LinkedBlockingQueue<>();
    final List<JsonNode> lines = new CopyOnWriteArrayList<>();
    final List<JsonNode> events = new CopyOnWriteArrayList<>();
    private volatile boolean eof;

    StreamClient(Path socket) throws IOException {
        channel = SocketChannel.open(StandardProtocolFamily.UNIX);
        channel.connect(UnixDomainSocketAddress.of(socket));
        out = Channels.newOutputStream(channel);
        BufferedReader reader = new BufferedReader(new InputStreamReader(Channels.newInputStream(channel),
                StandardCharsets.UTF_8), 1 << 16);
        Thread.ofVirtual().start(() -> {
            try {
                String line;
                while ((line = reader.readLine()) != null) {
                    JsonNode node = ProtocolJson.MAPPER.readTree(line);
                    lines.add(node);
                    if ("event".equals(node.path("type").asString())) {
                        events.add(node);
                    }
                    incoming.add(node);
                }
            } catch (IOException | RuntimeException e) {
                // the connection ended
            } finally {
                eof = true;
                incoming.add(EOF);
            }
        });
    }

    /** Sends a request and returns its response (events that arrive meanwhile stay in {@link #events}). */
    JsonNode call(String method, Map<String, ?> params) throws IOException, InterruptedException {
        String id = "c-" + ids.incrementAndGet();
        send(Map.of("id", id, "method", method, "params", params));
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (System.nanoTime() < deadline) {
            JsonNode node = incoming.poll(100, TimeUnit.MILLISECONDS);
            if (node == null) {
                continue;
            }
            if (node == EOF) {
                throw new IOException("connection closed before the response to " + method);
            }
            if ("response".equals(node.path("type").asString()) && id.equals(node.path("id").asString())) {
                return node;
            }
        }
        throw new IOException("no response to " + method + " within 60 s");
    }

    /** The result of a successful call. */
    JsonNode ok(String method, Map<String, ?> params) throws IOException, InterruptedException {
        JsonNode response = call(method, params);
        if (!response.path("ok").asBoolean()) {
            throw new IOException(method + " failed: " + response);
        }
        return response.path("result");
    }

    synchronized void send(Map<String, ?> request) throws IOException {
        byte[] bytes = ProtocolJson.MAPPER.writeValueAsBytes(request);
        out.write(bytes);
        out.write('\n');
        out.flush();
    }

    /** Waits until {@code count} events arrived or the connection ended. */
    boolean awaitEvents(int count, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (events.size() < count && !eof && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        return events.size() >= count;
    }

    boolean awaitEof(Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!eof && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        return eof;
    }

    @Override
    public void close() throws IOException {
        channel.close();
    }
}
