package dev.signaltty.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import dev.signaltty.support.DaemonFixture;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@code signaltty mcp} driven by a client we did not write: the MCP Inspector's CLI from npm
 * (pinned, installed by this test into {@code target/mcp-inspector} with the npm on PATH; node and npm
 * come from .ci/install.d/21-node-mcp.sh), against a real daemon.
 */
class McpInspectorCliTest {

    static final String INSPECTOR = "@modelcontextprotocol/inspector@2.12.0";
    static final Path PREFIX = Path.of("target", "mcp-inspector").toAbsolutePath();

    @RegisterExtension
    static final DaemonFixture daemon = new DaemonFixture("inspector");

    static Path server;

    @BeforeAll
    static void install() throws Exception {
        Path bin = PREFIX.resolve("node_modules/.bin/mcp-inspector");
        if (!Files.isExecutable(bin)) {
            Files.createDirectories(PREFIX);
            Result npm = exec(List.of("npm", "install", "--no-audit", "--no-fund", "--prefix", PREFIX.toString(), INSPECTOR), 600);
            assertThat(npm.status()).as(npm.out() + npm.err()).isZero();
        }
        // the Inspector starts one command: a script that runs `signaltty mcp` on the fixture's daemon
        server = daemon.root().resolve("signaltty-mcp.sh");
        String command = CliHarness.javaCommand("mcp").stream().map(McpInspectorCliTest::quote).collect(Collectors.joining(" "));
        Files.writeString(server, "#!/bin/sh\nunset SIGNALTTY_PANE SIGNALTTY_WORKSPACE SIGNALTTY_TASK\nSIGNALTTY_SOCKET="
                + quote(daemon.socket().toString()) + " exec " + command + "\n");
        Files.setPosixFilePermissions(server, PosixFilePermissions.fromString("rwx------"));
    }

    record Result(int status, String out, String err) {
    }

    static Result exec(List<String> command, int seconds) throws IOException, InterruptedException {
        Path out = Files.createTempFile("inspector", ".out");
        Path err = Files.createTempFile("inspector", ".err");
        Process p = new ProcessBuilder(command).redirectError(err.toFile()).redirectOutput(out.toFile()).start();
        if (!p.waitFor(seconds, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("did not finish in " + seconds + " s: " + command + "\n" + Files.readString(err));
        }
        String text = Files.readString(out, StandardCharsets.UTF_8);
        String errors = Files.readString(err, StandardCharsets.UTF_8);
        Files.delete(out);
        Files.delete(err);
        return new Result(p.exitValue(), text, errors);
    }

    static JsonNode inspect(String... args) throws Exception {
        return inspect(0, args);
    }

    /** Runs the Inspector's CLI; its first JSON value on stdout (a tool error also prints its own line). */
    static JsonNode inspect(int expectedStatus, String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of(PREFIX.resolve("node_modules/.bin/mcp-inspector").toString(),
                "--cli", server.toString()));
        command.addAll(List.of(args));
        Result r = exec(command, 180);
        assertThat(r.status()).as(r.out() + r.err()).isEqualTo(expectedStatus);
        try (var values = JsonMapper.builder().build().readerFor(JsonNode.class).<JsonNode>readValues(r.out())) {
            return values.next();
        } catch (RuntimeException e) {
            throw new AssertionError("not JSON on stdout:\n" + r.out() + "\n--- stderr\n" + r.err(), e);
        }
    }

    @Test
    void listsTheToolsAndCallsOne() throws Exception {
        JsonNode tools = inspect("--method", "tools/list");
        List<String> names = new ArrayList<>();
        tools.get("tools").forEach(t -> names.add(t.get("name").asString()));
        assertThat(names).contains("spawn", "read", "run", "wait_for_output", "task_start", "decision_answer");

        String pane = daemon.client().call("pane.spawn", Map.of("workspace_id", daemon.workspace(),
                "argv", List.of("sh", "-c", "echo INSPECTED; sleep 60"))).get("pane_id").asString();
        dev.signaltty.support.ProtocolClient.eventually(java.time.Duration.ofSeconds(30),
                () -> daemon.tail(pane).contains("INSPECTED"));
        JsonNode read = inspect("--method", "tools/call", "--tool-name", "read", "--tool-arg", "pane_id=" + pane);
        assertThat(read.get("isError").asBoolean()).isFalse();
        assertThat(read.get("structuredContent").get("text").asString()).contains("INSPECTED");

        // the Inspector exits 5 for a tool that answered isError, after printing the result
        JsonNode missing = inspect(5, "--method", "tools/call", "--tool-name", "read", "--tool-arg", "pane_id=pane_nosuch");
        assertThat(missing.get("isError").asBoolean()).isTrue();
        assertThat(missing.get("content").get(0).get("text").asString()).startsWith("NO_SUCH_PANE");
        daemon.client().call("pane.close", Map.of("pane_id", pane));
    }

    private static String quote(String s) {
        return "'" + s.replace("'", "'\\''") + "'";
    }
}
