package dev.signaltty.transport.internal;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import dev.signaltty.transport.CallContext;
import dev.signaltty.transport.ErrorCode;
import dev.signaltty.transport.EventCatalog;
import dev.signaltty.transport.MethodHandler;
import dev.signaltty.transport.NoParams;
import dev.signaltty.transport.SignalttyPaths;

/** The server's own methods: ping, server.info, server.stop, server.restart and schema. */
@Configuration(proxyBeanMethods = false)
class ServerHandlers {

    static final String VERSION = dev.signaltty.transport.Version.VERSION;
    private static final Instant STARTED = Instant.now();

    record Pong(boolean pong) {
    }

    /** {@code webUrl}: the web dashboard's address while it is served (ADR 0150), else absent. */
    record ServerInfo(String version, String protocol, long pid, long uptimeMs, String socket, String stateDir,
                      int connections, @org.jspecify.annotations.Nullable String webUrl) {
    }

    record Stopping(boolean stopping, long pid) {
    }

    record Restarting(boolean restarting, long pid) {
    }

    @Bean
    MethodHandler<NoParams, Pong> pingHandler() {
        return new Simple<>("ping", "Checks that the server answers.", Pong.class, p -> new Pong(true));
    }

    @Bean
    MethodHandler<NoParams, ServerInfo> serverInfoHandler(SignalttyPaths paths, ConnectionRegistry registry,
            dev.signaltty.transport.internal.web.WebServer web) {
        return new Simple<>("server.info", "Version, protocol, pid, uptime, socket path and state dir.",
                ServerInfo.class, p -> new ServerInfo(VERSION, Envelope.PROTOCOL, ProcessHandle.current().pid(),
                        Duration.between(STARTED, Instant.now()).toMillis(), paths.socket().toString(),
                        paths.stateDir().toString(), registry.size(), web.url()));
    }

    @Bean
    MethodHandler<NoParams, Stopping> serverStopHandler(ConfigurableApplicationContext context,
            DaemonLifecycleLog lifecycleLog) {
        return new Simple<>("server.stop", "Stops the daemon: panes are closed, the socket removed.",
                Stopping.class, p -> {
                    lifecycleLog.stopping("a server.stop request");
                    // answer first, then close the context from another thread (closing here would wait on us)
                    Thread.ofPlatform().name("server-stop").start(() -> {
                        sleepQuietly(100);
                        context.close();
                    });
                    return new Stopping(true, ProcessHandle.current().pid());
                });
    }

    /**
     * A restart in place (ADR 0810): refused, the daemon running on, when the exec cannot be made;
     * otherwise answered, then the context closes as on a stop except that the panes' programs are
     * handed over ({@link dev.signaltty.transport.DaemonRestart}), and the process executes itself again.
     * An exec that fails after the close leaves no daemon to go back to: the process exits, its PTY
     * masters close and the programs are hung up, as by a crash.
     */
    @Bean
    MethodHandler<NoParams, Restarting> serverRestartHandler(ConfigurableApplicationContext context,
            DaemonLifecycleLog lifecycleLog, dev.signaltty.transport.DaemonRestart restart) {
        return new Simple<>("server.restart",
                "Restarts the daemon in place (same pid, same command line): panes' programs keep running.",
                Restarting.class, p -> {
                    String refused = SelfExec.cannotExec();
                    if (refused != null) {
                        throw new dev.signaltty.transport.ProtocolException(ErrorCode.IO_ERROR, refused, Map.of());
                    }
                    try {
                        dev.signaltty.transport.StateDirLock.markRestarting(); // clients wait for the new image (ADR 1290)
                    } catch (java.io.IOException e) {
                        throw new dev.signaltty.transport.ProtocolException(ErrorCode.IO_ERROR,
                                "cannot restart: the state directory's lock file cannot say so: " + e.getMessage(), Map.of());
                    }
                    restart.request();
                    lifecycleLog.stopping("a server.restart request (the daemon executes itself again; "
                            + "its panes' programs keep running)");
                    // not a daemon thread: the JVM would exit once the closed context's keep-alive thread ends,
                    // before this one made the exec
                    Thread.ofPlatform().daemon(false).name("server-restart").start(() -> {
                        sleepQuietly(100);
                        context.close();
                        restart.runBeforeExec();
                        String failure = SelfExec.exec(restart.kept());
                        restart.runIfExecFailed();
                        org.slf4j.LoggerFactory.getLogger(ServerHandlers.class).error(
                                "restart failed, the daemon exits and its panes' programs are hung up: {}", failure);
                        System.exit(1);
                    });
                    return new Restarting(true, ProcessHandle.current().pid());
                });
    }

    /**
     * The live contract. {@code params} is the params record's fields, each {type, required};
     * {@code result} and {@code payload} are types in the same notation ({@link TypeNotation}).
     */
    record Schema(String protocol, String version, List<MethodSchema> methods, List<String> events,
                  List<String> subscriptionGlobs, List<String> errors, List<String> capabilities,
                  List<EventSchema> eventPayloads) {
    }

    /** One event of the catalog with its payload record's fields (ADR 0270). */
    record EventSchema(String name, String summary, TypeNotation payload) {
    }

    record MethodSchema(String name, String summary, Map<String, TypeDescriber.FieldSchema> params,
                        TypeNotation result,
                        @org.jspecify.annotations.Nullable Boolean singleFlight) {
    }

    // the router is made of every handler, this one included: it is looked up when schema is asked, through a
    // provider rather than a @Lazy proxy (each @Lazy injection point makes a proxy class at start, ADR 0620)
    @Bean
    MethodHandler<NoParams, Schema> schemaHandler(ObjectProvider<MethodRouter> router, EventCatalog catalog) {
        return new Simple<>("schema", "The live contract: methods with params and results, events, errors.",
                Schema.class, p -> schema(router.getObject(), catalog));
    }

    static Schema schema(MethodRouter router, EventCatalog catalog) {
        List<MethodSchema> methods = new ArrayList<>();
        for (MethodHandler<?, ?> handler : router.handlers()) {
            methods.add(new MethodSchema(handler.method(), handler.summary(),
                    TypeDescriber.fields(handler.paramsType()), TypeDescriber.notation(handler.resultType()),
                    handler.singleFlight() ? Boolean.TRUE : null));
        }
        return new Schema(Envelope.PROTOCOL, VERSION, methods, EventCatalog.EVENTS, EventCatalog.GLOBS,
                Arrays.stream(ErrorCode.values()).map(Enum::name).toList(),
                List.of("wait_baseline", "rendered_cursor", "task_ids_filter", "hook_wait_for_answer",
                        "single_flight_waits"),
                catalog.types().stream().map(t -> new EventSchema(t.name(), t.summary(),
                        TypeDescriber.notation(t.payload()))).toList());
    }

    private static void sleepQuietly(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** A handler whose whole behaviour fits in a lambda. */
    record Simple<R extends Record>(String method, String summary, Class<?> resultType,
                     java.util.function.Function<NoParams, R> body) implements MethodHandler<NoParams, R> {
        @Override
        public Class<NoParams> paramsType() {
            return NoParams.class;
        }

        @Override
        public R handle(NoParams params, CallContext context) {
            return body.apply(params);
        }
    }
}
