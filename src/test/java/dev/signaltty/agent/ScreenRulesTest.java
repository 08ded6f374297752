package dev.signaltty.agent;

import static dev.signaltty.agent.AgentDaemonFixture.hook;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import dev.signaltty.support.DaemonFixture;
import dev.signaltty.support.ProtocolClient;
import tools.jackson.databind.JsonNode;

/**
 * Screen-based state for programs without hooks (issue 14 item 4, ADR 0210), through the real socket:
 * real panes on real PTYs run a plain bash script at a prompt and replays of recorded aider, gemini-cli
 * and opencode screens; the daemon's manifests (built-in and the user's, from the config dir) move
 * lifecycle and attention, and {@code agent.explain} names the rule. Hooks stay authoritative.
 */
class ScreenRulesTest {

    static final Path SCREENS = Path.of("src/test/resources/screens").toAbsolutePath();
    static final Duration DEADLINE = Duration.ofSeconds(60);

    @RegisterExtension
    static final DaemonFixture daemon = new DaemonFixture("screens")
            .configFile("agents/confirm.json", read(SCREENS.resolve("script/confirm.json")))
            // a bad regex: refused whole, named by file and field
            .configFile("agents/broken.json", """
                    {"programs": ["broken"], "rules": [{"id": "x", "region": "screen", "regex": "([a-z", "lifecycle": "idle"}]}
                    """)
            // an unknown state in a manifest named like a built-in: refused, and the built-in keeps working
            .configFile("agents/gemini.json", """
                    {"programs": ["gemini"], "rules": [
                      {"id": "ok", "region": "screen", "regex": "x", "lifecycle": "idle"},
                      {"id": "bad", "region": "screen", "regex": "y", "lifecycle": "waiting"}]}
                    """)
            .configFile("agents/flood.json", """
                    {"programs": ["flood.sh"], "rules": [
                      {"id": "busy", "priority": 10, "region": "screen", "regex": "^Working on flood$", "lifecycle": "working"},
                      {"id": "ready", "priority": 100, "region": "last_lines", "regex": "^Ready>", "lifecycle": "idle"}]}
                    """)
            // a resume-only manifest (pane.resume's resume_executable) is no screen manifest and no error
            .configFile("agents/claude.json", "{\"resume_executable\": \"/opt/claude/bin/claude\"}");

    static String read(Path path) {
        try {
            return Files.readString(path);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** {@code source} installed as an executable named {@code name} in the fixture's bin dir. */
    static Path install(Path source, String name) throws IOException {
        Path bin = Files.createDirectories(daemon.root().resolve("bin"));
        Path target = bin.resolve(name);
        if (!Files.exists(target)) {
            Files.copy(source, target);
            Files.setPosixFilePermissions(target, PosixFilePermissions.fromString("rwx------"));
        }
        return target;
    }

    static String spawn(List<String> argv) {
        return daemon.client().call("pane.spawn", Map.of("workspace_id", daemon.workspace(), "argv", argv))
                .get("pane_id").asString();
    }

    /** A replay pane at the size the gemini-cli 0.61.0 screens were captured at (tmux, 100x30). */
    static String spawnReplay(List<String> argv) {
        return daemon.client().call("pane.spawn", Map.of("workspace_id", daemon.workspace(), "argv", argv,
                "cols", 100, "rows", 30)).get("pane_id").asString();
    }

    static JsonNode explain(String pane) {
        return daemon.client().call("agent.explain", Map.of("pane_id", pane));
    }

    static void write(String pane, String data) {
        daemon.client().call("pane.write", Map.of("pane_id", pane, "data", data));
    }

    /** Waits until the pane's lifecycle is {@code lifecycle}, set by {@code rule} of the screen. */
    static JsonNode awaitScreenState(String pane, String lifecycle, String rule) {
        JsonNode[] last = {null};
        try {
            ProtocolClient.eventually(DEADLINE, () -> {
                last[0] = explain(pane);
                JsonNode axis = last[0].get("lifecycle");
                return axis.get("state").asString().equals(lifecycle) && axis.path("rule").asString().equals(rule);
            });
        } catch (AssertionError e) {
            throw new AssertionError("pane " + pane + " never reached " + lifecycle + " by rule " + rule
                    + "; last explain " + last[0] + "; screen:\n" + daemon.tail(pane), e);
        }
        return last[0];
    }

    @Test
    void aPlainScriptReachesIdleWorkingBlockedAndDoneThroughAUserManifest() throws IOException {
        String pane = spawn(List.of(install(SCREENS.resolve("script/confirm.sh"), "confirm.sh").toString()));
        Path manifest = daemon.root().resolve("config/signaltty/agents/confirm.json");

        JsonNode idle = awaitScreenState(pane, "idle", "ready");
        assertThat(idle.get("lifecycle").get("source").asString()).isEqualTo("screen");
        assertThat(idle.get("lifecycle").get("manifest").asString()).isEqualTo("confirm");
        assertThat(idle.get("lifecycle").get("file").asString()).isEqualTo(manifest.toString());
        assertThat(idle.get("lifecycle").get("region").asString()).isEqualTo("last_lines:1");
        assertThat(idle.get("lifecycle").get("matched").asString()).isEqualTo("Ready>");
        assertThat(idle.get("lifecycle").get("seq").asLong()).isPositive();
        assertThat(idle.get("lifecycle").get("at").asString()).isNotBlank();
        assertThat(idle.get("hooks_reported").asBoolean()).isFalse();
        assertThat(idle.get("screen").get("status").asString()).isEqualTo("watching");

        write(pane, "build\n");
        JsonNode working = awaitScreenState(pane, "working", "busy");
        assertThat(working.get("lifecycle").get("matched").asString()).isEqualTo("Working on ");
        assertThat(working.get("attention").get("state").asString()).isEqualTo("none");

        write(pane, "\n");
        JsonNode blocked = awaitScreenState(pane, "blocked", "question");
        // blocked without an attention of its own brings permission_required, as a PermissionRequest hook does
        assertThat(blocked.get("attention").get("state").asString()).isEqualTo("permission_required");
        assertThat(blocked.get("attention").get("rule").asString()).isEqualTo("question");
        assertThat(blocked.get("lifecycle").get("matched").asString()).isEqualTo("[y/N]");

        write(pane, "y\n");
        awaitScreenState(pane, "working", "busy");
        write(pane, "\n");
        // back at its prompt after a turn: the turn ended (done, unread), as a Stop hook would say
        // busy reads the whole screen: its last row may be a line cut mid-write ("Work"), the rows above
        // it are whole; ready outranks it once the prompt is back on the last row
        JsonNode done = awaitScreenState(pane, "done", "ready");
        assertThat(done.get("attention").get("state").asString()).isEqualTo("unread");
        assertThat(done.get("lifecycle").get("cause").asString()).isEqualTo("screen:confirm/ready");

        // the same moves, in order, in the journal: agent.* events caused by the rules
        List<String> moves = new ArrayList<>();
        try (ProtocolClient events = daemon.connect()) {
            events.call("subscribe", Map.of("events", List.of("agent.*"), "from_seq", 0));
            while (!moves.contains("done")) {
                JsonNode event = events.nextEvent();
                if (pane.equals(event.get("payload").path("pane_id").asString())) {
                    moves.add(event.get("payload").get("lifecycle").asString() + "<-"
                            + event.get("payload").get("cause").asString());
                    if (event.get("event").asString().equals("agent.done")) {
                        moves.add("done");
                    }
                }
            }
        }
        assertThat(moves).containsExactly("idle<-screen:confirm/ready", "working<-screen:confirm/busy",
                "blocked<-screen:confirm/question", "working<-screen:confirm/busy", "done<-screen:confirm/ready", "done");
    }

    @Test
    void aHookSetStateIsNeverOverwrittenByAScreenScan() throws IOException {
        String pane = spawn(List.of(install(SCREENS.resolve("script/confirm.sh"), "confirm.sh").toString()));
        awaitScreenState(pane, "idle", "ready");

        // the program reports a hook: from now on its hooks are authoritative (seed R125: the same state twice moves nothing)
        hook(daemon.client(), pane, "UserPromptSubmit", "s1");
        assertThat(explain(pane).get("lifecycle").get("source").asString()).isEqualTo("hook");

        // the screen then shows the question, which a screen rule would make blocked
        write(pane, "deploy\n");
        write(pane, "\n");
        JsonNode[] last = {null};
        ProtocolClient.eventually(DEADLINE, () -> {
            last[0] = explain(pane);
            return "question".equals(last[0].get("screen").path("rule").asString());
        });
        JsonNode after = last[0];
        assertThat(after.get("screen").get("status").asString()).startsWith("suspended");
        assertThat(after.get("hooks_reported").asBoolean()).isTrue();
        assertThat(after.get("lifecycle").get("state").asString()).isEqualTo("working");
        assertThat(after.get("lifecycle").get("source").asString()).isEqualTo("hook");
        assertThat(after.get("lifecycle").get("hook_event").asString()).isEqualTo("UserPromptSubmit");
        assertThat(after.get("attention").get("state").asString()).isEqualTo("none");

        // a hook that ends the turn is applied as usual, and named by explain
        hook(daemon.client(), pane, "Stop", "s1");
        JsonNode stopped = explain(pane);
        assertThat(stopped.get("lifecycle").get("state").asString()).isEqualTo("done");
        assertThat(stopped.get("lifecycle").get("hook_event").asString()).isEqualTo("Stop");
        assertThat(stopped.get("lifecycle").get("cause").asString()).isEqualTo("turn_end");
    }

    /**
     * A flood is scanned at most once per {@code 200 ms}, however many chunks it is: the bound is an
     * upper one, so a slow machine only makes it easier to meet (no timed assertion).
     */
    @Test
    void aFloodIsScannedAtMostOncePerIntervalAndTheFinalPromptStillCounts() throws IOException {
        Path script = daemon.root().resolve("flood-src.sh");
        Files.writeString(script, """
                #!/bin/bash
                read -r -p 'Ready> ' _
                yes 'Working on flood' | head -n 1500000
                printf 'Ready> '
                exec sleep 600
                """);
        String pane = spawn(List.of(install(script, "flood.sh").toString()));
        awaitScreenState(pane, "idle", "ready");
        long before = explain(pane).get("screen").get("scans").asLong();
        long start = System.nanoTime();
        write(pane, "go\n");
        // busy reads the whole screen: its last row may be a line cut mid-write ("Work"), the rows above
        // it are whole; ready outranks it once the prompt is back on the last row
        JsonNode done = awaitScreenState(pane, "done", "ready");
        long elapsedMs = (System.nanoTime() - start) / 1_000_000;
        long scans = done.get("screen").get("scans").asLong() - before;
        long bytes = daemon.client().call("pane.get", Map.of("pane_id", pane)).get("pane").get("output_offset").asLong();
        System.out.printf("screen flood: %d bytes in %d ms, %d scans%n", bytes, elapsedMs, scans);
        assertThat(bytes).isGreaterThan(20_000_000L);
        assertThat(scans).isBetween(1L, elapsedMs / 200 + 2);
    }

    /** Replays of recorded screens through the built-in manifests, picked by argv[0]. */
    @ParameterizedTest(name = "{0}")
    @CsvSource({
            "aider,    1-prompt, 2-waiting,    3-confirm,    4-waiting,    5-prompt, prompt, waiting,    confirm",
            "gemini,   1-prompt, 2-responding, 3-confirm,    4-responding, 5-prompt, prompt, responding, confirm",
            "opencode, 1-prompt, 2-working,    3-permission, 4-working,    5-prompt, prompt, working,    permission"})
    void recordedScreensOfAProgramWithoutHooksMoveItsStateThroughItsBuiltInManifest(String program, String s1,
            String s2, String s3, String s4, String s5, String promptRule, String workRule, String askRule)
            throws IOException {
        List<String> argv = new ArrayList<>();
        argv.add(install(SCREENS.resolve("replay.sh"), program).toString());
        for (String screen : List.of(s1, s2, s3, s4, s5)) {
            argv.add(SCREENS.resolve(program).resolve(screen + ".txt").toString());
        }
        String pane = spawnReplay(argv);
        JsonNode idle = awaitScreenState(pane, "idle", promptRule);
        assertThat(idle.get("lifecycle").get("file").asString()).isEqualTo("builtin:agents/" + program + ".json");
        write(pane, "\n");
        awaitScreenState(pane, "working", workRule);
        write(pane, "\n");
        JsonNode blocked = awaitScreenState(pane, "blocked", askRule);
        assertThat(blocked.get("attention").get("state").asString()).isEqualTo("permission_required");
        write(pane, "\n");
        awaitScreenState(pane, "working", workRule);
        write(pane, "\n");
        JsonNode done = awaitScreenState(pane, "done", promptRule);
        assertThat(done.get("attention").get("state").asString()).isEqualTo("unread");
    }

    @Test
    void aBadUserManifestIsRefusedWithItsFileAndFieldAndTheBuiltInsKeepWorking() {
        String pane = AgentDaemonFixture.sleeper(daemon.client(), daemon.workspace());
        JsonNode explained = explain(pane);
        assertThat(explained.has("screen")).as("no manifest applies to sleep").isFalse();
        assertThat(explained.get("lifecycle").get("source").asString()).isEqualTo("initial");
        Path agents = daemon.root().resolve("config/signaltty/agents");
        List<String> errors = new ArrayList<>();
        explained.get("manifest_errors").forEach(e -> errors.add(e.get("file").asString() + " | "
                + e.get("field").asString() + " | " + e.get("message").asString()));
        assertThat(errors).hasSize(2);
        assertThat(errors.get(0)).startsWith(agents.resolve("broken.json") + " | rules[0].regex | not a valid RE2");
        assertThat(errors.get(1)).startsWith(agents.resolve("gemini.json") + " | rules[1].lifecycle | unknown state \"waiting\"");
        // the built-in gemini manifest still applies (the replay test runs it); a pane of it names the built-in file
        String gemini = spawnReplay(List.of(uncheckedInstall("gemini"), SCREENS.resolve("gemini/1-prompt.txt").toString()));
        assertThat(awaitScreenState(gemini, "idle", "prompt").get("lifecycle").get("file").asString())
                .isEqualTo("builtin:agents/gemini.json");
    }

    private static String uncheckedInstall(String program) {
        try {
            return install(SCREENS.resolve("replay.sh"), program).toString();
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
