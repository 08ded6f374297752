package dev.signaltty.journal;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 17 item 3: a {@code restart: rerun} shell that ran an allowlisted command in the foreground
 * ({@code signaltty.pane.rerun-commands}) runs it again after a reboot (kill -9 of the daemon and every
 * child), typed into the new shell, in the directory the shell had {@code cd}'d to before it (ADR 0330);
 * a shell whose foreground command is not on the list comes back as a bare shell, and its command line
 * is never written to the state dir, nor is an environment value off the env allowlist.
 */
class RerunForegroundCommandTest {

    @TempDir
    Path root;

    @Test
    void anAllowlistedForegroundCommandRunsAgainAndAnUnlistedOneDoesNot() throws Exception {
        Path script = root.resolve("marker.sh");
        Path runs = root.resolve("runs.txt");
        Files.writeString(script, "#!/bin/sh\necho \"run $1 in $(pwd -P)\" >> " + runs + "\necho marker-running-$1\nsleep 600\n");
        // a directory the shell moves to before the command, not the pane's cwd; its name needs quoting
        Path moved = Files.createDirectories(root.resolve("sub dir")).toRealPath();
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwx------"));
        String allow = "--signaltty.pane.rerun-commands=vim, marker.sh";
        List<String> bash = List.of("bash", "--norc", "--noprofile", "-i");
        String listed;
        String unlisted;
        try (DaemonProcess daemon = DaemonProcess.start(root, allow); StreamClient client = daemon.connect()) {
            String ws = client.ok("workspace.create", Map.of("name", "fg", "cwd", root.toString()))
                    .path("workspace_id").asString();
            // a value not on the env allowlist: the command inherits it, the state dir never holds it
            listed = client.ok("pane.spawn", Map.of("workspace_id", ws, "argv", bash, "restart", "rerun",
                    "env", Map.of("PS1", "$ ", "API_TOKEN", "env-secret-value"))).path("pane_id").asString();
            unlisted = client.ok("pane.spawn", Map.of("workspace_id", ws, "argv", bash, "restart", "rerun",
                    "env", Map.of("PS1", "$ "))).path("pane_id").asString();
            client.ok("pane.write", Map.of("pane_id", listed, "data", "cd 'sub dir'\r"));
            client.ok("pane.write", Map.of("pane_id", listed, "data", script + " one\r"));
            client.ok("pane.write", Map.of("pane_id", unlisted, "data", "sleep 600 # secret-token\r"));
            awaitTrue(() -> tail(client, listed).contains("marker-running-one"), "the listed command runs");
            long listedPid = pid(client, listed);
            long unlistedPid = pid(client, unlisted);
            awaitTrue(() -> foregroundGroup(unlistedPid) != unlistedPid, "the unlisted command runs in the foreground");
            // the panes snapshot (every 500 ms) holds the listed command line and never the other one
            Path snapshot = daemon.stateDir.resolve("snapshot").resolve("panes.json");
            awaitTrue(() -> read(snapshot).contains(script.toString()), "the snapshot holds the listed command");
            assertThat(read(snapshot)).doesNotContain("secret-token").contains(moved.toString());
            // issue 17 item 3: "Environment values are not written to disk unless listed", with the
            // foreground command and its cwd stored: no file of the state dir holds the value
            try (var files = Files.walk(daemon.stateDir)) {
                for (Path file : files.filter(Files::isRegularFile).toList()) {
                    assertThat(bytesOf(file)).as(file.toString()).doesNotContain("env-secret-value");
                }
            }
            long marker = foregroundGroup(listedPid);
            daemon.kill9();
            for (long pid : List.of(listedPid, unlistedPid, marker)) { // a reboot ends every child too
                ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly);
            }
        }
        try (DaemonProcess restarted = DaemonProcess.start(root, allow); StreamClient client = restarted.connect()) {
            awaitTrue(() -> lines(runs) == 2, "the listed command ran a second time, typed into the new shell");
            // issue 17 item 3, ADR 0330 (no seed rule): the rerun happens where the first run did, not in the pane's cwd
            assertThat(Files.readAllLines(runs)).containsExactly("run one in " + moved, "run one in " + moved);
            // the unlisted shell takes input at once: nothing was typed ahead of this line
            client.ok("pane.write", Map.of("pane_id", unlisted, "data", "echo bare-$((6*7))\r"));
            awaitTrue(() -> tail(client, unlisted).contains("bare-42"), "the unlisted pane is a bare shell");
            long pid = pid(client, unlisted);
            assertThat(foregroundGroup(pid)).as("no foreground job in the unlisted pane").isEqualTo(pid);
        }
    }

    private static String tail(StreamClient client, String pane) {
        try {
            return client.ok("pane.read", Map.of("pane_id", pane, "mode", "tail")).path("text").asString();
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        } catch (InterruptedException e) {
            throw new IllegalStateException(e);
        }
    }

    private static long pid(StreamClient client, String pane) throws IOException, InterruptedException {
        return client.ok("pane.get", Map.of("pane_id", pane)).path("pane").path("pid").asLong();
    }

    /** tpgid, field 8 of /proc/<pid>/stat: the terminal's foreground process group. */
    private static long foregroundGroup(long pid) {
        String stat = read(Path.of("/proc", Long.toString(pid), "stat"));
        return Long.parseLong(stat.substring(stat.lastIndexOf(')') + 2).trim().split(" ")[5]);
    }

    private static String read(Path file) {
        try {
            return Files.exists(file) ? Files.readString(file) : "";
        } catch (IOException e) {
            return "";
        }
    }

    /** Any file's bytes as text, binary ones too (transcripts); "" for one replaced meanwhile. */
    private static String bytesOf(Path file) throws IOException {
        try {
            return new String(Files.readAllBytes(file), java.nio.charset.StandardCharsets.ISO_8859_1);
        } catch (java.nio.file.NoSuchFileException e) {
            return "";
        }
    }

    private static int lines(Path file) {
        String text = read(file);
        return text.isEmpty() ? 0 : text.split("\n").length;
    }

    private static void awaitTrue(BooleanSupplier condition, String what) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(90).toNanos();
        while (!condition.getAsBoolean()) {
            assertThat(System.nanoTime()).as(what).isLessThan(deadline);
            Thread.sleep(50);
        }
    }
}
