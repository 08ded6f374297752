package dev.signaltty.agent.real;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;

/**
 * The real Codex, set up to run offline against a {@link ScriptedModel}: a private {@code CODEX_HOME}
 * whose {@code config.toml} has a model provider with a loopback {@code base_url}
 * ({@code wire_api = "responses"}, {@code env_key = "OPENAI_API_KEY"}) and the projects trusted, a
 * dummy key, and a launcher named {@code codex} that sets them and execs the installed package.
 * Codex then calls only {@code POST /v1/responses}. Public in the test tree for other suites.
 */
public final class RealCodex {

    public static final String MODEL = "gpt-5.1-codex";

    private RealCodex() {
    }

    /** Writes {@code dir/codex-home} trusting {@code projects}; returns the launcher {@code dir/bin/codex}. */
    public static Path install(Path dir, ScriptedModel model, List<Path> projects) {
        try {
            Path home = Files.createDirectories(dir.resolve("codex-home"));
            StringBuilder config = new StringBuilder();
            config.append("model = \"").append(MODEL).append("\"\n");
            config.append("model_provider = \"scripted\"\n");
            config.append("check_for_update_on_startup = false\n\n");
            config.append("[model_providers.scripted]\nname = \"scripted\"\n");
            config.append("base_url = \"").append(model.baseUrl()).append("/v1\"\n");
            config.append("wire_api = \"responses\"\nenv_key = \"OPENAI_API_KEY\"\n");
            // an API error scenario answers 500 on every try: give up at once, not after Codex's default retries
            config.append("request_max_retries = 0\nstream_max_retries = 0\n\n");
            for (Path project : projects) {
                config.append("[projects.\"").append(project.toRealPath()).append("\"]\ntrust_level = \"trusted\"\n\n");
            }
            Files.writeString(home.resolve("config.toml"), config.toString());
            Path bin = Files.createDirectories(dir.resolve("bin"));
            Path codex = bin.resolve("codex");
            Files.writeString(codex, "#!/bin/sh\nunset OPENAI_BASE_URL CODEX_API_KEY\n"
                    + "export CODEX_HOME=\"${CODEX_HOME:-" + home + "}\"\n"
                    + "export OPENAI_API_KEY=sk-signaltty-scripted-model\n"
                    + "exec " + RealClaude.quote(RealAgents.codex().toString()) + " \"$@\"\n");
            Files.setPosixFilePermissions(codex, PosixFilePermissions.fromString("rwxr-xr-x"));
            return codex;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The private CODEX_HOME {@link #install} wrote under {@code dir}. */
    public static Path home(Path dir) {
        return dir.resolve("codex-home");
    }
}
