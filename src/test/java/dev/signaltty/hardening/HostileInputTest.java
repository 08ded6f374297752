package dev.signaltty.hardening;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import tools.jackson.databind.JsonNode;

import dev.signaltty.support.DaemonFixture;
import dev.signaltty.support.ProtocolClient;

/**
 * Issue 23 items 5, 6, 9 and 11 through the real socket: a catastrophic regex cannot outlast its
 * timeout (RE2/J), a pattern RE2 cannot run is BAD_PARAMS naming match, a NUL or an over-long value in
 * a path, argv or name is BAD_PARAMS naming the field (never INTERNAL), duplicate keys are
 * BAD_PROTOCOL, and the state directory is 0700 with 0600 files and no spawn secret in clear.
 */
class HostileInputTest {

    @RegisterExtension
    static final DaemonFixture daemon = new DaemonFixture("hostile");

    @Test
    void aCatastrophicRegexTimesOutOnTime() { // seed R106 (regex:true), the timeout holds
        String pane = daemon.spawnShell("printf '" + "a".repeat(40) + "!\\n'; exec sleep 600");
        ProtocolClient.eventually(Duration.ofSeconds(60), () -> daemon.tail(pane).contains("!"));
        long start = System.nanoTime();
        JsonNode response = daemon.client().request("pane.wait_for_output",
                Map.of("pane_id", pane, "match", "(.*a){12}$", "regex", true, "timeout_s", 1));
        Duration took = Duration.ofNanos(System.nanoTime() - start);
        assertThat(response.path("error").path("code").asString()).as(response.toString()).isEqualTo("TIMEOUT");
        // backtracking needs hours here; RE2 needs microseconds per poll (a loose bound, not a timing test)
        assertThat(took).isLessThan(Duration.ofSeconds(30));
        assertThat(daemon.client().call("pane.wait_for_output", Map.of("pane_id", pane, "match", "a{40}!$",
                "regex", true, "timeout_s", 30)).path("matched").asBoolean()).isTrue();
    }

    @Test
    void aPatternRe2CannotRunIsBadParamsNamingMatch() {
        String pane = daemon.spawnShell("exec sleep 600");
        for (String pattern : List.of("(a)\\1", "(?=a)b", "(")) {
            JsonNode error = daemon.client().request("pane.wait_for_output",
                    Map.of("pane_id", pane, "match", pattern, "regex", true, "timeout_s", 1)).path("error");
            assertThat(error.path("code").asString()).as(pattern).isEqualTo("BAD_PARAMS");
            assertThat(error.path("details").path("field").asString()).isEqualTo("match");
        }
    }

    @Test
    void aNulInAPathOrArgvIsBadParamsNamingTheField() {
        String ws = daemon.workspace();
        String pane = daemon.spawnShell("exec sleep 600");
        String root = daemon.root().toString();
        expectBadParams("pane.spawn", Map.of("workspace_id", ws, "argv", List.of("sh", "-c\0x")), "argv[1]");
        expectBadParams("pane.spawn", Map.of("workspace_id", ws, "argv", List.of("s\0h")), "argv[0]");
        expectBadParams("pane.spawn", Map.of("workspace_id", ws, "cwd", root + "\0x"), "cwd");
        expectBadParams("pane.spawn", Map.of("workspace_id", ws, "env", Map.of("K", "v\0")), "env.K");
        expectBadParams("pane.spawn", Map.of("workspace_id", ws, "env", Map.of("K\0", "v")), "env.K\0");
        expectBadParams("pane.split", Map.of("pane_id", pane, "cwd", root + "\0x"), "cwd");
        expectBadParams("pane.split", Map.of("pane_id", pane, "argv", List.of("sh\0")), "argv[0]");
        expectBadParams("workspace.create", Map.of("name", "n", "cwd", root + "\0x"), "cwd");
        expectBadParams("workspace.create", Map.of("name", "n", "cwd", "relative/dir"), "cwd");
        expectBadParams("workspace.create", Map.of("name", "n", "cwd", "/" + "d".repeat(5000)), "cwd");
        expectBadParams("task.start", Map.of("repo", root + "\0x", "objective", "o", "argv", List.of("sh")), "repo");
        expectBadParams("task.start", Map.of("repo", "relative", "objective", "o", "argv", List.of("sh")), "repo");
    }

    @Test
    void namesAndLabelsHaveTheirDocumentedCaps() {
        String ws = daemon.workspace();
        String huge = "w".repeat(100_000);
        expectBadParams("workspace.create", Map.of("name", huge, "cwd", daemon.root().toString()), "name");
        expectBadParams("workspace.rename", Map.of("workspace_id", ws, "name", huge), "name");
        expectBadParams("workspace.rename", Map.of("workspace_id", ws, "name", "two\nlines"), "name");
        expectBadParams("tab.create", Map.of("workspace_id", ws, "name", huge), "name");
        expectBadParams("pane.spawn", Map.of("workspace_id", ws, "label", huge), "label");
        expectBadParams("notify", Map.of("message", "m", "title", huge), "title");
        String pane = daemon.spawnShell("exec sleep 600");
        expectBadParams("pane.rename", Map.of("pane_id", pane, "name", huge), "name");
        daemon.client().call("workspace.rename", Map.of("workspace_id", ws, "name", "n".repeat(256)));
        daemon.client().call("workspace.rename", Map.of("workspace_id", ws, "name", "hostile"));
    }

    @Test
    void duplicateKeysAreBadProtocol() {
        ProtocolClient client = daemon.client();
        client.sendRaw("{\"id\":\"dup\",\"protocol\":\"evil/9\",\"protocol\":\"signaltty/1\",\"method\":\"ping\"}\n");
        JsonNode response = client.nextResponse();
        assertThat(response.path("error").path("code").asString()).as(response.toString()).isEqualTo("BAD_PROTOCOL");
        assertThat(response.path("error").path("message").asString()).isEqualTo("duplicate key \"protocol\"");
        client.sendRaw("{\"id\":\"dup2\",\"method\":\"ping\",\"params\":{\"a\":1,\"a\":2}}\n");
        assertThat(client.nextResponse().path("error").path("code").asString()).isEqualTo("BAD_PROTOCOL");
        assertThat(client.call("ping", Map.of()).path("pong").asBoolean()).isTrue();
    }

    @Test
    void theStateDirIsPrivateAndSpawnSecretsAreNotWrittenInClear() throws Exception {
        String ws = daemon.workspace();
        String pane = daemon.client().call("pane.spawn", Map.of("workspace_id", ws,
                "argv", List.of("sh", "-c", "exec sleep 600"),
                "env", Map.of("API_TOKEN", "s3cret-token", "EDITOR", "editor-setting", "ASKED", "asked-value",
                        "SIGNALTTY_PERSIST_ENV", "ASKED"))).path("pane_id").asString();
        daemon.client().call("notify", Map.of("pane_id", pane, "message", "private text"));
        Path state = daemon.stateDir();
        Path panes = state.resolve("snapshot/panes.json");
        ProtocolClient.eventually(Duration.ofSeconds(60), () -> {
            try {
                return Files.exists(panes) && Files.readString(panes).contains(pane);
            } catch (java.io.IOException e) {
                return false;
            }
        });
        String snapshot = Files.readString(panes);
        // not on the allowlist and not asked for: never on disk; allowlisted and asked-for values are
        assertThat(snapshot).doesNotContain("s3cret-token").contains("editor-setting").contains("asked-value");
        assertThat(mode(state)).isEqualTo("rwx------");
        try (Stream<Path> all = Files.walk(state)) {
            for (Path path : all.filter(p -> !state.relativize(p).toString().startsWith("native")).toList()) {
                if (Files.isRegularFile(path, LinkOption.NOFOLLOW_LINKS)) {
                    assertThat(mode(path)).as(path.toString()).isEqualTo("rw-------");
                } else if (Files.isDirectory(path, LinkOption.NOFOLLOW_LINKS)) {
                    assertThat(mode(path)).as(path.toString()).isEqualTo("rwx------");
                }
            }
        }
    }

    private static String mode(Path path) throws java.io.IOException {
        return PosixFilePermissions.toString(Files.getPosixFilePermissions(path, LinkOption.NOFOLLOW_LINKS));
    }

    private static void expectBadParams(String method, Map<String, ?> params, String field) {
        JsonNode response = daemon.client().request(method, params);
        assertThat(response.path("error").path("code").asString()).as(method + " " + field + ": " + response)
                .isEqualTo("BAD_PARAMS");
        assertThat(response.path("error").path("details").path("field").asString()).as(response.toString())
                .isEqualTo(field);
    }
}
