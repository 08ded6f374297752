package dev.signaltty.agent.real;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import dev.signaltty.agent.FakeAgent;
import dev.signaltty.transport.ProtocolJson;

/**
 * The real Claude Code, set up to run offline against a {@link ScriptedModel}: a private HOME whose
 * {@code .claude.json} has onboarding done, the dummy key approved and the projects trusted (what makes
 * 2.1.197 run a turn with no login), and a launcher named {@code claude} (so signaltty's integration
 * recognises it and appends {@code --settings}) that sets that environment and execs the installed
 * binary. The launcher's PATH starts with a {@code signaltty} that runs this build's CLI, so a worker
 * can {@code signaltty report}. Public in the test tree for other suites.
 */
public final class RealClaude {

    public static final String API_KEY = "sk-ant-api03-signaltty-scripted-model-0000000000000000000000";

    private RealClaude() {
    }

    /**
     * Writes the private HOME under {@code dir} trusting {@code projects}, and returns the launcher
     * {@code dir/bin/claude}. {@code extraEnv} is added to the launcher's environment.
     */
    public static Path install(Path dir, ScriptedModel model, List<Path> projects, Map<String, String> extraEnv) {
        try {
            Path home = Files.createDirectories(dir.resolve("home"));
            Path config = Files.createDirectories(home.resolve(".claude"));
            Map<String, Object> trusted = new LinkedHashMap<>();
            for (Path project : projects) {
                trusted.put(project.toRealPath().toString(), Map.of("hasTrustDialogAccepted", true,
                        "hasCompletedProjectOnboarding", true));
            }
            Map<String, Object> global = new LinkedHashMap<>();
            global.put("hasCompletedOnboarding", true);
            global.put("customApiKeyResponses", Map.of("approved", List.of(API_KEY.substring(API_KEY.length() - 20)),
                    "rejected", List.of()));
            global.put("projects", trusted);
            byte[] json = ProtocolJson.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsBytes(global);
            Files.write(home.resolve(".claude.json"), json);
            Files.write(config.resolve(".claude.json"), json); // where CLAUDE_CONFIG_DIR points

            Path bin = Files.createDirectories(dir.resolve("bin"));
            Path cli = bin.resolve("signaltty");
            script(cli, "exec " + FakeAgent.cli().stream().map(RealClaude::quote).collect(Collectors.joining(" ")) + " \"$@\"");

            Map<String, String> env = new LinkedHashMap<>();
            env.put("HOME", home.toString());
            env.put("CLAUDE_CONFIG_DIR", config.toString());
            env.put("ANTHROPIC_BASE_URL", model.baseUrl());
            env.put("ANTHROPIC_API_KEY", API_KEY);
            env.put("DISABLE_AUTOUPDATER", "1");
            env.put("DISABLE_TELEMETRY", "1");
            env.put("CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC", "1");
            env.put("CLAUDE_CODE_MAX_RETRIES", "2");
            env.putAll(extraEnv);
            StringBuilder body = new StringBuilder("unset ANTHROPIC_AUTH_TOKEN CLAUDE_CODE_OAUTH_TOKEN\n");
            env.forEach((k, v) -> body.append("export ").append(k).append('=').append(quote(v)).append('\n'));
            body.append("export PATH=").append(quote(bin.toString())).append(":\"$PATH\"\n");
            body.append("exec ").append(quote(RealAgents.claude().toString())).append(" \"$@\"");
            Path claude = bin.resolve("claude");
            script(claude, body.toString());
            return claude;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void script(Path file, String body) throws IOException {
        Files.writeString(file, "#!/bin/sh\n" + body + "\n");
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
    }

    static String quote(String word) {
        return "'" + word.replace("'", "'\\''") + "'";
    }
}
