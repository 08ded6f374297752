package dev.signaltty.agent.real;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
import com.sun.net.httpserver.HttpServer;

import dev.signaltty.transport.ProtocolJson;

/**
 * The loopback HTTP server both scripted models ({@link ScriptedModel}, {@link ScriptedChatModel}) answer on, a
 * virtual thread per request (a held turn blocks only its own), and the JSON answers they send.
 */
final class ModelHttp implements AutoCloseable {

    private final HttpServer server;
    private final ExecutorService threads;

    private ModelHttp(HttpServer server, ExecutorService threads) {
        this.server = server;
        this.threads = threads;
    }

    /** A server on a free loopback port that hands every request to {@code handler}. */
    static ModelHttp serve(HttpHandler handler) {
        try {
            HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
            ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor();
            server.setExecutor(threads);
            server.createContext("/", handler);
            server.start();
            return new ModelHttp(server, threads);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** {@code http://127.0.0.1:<port>}. */
    String baseUrl() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    static String json(Object value) {
        return ProtocolJson.MAPPER.writeValueAsString(value);
    }

    /** Answers {@code status} with the JSON {@code body}, whole. */
    static void respond(HttpExchange exchange, int status, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("content-type", "application/json");
        exchange.sendResponseHeaders(status, bytes.length);
        exchange.getResponseBody().write(bytes);
    }

    @Override
    public void close() {
        server.stop(0);
        threads.shutdownNow();
    }
}
