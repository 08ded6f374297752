package dev.signaltty.agent;

import static dev.signaltty.support.ProtocolClient.eventually;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import dev.signaltty.support.DaemonFixture;
import tools.jackson.databind.JsonNode;

/** Launch integrations for Codex, unsupported agents, remote endpoints and setup errors (ADR-0014). */
class IntegrationsTest {

    @RegisterExtension
    static final DaemonFixture daemon = new DaemonFixture("agents", "signaltty.cli.command=signaltty-test-cli");

    /** A stand-in executable: prints its arguments (and a help text mentioning {@code helpFlag}). */
    static Path script(String dir, String name, String helpFlag) throws IOException {
        Path bin = Files.createDirectories(daemon.root().resolve(dir));
        Path file = bin.resolve(name);
        Files.writeString(file, "#!/bin/sh\nif [ \"$1\" = --help ]; then echo 'usage: " + name + " [OPTIONS] "
                + helpFlag + "'; exit 0; fi\necho \"ARGS: $*\"\nexec sleep 60\n");
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
        return file;
    }

    static JsonNode spawn(List<String> argv) {
        return daemon.client().call("pane.spawn", Map.of("workspace_id", daemon.workspace(), "argv", argv, "cols", 200));
    }

    static String screen(String pane) {
        return daemon.client().call("pane.read", Map.of("pane_id", pane, "mode", "screen")).get("text").asString();
    }

    @Test
    void codexGetsItsNotifyProgramAndNoDaemonWhenTheProbeConfirmsIt() throws IOException { // seed R211, seed R212
        Path codex = script("with-flag", "codex", "--no-daemon");
        JsonNode pane = spawn(List.of(codex.toString()));
        assertThat(pane.get("integration").get("status").asString()).isEqualTo("configured");
        assertThat(pane.get("argv").toString()).doesNotContain("no-daemon").doesNotContain("notify");
        String id = pane.get("pane_id").asString();
        eventually(Duration.ofSeconds(10), () -> screen(id).contains("ARGS:"));
        assertThat(screen(id)).contains("--no-daemon").contains("notify=[\"signaltty-test-cli\",\"hook-event\"");
    }

    @Test
    void codexWithoutTheFlagInItsHelpKeepsItsPlainCommandLine() throws IOException { // seed R211
        Path codex = script("without-flag", "codex", "--model");
        String id = spawn(List.of(codex.toString())).get("pane_id").asString();
        eventually(Duration.ofSeconds(10), () -> screen(id).contains("ARGS:"));
        assertThat(screen(id)).doesNotContain("--no-daemon").contains("notify=");
    }

    @Test
    void nonInteractiveCodexIsNotGivenNoDaemon() throws IOException {
        Path codex = script("exec-mode", "codex", "--no-daemon");
        String id = spawn(List.of(codex.toString(), "exec", "fix it")).get("pane_id").asString();
        eventually(Duration.ofSeconds(10), () -> screen(id).contains("ARGS:"));
        assertThat(screen(id)).doesNotContain("--no-daemon").contains("exec fix it");
    }

    @Test
    void anUnsupportedAgentKeepsItsCommandWithADisabledNotice() throws IOException { // seed R213, seed R210
        Path aider = script("unsupported", "aider", "");
        JsonNode integration = spawn(List.of(aider.toString(), "--yes")).get("integration");
        assertThat(integration.get("status").asString()).isEqualTo("disabled");
        assertThat(integration.get("notice").asString()).contains("aider");
    }

    @Test
    void anExplicitRemoteEndpointIsDisabledAndKeepsItsCommand() throws IOException { // seed R213
        Path claude = script("remote", "claude", "");
        JsonNode pane = spawn(List.of(claude.toString(), "--remote", "https://agents.example"));
        assertThat(pane.get("integration").get("status").asString()).isEqualTo("disabled");
        String id = pane.get("pane_id").asString();
        eventually(Duration.ofSeconds(10), () -> screen(id).contains("ARGS:"));
        assertThat(screen(id)).doesNotContain("--settings");
    }

    @Test
    void aSetupErrorNeverPreventsTheLaunch() throws IOException { // seed R209
        Path integrations = daemon.stateDir().resolve("integrations");
        Files.createDirectories(integrations.getParent());
        Files.deleteIfExists(integrations);
        boolean blocked = !Files.exists(integrations);
        if (blocked) {
            Files.writeString(integrations, "not a directory"); // the settings file cannot be written
        }
        try {
            Path claude = script("broken", "claude", "");
            JsonNode pane = spawn(List.of(claude.toString()));
            assertThat(pane.get("integration").get("status").asString()).isEqualTo("error");
            assertThat(pane.get("integration").get("notice").asString()).isNotBlank();
            String id = pane.get("pane_id").asString();
            eventually(Duration.ofSeconds(10), () -> screen(id).contains("ARGS:"));
            assertThat(pane.get("status").asString()).isEqualTo("running");
        } finally {
            if (blocked) {
                Files.delete(integrations);
            }
        }
    }
}
