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

import org.junit.jupiter.api.extension.ExtensionContext;

import dev.signaltty.support.DaemonFixture;
import tools.jackson.databind.JsonNode;

/**
 * What the real-Codex classes ({@code CodexRealTest}, {@code CodexCompactionRealTest}, {@code CodexSubagentRealTest})
 * share: the pinned Codex ({@link RealAgents}) installed against a {@link ScriptedModel} with a private
 * {@code CODEX_HOME}, a git project it trusts (and, for tasks, a committed repo), the class's daemon
 * ({@link DaemonFixture}), a timeline, and the pane and hook-review steps every Codex test takes.
 *
 * <p>A test class registers one on a static field and scripts its model in its own {@code @BeforeAll} (which runs
 * after this extension's):
 *
 * <pre>{@code
 * @RegisterExtension
 * static final CodexDrive drive = new CodexDrive("codex-real", false, FakeAgent.cliProperty());
 * }</pre>
 */
final class CodexDrive extends AgentDrive {

    private final boolean taskRepo;
    private Path repo;
    private Path codex;
    private Path codexHome;

    /**
     * A drive on a daemon of its own, whose workspace is {@code workspaceName} and whose properties are
     * {@code properties}; with {@code taskRepo}, a committed repo for {@code task.start} is trusted too.
     */
    CodexDrive(String workspaceName, boolean taskRepo, String... properties) {
        super(new DaemonFixture(workspaceName, properties));
        this.taskRepo = taskRepo;
    }

    /** The real binaries, the daemon, then the scripted model, the project (and repo), Codex and the timeline. */
    @Override
    public void beforeAll(ExtensionContext context) throws Exception {
        start(context, "codex-project");
        assertThat(new ProcessBuilder("git", "init", "-q", project.toString()).inheritIO().start().waitFor()).isZero();
        List<Path> trusted = new ArrayList<>(List.of(project));
        if (taskRepo) {
            repo = committedRepo(Files.createDirectories(daemon.root().resolve("codex-repo")));
            trusted.add(repo); // Codex applies a worktree's trust from its repository's root: this covers task worktrees
        }
        codex = RealCodex.install(daemon.root().resolve("codex"), model, trusted);
        codexHome = RealCodex.home(daemon.root().resolve("codex"));
        // reconnecting: a subscription with no event for the client's 120 s line deadline (a held compaction) closes
        timeline = new Timeline(daemon::connect);
    }

    private static Path committedRepo(Path repo) throws Exception {
        for (List<String> git : List.of(List.of("init", "-q", "-b", "main"), List.of("add", "README"),
                List.of("-c", "user.name=t", "-c", "user.email=t@example.invalid", "commit", "-q", "-m", "init"))) {
            if (git.contains("add")) {
                Files.writeString(repo.resolve("README"), "task repo\n");
            }
            List<String> command = new ArrayList<>(List.of("git", "-C", repo.toString()));
            command.addAll(git);
            assertThat(new ProcessBuilder(command).inheritIO().start().waitFor()).isZero();
        }
        return repo;
    }

    /** The committed repo for {@code task.start}; only with {@code taskRepo}. */
    Path repo() {
        return repo;
    }

    /** The launcher {@code codex}, which runs the pinned Codex against the scripted model. */
    Path codex() {
        return codex;
    }

    Path codexHome() {
        return codexHome;
    }

    /** Codex in a pane (120x40) in the project, under the private CODEX_HOME, with {@code args} after it. */
    JsonNode spawn(String... args) {
        List<String> argv = new ArrayList<>(List.of(codex.toString()));
        argv.addAll(List.of(args));
        Map<String, Object> params = new HashMap<>(Map.of("workspace_id", daemon.workspace(),
                "argv", argv, "cwd", project.toString(), "cols", 120, "rows", 40,
                "env", Map.of("CODEX_HOME", codexHome.toString())));
        return daemon.client().call("pane.spawn", params);
    }

    /** The pane's lifecycle as agent explain tells it: state, cause, source and what matched. */
    JsonNode explainLifecycle(String pane) {
        return daemon.client().call("agent.explain", Map.of("pane_id", pane)).get("lifecycle");
    }

    String readConfig() {
        try {
            return Files.readString(codexHome.resolve("config.toml"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Answers Codex's hook review in the pane as a person would ("Trust all and continue") and waits for Codex's
     * record of the trust in {@code config.toml}, which lets every later launch under this CODEX_HOME run the hooks.
     */
    void trustAll(String pane) {
        try {
            pressTrustAll(pane);
        } catch (AssertionError e) {
            throw failure(pane, e); // Codex once exited (status 1) before its review showed: keep its last screen
        }
        eventually(TURN, () -> readConfig().contains("trusted_hash = \"sha256:"));
    }

    /** Chooses "Trust all and continue" in Codex's hook review and waits for its input box. */
    void pressTrustAll(String pane) {
        chooseTrustAll(pane);
        awaitPromptAfterReview(pane);
    }

    /**
     * Chooses "Trust all and continue" in Codex's hook review and returns at once, as a script that submits next
     * would: the pane still reads blocked until a scan reads the review gone.
     */
    void chooseTrustAll(String pane) {
        awaitScreen(pane, "Trust all and continue", LAUNCH); // the class's first launch of Codex
        // a key sent while the TUI is still setting up is lost: press Down until the cursor is on "Trust all"
        eventually(TURN, () -> {
            if (screen(pane).contains("› 2. Trust all")) {
                return true;
            }
            press(pane, screen(pane).contains("› 3.") ? "\u001b[A" : "\u001b[B");
            long until = System.nanoTime() + 2_000_000_000L;
            while (System.nanoTime() < until && !screen(pane).contains("› 2. Trust all")) {
                Thread.onSpinWait();
            }
            return screen(pane).contains("› 2. Trust all");
        });
        press(pane, "\r");
    }

    /**
     * Waits for the input box after the hook review was answered, and for the screen's scan to read the review gone:
     * until then the pane is still blocked by it (ADR 1232) and a submit is refused.
     */
    void awaitPromptAfterReview(String pane) {
        awaitScreen(pane, "Ask Codex");
        eventually(TURN, () -> !"blocked".equals(daemon.client().call("pane.get", Map.of("pane_id", pane))
                .path("lifecycle").asString()));
    }

    /**
     * Waits until the pane reads a question Codex asks outside a turn (ADRs 1141, 1232): blocked, attention
     * {@code input_required} by the screen's {@code rule}, listed in {@code attention.pending}; returns its row.
     */
    JsonNode awaitQuestion(String pane, String rule) {
        eventually(TURN, () -> "blocked".equals(paneGet(pane).path("lifecycle").asString()));
        assertThat(paneGet(pane).path("attention").asString()).isEqualTo("input_required");
        assertThat(explainLifecycle(pane).path("rule").asString()).isEqualTo(rule);
        JsonNode row = pendingRow(pane);
        assertThat(row).as("attention.pending lists the pane").isNotNull();
        return row;
    }

    /**
     * The question answered: the pane waits at its prompt with nothing to read, and the question was no turn (no done,
     * no unread; a leading idle is the input box's footer drawn before the question).
     */
    void assertQuestionAnswered(String pane) {
        eventually(TURN, () -> "idle".equals(paneGet(pane).path("lifecycle").asString()));
        assertThat(paneGet(pane).path("attention").asString()).isEqualTo("none");
        assertThat(pendingRow(pane)).as("attention.pending no longer lists the pane").isNull();
        eventually(TURN, () -> timeline.attention(pane).size() == 2); // the timeline's events follow pane.get's
        assertThat(timeline.lifecycle(pane)).endsWith("blocked", "idle").doesNotContain("done");
        assertThat(timeline.attention(pane)).containsExactly("input_required", "none");
    }

    JsonNode paneGet(String pane) {
        return daemon.client().call("pane.get", Map.of("pane_id", pane));
    }

    /** The pane's row in {@code attention.pending}, null when it is not listed. */
    JsonNode pendingRow(String pane) {
        for (JsonNode row : daemon.client().call("attention.pending", Map.of()).get("panes")) {
            if (row.path("pane_id").asString().equals(pane)) {
                return row;
            }
        }
        return null;
    }

    /**
     * Trusts the hooks in a pane of its own unless {@code config.toml} already records it: a test that needs them
     * trusted calls this first, not a test that trusts them, so any one method runs alone (surefire's rerun of a
     * failed method, {@code -Dtest=Class#name}).
     */
    void trustTheHooks() {
        if (readConfig().contains("trusted_hash = \"sha256:")) {
            return;
        }
        String pane = spawn().get("pane_id").asString();
        trustAll(pane);
        daemon.client().call("pane.close", Map.of("pane_id", pane));
    }

    /**
     * {@code cause} with what the pane and Codex went through, for a failed wait: the pane's lifecycle, its
     * explain, the model's requests, Codex's rollouts and the screen.
     */
    AssertionError failure(String pane, AssertionError cause) {
        return new AssertionError("lifecycle " + timeline.lifecycle(pane) + " explain " + explainLifecycle(pane)
                + " requests " + model.requests() + " rollouts " + rollouts() + " screen:\n" + screen(pane), cause);
    }

    /** Codex's rollouts, each line cut at 300 characters (diagnostics). */
    String rollouts() {
        return rollouts(300);
    }

    /** Codex's rollouts, each line cut at {@code lineLength} characters. */
    String rollouts(int lineLength) {
        StringBuilder out = new StringBuilder();
        try (var files = Files.walk(codexHome.resolve("sessions"))) {
            for (Path f : files.filter(x -> x.toString().endsWith(".jsonl")).toList()) {
                out.append("\n== ").append(f.getFileName()).append('\n');
                for (String l : Files.readAllLines(f)) {
                    out.append(l, 0, Math.min(l.length(), lineLength)).append('\n');
                }
            }
        } catch (IOException | UncheckedIOException e) {
            out.append(e);
        }
        return out.toString();
    }

    /** The pane's session rollout (its hooks' transcript_path). */
    Path rollout(String pane) {
        String session = daemon.client().call("pane.get", Map.of("pane_id", pane)).get("wait_baseline")
                .get("agent_session_id").asString();
        try (var files = Files.walk(codexHome.resolve("sessions"))) {
            return files.filter(f -> f.getFileName().toString().endsWith(session + ".jsonl")).findFirst()
                    .orElseThrow(() -> new AssertionError("no rollout of session " + session));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The pane's session is the conversation's thread (its rollout holds the prompt), not the title thread. */
    void assertSessionIsTheConversation(String pane, String prompt) {
        try {
            assertThat(Files.readString(rollout(pane))).contains(prompt);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
