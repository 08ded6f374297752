package dev.signaltty.cli.internal;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import dev.signaltty.transport.SignalttyPaths;

/**
 * The requests {@code bin/signaltty} sends to the private daemon it starts to train the daemon's AOT
 * cache (JEP 483/514/515): the request path (accept, decode, route, encode) and the most common
 * handlers run thousands of times, so the cache holds their classes, linked call sites and method
 * profiles, and a freshly started daemon serves its first requests with what the JIT learnt here
 * (issue 24 item 2). Run as {@code java -cp <cli jar> dev.signaltty.cli.internal.StartupTraining}
 * with the training daemon's {@code SIGNALTTY_SOCKET}; exits 0 when every request was answered.
 */
public final class StartupTraining {

    /** Sequential {@code pane.get}s: enough for C2 to compile the request path in the training run. */
    static final int ROUNDS = 20_000;

    /**
     * Bytes of output flooded through one 200x50 pane after the requests (ADR 0580): enough for the output
     * path (reader, pipe, parser, rows, history eviction past 10,000 lines, flood checkpoints) to reach C2
     * in training, so its profiles are in the cache for a fresh daemon's first flood.
     */
    static final int FLOOD_BYTES = 8 << 20;

    /**
     * The flood's repeated block, terminal output as agents and builds print it: SGR (16, 256 and true
     * colour, bold, underline), 2- to 4-byte UTF-8 and wide CJK, erase-line, a carriage-return redraw
     * and a cursor move back into written rows.
     */
    static final String FLOOD_BLOCK = String.join("\n",
            "\033[1;32m\u2713\033[0m compile src/main/java/dev/App.java in 42 ms \033[38;5;208mwarning\033[0m: unused import",
            "the build passed in main with value 17 for file tests and done line of output for a pane \u2014 \u00fcber",
            "\033[38;2;255;128;0mdata\033[0m \u65e5\u672c\u8a9e \u30c6\u30b9\u30c8 \ud83d\ude42 \u043f\u0440\u0438\u043c\u0435\u0440"
                    + " \u0627\u0644\u0639\u0631\u0628\u064a\u0629 \u2502\u2588 \u03bb \u03a9 na\u00efve r\u00e9sum\u00e9\033[K",
            "\033[4merror:\033[24m \033[31mexpected ';'\033[39m at line 42, column 7 \u2192 see \033[1mApp.java\033[22m",
            "[ 10%] building\r\033[K[ 55%] linking\r\033[K[100%] done \033[2A\033[5C\033[1B",
            "plain words again for the text fast path: grep sed awk make cargo npm mvn java python node go rust");

    private StartupTraining() {
    }

    public static void main(String[] args) {
        Path socket = SignalttyPaths.fromEnvironment().socket();
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : ROUNDS;
        int floodBytes = args.length > 1 ? Integer.parseInt(args[1]) : FLOOD_BYTES;
        try (Client client = Client.connect(socket)) {
            run(client, rounds, floodBytes);
        } catch (CliException e) {
            System.err.println("signaltty training: " + e.code() + ": " + e.getMessage());
            System.exit(1);
        }
    }

    static void run(Client client, int rounds) {
        run(client, rounds, FLOOD_BYTES);
    }

    @SuppressWarnings("unchecked")
    static void run(Client client, int rounds, int floodBytes) {
        Map<String, Object> workspace = (Map<String, Object>) client.call("workspace.create",
                Map.of("name", "training", "cwd", System.getProperty("java.io.tmpdir"))).orThrow();
        Object workspaceId = workspace.get("workspace_id");
        Map<String, Object> pane = (Map<String, Object>) client.call("pane.spawn", Map.of("workspace_id", workspaceId,
                "argv", List.of("sh", "-c", "printf 'training\\n'; exec cat"))).orThrow();
        Object paneId = pane.get("pane_id");
        Map<String, Object> get = Map.of("pane_id", paneId);
        for (int i = 0; i < rounds; i++) {
            client.call("pane.get", get).orThrow();
            if (i % 100 == 0) {
                client.call("ping", Map.of()).orThrow();
                client.call("pane.list", Map.of()).orThrow();
                client.call("workspace.list", Map.of()).orThrow();
                client.call("pane.write", Map.of("pane_id", paneId, "data", "line " + i + "\n")).orThrow();
                client.call("pane.read", Map.of("pane_id", paneId, "mode", "tail")).orThrow();
            }
        }
        flood(client, workspaceId, floodBytes);
        client.call("workspace.close", Map.of("workspace_id", workspaceId)).orThrow();
    }

    /** Floods {@code bytes} of {@link #FLOOD_BLOCK} through a new pane, waits until every byte was emulated; its output_offset. */
    @SuppressWarnings("unchecked")
    static long flood(Client client, Object workspaceId, int bytes) {
        Map<String, Object> pane = (Map<String, Object>) client.call("pane.spawn", Map.of("workspace_id", workspaceId,
                "cols", 200, "rows", 50,
                "argv", List.of("sh", "-c", "yes \"$1\" | head -c " + bytes, "sh", FLOOD_BLOCK))).orThrow();
        Map<String, Object> id = Map.of("pane_id", pane.get("pane_id"));
        // the daemon tells exited only once the emulator drained every byte
        client.call("wait", Map.of("pane_id", id.get("pane_id"), "until", "exited", "timeout_s", 300)).orThrow();
        Map<String, Object> got = (Map<String, Object>) client.call("pane.get", id).orThrow();
        Map<String, Object> view = (Map<String, Object>) got.getOrDefault("pane", got);
        client.call("pane.close", id).orThrow();
        return ((Number) view.get("output_offset")).longValue();
    }
}
