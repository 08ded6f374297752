package dev.signaltty.agent.real;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The real agents, from the npm registry at pinned versions, installed once into a project-local
 * prefix ({@code target/real-agents}) by {@code npm} from PATH and reused across runs (a marker file
 * names the versions). Register on a static field; {@link #claude()} and {@link #codex()} are the
 * installed executables. A missing npm fails the class loudly: these tests are never skipped.
 *
 * <p>Public in the test tree so other suites (MCP, pane.run) can drive the same real binaries.
 */
public final class RealAgents implements BeforeAllCallback {

    public static final String CLAUDE_PACKAGE = "@anthropic-ai/claude-code";
    public static final String CLAUDE_VERSION = "2.1.197";
    public static final String CODEX_PACKAGE = "@openai/codex";
    public static final String CODEX_VERSION = "0.171.0";
    /** The agents without hooks that the screen manifests read, in a prefix of their own ({@link #screenAgents}). */
    public static final String GEMINI_PACKAGE = "@google/gemini-cli";
    public static final String GEMINI_VERSION = "0.61.0";
    public static final String OPENCODE_PACKAGE = "opencode-ai";
    public static final String OPENCODE_VERSION = "1.18.33";
    static final long INSTALL_DEADLINE_S = 600;

    private static volatile Path prefix;

    @Override
    public void beforeAll(ExtensionContext context) {
        install();
    }

    /** Installs (or finds installed) both packages; safe to call from several classes and JVMs. */
    public static synchronized Path install() {
        if (prefix != null) {
            return prefix;
        }
        prefix = installInto(Path.of("target", "real-agents").toAbsolutePath(),
                List.of(CLAUDE_PACKAGE + "@" + CLAUDE_VERSION, CODEX_PACKAGE + "@" + CODEX_VERSION), List.of("claude", "codex"));
        return prefix;
    }

    private static volatile Path screenPrefix;

    /**
     * Installs (or finds installed) gemini-cli and opencode into {@code target/real-agents/screen}: a prefix
     * of its own, so the Claude/Codex prefix (and its marker) stays as it is.
     */
    public static synchronized Path screenAgents() {
        if (screenPrefix == null) {
            screenPrefix = installInto(Path.of("target", "real-agents", "screen").toAbsolutePath(),
                    List.of(GEMINI_PACKAGE + "@" + GEMINI_VERSION, OPENCODE_PACKAGE + "@" + OPENCODE_VERSION),
                    List.of("gemini", "opencode"));
        }
        return screenPrefix;
    }

    /** npm-installs {@code packages} into {@code dir} unless its marker names them and every one of {@code bins} is there. */
    private static Path installInto(Path dir, List<String> packages, List<String> bins) {
        String wanted = String.join(" ", packages);
        Path marker = dir.resolve("installed");
        try {
            Files.createDirectories(dir);
            // one installer at a time, also across forked test JVMs
            try (FileChannel channel = FileChannel.open(dir.resolve(".lock"), StandardOpenOption.CREATE,
                    StandardOpenOption.WRITE); FileLock ignored = channel.lock()) {
                if (!Files.exists(marker) || !Files.readString(marker).strip().equals(wanted)
                        || !bins.stream().allMatch(b -> Files.isExecutable(bin(dir, b)))) {
                    npmInstall(dir, packages);
                    Files.writeString(marker, wanted + "\n");
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return dir;
    }

    private static void npmInstall(Path dir, List<String> packages) throws IOException {
        List<String> command = new ArrayList<>(List.of("npm", "install", "--prefix", dir.toString(), "--no-audit",
                "--no-fund", "--no-save", "--loglevel=error"));
        command.addAll(packages);
        Path log = dir.resolve("npm-install.log");
        Process process;
        try {
            process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        } catch (IOException e) {
            throw new AssertionError("the real-agent tests need npm on PATH (.ci/install.d/20-node.sh installs it): "
                    + e.getMessage(), e);
        }
        try {
            if (!process.waitFor(INSTALL_DEADLINE_S, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new AssertionError("npm install did not finish within " + INSTALL_DEADLINE_S + " s");
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
        if (process.exitValue() != 0) {
            throw new AssertionError("npm install " + String.join(" ", packages)
                    + " failed (" + process.exitValue() + "): " + Files.readString(log, StandardCharsets.UTF_8));
        }
    }

    private static Path bin(Path dir, String name) {
        return dir.resolve("node_modules").resolve(".bin").resolve(name);
    }

    /** The installed {@code claude} (its basename is what the launch integration recognises). */
    public static Path claude() {
        return bin(install(), "claude");
    }

    public static Path codex() {
        return bin(install(), "codex");
    }

    public static Path gemini() {
        return bin(screenAgents(), "gemini");
    }

    public static Path opencode() {
        return bin(screenAgents(), "opencode");
    }

    /** The installed Claude Code package directory (its executable lists the hook events it knows). */
    public static Path claudePackage() {
        return install().resolve("node_modules").resolve("@anthropic-ai").resolve("claude-code");
    }
}
