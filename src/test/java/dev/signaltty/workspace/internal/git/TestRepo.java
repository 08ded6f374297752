package dev.signaltty.workspace.internal.git;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A real git repository in a temp dir, with git's global configuration pointed at the same temp dir so
 * the developer's own config never leaks into a test.
 */
public final class TestRepo {

    public final Path home;
    public final Path root;
    final Map<String, String> env;

    private TestRepo(Path home, Path root) {
        this.home = home;
        this.root = root;
        this.env = Map.of(
                "HOME", home.toString(),
                "XDG_CONFIG_HOME", home.resolve(".config").toString(),
                "GIT_CONFIG_GLOBAL", home.resolve(".gitconfig").toString(),
                "GIT_CONFIG_NOSYSTEM", "1");
    }

    /** A fresh repository at {@code tmp/repo} with a local identity and no commit. */
    public static TestRepo init(Path tmp) {
        try {
            Path home = Files.createDirectories(tmp.resolve("home"));
            Files.writeString(home.resolve(".gitconfig"), "");
            TestRepo repo = new TestRepo(home, Files.createDirectories(tmp.resolve("repo")).toRealPath());
            repo.git("init", "-q", "-b", "main");
            repo.git("config", "user.name", "Test");
            repo.git("config", "user.email", "test@example.invalid");
            repo.git("config", "commit.gpgsign", "false");
            return repo;
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** {@link #init} with one commit on main, {@code init}, of a README saying hello: what most tests start from. */
    public static TestRepo withReadme(Path tmp) {
        TestRepo repo = init(tmp);
        repo.write("README", "hello\n");
        repo.commitAll("init");
        return repo;
    }

    GitRunner runner() {
        return new GitRunner(env);
    }

    public Path write(String path, String content) {
        return write(path, content.getBytes(StandardCharsets.UTF_8));
    }

    Path write(String path, byte[] content) {
        try {
            Path file = root.resolve(path);
            Files.createDirectories(file.getParent());
            return Files.write(file, content);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    public TestRepo commitAll(String message) {
        git("add", "-A");
        git("commit", "-q", "-m", message);
        return this;
    }

    public String git(String... args) {
        return gitIn(root, args);
    }

    String gitIn(Path dir, String... args) {
        List<String> command = new ArrayList<>();
        command.add("git");
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true);
        builder.environment().keySet().removeIf(k -> k.startsWith("GIT_"));
        builder.environment().putAll(env);
        try {
            Process p = builder.start();
            byte[] out = p.getInputStream().readAllBytes();
            if (!p.waitFor(30, TimeUnit.SECONDS) || p.exitValue() != 0) {
                throw new IllegalStateException("git " + command + " failed: " + new String(out, StandardCharsets.UTF_8));
            }
            return new String(out, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    public byte[] indexBytes() {
        try {
            return Files.readAllBytes(root.resolve(".git/index"));
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** Every file under .git/objects: a read must not add any. */
    public java.util.List<String> objectFiles() {
        try (var walk = Files.walk(root.resolve(".git/objects"))) {
            return walk.filter(Files::isRegularFile).map(Path::toString).sorted().toList();
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
