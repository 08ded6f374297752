package dev.signaltty.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

import dev.signaltty.cli.CliHarness.Run;
import dev.signaltty.cli.internal.ArgParser;
import dev.signaltty.cli.internal.Output;

/**
 * Issue 18 items 1 and 2: the daemon's settings come from one place whatever the caller's directory,
 * can be given per key by environment variable and by {@code server start --key=value}, and
 * {@code signaltty config} names each value's source; a pane's environment is the daemon's base (without
 * any pane identity) + the spawning client's refreshed variables + the spawn's own env.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class CliConfigAndEnvironmentTest {

    CliHarness cli;
    Path home;
    /** The environment of the CLI that starts the daemon: as if run from inside another daemon's pane. */
    final Map<String, String> starter = new HashMap<>();

    @BeforeAll
    void start(@TempDir Path temp) throws Exception {
        cli = new CliHarness(temp);
        home = Files.createDirectories(temp.resolve("home"));
        Files.createDirectories(cli.configDir());
        Files.writeString(cli.configDir().resolve("config.yml"), """
                signaltty:
                  pane:
                    scrollback-lines: 1234
                """);
        // the caller's directory has a ./config/application.yml: it must not count
        Files.createDirectories(cli.cwd().resolve("config"));
        Files.writeString(cli.cwd().resolve("config").resolve("application.yml"), """
                signaltty:
                  task:
                    max-unfinished: 99
                """);
        starter.putAll(Map.of("HOME", home.toString(), "SIGNALTTY_TASK_RETAIN_FINISHED", "42",
                "SIGNALTTY_PANE", "pane_of_another_daemon", "SIGNALTTY_TASK", "task_of_another_daemon",
                "SIGNALTTY_WORKSPACE", "ws_of_another_daemon", "FOO_FROM_STARTER", "1", "DISPLAY", ":starter",
                "SSH_AUTH_SOCK", "/starter/agent.sock"));
        starter.put("SIGNALTTY_START_TIMEOUT_S", "180"); // a loaded machine
        Run run = cli.run(starter, "", "server", "start", "--signaltty.metrics.enabled=true",
                "--signaltty.metrics.port=0");
        assertThat(run.status()).as(run.toString()).isZero();
    }

    @AfterAll
    void stop() {
        cli.close();
    }

    @Test
    void configNamesEveryValueAndItsSourceAndIgnoresTheCallersDirectory() {
        Run run = cli.run("--json", "config");
        assertThat(run.status()).as(run.toString()).isZero();
        Map<String, Map<String, Object>> byKey = new HashMap<>();
        for (Object item : (List<?>) CliHarness.json(run).get("settings")) {
            @SuppressWarnings("unchecked")
            Map<String, Object> setting = (Map<String, Object>) item;
            byKey.put((String) setting.get("key"), setting);
        }
        assertThat(byKey.get("signaltty.pane.scrollback-lines")).containsEntry("value", "1234")
                .containsEntry("source", "file " + cli.configDir().resolve("config.yml"));
        assertThat(byKey.get("signaltty.task.max-unfinished")).as("not ./config/application.yml of the caller")
                .containsEntry("value", "8").containsEntry("source", "default (application.yml in the jar)");
        assertThat(byKey.get("signaltty.task.retain-finished")).containsEntry("value", "42")
                .containsEntry("source", "environment variable SIGNALTTY_TASK_RETAIN_FINISHED");
        assertThat(byKey.get("signaltty.metrics.enabled")).containsEntry("value", "true")
                .containsEntry("source", "argument --signaltty.metrics.enabled");

        Run text = cli.run("config");
        assertThat(text.out()).contains("signaltty.pane.scrollback-lines = 1234    # file ");
    }

    @Test
    void aSettingForARunningDaemonIsRefusedNotIgnored() {
        Run run = cli.run("server", "start", "--signaltty.metrics.enabled=false");
        assertThat(run.status()).as(run.toString()).isEqualTo(1);
        assertThat(run.err()).startsWith("BAD_PARAMS: the daemon is running");
    }

    @Test
    void theDaemonRunsInHomeWhateverTheCallersDirectory() throws Exception {
        Map<String, Object> info = CliHarness.json(cli.run("--json", "server", "status"));
        Path cwd = Path.of("/proc", String.valueOf(info.get("pid")), "cwd").toRealPath();
        assertThat(cwd).isEqualTo(home.toRealPath());
    }

    @Test
    void aPaneGetsTheBaseEnvironmentTheSpawningClientsRefreshedVariablesAndItsOwnEnv() throws Exception {
        Path dump = cli.cwd().resolve("env-1.txt");
        // a later client: another DISPLAY, no SSH agent at all
        Map<String, String> client = Map.of("DISPLAY", ":client", "FOO_FROM_CLIENT", "1");
        Run spawned = cli.run(client, "", "--json", "new", "envtest", "--", "sh", "-c", "env > " + dump);
        assertThat(spawned.status()).as(spawned.toString()).isZero();
        String paneId = Output.findId(CliHarness.json(spawned).get("pane"), "pane_id", "pane_");
        Map<String, String> env = awaitEnv(dump);
        assertThat(env).containsEntry("FOO_FROM_STARTER", "1") // base: the environment the daemon started with
                .doesNotContainKey("FOO_FROM_CLIENT")         // not a refreshed name
                .containsEntry("DISPLAY", ":client")          // refreshed from the spawning client
                .doesNotContainKey("SSH_AUTH_SOCK")            // listed, and the client has none: removed
                .containsEntry("SIGNALTTY_PANE", paneId)       // its own identity, not the starter's
                .doesNotContainKey("SIGNALTTY_TASK")
                .doesNotContainKey("SIGNALTTY_TASK_RETAIN_FINISHED");
        assertThat(env.get("SIGNALTTY_WORKSPACE")).startsWith("ws_").isNotEqualTo("ws_of_another_daemon");

        Path second = cli.cwd().resolve("env-2.txt");
        Run explicit = cli.run(Map.of("DISPLAY", ":client", "SSH_AUTH_SOCK", "/client/agent.sock"), "",
                "pane", "spawn", "envtest", "--env", "DISPLAY=:explicit", "--", "sh", "-c", "env > " + second);
        assertThat(explicit.status()).as(explicit.toString()).isZero();
        assertThat(awaitEnv(second)).containsEntry("DISPLAY", ":explicit") // the spawn's env wins
                .containsEntry("SSH_AUTH_SOCK", "/client/agent.sock");
    }

    @Test
    void theCliSendsTheVariablesTheDaemonRefreshesByDefault() throws Exception {
        String yml = new String(getClass().getResourceAsStream("/application.yml").readAllBytes());
        String line = yml.lines().filter(l -> l.strip().startsWith("update:")).findFirst().orElseThrow();
        assertThat(List.of(line.strip().substring("update:".length()).strip().split(",")))
                .isEqualTo(ArgParser.UPDATE_ENVIRONMENT);
    }

    private static Map<String, String> awaitEnv(Path dump) throws Exception {
        long deadline = System.nanoTime() + 60_000_000_000L;
        while (System.nanoTime() < deadline) {
            if (Files.exists(dump)) {
                String text = Files.readString(dump);
                if (text.contains("SIGNALTTY_PANE=") && text.endsWith("\n")) {
                    Map<String, String> env = new HashMap<>();
                    text.lines().filter(l -> l.indexOf('=') > 0)
                            .forEach(l -> env.put(l.substring(0, l.indexOf('=')), l.substring(l.indexOf('=') + 1)));
                    return env;
                }
            }
            Thread.sleep(100);
        }
        throw new AssertionError("the pane wrote no environment to " + dump);
    }
}
