package dev.signaltty.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.WebSocket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import dev.signaltty.support.ProtocolClient;
import dev.signaltty.transport.ProtocolJson;
import tools.jackson.databind.JsonNode;

/** A real HTTP client (java.net.http) logged in to a daemon's dashboard, and raw requests for what it cannot send. */
final class WebSession {

    static final Duration DEADLINE = Duration.ofSeconds(60);
    static final HttpClient HTTP = HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NEVER)
            .connectTimeout(DEADLINE).build();

    final String url;
    final String cookie;

    private WebSession(String url, String cookie) {
        this.url = url;
        this.cookie = cookie;
    }

    /** web.start over the Unix socket, then the login URL it returns: the session cookie. */
    static WebSession login(ProtocolClient client) throws Exception {
        JsonNode started = client.call("web.start", Map.of());
        HttpResponse<String> login = get(started.get("login_url").asString(), null);
        assertThat(login.statusCode()).as(login.body()).isEqualTo(303);
        String setCookie = login.headers().firstValue("set-cookie").orElseThrow();
        return new WebSession(started.get("url").asString(), setCookie.substring(0, setCookie.indexOf(';')));
    }

    static HttpResponse<String> get(String url, String cookie) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(url)).timeout(DEADLINE).GET();
        if (cookie != null) {
            request.header("Cookie", cookie);
        }
        return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    HttpResponse<String> get(String path) throws Exception {
        return get(url + path, cookie);
    }

    int port() {
        return URI.create(url).getPort();
    }

    /**
     * A request java.net.http will not send (it writes Host itself): the raw status line's code, for
     * {@code headers} such as a foreign Host or an upgrade with a foreign Origin.
     */
    int rawStatus(String path, List<String> headers) throws IOException {
        try (Socket socket = new Socket("127.0.0.1", port())) {
            socket.setSoTimeout((int) DEADLINE.toMillis());
            StringBuilder request = new StringBuilder("GET " + path + " HTTP/1.1\r\n");
            for (String h : headers) {
                request.append(h).append("\r\n");
            }
            request.append("\r\n");
            OutputStream out = socket.getOutputStream();
            out.write(request.toString().getBytes(StandardCharsets.US_ASCII));
            out.flush();
            InputStream in = socket.getInputStream();
            StringBuilder line = new StringBuilder();
            int c;
            while ((c = in.read()) >= 0 && c != '\n') {
                line.append((char) c);
            }
            return Integer.parseInt(line.toString().split(" ")[1]);
        }
    }

    /** A signaltty/1 connection over the dashboard's WebSocket, as the page opens it. */
    Ws connect() throws Exception {
        Ws listener = new Ws();
        listener.socket = HTTP.newWebSocketBuilder().header("Cookie", cookie).connectTimeout(DEADLINE)
                .buildAsync(URI.create(url.replace("http", "ws") + "/ws"), listener).get(60, TimeUnit.SECONDS);
        return listener;
    }

    /** Messages as JSON; requests numbered from 1. */
    static final class Ws implements WebSocket.Listener, AutoCloseable {
        final LinkedBlockingQueue<JsonNode> messages = new LinkedBlockingQueue<>();
        volatile boolean closed;
        WebSocket socket;
        private final StringBuilder partial = new StringBuilder();
        private int ids;

        @Override
        public CompletionStage<?> onText(WebSocket webSocket, CharSequence data, boolean last) {
            partial.append(data);
            if (last) {
                messages.add(ProtocolJson.MAPPER.readTree(partial.toString()));
                partial.setLength(0);
            }
            webSocket.request(1);
            return null;
        }

        @Override
        public CompletionStage<?> onClose(WebSocket webSocket, int statusCode, String reason) {
            closed = true;
            return null;
        }

        @Override
        public void onError(WebSocket webSocket, Throwable error) {
            closed = true;
        }

        /** Sends a request and returns its response; events that arrive first stay queued in {@link #events}. */
        JsonNode call(String method, Map<String, ?> params) throws InterruptedException {
            int id = ++ids;
            socket.sendText(ProtocolJson.MAPPER.writeValueAsString(Map.of("id", id, "method", method, "params", params)), true)
                    .join();
            while (true) {
                JsonNode message = next();
                if ("response".equals(message.get("type").asString()) && message.get("id").asInt() == id) {
                    return message;
                }
                events.add(message);
            }
        }

        final LinkedBlockingQueue<JsonNode> events = new LinkedBlockingQueue<>();

        JsonNode next() throws InterruptedException {
            JsonNode message = messages.poll(DEADLINE.toSeconds(), TimeUnit.SECONDS);
            assertThat(message).as("a message within " + DEADLINE).isNotNull();
            return message;
        }

        /** The next event, first from those set aside by {@link #call}. */
        JsonNode nextEvent() throws InterruptedException {
            JsonNode held = events.poll();
            return held != null ? held : next();
        }

        @Override
        public void close() {
            socket.abort();
        }
    }
}
