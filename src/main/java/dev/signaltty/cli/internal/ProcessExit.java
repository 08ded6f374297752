package dev.signaltty.cli.internal;

/**
 * How a CLI process ends (ADR 0535). {@code System.exit} on JDK 21+ asks the platform logging for a
 * {@code java.lang.Runtime} logger (the exit is logged at debug level), which runs a {@code ServiceLoader}
 * over the runtime image and the class-path jar: ~5 ms of a one-shot command that otherwise never opens
 * either. The launcher's one-shot line sets {@code -Dsignaltty.exit=halt}; then, once stdout and stderr are
 * flushed, the process halts, unless a shutdown hook was registered here (the terminal clients restore the
 * terminal in one), in which case it exits normally so the hooks run.
 */
public final class ProcessExit {

    private static volatile boolean hooks;

    private ProcessExit() {
    }

    /** Registers a shutdown hook; the process then ends through {@code System.exit}, which runs it. */
    public static void addShutdownHook(Thread hook) {
        hooks = true;
        Runtime.getRuntime().addShutdownHook(hook);
    }

    /** Ends the process with {@code status}: halts after flushing when the launcher asked for it and no hook needs running. */
    public static void exit(int status) {
        System.out.flush();
        System.err.flush();
        if (!hooks && "halt".equals(System.getProperty("signaltty.exit"))) {
            Runtime.getRuntime().halt(status);
        }
        System.exit(status);
    }
}
