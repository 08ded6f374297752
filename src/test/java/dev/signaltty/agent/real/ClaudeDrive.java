package dev.signaltty.agent.real;

import static dev.signaltty.support.ProtocolClient.eventually;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.junit.jupiter.api.extension.ExtensionContext;

import dev.signaltty.agent.FakeAgent;
import dev.signaltty.support.DaemonFixture;
import dev.signaltty.support.ProtocolClient;
import tools.jackson.databind.JsonNode;

/**
 * What the real-Claude classes ({@code ClaudeCodeRealTest}, {@code ClaudeCompactionRealTest}) share: the pinned
 * Claude Code ({@link RealAgents}) installed against a {@link ScriptedModel}, a project of three small files and a
 * committed repo for tasks, both trusted, the class's daemon ({@link DaemonFixture}; a PermissionRequest hook waits
 * 20 s there, so a timeout scenario is short), a timeline, and the pane steps every Claude test takes.
 *
 * <p>A test class registers one on a static field and scripts its model in its own {@code @BeforeAll} (which runs
 * after this extension's).
 */
final class ClaudeDrive extends AgentDrive {

    private Path repo;
    private Path claude;

    /** A drive on a daemon of its own, whose workspace is {@code workspaceName}. */
    ClaudeDrive(String workspaceName) {
        super(new DaemonFixture(workspaceName, FakeAgent.cliProperty(),
                "signaltty.agent.permission-wait-s=20", "signaltty.metrics.enabled=true", "signaltty.metrics.port=0"));
    }

    /** The real binaries, the daemon, then the scripted model, the project and repo, Claude and the timeline. */
    @Override
    public void beforeAll(ExtensionContext context) throws Exception {
        start(context, "project");
        for (String name : List.of("a.txt", "b.txt", "c.txt")) {
            Files.writeString(project.resolve(name), "contents of " + name + "\n");
        }
        repo = Files.createDirectories(daemon.root().resolve("repo"));
        git(repo, "init", "-q", "-b", "main");
        Files.writeString(repo.resolve("README"), "task repo\n");
        git(repo, "add", "README");
        git(repo, "-c", "user.name=t", "-c", "user.email=t@example.invalid", "commit", "-q", "-m", "init");
        // task worktrees are in the state dir under the root (ADR 0195): trusting the root trusts them
        claude = RealClaude.install(daemon.root().resolve("claude"), model, List.of(project, daemon.root()), Map.of());
        timeline = new Timeline(daemon::connect);
    }

    private static void git(Path dir, String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of("git", "-C", dir.toString()));
        command.addAll(List.of(args));
        assertThat(new ProcessBuilder(command).inheritIO().start().waitFor()).isZero();
    }

    Path repo() {
        return repo;
    }

    /** The launcher {@code claude}, which runs the pinned Claude Code against the scripted model. */
    Path claude() {
        return claude;
    }

    /** A Read tool's input for the project's file {@code name}. */
    Map<String, Object> fileInput(String name) {
        return Map.of("file_path", project.resolve(name).toString());
    }

    /** A Claude pane at its prompt (lifecycle idle from SessionStart). */
    String spawn() {
        return spawn(claude);
    }

    /** A pane of {@code launcher} (a {@link RealClaude} launcher) at its prompt. */
    String spawn(Path launcher, String... args) {
        List<String> argv = new ArrayList<>(List.of(launcher.toString()));
        argv.addAll(List.of(args));
        Map<String, Object> params = new HashMap<>(Map.of("workspace_id", daemon.workspace(),
                "argv", argv, "cwd", project.toString(), "cols", 120, "rows", 40));
        String pane = daemon.client().call("pane.spawn", params).get("pane_id").asString();
        try {
            timeline.awaitLifecycle(pane, LAUNCH, "idle");
        } catch (AssertionError e) {
            throw new AssertionError(e.getMessage() + ", screen:\n" + screen(pane), e);
        }
        awaitScreen(pane, "❯", LAUNCH);
        return pane;
    }

    JsonNode baseline(String pane) {
        return daemon.client().call("pane.get", Map.of("pane_id", pane)).get("wait_baseline");
    }

    JsonNode waitFor(String pane, String until, JsonNode after) {
        try (ProtocolClient c = daemon.connect()) {
            // under the client's own 120 s read deadline, so a TIMEOUT arrives as an answer
            return c.call("wait", Map.of("pane_id", pane, "until", List.of(until), "after", after, "timeout_s", 110));
        }
    }

    /** Claude's transcripts' last lines (diagnostics). */
    String transcripts() {
        try (Stream<Path> files = Files.walk(daemon.root().resolve("claude"))) {
            StringBuilder out = new StringBuilder();
            for (Path file : files.filter(f -> f.toString().endsWith(".jsonl")).toList()) {
                List<String> lines = Files.readAllLines(file);
                out.append("\n== ").append(file).append('\n');
                lines.subList(Math.max(0, lines.size() - 8), lines.size())
                        .forEach(l -> out.append(l, 0, Math.min(l.length(), 400)).append('\n'));
            }
            return out.toString();
        } catch (IOException e) {
            return e.toString();
        }
    }

    /** The pane's own Claude transcript ({@code <session>.jsonl}), whole. */
    String transcriptOf(String pane) {
        String name = baseline(pane).get("agent_session_id").asString() + ".jsonl";
        try (Stream<Path> files = Files.walk(daemon.root().resolve("claude"))) {
            Path file = files.filter(f -> f.getFileName().toString().equals(name)).findFirst().orElseThrow();
            return Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Waits until the pane's lifecycle has {@code expected}'s length, then asserts it is exactly that. */
    void assertLifecycle(String pane, List<String> expected) {
        try {
            eventually(TURN, () -> timeline.lifecycle(pane).size() >= expected.size());
        } catch (AssertionError e) {
            throw new AssertionError("pane " + pane + " lifecycle " + timeline.lifecycle(pane) + ", expected " + expected, e);
        }
        assertThat(timeline.lifecycle(pane)).containsExactlyElementsOf(expected);
    }
}
