package dev.signaltty.cli.internal.view;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;

import org.jspecify.annotations.Nullable;

import dev.signaltty.cli.internal.CliException;
import dev.signaltty.cli.internal.Client;

/**
 * One daemon connection shared by a view: every request is sent with its own id and answered through
 * a future, and one reader thread hands events to the view in arrival order. One connection matters:
 * the daemon counts a {@code pane.resize} as a viewer's only when it comes on the connection that
 * attached (ADR-0160), and the reply to {@code pane.attach} precedes the pane's later {@code pty.data}
 * only on that connection. Requests are never resent (seed: no automatic resubmission).
 */
final class Wire implements AutoCloseable {

    static final long CALL_TIMEOUT_S = 30;

    private final Client client;
    private final Map<Long, CompletableFuture<Client.Response>> pending = new ConcurrentHashMap<>();
    private long nextId = 1;
    private volatile boolean closed;

    Wire(Client client) {
        this.client = client;
    }

    /** Starts the reader: events go to {@code events}; {@code onEnd} runs once at EOF. */
    Thread start(Consumer<Map<String, Object>> events, Runnable onEnd) {
        return Thread.ofPlatform().daemon().name("view-wire").start(() -> {
            try {
                Map<String, Object> message;
                while ((message = client.readMessage()) != null) {
                    if ("event".equals(message.get("type"))) {
                        events.accept(message);
                    } else if (message.get("id") instanceof Long id) {
                        CompletableFuture<Client.Response> f = pending.remove(id);
                        if (f != null) {
                            f.complete(response(message));
                        }
                    }
                }
            } finally {
                closed = true;
                CliException lost = new CliException("IO_ERROR", "lost the daemon connection (not retried)");
                pending.values().forEach(f -> f.completeExceptionally(lost));
                pending.clear();
                onEnd.run();
            }
        });
    }

    /** Sends one request; the future completes on the reader thread. */
    CompletableFuture<Client.Response> send(String method, Map<String, ?> params) {
        CompletableFuture<Client.Response> f = new CompletableFuture<>();
        if (closed) {
            f.completeExceptionally(new CliException("IO_ERROR", "the daemon connection is closed"));
            return f;
        }
        Map<String, Object> request = new LinkedHashMap<>();
        synchronized (this) {
            long id = nextId++;
            request.put("protocol", "signaltty/1");
            request.put("id", id);
            request.put("method", method);
            request.put("params", params);
            pending.put(id, f);
            try {
                client.send(request);
            } catch (CliException e) {
                pending.remove(id);
                f.completeExceptionally(e);
            }
        }
        return f;
    }

    /** Sends and waits (never from the reader thread); an error response is a CliException. */
    @Nullable Object call(String method, Map<String, ?> params) {
        try {
            return send(method, params).get(CALL_TIMEOUT_S, TimeUnit.SECONDS).orThrow();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CliException("IO_ERROR", "interrupted: " + method);
        } catch (ExecutionException e) {
            throw e.getCause() instanceof CliException c ? c : new CliException("IO_ERROR", String.valueOf(e.getCause()));
        } catch (TimeoutException e) {
            throw new CliException("TIMEOUT", method + " got no answer in " + CALL_TIMEOUT_S + " s");
        }
    }

    /**
     * Sends every call before waiting for any answer (one round trip for the lot), answers in call order;
     * an error answer is returned, not thrown. Never from the reader thread.
     */
    java.util.List<Client.Response> callAll(java.util.List<dev.signaltty.cli.internal.FleetTree.Call> calls) {
        java.util.List<CompletableFuture<Client.Response>> sent = new java.util.ArrayList<>();
        for (dev.signaltty.cli.internal.FleetTree.Call c : calls) {
            sent.add(send(c.method(), c.params()));
        }
        java.util.List<Client.Response> answers = new java.util.ArrayList<>();
        for (int i = 0; i < sent.size(); i++) {
            try {
                answers.add(sent.get(i).get(CALL_TIMEOUT_S, TimeUnit.SECONDS));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new CliException("IO_ERROR", "interrupted: " + calls.get(i).method());
            } catch (ExecutionException e) {
                throw e.getCause() instanceof CliException c ? c : new CliException("IO_ERROR", String.valueOf(e.getCause()));
            } catch (TimeoutException e) {
                throw new CliException("TIMEOUT", calls.get(i).method() + " got no answer in " + CALL_TIMEOUT_S + " s");
            }
        }
        return answers;
    }

    @SuppressWarnings("unchecked")
    private static Client.Response response(Map<String, Object> message) {
        if (Boolean.TRUE.equals(message.get("ok"))) {
            return new Client.Response(true, message.get("result"), "", "", null);
        }
        Map<String, Object> error = message.get("error") instanceof Map<?, ?> m ? (Map<String, Object>) m : Map.of();
        return new Client.Response(false, null, String.valueOf(error.get("code")), String.valueOf(error.get("message")),
                error.get("details") instanceof Map<?, ?> d ? (Map<String, Object>) d : null);
    }

    @Override
    public void close() {
        closed = true;
        client.closeNow();
    }
}
