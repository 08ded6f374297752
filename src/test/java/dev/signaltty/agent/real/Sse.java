package dev.signaltty.agent.real;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.jspecify.annotations.Nullable;

import com.sun.net.httpserver.HttpExchange;

/**
 * A server-sent-event stream of a scripted model's answer, flushed per event so the agent sees it as it comes:
 * named events (Anthropic Messages, OpenAI Responses) or data-only ones (Gemini, OpenAI Chat Completions).
 */
record Sse(OutputStream out) {

    /** Sends the stream's headers (status 200, no length): the body follows event by event. */
    static Sse open(HttpExchange exchange) throws IOException {
        exchange.getResponseHeaders().set("content-type", "text/event-stream");
        exchange.getResponseHeaders().set("cache-control", "no-cache");
        exchange.sendResponseHeaders(200, 0);
        return new Sse(exchange.getResponseBody());
    }

    /** An event named {@code event} whose data is {@code data} as JSON. */
    void send(String event, Object data) throws IOException {
        write("event: " + event + "\ndata: " + ModelHttp.json(data) + "\n\n");
    }

    /** A data-only event of {@code value} as JSON. */
    void data(Object value) throws IOException {
        raw(ModelHttp.json(value));
    }

    /** A data-only event of {@code data} as it is ({@code [DONE]}). */
    void raw(String data) throws IOException {
        write("data: " + data + "\n\n");
    }

    /**
     * Keeps the stream open for {@code limit} or until {@code gate} opens, with an SSE comment each
     * second: a client that hung up (an interrupt) makes a write fail, which ends the hold.
     */
    void hold(Duration limit, @Nullable CountDownLatch gate) throws IOException {
        long end = System.nanoTime() + limit.toNanos();
        try {
            while (System.nanoTime() < end) {
                if (gate != null ? gate.await(1, TimeUnit.SECONDS) : sleptASecond()) {
                    return;
                }
                write(": held\n\n");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static boolean sleptASecond() throws InterruptedException {
        Thread.sleep(1000);
        return false;
    }

    private void write(String text) throws IOException {
        out.write(text.getBytes(StandardCharsets.UTF_8));
        out.flush();
    }
}
