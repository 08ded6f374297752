package dev.signaltty.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

import dev.signaltty.cli.CliHarness.Run;
import dev.signaltty.cli.internal.CommandSpec;
import dev.signaltty.cli.internal.CommandTable;
import dev.signaltty.cli.internal.Flag;
import dev.signaltty.cli.internal.Positional;

/** The CLI against a real daemon it starts itself, over the real socket, on real PTYs. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class CliEndToEndTest {

    /**
     * Table methods the daemon does not serve yet (their issues are open). The sync test fails when the
     * table names a method that is neither served nor listed here, and checks the params of every
     * served one; delete entries as their handlers land.
     */
    /** Methods in the CLI table that the daemon does not serve yet (none: every module has landed). */
    static final Set<String> NOT_YET_SERVED = Set.of();

    CliHarness cli;

    @BeforeAll
    void startDaemon(@TempDir Path temp) throws Exception {
        cli = new CliHarness(temp);
        Run start = cli.run("server", "start");
        assertThat(start.status()).as(start.toString()).isZero();
        assertThat(start.out()).startsWith("started pid ");
    }

    @AfterAll
    void stopDaemon() {
        cli.close();
    }

    @Test
    void drivesAShellThroughTheCliFromCreateToClose() throws Exception { // issue 2, "the same flow through bin/signaltty"
        Run created = cli.run("--json", "new", "e2e", "--", "bash", "--norc", "--noprofile");
        assertThat(created.status()).as(created.toString()).isZero();
        Map<String, Object> both = CliHarness.json(created);
        String paneId = dev.signaltty.cli.internal.Output.findId(both.get("pane"), "pane_id", "pane_");
        assertThat(paneId).startsWith("pane_");
        // the workspace as it is after the spawn: its tab is the pane's (trial26 saw "tab_ids": [])
        assertThat(((Map<?, ?>) both.get("workspace")).get("tab_ids")).as(created.out())
                .isEqualTo(java.util.List.of(((Map<?, ?>) both.get("pane")).get("tab_id")));

        Run write = cli.run("pane", "write", paneId, "echo hi\r");
        assertThat(write.status()).as(write.toString()).isZero();

        long deadline = System.nanoTime() + 15_000_000_000L;
        String text = "";
        while (System.nanoTime() < deadline) {
            text = cli.run("pane", "read", paneId, "--mode", "tail").out();
            if (text.lines().anyMatch(l -> l.strip().equals("hi"))) {
                break;
            }
            Thread.sleep(100);
        }
        assertThat(text.lines()).as(text).anyMatch(l -> l.strip().equals("hi"));

        Run close = cli.run("pane", "close", paneId);
        assertThat(close.status()).as(close.toString()).isZero();

        Run gone = cli.run("pane", "get", paneId);
        assertThat(gone.status()).isEqualTo(1);
        assertThat(gone.err()).startsWith("NO_SUCH_PANE: ");
    }

    @Test
    void attachesATerminalToAPaneTypesIntoItAndDetachesOnCtrlBackslash() throws Exception { // issue 3 item 7
        Run created = cli.run("--json", "new", "attach", "--", "bash", "--norc", "--noprofile");
        assertThat(created.status()).as(created.toString()).isZero();
        String paneId = dev.signaltty.cli.internal.Output.findId(CliHarness.json(created).get("pane"), "pane_id",
                "pane_");
        String command = String.join(" ", CliHarness.javaCommand("attach", paneId).stream()
                .map(w -> "'" + w.replace("'", "'\\''") + "'").toList());
        Path transcript = Files.createTempFile("attach", ".txt");
        // script gives the CLI a real pseudo-terminal, as a person's terminal would
        Process process = cli.builder(List.of("script", "-qefc", command, "/dev/null"), Map.of())
                .redirectOutput(transcript.toFile()).redirectErrorStream(true).start();
        try {
            Thread.sleep(1500); // attach, raw mode
            process.getOutputStream().write("echo typed-through-$((6*7))\r".getBytes(StandardCharsets.UTF_8));
            process.getOutputStream().flush();
            long deadline = System.nanoTime() + 15_000_000_000L;
            while (System.nanoTime() < deadline && !Files.readString(transcript).contains("typed-through-42")) {
                Thread.sleep(100);
            }
            assertThat(cli.run("pane", "read", paneId).out()).contains("typed-through-42");
            process.getOutputStream().write(0x1c);
            process.getOutputStream().flush();
            assertThat(process.waitFor(20, TimeUnit.SECONDS)).isTrue();
        } finally {
            process.destroyForcibly();
        }
        String screen = Files.readString(transcript);
        Files.delete(transcript);
        assertThat(process.exitValue()).as(screen).isZero();
        assertThat(screen).contains("typed-through-42").contains("[detached from " + paneId + "]");
        assertThat(cli.run("pane", "get", paneId).status()).as("detach keeps the process").isZero();
        cli.run("pane", "close", paneId);
    }

    @Test
    void waitsForOutputThenClearsThePane() { // seed R346, seed R347
        Run created = cli.run("--json", "new", "waits", "--", "bash", "--norc", "--noprofile");
        String paneId = dev.signaltty.cli.internal.Output.findId(CliHarness.json(created).get("pane"), "pane_id",
                "pane_");
        assertThat(cli.run("pane", "write", paneId, "echo ready-$((40+2))\r").status()).isZero();
        Run waited = cli.run("pane", "wait-output", paneId, "^ready-4[0-9]$", "--regex", "--timeout", "20");
        assertThat(waited.status()).as(waited.toString()).isZero();
        assertThat(waited.out()).contains("ready-42");

        Run timedOut = cli.run("pane", "wait-output", paneId, "never-printed", "--timeout", "1");
        assertThat(timedOut.status()).as("a timed-out wait, as wait and task wait").isEqualTo(4);
        assertThat(timedOut.err()).startsWith("TIMEOUT: ");
        Run gone = cli.run("pane", "wait-output", "pane_nosuch", "x", "--timeout", "1");
        assertThat(gone.status()).as("an error is not a timeout").isEqualTo(1);

        // What clear does to the screen is the pane module's to test (issue 3); here: the mapping works.
        Run cleared = cli.run("pane", "clear", paneId);
        assertThat(cleared.status()).as(cleared.toString()).isZero();
        assertThat(cli.run("pane", "read", paneId, "--mode", "screen").status()).isZero();
        cli.run("pane", "close", paneId);
    }

    @Test
    void streamsReplayedAndLiveEventsAsJsonLines() throws Exception { // issue 4: signaltty events
        assertThat(cli.run("workspace", "create", "before-events").status()).isZero();
        Path lines = Files.createTempFile("events", ".jsonl");
        Process events = cli.builder(CliHarness.javaCommand("events", "--events", "workspace.*", "--from-seq", "0"),
                Map.of()).redirectOutput(lines.toFile()).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        try {
            waitForLine(lines, "before-events"); // replayed
            assertThat(cli.run("workspace", "create", "during-events").status()).isZero();
            waitForLine(lines, "during-events"); // live
        } finally {
            events.destroy();
            events.waitFor(10, TimeUnit.SECONDS);
        }
        for (String line : Files.readAllLines(lines)) {
            Map<String, Object> event = dev.signaltty.cli.internal.Json.parseObject(line);
            assertThat(event).containsEntry("type", "event").containsKey("seq");
            assertThat((String) event.get("event")).startsWith("workspace.");
        }
        Files.delete(lines);
    }

    private static void waitForLine(Path file, String text) throws Exception {
        long deadline = System.nanoTime() + 20_000_000_000L;
        while (!Files.readString(file).contains(text)) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("no event line with " + text + " in:\n" + Files.readString(file));
            }
            Thread.sleep(100);
        }
    }

    @Test
    void printsServerErrorsAsCodeAndMessageWithNonzeroStatus() {
        Run run = cli.run("workspace", "get", "ws_doesnotexist");
        assertThat(run.status()).isEqualTo(1);
        assertThat(run.err()).startsWith("NO_SUCH_WORKSPACE: ");
        assertThat(run.out()).isEmpty();
    }

    @Test
    void attachAndViewWithoutATerminalSayWhatTheyNeed() {
        Run created = cli.run("--json", "new", "noterm", "--", "sh", "-c", "sleep 600");
        assertThat(created.status()).as(created.toString()).isZero();
        String pane = dev.signaltty.cli.internal.Output.findId(CliHarness.json(created).get("pane"), "pane_id", "pane_");
        // the harness gives the CLI pipes and files, as a script does
        for (Run run : List.of(cli.run("attach", pane), cli.run("view", "noterm"))) {
            assertThat(run.status()).as(run.toString()).isEqualTo(1);
            assertThat(run.err()).as(run.toString()).startsWith("BAD_PARAMS: attach and view need a terminal")
                    .contains("pane read / pane write").doesNotContain("Unable to create");
        }
        assertThat(cli.run("pane", "close", pane).status()).isZero();
    }

    @Test
    void newPrintsTheHandleLaterCommandsTakeEvenWhenTheNameWasTaken() {
        Run first = cli.run("new", "twice", "--", "sh", "-c", "sleep 600");
        Run second = cli.run("new", "twice", "--", "sh", "-c", "sleep 600");
        assertThat(first.out()).as(first.toString()).containsPattern("(?m)^workspace ws_\\S+\nhandle twice\npane pane_\\S+$");
        assertThat(second.out()).as(second.toString()).contains("\nhandle twice-2\n");
        String pane = second.out().lines().filter(l -> l.startsWith("pane ")).findFirst().orElseThrow().substring(5);
        assertThat(cli.run("pane", "list", "--workspace", "twice-2").out()).contains(pane);
        assertThat(cli.run("workspace", "close", "twice").status()).isZero();
        assertThat(cli.run("workspace", "close", "twice-2").status()).isZero();
    }

    @Test
    void reportOutsideATaskWorkerSaysWhereAWorkerGetsItsTask() {
        Run run = cli.run("report", "--status", "completed", "--summary", "done");
        assertThat(run.status()).as(run.toString()).isNotZero();
        assertThat(run.err()).as(run.toString()).contains("BAD_PARAMS").contains("task_id")
                .contains("$SIGNALTTY_TASK").contains("--task");
        Run done = cli.run("report", "--status", "done", "--summary", "x", "--task", "task_x");
        assertThat(done.status()).as(done.toString()).isEqualTo(1);
        assertThat(done.err()).as("the value refused, and the ones taken")
                .startsWith("BAD_PARAMS: status: 'done' is not one of completed, failed, rejected");
    }

    @Test
    void reportsTheRunningDaemonOnASecondStart() {
        Run again = cli.run("server", "start");
        assertThat(again.status()).isZero();
        assertThat(again.err()).contains("already running");
        assertThat(again.out()).contains("pid: ").contains(cli.socket().toString());
    }

    @Test
    void passesTheRawResultThroughWithJson() { // seed R332
        Run run = cli.run("--json", "ping");
        assertThat(CliHarness.json(run)).containsEntry("pong", true);
        assertThat(cli.run("ping").out()).isEqualTo("pong\n");
    }

    @Nested
    class SchemaSync { // seed R353, seed R354

        @SuppressWarnings("unchecked")
        Map<String, Map<String, Object>> served() {
            Run run = cli.run("--json", "schema");
            assertThat(run.status()).as(run.toString()).isZero();
            Map<String, Map<String, Object>> methods = new HashMap<>();
            for (Object m : (List<Object>) CliHarness.json(run).get("methods")) {
                Map<String, Object> method = (Map<String, Object>) m;
                methods.put((String) method.get("name"), method);
            }
            return methods;
        }

        @Test
        void everyMethodInTheTableIsServedOrKnownToBePending() {
            Map<String, Map<String, Object>> served = served();
            Set<String> unknown = new HashSet<>();
            for (CommandSpec spec : CommandTable.standard().specs()) {
                if (spec.method() != null && !served.containsKey(spec.method())
                        && !NOT_YET_SERVED.contains(spec.method())) {
                    unknown.add(spec.method());
                }
            }
            assertThat(unknown).as("table methods the daemon does not dispatch").isEmpty();
        }

        @Test
        @SuppressWarnings("unchecked")
        void everyParamTheCliSendsIsAParamOfTheServedMethod() {
            Map<String, Map<String, Object>> served = served();
            List<String> problems = new ArrayList<>();
            for (CommandSpec spec : CommandTable.standard().specs()) {
                Map<String, Object> method = served.get(spec.method());
                if (method == null || spec.action() == CommandSpec.Action.NEW || spec.action() == CommandSpec.Action.FLEET) {
                    // new and ls call several methods; ls's workspace is a client-side filter
                    continue;
                }
                if (spec.action() == CommandSpec.Action.ATTACH || spec.action() == CommandSpec.Action.VIEW) {
                    continue; // the terminal clients: --tab, --prefix and view's workspace are client-side options
                }
                Object params = method.get("params");
                Set<String> names = params instanceof Map<?, ?> m ? (Set<String>) m.keySet() : Set.of();
                for (Positional p : spec.args()) {
                    if (!names.contains(p.param())) {
                        problems.add(spec.name() + " <" + p.name() + "> → " + p.param());
                    }
                }
                for (Flag f : spec.flags()) {
                    if (spec.name().equals("task diff") && f.name().equals("stat")) {
                        continue; // client-side: the CLI prints the summary task.diff answered one line a file (ADR 1440)
                    }
                    if (!names.contains(f.param())) {
                        problems.add(spec.name() + " --" + f.name() + " → " + f.param());
                    }
                }
            }
            assertThat(problems).as("params the daemon does not know").isEmpty();
        }
    }
}
