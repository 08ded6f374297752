package dev.signaltty.support;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * One real daemon shared by the tests of a class, with the setup most daemon tests repeated: a temp
 * root (its XDG dirs and the cwd of the workspace), the {@link TestDaemon}, one connected client and
 * one workspace. Register it on a static field so the daemon lives for the whole class:
 *
 * <pre>{@code
 * @RegisterExtension
 * static final DaemonFixture daemon = new DaemonFixture("panes");
 * }</pre>
 *
 * JUnit runs an extension's before-all callback before the class's own {@code @BeforeAll} methods and
 * its after-all callback after the class's own {@code @AfterAll} methods, so a test may still use the
 * daemon in both. At the end the client is closed, then the daemon (which checks that no process of
 * its panes is left), then the root is deleted. The root is the fixture's own (not a {@code @TempDir})
 * because an extension cannot inject a field of the class; it is deleted just as JUnit would.
 */
public final class DaemonFixture implements BeforeAllCallback, AfterAllCallback {

    private final String workspaceName;
    private final String[] properties;

    /** Files written below {@code $XDG_CONFIG_HOME/signaltty} before the daemon starts, by relative path. */
    private final Map<String, String> configFiles = new java.util.LinkedHashMap<>();

    /** The class that registered the fixture; its @Nested classes inherit the registration. */
    private Class<?> owner;
    private Path root;
    private TestDaemon daemon;
    private ProtocolClient client;
    private String workspace;

    /**
     * A daemon started with {@code properties} (as {@code key=value}), with a workspace named
     * {@code workspaceName} whose cwd is the root.
     */
    public DaemonFixture(String workspaceName, String... properties) {
        this.workspaceName = workspaceName;
        this.properties = properties.clone();
    }

    /**
     * Writes {@code text} to {@code $XDG_CONFIG_HOME/signaltty/<path>} before the daemon starts (user
     * config the daemon reads at start, e.g. {@code agents/x.json}). Returns this fixture.
     */
    public DaemonFixture configFile(String path, String text) {
        configFiles.put(path, text);
        return this;
    }

    /** A daemon and its client but no workspace: for tests of the protocol itself, which need none. */
    public static DaemonFixture withoutWorkspace(String... properties) {
        return new DaemonFixture(null, properties);
    }

    @Override
    public void beforeAll(ExtensionContext context) throws IOException {
        if (owner != null) {
            return; // a @Nested class: it shares the daemon of the class around it, as static fields did
        }
        owner = context.getRequiredTestClass();
        root = Files.createTempDirectory("signaltty-test-");
        for (Map.Entry<String, String> file : configFiles.entrySet()) {
            Path target = root.resolve("config").resolve("signaltty").resolve(file.getKey());
            Files.createDirectories(target.getParent());
            Files.writeString(target, file.getValue());
        }
        daemon = TestDaemon.start(root, properties);
        client = daemon.connect();
        if (workspaceName != null) {
            workspace = client.call("workspace.create", Map.of("name", workspaceName, "cwd", root.toString()))
                    .get("workspace_id").asString();
        }
    }

    @Override
    public void afterAll(ExtensionContext context) throws IOException {
        if (context.getRequiredTestClass() != owner) {
            return; // the end of a @Nested class, not of the class that owns the daemon
        }
        owner = null;
        try {
            if (client != null) {
                client.close();
            }
        } finally {
            try {
                if (daemon != null) {
                    daemon.close();
                }
            } finally {
                deleteRecursively(root);
            }
        }
    }

    /** The temp root: the daemon's XDG dirs live below it, and it is the workspace's cwd. */
    public Path root() {
        return root;
    }

    /** The connection the class shares; tests that need their own open one with {@link #connect()}. */
    public ProtocolClient client() {
        return client;
    }

    public String workspace() {
        if (workspace == null) {
            throw new IllegalStateException("this fixture was built without a workspace");
        }
        return workspace;
    }

    public ProtocolClient connect() {
        return daemon.connect();
    }

    public <T> T bean(Class<T> type) {
        return daemon.bean(type);
    }

    public Path socket() {
        return daemon.socket();
    }

    public Path stateDir() {
        return daemon.stateDir();
    }

    public boolean isRunning() {
        return daemon.isRunning();
    }

    /** Spawns {@code sh -c script} in the workspace and returns the pane id. */
    public String spawnShell(String script) {
        return client.call("pane.spawn", Map.of("workspace_id", workspace(), "argv", List.of("sh", "-c", script)))
                .get("pane_id").asString();
    }

    /** Waits until the pane's process has exited and been reaped (its status says so), or fails at the deadline. */
    public void awaitExited(String pane, Duration timeout) {
        ProtocolClient.eventually(timeout, () -> client.call("pane.get", Map.of("pane_id", pane))
                .get("pane").get("status").asString().equals("exited"));
    }

    /** The pane's text as {@code pane.read} returns it by default (mode tail). */
    public String tail(String pane) {
        return client.call("pane.read", Map.of("pane_id", pane)).get("text").asString();
    }

    private static void deleteRecursively(Path dir) throws IOException {
        if (dir == null || !Files.exists(dir)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(dir)) {
            // children before their parents
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(path);
            }
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
    }
}
