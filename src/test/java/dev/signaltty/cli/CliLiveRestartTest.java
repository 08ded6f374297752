package dev.signaltty.cli;

import static dev.signaltty.cli.LiveRestart.pane;
import static dev.signaltty.cli.LiveRestart.spawn;
import static dev.signaltty.cli.LiveRestart.tail;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.signaltty.cli.CliHarness.Run;
import dev.signaltty.support.Await;
import dev.signaltty.support.ProtocolClient;
import tools.jackson.databind.JsonNode;

/**
 * {@code signaltty server restart} (ADR 0810): the daemon executes itself again with the same pid, and
 * the panes' programs run on through it: same pids, running (not restored), their input and output
 * through the new image, the screen and scrollback from before, no output byte lost or doubled, and
 * their exits reaped by the new image. A hand-over the new image cannot read ends the programs as a
 * stop does, and says so.
 */
class CliLiveRestartTest {

    private static final Duration WAIT = Duration.ofSeconds(60);
    private static final Pattern TICK = Pattern.compile("tick (\\d+)");

    @TempDir
    Path temp;

    @Test
    void programsKeepRunningThroughTheRestartAndTheNewDaemonReapsThem() throws Exception {
        try (CliHarness cli = new CliHarness(temp)) {
            LiveRestart.startDaemon(cli);
            String shell;
            String counter;
            long shellPid;
            long counterPid;
            long lastTickBefore;
            try (ProtocolClient daemon = ProtocolClient.connect(cli.socket())) {
                String workspace = LiveRestart.workspace(cli, daemon, "live");
                shell = spawn(daemon, workspace, List.of("bash", "--norc", "--noprofile"));
                counter = spawn(daemon, workspace, List.of("bash", "-c",
                        "i=0; while true; do echo tick $i; i=$((i+1)); sleep 0.02; done"));
                shellPid = pane(daemon, shell).get("pid").asLong();
                counterPid = pane(daemon, counter).get("pid").asLong();
                daemon.call("pane.write", Map.of("pane_id", shell, "data", "echo before-$((6*7))-restart\r"));
                Await.until(WAIT, "the shell's echo before the restart", () -> tail(daemon, shell).contains("before-42-restart"));
                Await.until(WAIT, "ticks before the restart", () -> lastTick(tail(daemon, counter)) >= 20);
                lastTickBefore = lastTick(tail(daemon, counter));
            }

            Run restart = cli.run("server", "restart");
            assertThat(restart.status()).as(restart.toString()).isZero();
            assertThat(restart.out()).as(restart.toString()).matches("restarted: pid \\d+, 2 panes kept running\\n");

            try (ProtocolClient daemon = ProtocolClient.connect(cli.socket())) {
                JsonNode shellPane = pane(daemon, shell);
                assertThat(shellPane.get("status").asString()).isEqualTo("running");
                assertThat(shellPane.get("pid").asLong()).isEqualTo(shellPid);
                assertThat(shellPane.has("restored")).as(shellPane.toString()).isFalse();
                assertThat(pane(daemon, counter).get("pid").asLong()).isEqualTo(counterPid);
                assertThat(ProcessHandle.of(shellPid).map(ProcessHandle::isAlive)).contains(true);
                assertThat(ProcessHandle.of(counterPid).map(ProcessHandle::isAlive)).contains(true);

                // its agent lifecycle is not "exited" (as a pane restored without its process reads): unknown until it reports
                JsonNode lifecycle = daemon.call("agent.explain", Map.of("pane_id", shell)).get("lifecycle");
                assertThat(lifecycle.get("state").asString()).as(lifecycle.toString()).isEqualTo("unknown");

                // the journal goes on across the restart: a replay from before it is complete, in order, and
                // tells each kept pane running again after its creation
                try (ProtocolClient events = ProtocolClient.connect(cli.socket())) {
                    JsonNode replay = events.call("subscribe", Map.of("events", List.of("pane.*"), "from_seq", 0))
                            .get("replay");
                    assertThat(replay.get("status").asString()).isEqualTo("complete");
                    List<JsonNode> replayed = new ArrayList<>();
                    for (int i = 0; i < replay.get("returned").asInt(); i++) {
                        replayed.add(events.nextEvent());
                    }
                    assertThat(replayed.stream().map(e -> e.get("seq").asLong()).toList()).isSorted().doesNotHaveDuplicates();
                    for (String id : List.of(shell, counter)) {
                        List<String> told = replayed.stream().filter(e -> id.equals(e.get("payload").path("pane_id").asString()))
                                .map(e -> e.get("event").asString() + ":" + e.get("payload").path("status").asString()).toList();
                        assertThat(told).as(id).startsWith("pane.created:running").endsWith("pane.updated:running");
                    }
                }

                // the screen from before, and the shell's input and echo through the new daemon
                assertThat(tail(daemon, shell)).contains("before-42-restart");
                daemon.call("pane.write", Map.of("pane_id", shell, "data", "echo after-$((6*7))-restart\r"));
                Await.until(WAIT, "the shell's echo after the restart", () -> tail(daemon, shell).contains("after-42-restart"));

                // every tick once and in order: before, during (waiting in the PTY) and after the restart
                Await.until(WAIT, "ticks after the restart", () -> lastTick(tail(daemon, counter)) > lastTickBefore + 50);
                List<Long> ticks = ticks(tail(daemon, counter));
                assertThat(ticks.getFirst()).isZero();
                for (int i = 0; i < ticks.size(); i++) {
                    assertThat(ticks.get(i)).as("tick at line %d of %s", i, ticks).isEqualTo(i);
                }

                // an exit after the restart: the new daemon reaps the program and tells its real code
                daemon.call("pane.write", Map.of("pane_id", shell, "data", "exit 7\r"));
                Await.until(WAIT, "the shell's exit", () -> pane(daemon, shell).get("status").asString().equals("exited"));
                assertThat(pane(daemon, shell).get("exit_code").asInt()).isEqualTo(7);
                Await.until(WAIT, "the shell reaped", () -> ProcessHandle.of(shellPid).isEmpty());
            }
            assertThat(Files.readString(cli.stateDir().resolve("daemon.log")))
                    .contains("2 panes' programs handed over", "2 panes' programs kept running");
        }
    }

    @Test
    void aHandOverTheNewImageCannotReadEndsTheProgramsAsAStopWouldAndSaysSo() throws Exception {
        try (CliHarness cli = new CliHarness(temp)) {
            LiveRestart.startDaemon(cli);
            String shell;
            long shellPid;
            long spoilerPid;
            try (ProtocolClient daemon = ProtocolClient.connect(cli.socket())) {
                String workspace = LiveRestart.workspace(cli, daemon, "lost");
                shell = spawn(daemon, workspace, List.of("bash", "--norc", "--noprofile"));
                shellPid = pane(daemon, shell).get("pid").asLong();
                // the stand-in for a build that writes a hand-over this one cannot read: once the old image has
                // written the file (renamed into place whole), it is overwritten with a version no build reads,
                // before the new image (a JVM start away) reads it
                String spoiler = LiveRestart.spawnAfterHandOver(cli, daemon, workspace,
                        "printf 'signaltty-handover 99\\n' > \"$HANDOVER\"; exec sleep 600");
                spoilerPid = pane(daemon, spoiler).get("pid").asLong();
                daemon.call("pane.write", Map.of("pane_id", shell, "data", "echo kept-$((6*7))-screen\r"));
                Await.until(WAIT, "the shell's echo", () -> tail(daemon, shell).contains("kept-42-screen"));
            }

            Run restart = cli.run("server", "restart");
            assertThat(restart.status()).as(restart.toString()).isEqualTo(1);
            assertThat(restart.out()).matches("restarted: pid \\d+, 0 panes kept running\\n");
            assertThat(restart.err()).contains("not kept running", shell, "daemon.log");

            try (ProtocolClient daemon = ProtocolClient.connect(cli.socket())) {
                JsonNode pane = pane(daemon, shell);
                assertThat(pane.get("status").asString()).isEqualTo("exited");
                assertThat(pane.get("restored").asBoolean()).isTrue();
                assertThat(tail(daemon, shell)).contains("kept-42-screen");
            }
            Await.until(WAIT, "the hung-up programs reaped", () -> ProcessHandle.of(shellPid).isEmpty()
                    && ProcessHandle.of(spoilerPid).isEmpty());
            assertThat(Files.readString(cli.stateDir().resolve("daemon.log")))
                    .contains("unreadable (version 99 (this build reads versions 1 and 2))", "hung up");
        }
    }

    @Test
    void inputQueuedWhenTheRestartBeginsIsWrittenFirstAndWhatIsNotReadInTimeIsSaid() throws Exception {
        try (CliHarness cli = new CliHarness(temp)) {
            LiveRestart.startDaemon(cli);
            String reader;
            String deaf;
            try (ProtocolClient daemon = ProtocolClient.connect(cli.socket())) {
                String workspace = LiveRestart.workspace(cli, daemon, "input");
                // reads its input once the file go exists, a thousand bytes per dd: slower than the old image's exit
                reader = spawn(daemon, workspace, List.of("bash", "-c", "stty raw -echo; echo ready;"
                        + " while [ ! -e go ]; do sleep 0.05; done; for i in $(seq 300); do"
                        + " dd bs=1000 count=1 iflag=fullblock 2>/dev/null >> got; done; echo got-$(wc -c < got)-bytes;"
                        + " exec sleep 600"));
                // never reads its input
                deaf = spawn(daemon, workspace, List.of("bash", "-c", "stty raw -echo; echo ready; exec sleep 600"));
                for (String id : List.of(reader, deaf)) {
                    Await.until(WAIT, "raw mode in " + id, () -> tail(daemon, id).contains("ready"));
                }
            }
            // more than a PTY holds: the rest waits in the pane's input queue, and the call answers an error once
            // its deadline (10 s) passed with the program not reading; the bytes stay queued, to be written
            String payload = "x".repeat(300_000);
            List<Thread> writers = new ArrayList<>();
            for (String id : List.of(reader, deaf)) {
                writers.add(Thread.ofVirtual().start(() -> {
                    try (ProtocolClient writer = ProtocolClient.connect(cli.socket())) {
                        writer.errorCode("pane.write", Map.of("pane_id", id, "data", payload));
                    }
                }));
            }
            for (Thread writer : writers) {
                writer.join(WAIT);
                assertThat(writer.isAlive()).as("a pane.write over its deadline").isFalse();
            }

            List<Run> restarted = new ArrayList<>();
            Thread restart = Thread.ofVirtual().start(() -> restarted.add(cli.run("server", "restart")));
            // the old image closed its socket: the hand-over is under way, and the reader starts reading
            Await.until(WAIT, "the socket closed for the restart", () -> !Files.exists(cli.socket())
                    || !dev.signaltty.cli.internal.Client.listening(cli.socket()));
            Files.createFile(cli.cwd().resolve("go"));
            restart.join(WAIT.multipliedBy(2));
            assertThat(restarted).hasSize(1);
            Run run = restarted.getFirst();
            assertThat(run.status()).as(run.toString()).isEqualTo(1);
            assertThat(run.out()).as(run.toString()).matches("restarted: pid \\d+, 2 panes kept running\\n");
            assertThat(run.err()).as(run.toString()).contains("input accepted before the restart and not written")
                    .containsPattern(deaf + ": \\d+ bytes").doesNotContain(reader);

            try (ProtocolClient daemon = ProtocolClient.connect(cli.socket())) {
                // every byte queued before the restart reached the program that reads
                Await.until(WAIT, "the reader's count", () -> tail(daemon, reader).contains("got-300000-bytes"));
                assertThat(pane(daemon, deaf).get("status").asString()).isEqualTo("running");
            }
            assertThat(Files.readString(cli.stateDir().resolve("daemon.log")))
                    .containsPattern("pane " + deaf + ": \\d+ bytes of input accepted before the restart not written");
        }
    }

    @Test
    void aProgramThatExitsBetweenTheHandOverAndTheExecComesBackWithItsExitCode() throws Exception {
        try (CliHarness cli = new CliHarness(temp)) {
            LiveRestart.startDaemon(cli);
            String quitter;
            long pid;
            try (ProtocolClient daemon = ProtocolClient.connect(cli.socket())) {
                String workspace = LiveRestart.workspace(cli, daemon, "window");
                // exits once the hand-over file is there: after the old image let go of it, before (or, on a
                // slow exit, just after) the exec; pty4j's reaper in the old image reaps it in the first case
                quitter = LiveRestart.spawnAfterHandOver(cli, daemon, workspace, "exit 5");
                pid = pane(daemon, quitter).get("pid").asLong();
            }

            Run restart = cli.run("server", "restart");
            assertThat(restart.out()).as(restart.toString()).matches("restarted: pid \\d+, \\d panes? kept running\\n");

            try (ProtocolClient daemon = ProtocolClient.connect(cli.socket())) {
                assertThat(LiveRestart.exitCode(daemon, quitter)).isEqualTo(5);
            }
            Await.until(WAIT, "the program reaped", () -> ProcessHandle.of(pid).isEmpty());
        }
    }

    @Test
    void aProgramThatExitsRightAtTheExecComesBackWithItsExitCode() throws Exception {
        try (CliHarness cli = new CliHarness(temp)) {
            LiveRestart.startDaemon(cli);
            String first;
            String last;
            long lastPid;
            try (ProtocolClient daemon = ProtocolClient.connect(cli.socket())) {
                String workspace = LiveRestart.workspace(cli, daemon, "instant");
                // exits once the hand-over file is there, so the old image reaps it and its last step before the
                // exec rewrites the file with its code
                first = LiveRestart.spawnAfterHandOver(cli, daemon, workspace, "exit 3");
                // exits the moment it reads that rewrite (a line with an exit, six fields): after the old image's
                // last look at its programs, in the instant before the execve, when pty4j's reaper thread is
                // still waiting on it; or, once the new image deleted the file, after the exec
                last = LiveRestart.spawnAfterHandOver(cli, daemon, workspace, "while [ -e \"$HANDOVER\" ]; do"
                        + " while read -r -a f; do [ ${#f[@]} = 6 ] && exit 4; done 2>/dev/null < \"$HANDOVER\"; done; exit 4");
                lastPid = pane(daemon, last).get("pid").asLong();
            }

            Run restart = cli.run("server", "restart");
            assertThat(restart.out()).as(restart.toString()).matches("restarted: pid \\d+, \\d panes? kept running\\n");

            try (ProtocolClient daemon = ProtocolClient.connect(cli.socket())) {
                assertThat(LiveRestart.exitCode(daemon, last)).isEqualTo(4);
                assertThat(LiveRestart.exitCode(daemon, first)).isEqualTo(3);
            }
            Await.until(WAIT, "the program reaped", () -> ProcessHandle.of(lastPid).isEmpty());
            assertThat(Files.readString(cli.stateDir().resolve("daemon.log"))).doesNotContain("no longer our child");
        }
    }

    @Test
    void anAttachedTerminalWaitsOutASlowRestartAndShowsTheKeptProgramsOutputAfterIt() throws Exception {
        try (CliHarness cli = new CliHarness(temp)) {
            LiveRestart.startDaemon(cli);
            String shell;
            try (ProtocolClient daemon = ProtocolClient.connect(cli.socket())) {
                String workspace = LiveRestart.workspace(cli, daemon, "attached");
                shell = spawn(daemon, workspace, List.of("bash", "--norc", "--noprofile"));
                LiveRestart.queueUnreadInput(daemon, Map.of("workspace_id", workspace));
            }
            String command = String.join(" ", CliHarness.javaCommand("attach", shell).stream()
                    .map(w -> "'" + w.replace("'", "'\\''") + "'").toList());
            Path transcript = temp.resolve("attach-transcript");
            Process attach = cli.builder(List.of("script", "-qefc", command, "/dev/null"), Map.of())
                    .redirectOutput(transcript.toFile()).redirectErrorStream(true).start();
            try (ProtocolClient daemon = ProtocolClient.connect(cli.socket())) {
                // typed through the attached terminal, echoed back through it
                // the snapshot's repaint: attached
                Await.until(WAIT, "attached", () -> Files.size(transcript) > 0);
                attach.getOutputStream().write("echo before-$((2+3))\r".getBytes(java.nio.charset.StandardCharsets.UTF_8));
                attach.getOutputStream().flush();
                Await.until(WAIT, "the echo in the attached terminal", () -> Files.readString(transcript).contains("before-5"));
            }

            Run restart = cli.run("server", "restart");
            assertThat(restart.err()).as(restart.toString()).contains("input accepted before the restart and not written");

            try (ProtocolClient daemon = ProtocolClient.connect(cli.socket())) {
                daemon.call("pane.write", Map.of("pane_id", shell, "data", "echo after-$((3+4))\r"));
                Await.until(WAIT, "the output after the restart in the attached terminal",
                        () -> Files.readString(transcript).contains("after-7") || !attach.isAlive());
                String screen = Files.readString(transcript);
                assertThat(attach.isAlive()).as(screen).isTrue();
                assertThat(screen).contains("after-7").doesNotContain("exited").doesNotContain("detached");
                attach.getOutputStream().write(0x1c); // Ctrl-\ detaches
                attach.getOutputStream().flush();
                assertThat(attach.waitFor(WAIT.toSeconds(), java.util.concurrent.TimeUnit.SECONDS)).isTrue();
            } finally {
                attach.destroyForcibly();
            }
        }
    }

    @Test
    void theTabViewWaitsOutASlowRestartAndShowsTheKeptProgramsOutputAfterIt() throws Exception {
        try (CliHarness cli = new CliHarness(temp)) {
            LiveRestart.startDaemon(cli);
            Run restart = viewThroughARestart(cli, Map.of(), (daemon, workspace) -> {
                String other = daemon.call("tab.create", Map.of("workspace_id", workspace)).get("tab_id").asString();
                LiveRestart.queueUnreadInput(daemon, Map.of("workspace_id", workspace, "tab_id", other)); // not in the view's tab
            });
            assertThat(restart.err()).as(restart.toString()).contains("input accepted before the restart and not written");
        }
    }

    /**
     * The old image lets the state directory's lock go at its close; the new image takes it only once its start gets
     * there, here 9 s later (a loaded machine's slow start, made on purpose by {@link SlowNextStart}). The view's
     * 5 s for a daemon not known to be coming back ran out in that gap, and it ended: "lost the daemon connection"
     * (ci-a, load 14–24). The lock file's restarting line and the pid the exec keeps tell it the daemon comes back
     * (ADR 1290).
     */
    @Test
    void theTabViewWaitsForANewImageThatIsSlowToTakeTheLock() throws Exception {
        try (CliHarness cli = new CliHarness(temp)) {
            Path trigger = temp.resolve("slow-next-start");
            String options = cli.environment().get("SIGNALTTY_DAEMON_JAVA_OPTS") + " "
                    + SlowNextStart.javaOption(temp, trigger);
            Run start = cli.run(Map.of("SIGNALTTY_DAEMON_JAVA_OPTS", options), "", "server", "start");
            assertThat(start.status()).as(start.toString()).isZero();
            Run restart = viewThroughARestart(cli, Map.of("SIGNALTTY_DAEMON_JAVA_OPTS", options),
                    (daemon, workspace) -> Files.writeString(trigger, "hold the new image back"));
            assertThat(restart.status()).as(restart.toString()).isZero();
            assertThat(trigger).as("the new image was held back").doesNotExist();
        }
    }

    /** What a test does with the old image just before the restart. */
    private interface BeforeRestart {
        void run(ProtocolClient daemon, String workspace) throws Exception;
    }

    /**
     * A view of a bash pane's tab through {@code server restart} ({@code beforeRestart} runs first, with a client
     * of the old image): it must live on and show what the program prints after the restart. The restart's run.
     */
    private Run viewThroughARestart(CliHarness cli, Map<String, String> env, BeforeRestart beforeRestart)
            throws Exception {
        String shell;
        String tab;
        String workspace;
        try (ProtocolClient daemon = ProtocolClient.connect(cli.socket())) {
            workspace = LiveRestart.workspace(cli, daemon, "viewed");
            shell = spawn(daemon, workspace, List.of("bash", "--norc", "--noprofile"));
            tab = pane(daemon, shell).get("tab_id").asString();
        }
        String command = String.join(" ", CliHarness.javaCommand("attach", "--tab", tab).stream()
                .map(w -> "'" + w.replace("'", "'\\''") + "'").toList());
        Path transcript = temp.resolve("view-transcript");
        Process view = cli.builder(List.of("script", "-qefc", command, "/dev/null"), env)
                .redirectOutput(transcript.toFile()).redirectErrorStream(true).start();
        try {
            try (ProtocolClient daemon = ProtocolClient.connect(cli.socket())) {
                Await.until(WAIT, "the view drawn", () -> Files.size(transcript) > 0);
                daemon.call("pane.write", Map.of("pane_id", shell, "data", "echo before-$((2+3))\r"));
                Await.until(WAIT, "the echo in the view", () -> Files.readString(transcript).contains("before-5"));
                beforeRestart.run(daemon, workspace);
            }
            Run restart = cli.run(env, "", "server", "restart");
            try (ProtocolClient daemon = ProtocolClient.connect(cli.socket())) {
                daemon.call("pane.write", Map.of("pane_id", shell, "data", "echo after-$((3+4))\r"));
                Await.until(WAIT, "the output after the restart in the view",
                        () -> Files.readString(transcript).contains("after-7") || !view.isAlive());
                String screen = Files.readString(transcript);
                assertThat(view.isAlive()).as(screen).isTrue();
                assertThat(screen).contains("after-7");
            }
            return restart;
        } finally {
            view.destroyForcibly();
        }
    }

    private static List<Long> ticks(String text) {
        List<Long> ticks = new ArrayList<>();
        Matcher m = TICK.matcher(text);
        while (m.find()) {
            ticks.add(Long.parseLong(m.group(1)));
        }
        return ticks;
    }

    private static long lastTick(String text) {
        List<Long> ticks = ticks(text);
        return ticks.isEmpty() ? -1 : ticks.getLast();
    }
}
