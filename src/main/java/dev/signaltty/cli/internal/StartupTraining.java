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
        client.call("workspace.close", Map.of("workspace_id", workspaceId)).orThrow();
    }
}
