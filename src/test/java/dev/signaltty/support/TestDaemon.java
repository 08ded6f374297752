package dev.signaltty.support;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.springframework.boot.SpringApplication;
import org.springframework.context.ConfigurableApplicationContext;

import dev.signaltty.SignalttyApplication;

/**
 * A real daemon inside the test JVM, isolated in its own temp XDG_RUNTIME_DIR / XDG_STATE_HOME /
 * XDG_CONFIG_HOME (passed as properties, which the daemon reads like env vars). Close it to stop the
 * daemon; its panes are ended and reaped by then.
 */
public final class TestDaemon implements AutoCloseable {

    private final Path root;
    private final ConfigurableApplicationContext context;

    private TestDaemon(Path root, ConfigurableApplicationContext context) {
        this.root = root;
        this.context = context;
    }

    public static TestDaemon start(Path root, String... extraProperties) {
        return startWith(root, List.of(), extraProperties);
    }

    /**
     * Like {@link #start}, with extra configuration classes in the context (beans a test adds beside
     * the application's own, e.g. a handler that fails or a wrapper that times a race).
     */
    public static TestDaemon startWith(Path root, List<Class<?>> extraSources, String... extraProperties) {
        Map<String, Object> props = new LinkedHashMap<>();
        props.put("XDG_RUNTIME_DIR", dir(root, "run"));
        props.put("XDG_STATE_HOME", dir(root, "state"));
        props.put("XDG_CONFIG_HOME", dir(root, "config"));
        props.put("SIGNALTTY_SOCKET", "");
        props.put("spring.main.keep-alive", "false");
        List<String> args = new ArrayList<>();
        props.forEach((k, v) -> args.add("--" + k + "=" + v));
        for (String extra : extraProperties) {
            args.add("--" + extra);
        }
        SpringApplication application = SignalttyApplication.daemonApplication();
        application.addPrimarySources(extraSources);
        return new TestDaemon(root, application.run(args.toArray(String[]::new)));
    }

    private static String dir(Path root, String name) {
        try {
            return Files.createDirectories(root.resolve(name)).toString();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public Path socket() {
        return root.resolve("run").resolve("signaltty").resolve("signaltty.sock");
    }

    public Path stateDir() {
        return root.resolve("state").resolve("signaltty");
    }

    public Path root() {
        return root;
    }

    /** The daemon's Spring context, for tests of how it is put together. */
    public ConfigurableApplicationContext context() {
        return context;
    }

    public ProtocolClient connect() {
        return ProtocolClient.connect(socket());
    }

    public <T> T bean(Class<T> type) {
        return context.getBean(type);
    }

    public boolean isRunning() {
        return context.isRunning();
    }

    /**
     * Stops the daemon and checks that every process its panes started (children and their
     * descendants) is gone: a test daemon must leave no process behind.
     */
    @Override
    public void close() {
        List<ProcessHandle> started = new ArrayList<>();
        if (context.isActive()) {
            try (ProtocolClient client = connect()) {
                client.call("pane.list", Map.of()).get("panes").forEach(pane -> {
                    if (pane.hasNonNull("pid")) {
                        ProcessHandle.of(pane.get("pid").asLong()).ifPresent(handle -> {
                            started.add(handle);
                            handle.descendants().forEach(started::add);
                        });
                    }
                });
            } catch (RuntimeException | AssertionError e) {
                // the daemon may be stopping or refuse us (FORBIDDEN tests): nothing to list
            }
        }
        context.close();
        long deadline = System.nanoTime() + 5_000_000_000L;
        while (started.stream().anyMatch(ProcessHandle::isAlive) && System.nanoTime() < deadline) {
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        List<Long> left = started.stream().filter(ProcessHandle::isAlive).map(ProcessHandle::pid).toList();
        if (!left.isEmpty()) {
            throw new AssertionError("test daemon left processes behind: " + left);
        }
    }
}
