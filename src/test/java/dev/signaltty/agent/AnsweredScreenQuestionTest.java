package dev.signaltty.agent;

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
import dev.signaltty.support.ProtocolClient;
import tools.jackson.databind.JsonNode;

/**
 * A question a screen rule reads (as Codex's "Trust this folder?" and "Hooks need review", ADRs 1141, 1232) keeps the
 * pane blocked until the next scan reads its answer, at least 100 ms after the program's redraw. A script that
 * answered it with pane.write and submitted at once was refused {@code AGENT_BUSY} for a question no longer on the
 * screen. The submit now waits for a scan that read the screen after the input (ADR 1310); a key that answered
 * nothing still leaves the submit refused. A real bash on a real PTY asks; the daemon's manifest comes from the
 * config dir.
 */
class AnsweredScreenQuestionTest {

    static final Duration DEADLINE = Duration.ofSeconds(60);

    /** Asks before its prompt; "1" answers, any other key is ignored (the program draws nothing for it). */
    static final String ASKER = """
            #!/bin/bash
            printf 'Trust this project?\\n  1. Trust and continue\\n'
            while IFS= read -rsn1 key; do [ "$key" = 1 ] && break; done
            clear
            while IFS= read -r -p 'Ready> ' line; do echo "got: $line"; done
            """;

    @RegisterExtension
    static final DaemonFixture daemon = new DaemonFixture("answered-question")
            .configFile("agents/asker.json", """
                    {"programs": ["asker.sh"], "rules": [
                      {"id": "trust", "priority": 100, "region": "screen", "regex": "^Trust this project\\\\?",
                       "lifecycle": "blocked", "attention": "input_required"},
                      {"id": "ready", "priority": 10, "region": "last_lines", "regex": "^Ready>", "lifecycle": "idle"}]}
                    """);

    @Test
    void aSubmitRightAfterTheAnswerIsNotRefusedForTheQuestionItAnswered() throws IOException {
        String pane = askingPane();

        write(pane, "1"); // the answer, and at once the submit: no scan has read the redraw yet
        JsonNode submitted = daemon.client().call("pane.submit", Map.of("pane_id", pane, "text", "hello",
                "submit_delay_ms", 0));

        assertThat(submitted.get("submitted").asBoolean()).isTrue();
        ProtocolClient.eventually(DEADLINE, () -> daemon.tail(pane).contains("got: hello"));
        JsonNode get = daemon.client().call("pane.get", Map.of("pane_id", pane));
        assertThat(get.get("lifecycle").asString()).isEqualTo("idle");
        assertThat(get.get("attention").asString()).isEqualTo("none");
    }

    @Test
    void aKeyThatAnswersNothingStillLeavesTheSubmitRefused() throws IOException {
        String pane = askingPane();

        write(pane, "x"); // ignored: the question stays on the screen
        JsonNode error = daemon.client().request("pane.submit", Map.of("pane_id", pane, "text", "hello")).get("error");

        assertThat(error.get("code").asString()).isEqualTo("AGENT_BUSY");
        assertThat(error.get("details").get("question").asString()).startsWith("Trust this project?");
        assertThat(daemon.tail(pane)).contains("Trust this project?").doesNotContain("hello");
    }

    /** A pane whose asker reads blocked, input_required by the screen's {@code trust} rule. */
    private static String askingPane() throws IOException {
        Path asker = daemon.root().resolve("bin").resolve("asker.sh");
        if (!Files.exists(asker)) {
            Files.createDirectories(asker.getParent());
            Files.writeString(asker, ASKER);
            Files.setPosixFilePermissions(asker, PosixFilePermissions.fromString("rwx------"));
        }
        String pane = daemon.client().call("pane.spawn", Map.of("workspace_id", daemon.workspace(),
                "argv", List.of(asker.toString()))).get("pane_id").asString();
        ProtocolClient.eventually(DEADLINE, () -> {
            JsonNode lifecycle = daemon.client().call("agent.explain", Map.of("pane_id", pane)).get("lifecycle");
            return "blocked".equals(lifecycle.get("state").asString()) && "trust".equals(lifecycle.path("rule").asString());
        });
        return pane;
    }

    private static void write(String pane, String data) {
        daemon.client().call("pane.write", Map.of("pane_id", pane, "data", data));
    }
}
