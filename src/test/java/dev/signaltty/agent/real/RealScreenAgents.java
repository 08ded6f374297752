package dev.signaltty.agent.real;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.signaltty.transport.ProtocolJson;

/**
 * The real gemini-cli and opencode (pinned, {@link RealAgents#screenAgents}), set up to run offline
 * against a {@link ScriptedChatModel}: each gets a private HOME with its settings and a launcher named
 * after the program (the daemon picks the screen manifest by argv[0]'s name) that sets the environment
 * and execs the installed package. Neither has hooks signaltty configures: their screens are all it reads.
 */
public final class RealScreenAgents {

    /** The model gemini-cli is told to use (set, so its model router asks nothing). */
    public static final String GEMINI_MODEL = "gemini-2.5-flash";
    public static final String OPENCODE_MODEL = "scripted-model";

    private RealScreenAgents() {
    }

    /**
     * gemini-cli 0.61.0 with {@code GOOGLE_GEMINI_BASE_URL} on loopback (it accepts plain http there), a dummy
     * {@code GEMINI_API_KEY}, and in {@code ~/.gemini/settings.json} the API-key auth chosen (no login dialog),
     * folder trust off, no update check, no usage statistics, one try per model request with errors shown in full.
     * Returns the launcher {@code dir/bin/gemini}.
     */
    public static Path gemini(Path dir, ScriptedChatModel model) {
        try {
            Path home = Files.createDirectories(dir.resolve("gemini-home"));
            Path settings = Files.createDirectories(home.resolve(".gemini")).resolve("settings.json");
            Files.writeString(settings, json(Map.of(
                    "security", Map.of("auth", Map.of("selectedType", "gemini-api-key"), "folderTrust", Map.of("enabled", false)),
                    // one try per model request, and an error shown in full: by default gemini-cli retries an HTTP
                    // 500 or 429 with backoff and then, silently, again without end (working all along); so set, it
                    // asks "Keep trying" or "Stop" (the manifest's keep_trying rule)
                    "general", Map.of("disableAutoUpdate", true, "disableUpdateNag", true, "maxAttempts", 1),
                    "ui", Map.of("errorVerbosity", "full"),
                    "model", Map.of("name", GEMINI_MODEL),
                    "privacy", Map.of("usageStatisticsEnabled", false),
                    "telemetry", Map.of("enabled", false))));
            Map<String, String> env = new LinkedHashMap<>();
            env.put("HOME", home.toString());
            env.put("GEMINI_API_KEY", "signaltty-scripted-model");
            env.put("GOOGLE_GEMINI_BASE_URL", model.baseUrl());
            return launcher(dir, "gemini", "unset GOOGLE_API_KEY GOOGLE_GENAI_USE_VERTEXAI GOOGLE_CLOUD_PROJECT", env,
                    RealAgents.gemini());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * opencode 1.18.33 with a custom provider in its config ({@code @ai-sdk/openai-compatible}, bundled in the
     * binary, {@code baseURL} on loopback), that provider's model as the default, and {@code bash} set to
     * {@code ask} so a shell command shows opencode's permission dialog. Private HOME and XDG dirs; no models.dev
     * fetch, no default plugins (opencode would npm-install them into its config dir), no LSP downloads, no
     * Claude Code files read ({@code OPENCODE_PURE}). Returns the launcher {@code dir/bin/opencode}.
     */
    public static Path opencode(Path dir, ScriptedChatModel model) {
        try {
            Path home = Files.createDirectories(dir.resolve("opencode-home"));
            Path config = Files.createDirectories(home.resolve(".config").resolve("opencode")).resolve("opencode.json");
            Files.writeString(config, json(Map.of(
                    "provider", Map.of("scripted", Map.of("npm", "@ai-sdk/openai-compatible", "name", "Scripted",
                            "options", Map.of("baseURL", model.baseUrl() + "/v1", "apiKey", "signaltty-scripted-model"),
                            "models", Map.of(OPENCODE_MODEL, Map.of("name", "Scripted model")))),
                    "model", "scripted/" + OPENCODE_MODEL,
                    "permission", Map.of("bash", "ask", "edit", "ask"),
                    "autoupdate", false,
                    "share", "disabled")));
            Map<String, String> env = new LinkedHashMap<>();
            env.put("HOME", home.toString());
            env.put("XDG_CONFIG_HOME", home.resolve(".config").toString());
            env.put("XDG_DATA_HOME", home.resolve(".local/share").toString());
            env.put("XDG_CACHE_HOME", home.resolve(".cache").toString());
            env.put("XDG_STATE_HOME", home.resolve(".local/state").toString());
            for (String flag : List.of("OPENCODE_DISABLE_MODELS_FETCH", "OPENCODE_DISABLE_AUTOUPDATE",
                    "OPENCODE_DISABLE_DEFAULT_PLUGINS", "OPENCODE_DISABLE_LSP_DOWNLOAD", "OPENCODE_DISABLE_CLAUDE_CODE",
                    "OPENCODE_DISABLE_EXTERNAL_SKILLS", "OPENCODE_DISABLE_SHARE", "OPENCODE_PURE")) {
                env.put(flag, "1");
            }
            return launcher(dir, "opencode", "unset OPENCODE_CONFIG OPENCODE_CONFIG_CONTENT OPENCODE_CONFIG_DIR", env,
                    RealAgents.opencode());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Path launcher(Path dir, String name, String unset, Map<String, String> env, Path program)
            throws IOException {
        StringBuilder body = new StringBuilder("#!/bin/sh\n").append(unset).append('\n');
        // a CI build's CI, CONTINUOUS_INTEGRATION and CI_* variables make gemini-cli run non-interactively
        // (under .ci/run with CI=true it read stdin, found nothing and exited 42): here both are
        // interactive programs in a terminal, as a user runs them
        body.append("unset CI CONTINUOUS_INTEGRATION\n")
                .append("for v in $(env | sed -n 's/^\\(CI_[A-Za-z0-9_]*\\)=.*/\\1/p'); do unset \"$v\"; done\n");
        env.forEach((k, v) -> body.append("export ").append(k).append('=').append(RealClaude.quote(v)).append('\n'));
        body.append("exec ").append(RealClaude.quote(program.toString())).append(" \"$@\"\n");
        Path launcher = Files.createDirectories(dir.resolve("bin")).resolve(name);
        Files.writeString(launcher, body.toString());
        Files.setPosixFilePermissions(launcher, PosixFilePermissions.fromString("rwxr-xr-x"));
        return launcher;
    }

    private static String json(Object value) {
        return ProtocolJson.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(value);
    }
}
