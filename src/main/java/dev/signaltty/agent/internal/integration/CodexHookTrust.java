package dev.signaltty.agent.internal.integration;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import dev.signaltty.transport.ProtocolJson;

/**
 * Reads (never writes) whether Codex already trusts signaltty's hooks. Codex stores a reviewed hook
 * as {@code [hooks.state."<source>:<event>:<group>:<handler>"] trusted_hash = "sha256:…"}, the hash
 * of the hook's normalized definition: compact JSON with sorted keys
 * {@code {"event_name":<snake>,"hooks":[{"async":false,"command":…,"timeout":…,"type":"command"}]}}.
 * Hooks given with {@code -c} have the source {@code /<session-flags>/config.toml}.
 */
final class CodexHookTrust {

    record Hook(String event, String command, int timeoutS) {
    }

    static final String SOURCE = "/<session-flags>/config.toml";
    static final long CONFIG_CAP = 4L * 1024 * 1024;

    private CodexHookTrust() {
    }

    /** {@code PreToolUse} → {@code pre_tool_use}. */
    static String snake(String event) {
        return event.replaceAll("([a-z])([A-Z])", "$1_$2").toLowerCase(java.util.Locale.ROOT);
    }

    static String hash(Hook hook) {
        Map<String, Object> handler = new TreeMap<>();
        handler.put("async", false);
        handler.put("command", hook.command());
        handler.put("timeout", hook.timeoutS());
        handler.put("type", "command");
        Map<String, Object> identity = new TreeMap<>();
        identity.put("event_name", snake(hook.event()));
        identity.put("hooks", List.of(handler));
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256")
                    .digest(ProtocolJson.MAPPER.writeValueAsString(identity).getBytes(StandardCharsets.UTF_8));
            return "sha256:" + HexFormat.of().formatHex(digest);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The events whose hook Codex's config does not trust yet (all of them when it cannot be read). */
    static List<String> untrusted(List<Hook> hooks, Map<String, String> env) {
        String home = env.getOrDefault("CODEX_HOME", System.getenv("CODEX_HOME"));
        Path config = home != null && !home.isBlank() ? Path.of(home, "config.toml")
                : Path.of(System.getProperty("user.home"), ".codex", "config.toml");
        String text = "";
        try {
            if (Files.isRegularFile(config) && Files.size(config) <= CONFIG_CAP) {
                text = Files.readString(config);
            }
        } catch (IOException | RuntimeException e) {
            text = "";
        }
        List<String> out = new ArrayList<>();
        for (Hook hook : hooks) {
            String key = "[hooks.state.\"" + SOURCE + ":" + snake(hook.event()) + ":0:0\"]";
            int at = text.indexOf(key);
            int next = at < 0 ? -1 : text.indexOf("\n[", at + key.length());
            String section = at < 0 ? "" : text.substring(at, next < 0 ? text.length() : next);
            if (!section.contains("\"" + hash(hook) + "\"")) {
                out.add(hook.event());
            }
        }
        return out;
    }
}
