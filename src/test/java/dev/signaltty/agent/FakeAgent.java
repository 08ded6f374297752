package dev.signaltty.agent;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The scripted fake agent (src/test/resources/fake-agent/fake_claude.py) installed as an executable
 * named {@code claude}, so the launch integration recognises it, and the real CLI command its hooks run.
 */
public final class FakeAgent {

    private FakeAgent() {
    }

    /** Copies the script to {@code dir/claude} (executable) and returns its path. */
    public static Path install(Path dir) {
        try (InputStream in = FakeAgent.class.getResourceAsStream("/fake-agent/fake_claude.py")) {
            Path bin = Files.createDirectories(dir.resolve("agent-bin"));
            Path claude = bin.resolve("claude");
            Files.write(claude, in.readAllBytes());
            Files.setPosixFilePermissions(claude, PosixFilePermissions.fromString("rwxr-xr-x"));
            return claude;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The one-shot CLI (dev.signaltty.cli.Main) on this build's classes, as bin/signaltty runs it. */
    public static List<String> cli() {
        try {
            Path classes = Path.of(dev.signaltty.cli.Main.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            return List.of(ProcessHandle.current().info().command().orElseThrow(), "-XX:TieredStopAtLevel=1",
                    "-XX:+UseSerialGC", "-Xshare:auto", "-cp", classes.toString(), "dev.signaltty.cli.Main");
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    public static String cliProperty() {
        return "signaltty.cli.command=" + String.join(" ", cli());
    }

    /** Runs {@code signaltty <args>} against the daemon's socket; returns stdout (fails on a nonzero exit). */
    public static String runCli(Path socket, String... args) {
        List<String> command = new ArrayList<>(cli());
        command.add("--no-start");
        command.addAll(List.of(args));
        try {
            ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(false);
            builder.environment().keySet().removeIf(k -> k.startsWith("SIGNALTTY_"));
            builder.environment().put("SIGNALTTY_SOCKET", socket.toString());
            Process process = builder.start();
            byte[] out = process.getInputStream().readAllBytes();
            byte[] err = process.getErrorStream().readAllBytes();
            if (!process.waitFor(60, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new AssertionError("signaltty " + String.join(" ", args) + " did not finish");
            }
            if (process.exitValue() != 0) {
                throw new AssertionError("signaltty " + String.join(" ", args) + " exited " + process.exitValue()
                        + ": " + new String(err, StandardCharsets.UTF_8));
            }
            return new String(out, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }
}
