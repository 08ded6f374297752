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
 * (issue 24 item 2). Then one pane floods {@link #FLOOD_BYTES} of coloured, multi-byte output, so the
 * cache also holds the profiles of the PTY reader, the vt parser and the row writer, and the first flood
 * through a fresh daemon does not run them interpreted (issue 24 item 1, ADR 0485). Run as {@code java -cp <cli jar> dev.signaltty.cli.internal.StartupTraining}
 * with the training daemon's {@code SIGNALTTY_SOCKET}; exits 0 when every request was answered.
 */
public final class StartupTraining {

    /** Sequential {@code pane.get}s: enough for C2 to compile the request path in the training run. */
    static final int ROUNDS = 20_000;

    /** Bytes of the training flood: 16 MiB, many times what the JIT needs to compile the output path with C2. */
    static final long FLOOD_BYTES = 16L << 20;

    /**
     * One line of the flood, repeated by {@code yes}: SGR colours and 2- and 3-byte UTF-8 (a wide CJK
     * pair), the mix agents print, so the parser's escape and UTF-8 branches are profiled too.
     */
    static final String FLOOD_LINE = "train \u001b[1;31mred\u001b[m é 漢字 ✓ line";

    private StartupTraining() {
    }

    public static void main(String[] args) {
        Path socket = SignalttyPaths.fromEnvironment().socket();
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : ROUNDS;
        try (Client client = Client.connect(socket)) {
            run(client, rounds);
        } catch (CliException e) {
            System.err.println("signaltty training: " + e.code() + ": " + e.getMessage());
            System.exit(1);
        }
    }

    @SuppressWarnings("unchecked")
    static void run(Client client, int rounds) {
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
        flood(client, workspaceId);
        client.call("workspace.close", Map.of("workspace_id", workspaceId)).orThrow();
    }

    /**
     * Floods one pane and waits until it has exited: the daemon reports exited only after every byte went
     * through the emulator, so the whole flood is in the profiles before the pane is closed.
     */
    @SuppressWarnings("unchecked")
    static void flood(Client client, Object workspaceId) {
        // the line is an argument, not part of the script: the shell never reads its escapes
        Map<String, Object> pane = (Map<String, Object>) client.call("pane.spawn", Map.of("workspace_id", workspaceId,
                "cols", 200, "rows", 50, "argv", List.of("sh", "-c", "yes \"$1\" | head -c " + FLOOD_BYTES, "sh",
                        FLOOD_LINE))).orThrow();
        Object paneId = pane.get("pane_id");
        client.call("wait", Map.of("pane_id", paneId, "until", "exited", "timeout_s", 600)).orThrow();
        client.call("pane.close", Map.of("pane_id", paneId)).orThrow();
    }
}
