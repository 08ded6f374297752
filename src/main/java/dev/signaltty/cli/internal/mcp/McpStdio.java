package dev.signaltty.cli.internal.mcp;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.jspecify.annotations.Nullable;

import dev.signaltty.cli.internal.Json;
import dev.signaltty.transport.Suggest;

/**
 * The MCP server's stdio, one JSON-RPC message a line, between the process's streams and the SDK's transport:
 * <ul>
 * <li>a line that is not a JSON object is answered here with a JSON-RPC parse error (id null) and kept from the
 *     SDK, whose reader otherwise stops at it for good: nothing after it was answered, and the process never
 *     ended; blank lines are skipped;</li>
 * <li>lines go out whole (a line is written only once its newline came), so this class's own answers never cut
 *     into the SDK's;</li>
 * <li>stdin's end reaches the SDK only once every request read since {@code initialize} is answered (the SDK
 *     closes its session at its input's end, answered or not: {@code printf … | signaltty mcp} printed nothing),
 *     waiting while a tool call runs, else at most {@link #QUIET_MS} without an answer;</li>
 * <li>a request sent before {@code initialize} is answered here with an Invalid Request error that says so: the
 *     SDK drops it unanswered, and a client waiting for the answer would hang.</li>
 * <li>a {@code tools/call} of a tool this server does not have is answered here with an Invalid Params error that
 *     names it, the tool meant when one is close ({@code pane_read}: {@code read}) and every tool: the SDK's
 *     answer was "Unknown tool: invalid_tool_name", which named neither.</li>
 * </ul>
 */
final class McpStdio {

    /**
     * The longest line read, as the daemon's socket allows (seed: max line 16 MiB): a longer one is answered with
     * a parse error and skipped to its newline, so a runaway client cannot grow this process without bound.
     */
    static final int MAX_LINE = 16 << 20;

    /** After stdin ended, with no tool call running, how long the end waits for an answer. */
    static final long QUIET_MS = 10_000;

    private final PrintStream err;
    private final Object lock = new Object();
    private boolean ended;
    private boolean initialized;
    private long requests;
    private long answers;
    private int callsRunning;
    private long lastProgress = System.nanoTime();
    private @Nullable OutputStream out;
    private volatile List<String> tools = List.of();

    McpStdio(PrintStream err) {
        this.err = err;
    }

    /** The names of the tools served, for the answer to a call of another one. */
    void tools(List<String> names) {
        this.tools = List.copyOf(names);
    }

    /** What the SDK reads: the JSON object lines of {@code stdin}. */
    InputStream input(InputStream stdin) {
        return new Lines(new BufferedInputStream(stdin));
    }

    /** What the SDK writes to: whole lines to {@code stdout}, answers counted. */
    OutputStream output(OutputStream stdout) {
        this.out = stdout;
        return new WholeLines();
    }

    /** Around a tool call or resource read: the end waits for it. */
    void callStarted() {
        synchronized (lock) {
            callsRunning++;
        }
    }

    void callEnded() {
        synchronized (lock) {
            callsRunning--;
            lastProgress = System.nanoTime();
            lock.notifyAll();
        }
    }

    /** Blocks until stdin ended and what was asked is answered (or nothing more comes, see the class comment). */
    void awaitEnd() throws InterruptedException {
        synchronized (lock) {
            while (!ended) {
                lock.wait();
            }
        }
    }

    /**
     * At stdin's end, before the SDK is told: it closes its session at its input's end, answered or not. Returns
     * when every request is answered, or no tool call runs and none was answered for {@link #QUIET_MS}.
     */
    private void drain() {
        synchronized (lock) {
            lastProgress = System.nanoTime();
            try {
                while (answers < requests
                        && (callsRunning > 0 || (System.nanoTime() - lastProgress) / 1_000_000 < QUIET_MS)) {
                    lock.wait(50);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private void asked(Map<?, ?> message) {
        synchronized (lock) {
            if ("initialize".equals(message.get("method"))) {
                initialized = true;
            }
            if (initialized && message.containsKey("method") && message.containsKey("id")) {
                requests++;
            }
        }
    }

    /** A request (method and id) other than {@code initialize} while no {@code initialize} came: the SDK drops those unanswered. */
    private boolean beforeInitialize(Map<?, ?> message) {
        synchronized (lock) {
            return !initialized && message.containsKey("id") && message.get("method") instanceof String method
                    && !"initialize".equals(method);
        }
    }

    private void refuseUninitialized(Map<?, ?> message) throws IOException {
        writeError(message.get("id"), -32600, "Invalid Request: " + message.get("method")
                + " before initialize; an MCP session starts with an initialize request");
    }

    /** The name of the tool a {@code tools/call} request asks for when this server has no such tool, else null. */
    private @Nullable String unknownTool(Map<?, ?> message) {
        if (!"tools/call".equals(message.get("method")) || !message.containsKey("id") || tools.isEmpty()) {
            return null;
        }
        Object name = message.get("params") instanceof Map<?, ?> params ? params.get("name") : null;
        String typed = name instanceof String s ? s : "";
        return tools.contains(typed) ? null : typed;
    }

    private void refuseUnknownTool(Map<?, ?> message, String name) throws IOException {
        String meant = name.isEmpty() ? null : Suggest.closest(name, tools);
        if (meant == null) { // a prefixed guess: pane_read, signaltty_fleet
            meant = tools.stream().filter(t -> name.endsWith("_" + t)).findFirst().orElse(null);
        }
        String text = name.isEmpty() ? "Unknown tool: params.name is missing" : "Unknown tool: '" + name + "'";
        writeError(message.get("id"), -32602, text + (meant == null ? "" : " (did you mean '" + meant + "'?)")
                + "; tools: " + String.join(", ", tools));
    }

    private void wrote(byte[] line) {
        if (!(parse(line) instanceof Map<?, ?> message) || !message.containsKey("id") || message.containsKey("method")) {
            return;
        }
        synchronized (lock) {
            answers++;
            lastProgress = System.nanoTime();
            lock.notifyAll();
        }
    }

    private void end() {
        synchronized (lock) {
            ended = true;
            lastProgress = System.nanoTime();
            lock.notifyAll();
        }
    }

    private static @Nullable Object parse(byte[] line) {
        try {
            return Json.parse(new String(line, StandardCharsets.UTF_8));
        } catch (Json.ParseException e) {
            return null;
        }
    }

    /** One whole line to stdout, under the lock every line goes out under. */
    private void writeLine(byte[] line) throws IOException {
        OutputStream target = out;
        synchronized (this) {
            target.write(line);
            target.write('\n');
            target.flush();
        }
    }

    private void refuse(byte[] line) throws IOException {
        String text = new String(line, StandardCharsets.UTF_8).strip();
        String shown = text.length() > 60 ? text.substring(0, 60) + "…" : text;
        err.println("signaltty mcp: not a JSON-RPC message (one JSON object a line), answered with a parse error: " + shown);
        writeError(null, -32700, "Parse error: not a JSON object: " + shown);
    }

    private void refuseLong(long length) throws IOException {
        err.println("signaltty mcp: a line of " + length + " bytes is longer than " + MAX_LINE + " (16 MiB), answered with a parse error");
        writeError(null, -32700, "Parse error: line of " + length + " bytes is longer than the limit of " + MAX_LINE + " bytes");
    }

    /** A JSON-RPC error answer written here, not by the SDK; {@code id} null for a message that could not be read. */
    private void writeError(@Nullable Object id, int code, String text) throws IOException {
        Map<String, Object> answer = new LinkedHashMap<>();
        answer.put("jsonrpc", "2.0");
        answer.put("id", id);
        answer.put("error", Map.of("code", code, "message", text));
        writeLine(Json.write(answer).getBytes(StandardCharsets.UTF_8));
    }

    private final class Lines extends InputStream {
        private final InputStream in;
        private byte[] current = new byte[0];
        private int pos;

        Lines(InputStream in) {
            this.in = in;
        }

        /** Moves to the next line the SDK may see; false at the end of stdin. */
        private boolean next() throws IOException {
            while (pos == current.length) {
                ByteArrayOutputStream line = new ByteArrayOutputStream();
                long length = 0;
                int c;
                while ((c = in.read()) >= 0 && c != '\n') {
                    if (length++ < MAX_LINE) {
                        line.write(c);
                    }
                }
                if (c < 0 && length == 0) {
                    drain();
                    end();
                    return false;
                }
                if (length > MAX_LINE) {
                    refuseLong(length);
                    continue;
                }
                byte[] bytes = line.toByteArray();
                if (new String(bytes, StandardCharsets.UTF_8).isBlank()) {
                    continue;
                }
                if (!(parse(bytes) instanceof Map<?, ?> message)) {
                    refuse(bytes);
                    continue;
                }
                if (beforeInitialize(message)) {
                    refuseUninitialized(message);
                    continue;
                }
                if (unknownTool(message) instanceof String name) {
                    refuseUnknownTool(message, name);
                    continue;
                }
                asked(message);
                current = Arrays.copyOf(bytes, bytes.length + 1);
                current[bytes.length] = '\n';
                pos = 0;
            }
            return true;
        }

        @Override
        public int read() throws IOException {
            return next() ? current[pos++] & 0xff : -1;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            if (len == 0) {
                return 0;
            }
            if (!next()) {
                return -1;
            }
            int n = Math.min(len, current.length - pos);
            System.arraycopy(current, pos, b, off, n);
            pos += n;
            return n;
        }
    }

    private final class WholeLines extends OutputStream {
        private final ByteArrayOutputStream line = new ByteArrayOutputStream();

        @Override
        public synchronized void write(int b) throws IOException {
            if (b == '\n') {
                byte[] bytes = line.toByteArray();
                line.reset();
                writeLine(bytes);
                wrote(bytes);
            } else {
                line.write(b);
            }
        }

        @Override
        public synchronized void write(byte[] b, int off, int len) throws IOException {
            int start = off;
            for (int i = off; i < off + len; i++) {
                if (b[i] == '\n') {
                    line.write(b, start, i - start);
                    write('\n');
                    start = i + 1;
                }
            }
            line.write(b, start, off + len - start);
        }

        @Override
        public void flush() {
            // lines are flushed as they complete; a partial line waits for its newline
        }
    }
}
