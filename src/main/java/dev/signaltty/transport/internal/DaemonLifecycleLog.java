package dev.signaltty.transport.internal;

import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.event.ContextClosedEvent;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;

import dev.signaltty.transport.SignalttyPaths;

/**
 * The daemon's start and stop lines in {@code daemon.log}, and why it stopped: a {@code server.stop}
 * request, a signal (Spring's shutdown hook closes the context), or whatever a module names with
 * {@link #stopping} before it closes the context.
 */
@Component
class DaemonLifecycleLog {

    private static final Logger log = LoggerFactory.getLogger("dev.signaltty.daemon");

    private final SignalttyPaths paths;
    private volatile @Nullable String reason;

    DaemonLifecycleLog(SignalttyPaths paths) {
        this.paths = paths;
    }

    /** Names the reason of the coming stop (the first one named wins). */
    void stopping(String why) {
        if (reason == null) {
            reason = why;
        }
    }

    @EventListener(ApplicationReadyEvent.class)
    void started() {
        log.info("daemon started: pid {}, version {}, socket {}, state {}, config {}", ProcessHandle.current().pid(),
                ServerHandlers.VERSION, paths.socket(), paths.stateDir(), paths.configDir().resolve("config.yml"));
    }

    @EventListener(ContextClosedEvent.class)
    void stopped() {
        String why = reason;
        if (why == null) {
            why = Thread.currentThread().getName().contains("ShutdownHook")
                    ? "a signal (SIGTERM, SIGINT or SIGHUP) or the JVM's exit"
                    : "the application context was closed";
        }
        log.info("daemon stopping (pid {}): {}", ProcessHandle.current().pid(), why);
    }
}
