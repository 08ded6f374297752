package dev.signaltty.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.signaltty.cli.CliHarness.Run;
import dev.signaltty.support.ProtocolClient;
import dev.signaltty.transport.ProtocolJson;
import tools.jackson.databind.JsonNode;

/**
 * {@code signaltty agent explain} against a daemon started by the real CLI with a user manifest in
 * its config dir (issue 14 item 4): the rule that set the state is named, and a refused manifest is
 * logged in daemon.log at start with its file and field.
 */
class CliAgentExplainTest {

    static final Path SCREENS = Path.of("src/test/resources/screens").toAbsolutePath();

    @Test
    void explainNamesTheUserManifestRuleAndTheLogNamesARefusedManifest(@TempDir Path temp) throws Exception {
        try (CliHarness cli = new CliHarness(temp)) {
            Path agents = Files.createDirectories(cli.configDir().resolve("agents"));
            Files.copy(SCREENS.resolve("script/confirm.json"), agents.resolve("confirm.json"));
            Files.writeString(agents.resolve("broken.json"), """
                    {"programs": ["broken"], "rules": [{"id": "x", "region": "nowhere", "regex": "x", "lifecycle": "idle"}]}
                    """);
            Path script = cli.cwd().resolve("confirm.sh");
            Files.copy(SCREENS.resolve("script/confirm.sh"), script);
            Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwx------"));
            Run start = cli.run("server", "start");
            assertThat(start.status()).as(start.toString()).isZero();

            try (ProtocolClient daemon = ProtocolClient.connect(cli.socket())) {
                String workspace = daemon.call("workspace.create", Map.of("name", "explain", "cwd", cli.cwd().toString()))
                        .get("workspace_id").asString();
                String pane = daemon.call("pane.spawn", Map.of("workspace_id", workspace, "argv",
                        List.of(script.toString()))).get("pane_id").asString();
                ProtocolClient.eventually(Duration.ofSeconds(60), () -> daemon.call("pane.get", Map.of("pane_id", pane))
                        .get("lifecycle").asString().equals("idle"));

                Run explained = cli.run("--json", "agent", "explain", pane);
                assertThat(explained.status()).as(explained.toString()).isZero();
                JsonNode result = ProtocolJson.MAPPER.readTree(explained.out());
                assertThat(result.get("lifecycle").get("rule").asString()).isEqualTo("ready");
                assertThat(result.get("lifecycle").get("file").asString()).isEqualTo(agents.resolve("confirm.json").toString());
                assertThat(result.get("manifest_errors").get(0).get("field").asString()).isEqualTo("rules[0].region");

                // inside the pane the pane defaults to $SIGNALTTY_PANE; the plain output names the rule too
                Run plain = cli.run(Map.of("SIGNALTTY_PANE", pane), "", "agent", "explain");
                assertThat(plain.status()).as(plain.toString()).isZero();
                assertThat(plain.out()).contains("ready", "confirm", "screen");
            }
            assertThat(Files.readString(cli.stateDir().resolve("daemon.log"))).contains("agent manifest refused: "
                    + agents.resolve("broken.json") + ": rules[0].region: unknown region \"nowhere\"");
        }
    }
}
