package dev.signaltty.agent;

import static dev.signaltty.agent.AgentDaemonFixture.hook;
import static dev.signaltty.support.ProtocolClient.eventually;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.signaltty.support.ProtocolClient;
import dev.signaltty.support.TestDaemon;
import dev.signaltty.transport.ProtocolJson;
import tools.jackson.databind.JsonNode;

/**
 * pane.resume after a daemon restart relaunches an agent through its adapter's resume command with the
 * session id discovered before the restart (seed L93–97, ADR-0083). The fake Claude prints its argv
 * (without the --settings pair the integration adds) and CLAUDE_CONFIG_DIR as its first lines.
 */
class AgentResumeTest {

    /** What one daemon run left behind: the pane and the session its agent reported. */
    record Before(String pane, String session, String argv0) {
    }

    static String screen(ProtocolClient client, String pane) {
        return client.call("pane.read", Map.of("pane_id", pane, "mode", "screen")).get("text").asString();
    }

    static String session(ProtocolClient client, String pane) {
        return client.call("pane.get", Map.of("pane_id", pane)).get("wait_baseline").path("agent_session_id").asString("");
    }

    static String json(List<String> argv) {
        return ProtocolJson.MAPPER.writeValueAsString(argv);
    }

    /** Spawns the fake agent with {@code argv} in a workspace at {@code cwd} and waits for its session id. */
    static Before runAgent(Path root, Path cwd, List<String> argv, Map<String, String> env) {
        try (TestDaemon daemon = TestDaemon.start(root, FakeAgent.cliProperty()); ProtocolClient client = daemon.connect()) {
            String workspace = AgentDaemonFixture.workspace(client, cwd);
            Map<String, Object> params = new HashMap<>(Map.of("workspace_id", workspace, "argv", argv, "cols", 200,
                    "rows", 30, "env", env));
            JsonNode spawned = client.call("pane.spawn", params);
            String pane = spawned.get("pane_id").asString();
            eventually(Duration.ofSeconds(60), () -> session(client, pane).startsWith("sess-"));
            return new Before(pane, session(client, pane), spawned.get("argv").get(0).asString());
        }
    }

    /** Restarts the daemon, resumes the pane and returns its screen once the fake agent printed its argv. */
    static String resumeAfterRestart(Path root, Before before) {
        try (TestDaemon daemon = TestDaemon.start(root, FakeAgent.cliProperty()); ProtocolClient client = daemon.connect()) {
            JsonNode restored = client.call("pane.get", Map.of("pane_id", before.pane()));
            assertThat(restored.get("pane").get("status").asString()).isEqualTo("exited");
            assertThat(restored.get("agent").asString()).isEqualTo("claude");
            assertThat(restored.get("pane").get("integration").get("agent").asString()).isEqualTo("claude");
            assertThat(session(client, before.pane())).isEqualTo(before.session());
            JsonNode resumed = client.call("pane.resume", Map.of("pane_id", before.pane())).get("pane");
            assertThat(resumed.get("integration").get("status").asString()).isEqualTo("configured");
            eventually(Duration.ofSeconds(30), () -> screen(client, before.pane()).contains("config: "));
            // the resumed agent reports the same session again; pane.get shows it for the new process
            eventually(Duration.ofSeconds(60), () -> session(client, before.pane()).equals(before.session()));
            return screen(client, before.pane());
        }
    }

    static Path copy(Path claude, Path dir) {
        try {
            Path target = Files.createDirectories(dir).resolve("claude");
            Files.copy(claude, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.COPY_ATTRIBUTES);
            return target;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Test
    void aClaudePaneResumesItsDiscoveredSessionAfterARestartWithoutItsLaunchOptions(@TempDir Path root) {
        // seed R355, seed R356, seed R358, seed R359
        Path claude = FakeAgent.install(root);
        Path configDir = root.resolve("claude-config");
        Before before = runAgent(root, root, List.of(claude.toString(), "--model", "opus"),
                Map.of("CLAUDE_CONFIG_DIR", configDir.toString()));
        String screen = resumeAfterRestart(root, before);
        assertThat(screen).contains("argv: " + json(List.of(claude.toString(), "--resume", before.session())));
        // the screen keeps the first run's lines (restored across the restart); the resumed run's come last
        assertThat(screen.substring(screen.lastIndexOf("argv: "))).doesNotContain("opus");
        assertThat(screen).contains("config: " + configDir);
    }

    @Test
    void anAgentThatExitedResumesItsSessionAgainAndAgainWithoutARestart(@TempDir Path root) {
        Path claude = FakeAgent.install(root);
        try (TestDaemon daemon = TestDaemon.start(root, FakeAgent.cliProperty()); ProtocolClient client = daemon.connect()) {
            String workspace = AgentDaemonFixture.workspace(client, root);
            String pane = client.call("pane.spawn", Map.of("workspace_id", workspace, "cols", 200,
                    "argv", List.of(claude.toString(), "--verbose"))).get("pane_id").asString();
            eventually(Duration.ofSeconds(60), () -> session(client, pane).startsWith("sess-"));
            String session = session(client, pane);
            String resumed = "argv: " + json(List.of(claude.toString(), "--resume", session));
            for (int round = 1; round <= 2; round++) {
                client.call("pane.write", Map.of("pane_id", pane, "data", "exit\r"));
                eventually(Duration.ofSeconds(30), () -> client.call("pane.get", Map.of("pane_id", pane))
                        .get("pane").get("status").asString().equals("exited"));
                client.call("pane.resume", Map.of("pane_id", pane));
                int expected = round;
                eventually(Duration.ofSeconds(30), () -> screen(client, pane).split(java.util.regex.Pattern.quote(resumed), -1)
                        .length - 1 == expected);
                // the resumed process reports the session again before it is told to exit
                eventually(Duration.ofSeconds(60), () -> session(client, pane).equals(session));
            }
        }
    }

    @Test
    void anExplicitManifestResumePathIsAuthoritative(@TempDir Path root) throws IOException { // seed R357
        Path claude = FakeAgent.install(root);
        Before before = runAgent(root, root, List.of(claude.toString()), Map.of());
        Path manifestClaude = copy(claude, root.resolve("manifest-bin"));
        Path agents = Files.createDirectories(root.resolve("config/signaltty/agents"));
        Files.writeString(agents.resolve("claude.json"),
                ProtocolJson.MAPPER.writeValueAsString(Map.of("resume_executable", manifestClaude.toString())));
        String screen = resumeAfterRestart(root, before);
        assertThat(screen).contains("argv: " + json(List.of(manifestClaude.toString(), "--resume", before.session())));
    }

    @Test
    void aRelativeExecutableIsAnchoredAtSpawnSoTheResumeRunsTheSameFile(@TempDir Path root) throws IOException {
        // seed R360, seed R362: stored absolute, so neither the daemon's directory nor a later one redirects it
        Path project = Files.createDirectories(root.resolve("project"));
        Path claude = copy(FakeAgent.install(root), project.resolve("tools"));
        Before before = runAgent(root, project, List.of("./tools/claude"), Map.of());
        assertThat(before.argv0()).isEqualTo(claude.toString());
        String screen = resumeAfterRestart(root, before);
        assertThat(screen).contains("argv: " + json(List.of(claude.toString(), "--resume", before.session())));
    }

    @Test
    void aLegacySnapshotWithARelativeExecutableKeepsTheAdapterCommand(@TempDir Path root) throws IOException {
        // seed R363: the legacy relative path has no reliable directory, so the bare command runs from PATH
        Path claude = FakeAgent.install(root);
        Path onPath = copy(claude, root.resolve("path-bin"));
        Before before = runAgent(root, root, List.of(claude.toString()),
                Map.of("PATH", onPath.getParent() + ":" + System.getenv("PATH")));
        Path panes = root.resolve("state/signaltty/snapshot/panes.json");
        String snapshot = Files.readString(panes);
        assertThat(snapshot).contains(ProtocolJson.MAPPER.writeValueAsString(claude.toString()));
        Files.writeString(panes, snapshot.replace(ProtocolJson.MAPPER.writeValueAsString(claude.toString()),
                "\"agent-bin/claude\""));
        String screen = resumeAfterRestart(root, before);
        // the kernel hands the script the path PATH lookup found: path-bin, not agent-bin
        assertThat(screen).contains("argv: " + json(List.of(onPath.toString(), "--resume", before.session())));
    }

    @Test
    void anOlderSnapshotWithoutAgentSessionsLoadsAndRunsTheAgentsCommandAgain(@TempDir Path root) throws IOException {
        // written before sessions were persisted: no agents document, no integration member
        Path claude = FakeAgent.install(root);
        Before before = runAgent(root, root, List.of(claude.toString(), "--verbose"), Map.of());
        Path snapshots = root.resolve("state/signaltty/snapshot");
        Files.delete(snapshots.resolve("agents.json"));
        JsonNode panes = ProtocolJson.MAPPER.readTree(Files.readString(snapshots.resolve("panes.json")));
        panes.get("panes").forEach(pane -> ((tools.jackson.databind.node.ObjectNode) pane).remove("integration"));
        Files.writeString(snapshots.resolve("panes.json"), ProtocolJson.MAPPER.writeValueAsString(panes));
        try (TestDaemon daemon = TestDaemon.start(root, FakeAgent.cliProperty()); ProtocolClient client = daemon.connect()) {
            JsonNode restored = client.call("pane.get", Map.of("pane_id", before.pane()));
            assertThat(restored.get("pane").has("integration")).isFalse();
            assertThat(session(client, before.pane())).isEmpty();
            client.call("pane.resume", Map.of("pane_id", before.pane()));
            eventually(Duration.ofSeconds(30), () -> screen(client, before.pane()).contains("config: "));
            // no session to resume: the stored command runs again rather than another pane's latest session
            assertThat(screen(client, before.pane())).contains("argv: " + json(List.of(claude.toString(), "--verbose")));
        }
    }

    @Test
    void aCodexPaneResumesItsThreadWithTheResumeSubcommand(@TempDir Path root) throws IOException {
        // a stand-in codex that prints its arguments; its thread id arrives as Codex's notify would send it
        Path codex = Files.createDirectories(root.resolve("codex-bin")).resolve("codex");
        Files.writeString(codex, "#!/bin/sh\nif [ \"$1\" = --help ]; then echo 'usage: codex'; exit 0; fi\n"
                + "echo \"ARGS: $*\"\nexec sleep 300\n");
        Files.setPosixFilePermissions(codex, java.nio.file.attribute.PosixFilePermissions.fromString("rwxr-xr-x"));
        String pane;
        try (TestDaemon daemon = TestDaemon.start(root); ProtocolClient client = daemon.connect()) {
            String workspace = AgentDaemonFixture.workspace(client, root);
            pane = client.call("pane.spawn", Map.of("workspace_id", workspace, "cols", 300,
                    "argv", List.of(codex.toString(), "--full-auto", "-m", "o3"))).get("pane_id").asString();
            client.call("hook-event", Map.of("pane_id", pane, "payload", Map.of("type", "agent-turn-complete",
                    "thread-id", "thr_7", "turn-id", "1", "cwd", root.toString())));
        }
        try (TestDaemon daemon = TestDaemon.start(root); ProtocolClient client = daemon.connect()) {
            assertThat(session(client, pane)).isEqualTo("thr_7");
            client.call("pane.resume", Map.of("pane_id", pane));
            // the first run's "ARGS:" line is restored across the restart: wait for the resumed run's, the last
            eventually(Duration.ofSeconds(10), () -> screen(client, pane).contains("resume thr_7"));
            // the resumed run's arguments, its line wrapped over several rows (the hook settings are long)
            String shown = screen(client, pane);
            String args = shown.substring(shown.lastIndexOf("ARGS:")).replace("\n", "").strip();
            assertThat(args).endsWith("resume thr_7").contains("-c notify=").doesNotContain("full-auto")
                    .doesNotContain("o3");
        }
    }

    @Test
    void aPaneThatIsNoAgentRunsItsCommandAgain(@TempDir Path root) {
        String pane;
        try (TestDaemon daemon = TestDaemon.start(root); ProtocolClient client = daemon.connect()) {
            String workspace = AgentDaemonFixture.workspace(client, root);
            pane = client.call("pane.spawn", Map.of("workspace_id", workspace,
                    "argv", List.of("sh", "-c", "echo ran-again; sleep 300"))).get("pane_id").asString();
            hook(client, pane, "SessionStart", "s-hooked"); // a session reported, but argv is no agent's
        }
        try (TestDaemon daemon = TestDaemon.start(root); ProtocolClient client = daemon.connect()) {
            JsonNode resumed = client.call("pane.resume", Map.of("pane_id", pane)).get("pane");
            assertThat(resumed.has("integration")).isFalse();
            assertThat(resumed.get("argv").toString()).isEqualTo(json(List.of("sh", "-c", "echo ran-again; sleep 300")));
            eventually(Duration.ofSeconds(10), () -> screen(client, pane).contains("ran-again"));
        }
    }
}
