package dev.signaltty;

import java.util.List;

import org.springframework.boot.EnvironmentPostProcessor;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.config.ConfigDataEnvironmentPostProcessor;
import org.springframework.boot.logging.LoggingSystem;
import org.springframework.boot.logging.logback.LogbackLoggingSystem;
import org.springframework.boot.support.EnvironmentPostProcessorApplicationListener;
import org.springframework.boot.support.EnvironmentPostProcessorsFactory;
import org.springframework.boot.support.SpringApplicationJsonEnvironmentPostProcessor;
import org.springframework.boot.support.SystemEnvironmentPropertySourceEnvironmentPostProcessor;

import dev.signaltty.transport.SignalttyPaths;
import dev.signaltty.transport.StartupRefused;

/**
 * The daemon. {@code main} starts Spring, the modules and the socket listener, and returns; the
 * context's keep-alive thread holds the JVM until {@code server.stop} (or a signal) closes it.
 */
// the daemon has no interactive shell; the console builds its own small context (cli module). The
// other exclusions are auto-configurations nothing here uses (no @Async/@Scheduled, no AOP, no injected
// JsonMapper — the protocol has ProtocolJson — no JMX, SSL bundles, message sources or build info):
// each costs condition checks and beans on the way to socket-ready (issue 24, daemon start). Nothing is
// @ConfigurationProperties either: without the two context auto-configurations no post-processor searches
// each of the ~160 beans for that annotation (ADR 0570).
@SpringBootApplication(excludeName = {
        "org.springframework.shell.core.autoconfigure.SpringShellAutoConfiguration",
        "org.springframework.boot.autoconfigure.admin.SpringApplicationAdminJmxAutoConfiguration",
        "org.springframework.boot.autoconfigure.aop.AopAutoConfiguration",
        "org.springframework.boot.autoconfigure.context.ConfigurationPropertiesAutoConfiguration",
        "org.springframework.boot.autoconfigure.context.LifecycleAutoConfiguration",
        "org.springframework.boot.autoconfigure.availability.ApplicationAvailabilityAutoConfiguration",
        "org.springframework.boot.autoconfigure.context.MessageSourceAutoConfiguration",
        "org.springframework.boot.autoconfigure.info.ProjectInfoAutoConfiguration",
        "org.springframework.boot.autoconfigure.jmx.JmxAutoConfiguration",
        "org.springframework.boot.autoconfigure.ssl.SslAutoConfiguration",
        "org.springframework.boot.autoconfigure.task.TaskExecutionAutoConfiguration",
        "org.springframework.boot.autoconfigure.task.TaskSchedulingAutoConfiguration",
        "org.springframework.boot.jackson.autoconfigure.JacksonAutoConfiguration"})
public class SignalttyApplication {

    public static void main(String[] args) {
        buildTheLocaleTableAside();
        nameTheLogFactory();
        nameTheLoggingSystem();
        // Spring's build-time AOT processing runs this main to prepare the context and abandons the run:
        // it must not touch a user's state dir (ADR 0356)
        boolean aotProcessing = Boolean.getBoolean("spring.aot.processing");
        if (!aotProcessing) {
            // after a restart in place the programs the old image stopped for the exec run on (ADR 0870): first,
            // so that a start refused below leaves none of them stopped
            dev.signaltty.transport.HeldChildren.continueAll(SignalttyPaths.fromEnvironment());
            try {
                dev.signaltty.transport.StateDirLock.refuseIfHeld(SignalttyPaths.fromEnvironment().stateDir());
            } catch (StartupRefused refused) {
                // a refused daemon writes nothing in the live one's state dir, its log included (ADR 0120)
                System.err.println(StartupRefused.LINE_PREFIX + refused.getMessage());
                System.exit(3);
            }
            keepNativeLibrariesInTheStateDirectory();
        }
        SpringApplication application = daemonApplication();
        try {
            java.util.Map<String, Object> defaults = new java.util.HashMap<>(daemonDefaults(SignalttyPaths.fromEnvironment()));
            if (aotProcessing) {
                defaults.remove("logging.file.name"); // the build logs to its console, not to a daemon.log
            }
            application.setDefaultProperties(defaults);
            application.run(args);
        } catch (SpringApplication.AbandonedRunException e) {
            throw e; // the AOT processor's own stop after preparing the context, not a failure
        } catch (RuntimeException e) {
            // Spring has logged the frames; the last line says what to do, for the CLI to show (ADR 0122)
            StartupRefused refused = StartupRefused.in(e);
            System.out.flush();
            System.err.println(StartupRefused.LINE_PREFIX + (refused != null ? refused.getMessage() : rootCause(e)));
            System.err.flush();
            System.exit(refused != null ? 3 : 1);
        }
    }

    /**
     * The first {@code GregorianCalendar} builds the JDK's table of ~1,000 available locales (160–220 ms
     * at load 25, ADR 0450); Jackson's {@code StdDateFormat} and logback's rolling calendar each make one
     * on the main thread's way to the socket. This makes the same calendar on a side thread first, so
     * the table is built while the main thread loads Spring (the JDK's pool builds it once, under its
     * lock: a main thread that gets there first waits rather than builds a second). ADR 0480.
     */
    static void buildTheLocaleTableAside() {
        Thread.ofPlatform().daemon().name("locale-table").start(() ->
                new java.util.GregorianCalendar(java.util.TimeZone.getTimeZone("UTC"), java.util.Locale.US));
    }

    /**
     * Spring logs through commons-logging, whose first {@code LogFactory} looks for an implementation:
     * service files and class probes across every jar of the class path, then initialising the Log4j-API
     * bridge before it settles on SLF4J (~15–25 ms of the main thread's CPU, ADR 0570). Naming the SLF4J
     * factory it would pick skips the probes; a factory named by the user still wins.
     */
    static void nameTheLogFactory() {
        if (System.getProperty(LOG_FACTORY_PROPERTY) == null) {
            System.setProperty(LOG_FACTORY_PROPERTY, "org.apache.commons.logging.impl.Slf4jLogFactory");
        }
    }

    static final String LOG_FACTORY_PROPERTY = "org.apache.commons.logging.LogFactory";

    /**
     * Spring Boot picks its logging system by loading every {@code LoggingSystemFactory} the class path's
     * {@code spring.factories} list and asking each in order (~8 ms of the main thread, ADR 0623); logback's is
     * the one it picks here. Naming it skips the search; a system named by the user (or {@code none}) still wins.
     */
    static void nameTheLoggingSystem() {
        if (System.getProperty(LoggingSystem.SYSTEM_PROPERTY) == null) {
            System.setProperty(LoggingSystem.SYSTEM_PROPERTY, LogbackLoggingSystem.class.getName());
        }
    }

    /**
     * The environment post-processors the daemon runs: Spring Boot's, less the two whose work nothing here
     * reads (ADR 0623): the {@code random.*} property source, whose {@code SecureRandom} initialises the JDK's
     * security providers at start, and Cloud Foundry's {@code VCAP_*} properties. Config files,
     * {@code SPRING_APPLICATION_JSON} and the environment variables are read as before.
     */
    static final List<Class<? extends EnvironmentPostProcessor>> ENVIRONMENT_POST_PROCESSORS = List.of(
            SystemEnvironmentPropertySourceEnvironmentPostProcessor.class,
            SpringApplicationJsonEnvironmentPostProcessor.class,
            ConfigDataEnvironmentPostProcessor.class);

    /** The daemon's application, profile and environment post-processors set; {@code main} and tests run it. */
    public static SpringApplication daemonApplication() {
        SpringApplication application = new SpringApplication(SignalttyApplication.class);
        leaveOutUnusedEnvironmentPostProcessors(application);
        application.setAdditionalProfiles("daemon");
        return application;
    }

    private static void leaveOutUnusedEnvironmentPostProcessors(SpringApplication application) {
        EnvironmentPostProcessorsFactory listed = EnvironmentPostProcessorsFactory.of(
                ENVIRONMENT_POST_PROCESSORS.toArray(Class<?>[]::new));
        // a list Boot can add to: with build-time AOT it appends the generated post-processor (the profile)
        EnvironmentPostProcessorApplicationListener ours = EnvironmentPostProcessorApplicationListener.with(
                (logs, bootstrap) -> new java.util.ArrayList<>(listed.getEnvironmentPostProcessors(logs, bootstrap)));
        application.setListeners(application.getListeners().stream()
                .map(listener -> listener instanceof EnvironmentPostProcessorApplicationListener ? ours : listener)
                .toList());
    }

    private static String rootCause(Throwable e) {
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        return String.valueOf(root.getMessage()).lines().findFirst().orElse(root.getClass().getSimpleName());
    }

    /**
     * Where the daemon reads its settings and writes its log, whatever directory it was started from
     * (docs/cli.md, "Configuration" and "Logs"): the defaults in the jar, then
     * {@code $XDG_CONFIG_HOME/signaltty/config.yml} if it exists — never Spring's default search of
     * {@code ./config/} in the caller's directory. Environment variables, system properties and
     * {@code --key=value} arguments still override both (Spring's usual order). The log is
     * {@code daemon.log} in the state dir, rolled by size.
     */
    static java.util.Map<String, Object> daemonDefaults(SignalttyPaths paths) {
        return java.util.Map.of(
                "spring.config.location", "classpath:/application.yml,optional:file:"
                        + paths.configDir().resolve("config.yml"),
                "logging.file.name", paths.stateDir().resolve("daemon.log").toString(),
                "logging.logback.rollingpolicy.max-file-size", "${signaltty.log.max-file-size:5MB}",
                "logging.logback.rollingpolicy.total-size-cap", "${signaltty.log.total-size-cap:20MB}",
                "logging.logback.rollingpolicy.max-history", "${signaltty.log.max-history:7}");
    }

    /**
     * pty4j and JNA unpack their native libraries into a temp directory and never remove them. Unless
     * told otherwise, they go to {@code <state dir>/native} instead: a cache reused by every start, so a
     * stopped daemon leaves no temp file behind (and nothing lands in the user's other directories).
     */
    static void keepNativeLibrariesInTheStateDirectory() {
        java.nio.file.Path stateDir = SignalttyPaths.fromEnvironment().stateDir();
        String nativeDir = stateDir.resolve("native").toString();
        for (String property : new String[] {"pty4j.tmpdir", "jna.tmpdir"}) {
            if (System.getProperty(property) == null) {
                System.setProperty(property, nativeDir);
            }
        }
        try {
            if (!java.nio.file.Files.isDirectory(stateDir)) {
                dev.signaltty.transport.PrivateFiles.directory(stateDir);
            }
            java.nio.file.Files.createDirectories(java.nio.file.Path.of(nativeDir));
        } catch (java.io.IOException e) {
            // the journal reports an unusable state directory with a clear message at start-up
        }
    }
}
