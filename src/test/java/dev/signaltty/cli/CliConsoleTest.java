package dev.signaltty.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.signaltty.cli.CliHarness.Run;

/** The Spring Shell console runs the table's commands against the daemon it starts. */
class CliConsoleTest {

    @TempDir
    Path temp;

    @Test
    void runsTableCommandsTypedIntoTheConsoleAndExitsOnExit() throws Exception {
        try (CliHarness cli = new CliHarness(temp)) {
            Run run = cli.run(Map.of(), "ping\nworkspace create piped\npane read\nworkspace list\nexit\n", "console");
            assertThat(run.status()).as(run.toString()).isZero();
            assertThat(run.err()).contains("started the daemon");
            assertThat(run.out()).contains("pong").contains("handle: piped").contains("Exiting the shell");
            assertThat(run.out().lines()).anyMatch(l -> l.matches(".*ws_\\S+\\s+piped\\s+piped.*"));
            assertThat(run.err()).contains("missing <pane>"); // a usage error does not end the console
        }
    }
}
