package dev.signaltty.cli;

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

import dev.signaltty.support.Await;
import dev.signaltty.support.DaemonFixture;
import dev.signaltty.transport.ProtocolJson;
import tools.jackson.databind.JsonNode;

/**
 * A pane is called by the program that runs in its terminal now, as tmux's automatic-rename calls a window by
 * {@code pane_current_command} (ADR 1301): a bash pane that runs {@code sleep} is {@code sleep} in {@code pane get}
 * and in {@code ls} (its line and its tab's, a tab the daemon named), and {@code bash} again once the sleep has
 * ended. Through the real CLI against a real daemon and a real bash.
 */
class CliCurrentCommandTest {

    static final Duration WAIT = Duration.ofSeconds(60);

    @RegisterExtension
    static final DaemonFixture daemon = new DaemonFixture("current");

    @Test
    void aShellPaneIsCalledByTheCommandItRunsUntilItEnds() throws Exception {
        String ws = daemon.client().call("workspace.create", Map.of("name", "shellws", "cwd", daemon.root().toString()))
                .get("workspace_id").asString();
        String shell = spawn(ws, List.of("bash", "--norc", "--noprofile"));
        Await.until(WAIT, "bash is the pane's current command at its prompt", () -> "bash".equals(currentCommand(shell)));

        daemon.client().call("pane.write", Map.of("pane_id", shell, "data", "sleep 600\r"));
        Await.until(WAIT, "pane get calls the pane by the sleep it runs", () -> "sleep".equals(currentCommand(shell)));
        String ls = cli("ls", ws);
        assertThat(ls).as(ls)
                .containsPattern("\\*sleep +" + shell) // the pane's line: what it is called, its id
                .containsPattern("0:sleep +named tab 1"); // its tab, named by the daemon, as the status line shows it
        JsonNode listed = ProtocolJson.MAPPER.readTree(cli("--json", "ls", ws));
        assertThat(listed.findValue("panes").get(0).get("current_command").asString()).isEqualTo("sleep");

        daemon.client().call("pane.write", Map.of("pane_id", shell, "data", "\u0003")); // Ctrl-C ends the sleep
        Await.until(WAIT, "pane get calls the pane bash again", () -> "bash".equals(currentCommand(shell)));
        String after = cli("ls", ws);
        assertThat(after).as(after).containsPattern("\\*bash +" + shell).containsPattern("0:bash +named tab 1")
                .doesNotContain("sleep");
    }

    @Test
    void aProgramRunByItsInterpreterKeepsItsNameAndOneThatReplacedItselfIsCalledByWhatItBecame() throws Exception {
        Path agent = daemon.root().resolve("myagent");
        Files.writeString(agent, "#!/bin/sh\nwhile :; do sleep 1; done\n");
        Files.setPosixFilePermissions(agent, PosixFilePermissions.fromString("rwx------"));
        String script = spawn(daemon.workspace(), List.of(agent.toString()));
        String replaced = spawn(daemon.workspace(), List.of("sh", "-c", "echo ready; exec sleep 600"));
        // the script's command line is "/bin/sh <path>/myagent": it is called as launched, not by its interpreter
        Await.until(WAIT, "the script called by its name", () -> "myagent".equals(currentCommand(script)));
        Await.until(WAIT, "sh called by the sleep it became", () -> "sleep".equals(currentCommand(replaced)));
    }

    /**
     * ADR 1400: {@code current_path} is the directory of what runs in the terminal now, as tmux's
     * {@code pane_current_path}: it follows the shell's {@code cd}, is a foreground program's own directory while one
     * runs, in {@code pane get} and {@code pane list}, and is absent once the pane has exited.
     */
    @Test
    void aPanesCurrentPathFollowsItsShellsCdAndTheProgramInItsForeground() throws Exception {
        Path start = daemon.root().toRealPath();
        Path project = Files.createDirectories(daemon.root().resolve("the project")).toRealPath();
        Path elsewhere = Files.createDirectories(daemon.root().resolve("elsewhere")).toRealPath();
        String shell = spawn(daemon.workspace(), List.of("bash", "--norc", "--noprofile"));
        Await.until(WAIT, "the shell where it started", () -> start.toString().equals(currentPath(shell)));

        daemon.client().call("pane.write", Map.of("pane_id", shell, "data", "cd '" + project + "'\r"));
        Await.until(WAIT, "the directory the shell moved to", () -> project.toString().equals(currentPath(shell)));
        JsonNode listed = ProtocolJson.MAPPER.readTree(cli("--json", "pane", "list"));
        assertThat(listed.findValue("panes").valueStream().filter(p -> p.get("pane_id").asString().equals(shell))
                .findFirst().orElseThrow().get("current_path").asString()).isEqualTo(project.toString());

        daemon.client().call("pane.write", Map.of("pane_id", shell, "data", "(cd '" + elsewhere + "' && exec sleep 600)\r"));
        Await.until(WAIT, "the foreground sleep's directory", () -> elsewhere.toString().equals(currentPath(shell)));
        daemon.client().call("pane.write", Map.of("pane_id", shell, "data", "\u0003"));
        Await.until(WAIT, "the shell's directory again", () -> project.toString().equals(currentPath(shell)));

        daemon.client().call("pane.write", Map.of("pane_id", shell, "data", "exit\r"));
        daemon.awaitExited(shell, WAIT);
        assertThat(ProtocolJson.MAPPER.readTree(cli("--json", "pane", "get", shell)).path("pane").has("current_path")).isFalse();
    }

    private static String currentPath(String pane) throws IOException, InterruptedException {
        JsonNode path = ProtocolJson.MAPPER.readTree(cli("--json", "pane", "get", pane)).path("pane").path("current_path");
        return path.isString() ? path.asString() : null;
    }

    private static String spawn(String workspace, List<String> argv) {
        return daemon.client().call("pane.spawn", Map.of("workspace_id", workspace, "argv", argv))
                .get("pane_id").asString();
    }

    private static String currentCommand(String pane) throws IOException, InterruptedException {
        JsonNode got = ProtocolJson.MAPPER.readTree(cli("--json", "pane", "get", pane));
        JsonNode command = got.path("pane").path("current_command");
        return command.isString() ? command.asString() : null;
    }

    /** The real CLI (--no-start) on the fixture's daemon, colourless; its output, once it has ended with 0. */
    private static String cli(String... args) throws IOException, InterruptedException {
        return CliFleetListTest.cli(daemon.socket(), false, Map.of("NO_COLOR", "1"), args);
    }
}
