package dev.signaltty.task;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import dev.signaltty.SignalttyApplication;

/**
 * One real daemon (cached by Spring across the task test classes), its
 * socket and state in a private temp directory that is deleted when the JVM exits; each test gets
 * its own repository in its own @TempDir.
 */
@SpringBootTest(classes = SignalttyApplication.class,
        properties = {"spring.main.keep-alive=false", "signaltty.task.max-unfinished=50"})
abstract class TaskDaemonTest {

    static final Path SHARED = sharedDirectory();

    @DynamicPropertySource
    static void paths(DynamicPropertyRegistry registry) {
        registry.add("SIGNALTTY_SOCKET", () -> SHARED.resolve("run/signaltty.sock").toString());
        registry.add("XDG_STATE_HOME", () -> SHARED.resolve("state").toString());
        registry.add("signaltty.git.config-home", () -> SHARED.resolve("home").toString());
    }

    @TempDir
    Path tmp;

    TaskFixture f;

    @BeforeEach
    void setUpFixture() {
        f = new TaskFixture(tmp, socket());
    }

    @AfterEach
    void tearDownFixture() {
        f.close();
    }

    static Path socket() {
        return SHARED.resolve("run/signaltty.sock");
    }

    private static Path sharedDirectory() {
        try {
            Path dir = Files.createTempDirectory("signaltty-task-test-");
            Files.createDirectories(dir.resolve("home"));
            Runtime.getRuntime().addShutdownHook(new Thread(() -> delete(dir)));
            return dir;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void delete(Path dir) {
        try (var walk = Files.walk(dir)) {
            walk.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException ignored) {
            // best effort at JVM exit
        }
    }
}
